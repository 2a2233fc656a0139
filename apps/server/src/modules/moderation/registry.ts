import type { FastifyBaseLogger } from 'fastify';
import { MODERATION_PAGE_SIZE, MSG, type ModerationDecisionBody, type ModerationInbox, type ModerationItem } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { KindItem, ModerationKind } from './kind.ts';
import { chatbotQuestionsKind } from './kinds/chatbot-questions.ts';
import { reviewReportsKind } from './kinds/review-reports.ts';
import { sellerApplicationsKind } from './kinds/seller-applications.ts';

/**
 * Every kind of item the moderation inbox holds, in the order of its tabs (ADR 025). A new kind (community post and
 * comment reports) is a file in ./kinds and one line here.
 */
export const MODERATION_KINDS: readonly ModerationKind[] = [sellerApplicationsKind, reviewReportsKind, chatbotQuestionsKind];

export function kindOf(kind: string): ModerationKind {
  const k = MODERATION_KINDS.find((x) => x.kind === kind);
  if (!k) throw notFound(MSG.moderationKindUnknown);
  return k;
}

/** Items waiting in every kind (the overview's tile and the nav badge). */
export async function moderationCount(db: DbOrTx): Promise<number> {
  const counts = await Promise.all(MODERATION_KINDS.map((k) => k.count(db)));
  return counts.reduce((a, b) => a + b, 0);
}

const toItem = (k: ModerationKind, i: KindItem): ModerationItem => ({
  ...i,
  kind: k.kind,
  kindLabel: k.label,
  createdAt: i.createdAt.toISOString(),
  decisions: k.decisions,
  prefill: i.prefill ?? {},
});

/**
 * GET admin/moderation: the waiting items oldest first, 20 a page, of one kind or of all. For all, each kind gives
 * its oldest page × 20 and the merge keeps the page asked for: one count and one list query per kind, whatever
 * the page (the inbox is meant to be emptied, so pages stay few).
 */
export async function moderationInbox(db: DbOrTx, q: { kind?: string; page: number }): Promise<ModerationInbox> {
  if (q.kind && !MODERATION_KINDS.some((k) => k.kind === q.kind)) throw badRequest(MSG.moderationKindUnknown, { kind: MSG.moderationKindUnknown });
  const chosen = q.kind ? [kindOf(q.kind)] : MODERATION_KINDS;
  const offset = (q.page - 1) * MODERATION_PAGE_SIZE;
  const [counts, lists] = await Promise.all([
    Promise.all(MODERATION_KINDS.map((k) => k.count(db))),
    Promise.all(
      chosen.map(async (k) =>
        (await k.list(db, chosen.length === 1 ? { limit: MODERATION_PAGE_SIZE, offset } : { limit: offset + MODERATION_PAGE_SIZE, offset: 0 })).map((i) => toItem(k, i)),
      ),
    ),
  ]);
  const merged = lists.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
  const items = chosen.length === 1 ? merged : merged.slice(offset, offset + MODERATION_PAGE_SIZE);
  const kinds = MODERATION_KINDS.map((k, i) => ({ kind: k.kind, label: k.label, count: counts[i]! }));
  const count = q.kind ? (kinds.find((k) => k.kind === q.kind)?.count ?? 0) : kinds.reduce((a, k) => a + k.count, 0);
  return { items, count, kinds };
}

/**
 * POST admin/moderation/{kind}/{id}: checks the decision against the kind's (400), its note when required and its
 * fields (400 naming the field), then lets the kind carry it out (404 unknown item, 409 decided already).
 */
export async function decide(ctx: AppContext, log: FastifyBaseLogger, actorId: string, kind: string, id: string, body: ModerationDecisionBody): Promise<void> {
  const k = kindOf(kind);
  const d = k.decisions.find((x) => x.decision === body.decision);
  if (!d) throw badRequest(MSG.moderationDecisionUnknown, { decision: MSG.moderationDecisionUnknown });
  const note = body.note?.trim() || undefined;
  if (d.noteRequired && !note) throw badRequest(MSG.moderationNoteRequired, { note: MSG.moderationNoteRequired });
  const fields: Record<string, string> = {};
  for (const f of d.fields) {
    const value = body.fields?.[f.name]?.trim() ?? '';
    if (f.required && !value) throw badRequest(`Please fill in: ${f.label}`, { [f.name]: `Please fill in: ${f.label}` });
    if (value.length > f.maxLength) throw badRequest(`${f.label} can be at most ${f.maxLength} characters`, { [f.name]: `${f.label} can be at most ${f.maxLength} characters` });
    if (value) fields[f.name] = value;
  }
  await k.decide(ctx, log, { actorId, id, decision: d.decision, note, fields });
}
