import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { OrderStatus } from '@statewise/contract';
import type { Tx } from '../../db/client.ts';
import { orders, users, type OrderRow } from '../../db/schema/index.ts';
import { onUserDeleted } from '../../lib/account-hooks.ts';

/**
 * A deleted account's orders lose the buyer's name, street, mobile, e-mail, landmark and note (accounts §4.7:
 * personal data removed or anonymised, orders kept consistent). City, state and pincode stay: they are the
 * place of supply on the GST invoice, and the totals, lines and statuses stay whole for the vendor's books.
 *
 * An order still on its way (created, pending, confirmed, shipped) keeps its address until it is delivered or
 * cancelled — the vendor must still be able to deliver what was paid for — and is anonymised then.
 */
const FINISHED: readonly OrderStatus[] = ['delivered', 'cancelled'];
const ANONYMOUS = { firstName: 'Deleted', lastName: 'user', streetAddress: '', mobile: '', landmark: '', shippingNote: '' };
const anonymisedAddress = sql`(${orders.address} || ${JSON.stringify(ANONYMOUS)}::jsonb) - 'email'`;

onUserDeleted('orders:addresses', async (tx, user) => {
  await tx
    .update(orders)
    .set({ address: anonymisedAddress })
    .where(and(eq(orders.userId, user.id), inArray(orders.status, [...FINISHED])));
});

/**
 * Called when an order reaches delivered or cancelled: a buyer who has deleted the account is forgotten now.
 * Gives the order as it is afterwards, or null when nothing changed.
 */
export async function forgetDeletedBuyer(tx: Tx, order: Pick<OrderRow, 'id' | 'userId'>): Promise<OrderRow | null> {
  if (!order.userId) return null;
  const [gone] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, order.userId), isNotNull(users.deletedAt)))
    .limit(1);
  if (!gone) return null;
  const [updated] = await tx.update(orders).set({ address: anonymisedAddress }).where(eq(orders.id, order.id)).returning();
  return updated ?? null;
}
