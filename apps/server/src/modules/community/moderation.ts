import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { COMMUNITY_MSG } from '@statewise/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { communityComments, communityPosts, communityReports, orders, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import type { Viewer } from './serialize.ts';
import { visiblePost } from './service.ts';
import { removeThreadIn } from './comments.ts';
import { feedChanged } from './feed-cache.ts';

/**
 * Weighted reports (ADR 026). Each report weighs by who filed it: a new account little, an established one with
 * delivered orders more. A post, comment or reply whose open reports weigh HIDE_AT or more is hidden from everyone
 * but admins (and its author) until an admin decides. No single report can reach it (MAX_WEIGHT < HIDE_AT).
 *
 * For the admin moderation inbox (modules/moderation, a registry of kinds): `countOpenReports`, `listOpenReports`
 * and `decideReport` below are the community kind's whole interface, in that module's shapes:
 *
 *   { kind: 'community_report', label: 'Reported post or comment',
 *     decisions: [plain('keep', 'Keep it', 'neutral'), plain('remove', 'Remove it', 'danger')],
 *     count: countOpenReports, list: listOpenReports,
 *     decide: (ctx, _log, d) => decideReport(ctx.db, d.actorId, { targetId: d.id, decision: d.decision, note: d.note }) }
 */
export const REPORT_WEIGHT = {
  base: 0.5,
  /** Accounts older than this many days weigh more. */
  matureDays: 30,
  mature: 0.5,
  /** Each delivered order (a verified purchase) adds this, up to `purchasesMax`. */
  perPurchase: 0.25,
  purchasesMax: 0.75,
  max: 1.75,
  hideAt: 3,
} as const;

/** How much a report by `reporterId` weighs (one report never hides anything). */
export async function reportWeight(db: DbOrTx, reporterId: string): Promise<number> {
  const [u] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, reporterId));
  const [o] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, reporterId), eq(orders.status, 'delivered')));
  let w = REPORT_WEIGHT.base;
  if (u && Date.now() - u.createdAt.getTime() >= REPORT_WEIGHT.matureDays * 86_400_000) w += REPORT_WEIGHT.mature;
  w += Math.min((o?.n ?? 0) * REPORT_WEIGHT.perPurchase, REPORT_WEIGHT.purchasesMax);
  return Math.min(w, REPORT_WEIGHT.max);
}

/**
 * POST community/{postId}/reports: reports the post, or (commentId, nestedCommentId) one of its comments or replies.
 * One open report per person and thing (409 for a second). Returns whether the thing is now hidden.
 */
export async function fileReport(db: Db, viewer: NonNullable<Viewer>, postId: string, body: { reason: string; commentId?: string; nestedCommentId?: string }) {
  const post = await visiblePost(db, viewer, postId);
  let commentId: string | null = null;
  const targetCommentId = body.nestedCommentId ?? body.commentId;
  if (targetCommentId) {
    const [c] = await db
      .select({ id: communityComments.id, commentId: communityComments.commentId })
      .from(communityComments)
      .where(and(eq(communityComments.id, targetCommentId), eq(communityComments.postId, post.id), isNull(communityComments.deletedAt)));
    if (!c || (body.nestedCommentId && body.commentId && c.commentId !== body.commentId)) throw notFound(COMMUNITY_MSG.commentNotFound);
    commentId = c.id;
  }
  const targetId = commentId ?? post.id;
  const weight = await reportWeight(db, viewer.id);
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(communityReports)
      .values({ postId: post.id, commentId, targetId, reporterId: viewer.id, reason: body.reason, weight })
      .onConflictDoNothing()
      .returning({ id: communityReports.id });
    if (!row) throw conflict(COMMUNITY_MSG.alreadyReported);
    const [sum] = await tx
      .select({ w: sql<number>`coalesce(sum(${communityReports.weight}), 0)::float8` })
      .from(communityReports)
      .where(and(eq(communityReports.targetId, targetId), eq(communityReports.status, 'open')));
    const hide = (sum?.w ?? 0) >= REPORT_WEIGHT.hideAt - 1e-9;
    if (hide) {
      if (commentId) await tx.update(communityComments).set({ hidden: true }).where(eq(communityComments.id, commentId));
      else await tx.update(communityPosts).set({ hidden: true }).where(eq(communityPosts.id, post.id));
    }
    return { _id: row.id, hidden: hide };
  }).then((r) => {
    if (r.hidden) feedChanged();
    return r;
  });
}

/**
 * One thing waiting for an admin, in the moderation inbox's item shape (modules/moderation/kind.ts KindItem): the
 * reported post, comment or reply (`_id` is its id, what `decideReport` takes), waiting since its first open report.
 */
export interface OpenReportItem {
  _id: string;
  createdAt: Date;
  title: string;
  summary: string;
  /** The post's page in the web app. */
  link: string;
}

const clip = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** Things with open reports, oldest first report first (the inbox's order), `limit` from `offset`. */
export async function listOpenReports(db: DbOrTx, page: { limit: number; offset: number }): Promise<OpenReportItem[]> {
  const groups = await db
    .select({
      targetId: communityReports.targetId,
      postId: sql<string>`min(${communityReports.postId}::text)`,
      commentId: sql<string | null>`min(${communityReports.commentId}::text)`,
      n: sql<number>`count(*)::int`,
      weight: sql<number>`sum(${communityReports.weight})::float8`,
      reasons: sql<string[]>`array_agg(${communityReports.reason} order by ${communityReports.createdAt})`,
      first: sql<string>`min(${communityReports.createdAt})`,
    })
    .from(communityReports)
    .where(eq(communityReports.status, 'open'))
    .groupBy(communityReports.targetId)
    .orderBy(asc(sql`min(${communityReports.createdAt})`), asc(communityReports.targetId))
    .limit(page.limit)
    .offset(page.offset);
  const postIds = groups.filter((g) => !g.commentId).map((g) => g.targetId);
  const commentIds = groups.filter((g) => g.commentId).map((g) => g.targetId);
  const [posts, comments] = await Promise.all([
    postIds.length
      ? db
          .select({ id: communityPosts.id, text: communityPosts.description, hidden: communityPosts.hidden, first: users.firstname, last: users.lastname })
          .from(communityPosts)
          .innerJoin(users, eq(users.id, communityPosts.authorId))
          .where(inArray(communityPosts.id, postIds))
      : [],
    commentIds.length
      ? db
          .select({ id: communityComments.id, text: communityComments.body, hidden: communityComments.hidden, first: users.firstname, last: users.lastname })
          .from(communityComments)
          .innerJoin(users, eq(users.id, communityComments.authorId))
          .where(inArray(communityComments.id, commentIds))
      : [],
  ]);
  const byId = new Map([...posts, ...comments].map((r) => [r.id, r]));
  return groups.map((g) => {
    const t = byId.get(g.targetId);
    const what = g.commentId ? 'Comment' : 'Post';
    const author = t ? `${t.first} ${t.last}`.trim() || 'a member' : 'a member';
    const state = t?.hidden ? 'hidden until you decide' : 'still shown';
    return {
      _id: g.targetId,
      createdAt: new Date(g.first),
      title: `${what} by ${author} reported ${g.n === 1 ? 'once' : `${g.n} times`}`,
      summary: `“${clip(t?.text ?? '')}” (${state}; weight ${Math.round(g.weight * 100) / 100} of ${REPORT_WEIGHT.hideAt}). Reasons: ${clip(g.reasons.join('; '))}`,
      link: `/community/post/${g.postId}`,
    };
  });
}

/** How many things have open reports (the inbox badge). */
export async function countOpenReports(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(distinct ${communityReports.targetId})::int` }).from(communityReports).where(eq(communityReports.status, 'open'));
  return row?.n ?? 0;
}

export type ReportDecision = 'remove' | 'keep';

/**
 * An admin decides on a reported post, comment or reply: `remove` deletes it (its reports upheld), `keep` shows it
 * again (its reports dismissed; later reports count afresh). Recorded in the audit log with the note.
 */
export async function decideReport(db: Db, adminId: string, d: { targetId: string; decision: string; note?: string }) {
  if (d.decision !== 'remove' && d.decision !== 'keep') throw badRequest("Please decide 'remove' or 'keep'");
  return transaction(db, async (tx) => {
    const open = await tx
      .select({ id: communityReports.id, postId: communityReports.postId, commentId: communityReports.commentId })
      .from(communityReports)
      .where(and(eq(communityReports.targetId, d.targetId), eq(communityReports.status, 'open')))
      .for('update');
    if (!open.length) {
      const [any] = await tx.select({ id: communityReports.id }).from(communityReports).where(eq(communityReports.targetId, d.targetId)).limit(1);
      if (!any) throw notFound('No reports for this');
      throw conflict('This was already decided');
    }
    const { postId, commentId } = open[0]!;
    const now = new Date();
    if (commentId) {
      const [c] = await tx.select().from(communityComments).where(eq(communityComments.id, commentId));
      if (d.decision === 'keep') await tx.update(communityComments).set({ hidden: false }).where(eq(communityComments.id, commentId));
      else if (c && !c.deletedAt) await removeThreadIn(tx, c);
    } else if (d.decision === 'keep') await tx.update(communityPosts).set({ hidden: false }).where(eq(communityPosts.id, postId));
    else await tx.update(communityPosts).set({ deletedAt: now, pinned: false }).where(eq(communityPosts.id, postId));
    await tx
      .update(communityReports)
      .set({ status: d.decision === 'remove' ? 'upheld' : 'dismissed', decidedById: adminId, decidedAt: now, decisionNote: d.note ?? null })
      .where(and(eq(communityReports.targetId, d.targetId), eq(communityReports.status, 'open')));
    await recordAudit(tx, {
      actorId: adminId,
      action: d.decision === 'remove' ? 'remove_reported' : 'keep_reported',
      entity: commentId ? 'community_comment' : 'community_post',
      entityId: d.targetId,
      detail: { postId, reports: open.length, note: d.note ?? null },
    });
    return { targetId: d.targetId, decision: d.decision, reports: open.length };
  }).finally(feedChanged);
}
