import { and, count, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AdminOverview } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { chatbotQuestions, contactRequests, orders, sellerApplications, users } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { moderationCount } from '../moderation/registry.ts';
import { suspendedStoresCount } from '../vendor-suspension/service.ts';
import { indiaPeriods } from '../vendor-orders/service.ts';

/**
 * GET admin/overview: what waits for the admin (pending seller applications, open contact messages, questions Digi
 * could not answer), the moderation inbox and suspended stores, and today's orders, in small counting queries run
 * together.
 */
export async function adminOverview(db: DbOrTx): Promise<AdminOverview> {
  const { dayStart } = indiaPeriods(clock.now());
  const [[apps], [contacts], [questions], [today], [blocked], inbox, suspended] = await Promise.all([
    db.select({ n: count() }).from(sellerApplications).where(eq(sellerApplications.status, 'pending')),
    db.select({ n: count() }).from(contactRequests).where(eq(contactRequests.handled, false)),
    db.select({ n: count() }).from(chatbotQuestions).where(eq(chatbotQuestions.status, 'open')),
    // as the vendor dashboard counts them: placed today, paid or cash on delivery, not cancelled
    db
      .select({ n: count(), sales: sql<number>`coalesce(sum(${orders.grandTotal}), 0)::int` })
      .from(orders)
      .where(and(gte(orders.createdAt, dayStart), inArray(orders.paymentStatus, ['paid', 'cod']), ne(orders.status, 'cancelled'))),
    db.select({ n: count() }).from(users).where(and(isNotNull(users.blockedAt), isNull(users.deletedAt))),
    moderationCount(db),
    suspendedStoresCount(db),
  ]);
  return {
    pendingSellerApplications: apps?.n ?? 0,
    newContactRequests: contacts?.n ?? 0,
    openChatbotQuestions: questions?.n ?? 0,
    today: { orders: today?.n ?? 0, sales: Number(today?.sales ?? 0) },
    blockedUsers: blocked?.n ?? 0,
    moderationInbox: inbox,
    suspendedStores: suspended,
  };
}
