import { sql } from 'drizzle-orm';
import { MSG, type ReviewReport } from '@statewise/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { clock } from '../../../lib/clock.ts';
import { conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { transaction } from '../../../lib/transaction.ts';
import { clip, plain, type ModerationKind } from '../kind.ts';

/**
 * Reviews reported by vendors (ADR 025). The vendor of the reviewed product reports it with a reason (one report
 * per review); the admin keeps it, or hides it: a hidden review leaves the product page, its counts and the
 * product's rating (the rating triggers of migration 0031 count visible reviews only).
 */

/** POST reviews/{id}/report: the caller must be the vendor of the reviewed product (403), once per review (409). */
export async function reportReview(db: Db, vendorUserId: string, reviewId: string, reason: string): Promise<ReviewReport> {
  return transaction(db, async (tx) => {
    const res = await tx.execute<{ vendor_id: string; hidden: boolean }>(sql`select p.vendor_id, r.hidden_at is not null as hidden
      from reviews r join products p on p.id = r.product_id where r.id = ${reviewId}`);
    const row = res.rows[0];
    if (!row || row.hidden) throw notFound(MSG.reviewNotFound);
    if (row.vendor_id !== vendorUserId) throw forbidden(MSG.reportOwnProductOnly);
    const now = clock.now().toISOString();
    const inserted = await tx.execute<{ id: string; status: 'open'; created_at: string }>(sql`insert into review_reports (review_id, reporter_id, reason, created_at)
      values (${reviewId}, ${vendorUserId}, ${reason}, ${now}::timestamptz)
      on conflict (review_id) do nothing
      returning id, status, created_at`);
    const report = inserted.rows[0];
    if (!report) throw conflict(MSG.reviewAlreadyReported);
    return { _id: report.id, reviewId, reason, status: 'open', createdAt: new Date(report.created_at).toISOString() };
  });
}

type ReportRow = {
  id: string;
  review_id: string;
  reason: string;
  created_at: string | Date;
  rating: number;
  review: string;
  author: string;
  product_name: string;
  product_slug: string;
  reporter: string;
};

export const reviewReportsKind: ModerationKind = {
  kind: 'review_report',
  label: 'Reported review',
  decisions: [plain('keep', 'Keep review', 'neutral'), plain('hide', 'Hide review', 'danger')],
  async count(db) {
    const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from review_reports where status = 'open'`);
    return Number(res.rows[0]?.n ?? 0);
  },
  async list(db: DbOrTx, { limit, offset }) {
    const res = await db.execute<ReportRow>(sql`select rr.id, rr.review_id, rr.reason, rr.created_at, r.rating, r.review,
        trim(u.firstname || ' ' || u.lastname) as author, p.name as product_name, p.slug as product_slug,
        coalesce(nullif(v.brand_name, ''), v.seller_name, 'The vendor') as reporter
      from review_reports rr
      join reviews r on r.id = rr.review_id
      join users u on u.id = r.user_id
      join products p on p.id = r.product_id
      left join vendors v on v.user_id = rr.reporter_id
      where rr.status = 'open'
      order by rr.created_at asc, rr.id asc
      limit ${limit} offset ${offset}`);
    return res.rows.map((r) => ({
      _id: r.id,
      createdAt: new Date(r.created_at),
      title: `${'★'.repeat(Number(r.rating))}${'☆'.repeat(5 - Number(r.rating))} on ${r.product_name}`,
      summary: `“${clip(r.review)}” by ${r.author || 'a shopper'}. ${r.reporter} reported it: ${clip(r.reason)}`,
      link: `/product/${r.product_slug}`,
    }));
  },
  async decide(ctx, _log, { actorId, id, decision, note }) {
    await transaction(ctx.db, async (tx) => {
      const res = await tx.execute<{ status: string; review_id: string; reason: string; product_id: string }>(sql`select rr.status, rr.review_id, rr.reason, r.product_id
        from review_reports rr join reviews r on r.id = rr.review_id where rr.id = ${id} for update of rr`);
      const report = res.rows[0];
      if (!report) throw notFound(MSG.moderationItemNotFound);
      if (report.status !== 'open') throw conflict(MSG.moderationItemNotFound);
      const now = clock.now().toISOString();
      const status = decision === 'hide' ? 'hidden' : 'kept';
      await tx.execute(sql`update review_reports set status = ${status}, decision_note = ${note ?? null}, decided_by = ${actorId}, decided_at = ${now}::timestamptz where id = ${id}`);
      // the rating triggers recompute the product's count and average from the visible reviews
      if (decision === 'hide') await tx.execute(sql`update reviews set hidden_at = ${now}::timestamptz, hidden_by = ${actorId} where id = ${report.review_id}`);
      await recordAudit(tx, {
        actorId,
        action: decision,
        entity: 'review_report',
        entityId: id,
        detail: { reviewId: report.review_id, productId: report.product_id, reason: report.reason, note: note ?? null },
      });
    });
    // the product's rating moved: this process's read cache sees it at once
    if (decision === 'hide') ctx.catalogueCache.invalidate();
  },
};
