import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { COMMUNITY_MSG } from '@statewise/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { communityComments, communityPosts, communityReports, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { lockKey, transaction } from '../../lib/transaction.ts';
import type { Viewer } from './serialize.ts';
import { visiblePost } from './service.ts';
import { removeThreadIn } from './comments.ts';
import { feedChanged } from './feed-cache.ts';
import { STANDING, standing } from './standing.ts';

/**
 * Weighted reports (ADR 026, ADR 047). A report weighs its reporter's standing (standing.ts: account age, a verified
 * contact, delivered orders and upheld reports), so a throwaway account weighs about nothing; reports of one thing
 * from one network count once (the weightiest of them). A post, comment or reply whose open reports weigh HIDE_AT or
 * more is hidden from everyone but admins (and its author) until an admin decides, unless its author is an
 * established member: then it stays shown and waits in the admin's moderation inbox. No single report can hide
 * anything (a standing is at most 1 < HIDE_AT).
 *
 * For the admin moderation inbox (modules/moderation, a registry of kinds): `countOpenReports`, `listOpenReports`
 * and `decideReport` below are the community kind's whole interface (moderation/kinds/community-reports.ts).
 */
export const REPORT_WEIGHT = {
  hideAt: 3,
} as const;

/** How much a report by `reporterId` weighs: their standing, in [0.05, 1]. */
export const reportWeight = (db: DbOrTx, reporterId: string): Promise<number> => standing(db, reporterId);

/**
 * The open reports' weight on each of `targetIds`: per network the weightiest report, summed. Reports filed before
 * networks were kept have none and count one by one.
 */
async function openWeights(db: DbOrTx, targetIds: readonly string[]): Promise<Map<string, number>> {
  if (!targetIds.length) return new Map();
  const ids = sql.join(
    targetIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const res = await db.execute<{ target_id: string; w: number }>(sql`
    select target_id, sum(w)::float8 as w from (
      select target_id, max(weight) as w from community_reports
      where target_id in (${ids}) and status = 'open'
      group by target_id, coalesce(ip_hash, id::text)
    ) per_network group by target_id`);
  return new Map(res.rows.map((r) => [r.target_id, Number(r.w)]));
}

/**
 * POST community/{postId}/reports: reports the post, or (commentId, nestedCommentId) one of its comments or replies.
 * One open report per person and thing (409 for a second). `networkHash` names the network the report came from.
 * Returns whether the thing is now hidden.
 */
export async function fileReport(
  db: Db,
  viewer: NonNullable<Viewer>,
  postId: string,
  body: { reason: string; commentId?: string; nestedCommentId?: string },
  from: { networkHash: string | null } = { networkHash: null },
) {
  const post = await visiblePost(db, viewer, postId);
  let comment: { id: string; authorId: string } | null = null;
  const targetCommentId = body.nestedCommentId ?? body.commentId;
  if (targetCommentId) {
    const [c] = await db
      .select({ id: communityComments.id, commentId: communityComments.commentId, authorId: communityComments.authorId })
      .from(communityComments)
      .where(and(eq(communityComments.id, targetCommentId), eq(communityComments.postId, post.id), isNull(communityComments.deletedAt)));
    if (!c || (body.nestedCommentId && body.commentId && c.commentId !== body.commentId)) throw notFound(COMMUNITY_MSG.commentNotFound);
    comment = c;
  }
  const commentId = comment?.id ?? null;
  const targetId = commentId ?? post.id;
  const [weight, authorStanding] = await Promise.all([reportWeight(db, viewer.id), standing(db, comment?.authorId ?? post.authorId)]);
  return transaction(db, async (tx) => {
    // Reports of one thing take turns, so two filed at once both count toward the sum that decides.
    await lockKey(tx, `community-report:${targetId}`);
    const [row] = await tx
      .insert(communityReports)
      .values({ postId: post.id, commentId, targetId, reporterId: viewer.id, reason: body.reason, weight, ipHash: from.networkHash })
      .onConflictDoNothing()
      .returning({ id: communityReports.id });
    if (!row) throw conflict(COMMUNITY_MSG.alreadyReported);
    const hide = authorStanding < STANDING.establishedAt && ((await openWeights(tx, [targetId])).get(targetId) ?? 0) >= REPORT_WEIGHT.hideAt - 1e-9;
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
  const [posts, comments, weights] = await Promise.all([
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
    openWeights(
      db,
      groups.map((g) => g.targetId),
    ),
  ]);
  const byId = new Map([...posts, ...comments].map((r) => [r.id, r]));
  return groups.map((g) => {
    const t = byId.get(g.targetId);
    const what = g.commentId ? 'Comment' : 'Post';
    const author = t ? `${t.first} ${t.last}`.trim() || 'a member' : 'a member';
    const weight = weights.get(g.targetId) ?? 0;
    const state = t?.hidden
      ? 'hidden until you decide'
      : weight >= REPORT_WEIGHT.hideAt - 1e-9
        ? 'still shown: its author is an established member, so it waits for you'
        : 'still shown';
    return {
      _id: g.targetId,
      createdAt: new Date(g.first),
      title: `${what} by ${author} reported ${g.n === 1 ? 'once' : `${g.n} times`}`,
      summary: `“${clip(t?.text ?? '')}” (${state}; weight ${Math.round(weight * 100) / 100} of ${REPORT_WEIGHT.hideAt}). Reasons: ${clip(g.reasons.join('; '))}`,
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
