import { asc, count, eq } from 'drizzle-orm';
import { sellerApplications, users } from '../../../db/schema/index.ts';
import { approveApplication, rejectApplication } from '../../sellers/service.ts';
import { plain, type ModerationKind } from '../kind.ts';

/** Pending seller applications; the decisions are the sellers module's own approve and reject (ADR 014). */
export const sellerApplicationsKind: ModerationKind = {
  kind: 'seller_application',
  label: 'Seller application',
  decisions: [plain('approve', 'Approve', 'primary'), plain('reject', 'Reject', 'danger', true)],
  async count(db) {
    const [row] = await db.select({ n: count() }).from(sellerApplications).where(eq(sellerApplications.status, 'pending'));
    return row?.n ?? 0;
  },
  async list(db, { limit, offset }) {
    const rows = await db
      .select({ app: sellerApplications, email: users.email, mobile: users.mobile })
      .from(sellerApplications)
      .innerJoin(users, eq(users.id, sellerApplications.userId))
      .where(eq(sellerApplications.status, 'pending'))
      .orderBy(asc(sellerApplications.createdAt), asc(sellerApplications.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ app, email, mobile }) => ({
      _id: app.id,
      createdAt: app.createdAt,
      title: app.brandName,
      summary: [
        `Seller ${app.sellerName}`,
        app.vendorCategories.length ? app.vendorCategories.join(', ') : null,
        app.detailsSubmittedAt ? 'business details sent' : 'business details not sent yet (cannot be approved)',
        mobile ? `+91 ${mobile}` : email,
      ]
        .filter(Boolean)
        .join(' · '),
      link: `/admin/seller-applications?status=pending`,
    }));
  },
  async decide(ctx, log, { actorId, id, decision, note }) {
    if (decision === 'approve') await approveApplication(ctx, log, actorId, id, note);
    else await rejectApplication(ctx, log, actorId, id, note!);
  },
};
