import { and, asc, eq, lte, type SQL } from 'drizzle-orm';
import { illegalTransitionMessage, MSG, ORDER_TRANSITIONS, type OrderPaymentStatus, type OrderStatus } from '@statewise/contract';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders, orderVendorGroups, type OrderLineRow, type OrderRow } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { clearCart, readCart } from '../cart/service.ts';
import { paymentOfOrder, recordOutcomeTx, registerPaymentHandler } from '../payments/service.ts';
import { returnOrderCash, settleOrderCash } from '../wallet/service.ts';
import { enqueueNewOrderForVendors } from '../notifications/outbox.ts';
import { forgetDeletedBuyer } from './privacy.ts';
import { addSales, lockCatalogueWrites, releaseStock } from './stock.ts';

/**
 * Order statuses after placement. ORDER_TRANSITIONS (packages/contract constants) is THE table of allowed moves;
 * every status change goes through assertTransition, and anything else is a 409:
 *
 *   created ──paid──▶ pending ──▶ confirmed ──▶ shipped ──▶ delivered
 *      │                 │            │
 *      └─failed/expired──┴────────────┴──▶ cancelled
 *
 * `created` orders move only through their payment (payments/service.ts calls the handler below); the vendor
 * console (later) moves the rest with transitionOrder. What each move does besides the status:
 * - → pending: the wallet cash held is spent, the pieces count as sold (sales_count), the cart lines bought leave
 *   the cart;
 * - → cancelled: the undo of placing it — stock released, wallet cash returned, sales uncounted, and the payment
 *   marked (failed / expired / refund due);
 * - → shipped: the tracking number and courier are kept on the vendor groups;
 * - → delivered: a cash-on-delivery order is paid.
 * Delivered and cancelled orders of a deleted account lose the buyer's personal data (privacy.ts).
 */

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** 409 unless the table allows from → to. */
export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw conflict(illegalTransitionMessage(from, to));
}

export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  if (!order) throw notFound(MSG.orderNotFound);
  return order;
}

async function linesOf(tx: Tx, orderId: string) {
  const rows = await tx
    .select({ productId: orderLines.productId, size: orderLines.size, color: orderLines.color, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  // a line whose product was deleted has no stock to give back or sales to count
  return rows.flatMap((r) => (r.productId ? [{ ...r, productId: r.productId }] : []));
}

async function setGroupsStatus(tx: Tx, orderId: string, status: OrderStatus, extra: { awsNumber?: string; courierPartner?: string } = {}, vendorId?: string) {
  const where: SQL[] = [eq(orderVendorGroups.orderId, orderId)];
  if (vendorId) where.push(eq(orderVendorGroups.vendorId, vendorId));
  await tx
    .update(orderVendorGroups)
    .set({ status, ...(extra.awsNumber ? { awsNumber: extra.awsNumber } : {}), ...(extra.courierPartner ? { courierPartner: extra.courierPartner } : {}) })
    .where(and(...where));
}

/**
 * What happens when an order becomes pending — paid online, or needing no payment at all (cod, wallet cash for
 * everything): held wallet cash is spent, the pieces count as sold, the signed-in cart's lines it bought leave
 * the cart, and each vendor with a part in it is told (queued in this transaction, sent after the commit).
 * `order` is the row already at pending. Call after lockCatalogueWrites.
 */
export async function onOrderPending(tx: Tx, order: OrderRow, lines?: readonly OrderLineRow[]): Promise<void> {
  await enqueueNewOrderForVendors(tx, order.id);
  // wallet cash is held (pending) only by an order that waited for its payment
  if (order.walletAmountUsed > 0) await settleOrderCash(tx, order.id);
  const bought = lines ?? (await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)));
  await addSales(
    tx,
    bought.flatMap((l) => (l.productId ? [{ productId: l.productId, quantity: l.quantity }] : [])),
    1,
  );
  if (order.source === 'cart' && order.userId) {
    const key = (l: { productId: string | null; size: string | null; color: string | null }) => `${l.productId}|${l.size ?? ''}|${l.color ?? ''}`;
    const keys = new Set(bought.map(key));
    const cart = await readCart(tx, order.userId);
    await clearCart(
      tx,
      order.userId,
      cart.filter((line) => keys.has(key(line))).map((line) => line.id),
    );
  }
}

/** created → pending: the online payment succeeded. */
async function markPaid(tx: Tx, order: OrderRow): Promise<void> {
  assertTransition(order.status, 'pending');
  const now = clock.now();
  const [updated] = await tx
    .update(orders)
    .set({ status: 'pending', paymentStatus: 'paid', paidAt: now, paymentExpiresAt: null, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'created')))
    .returning();
  if (!updated) return;
  await setGroupsStatus(tx, order.id, 'pending');
  await onOrderPending(tx, updated);
}

export type CancelReason = 'payment_failed' | 'payment_expired' | 'payment_start_failed' | 'cancelled';

/**
 * Cancels an order: the undo of placing it, step by step in reverse — the payment's state, the order itself, the
 * wallet cash, the stock (and the sales counted when it had become pending). Call after lockCatalogueWrites with
 * the order row locked.
 */
async function cancel(tx: Tx, order: OrderRow, reason: CancelReason): Promise<OrderRow> {
  assertTransition(order.status, 'cancelled');
  const wasPending = order.status !== 'created';
  const paymentStatus: OrderPaymentStatus =
    reason === 'payment_expired'
      ? 'expired'
      : reason === 'payment_failed' || reason === 'payment_start_failed'
        ? 'failed'
        : order.paymentStatus === 'paid'
          ? order.amountPayable > 0
            ? 'refund_pending' // the gateway part goes back through the gateway; the wallet part below
            : 'refunded'
          : order.paymentStatus === 'cod'
            ? 'cancelled'
            : order.paymentStatus;
  const now = clock.now();
  const [updated] = await tx
    .update(orders)
    .set({ status: 'cancelled', paymentStatus, cancelledAt: now, cancelReason: reason, paymentExpiresAt: null, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await setGroupsStatus(tx, order.id, 'cancelled');
  await returnOrderCash(tx, order);
  const lines = await linesOf(tx, order.id);
  if (wasPending) await addSales(tx, lines, -1);
  await releaseStock(tx, lines);
  return (await forgetDeletedBuyer(tx, order)) ?? updated!;
}

/** An order awaiting its payment whose 30 minutes are not over: a failed attempt may be retried (payments.ts). */
export function isHeld(order: Pick<OrderRow, 'status' | 'paymentExpiresAt'>, now: Date = clock.now()): boolean {
  return order.status === 'created' && order.paymentExpiresAt !== null && order.paymentExpiresAt > now;
}

/**
 * Ends the holds of orders past their 30 minutes that have no payment pending (their last attempt failed and was
 * not retried): cancelled as expired, stock and wallet cash released. An order whose payment is still pending is
 * ended by that payment's own expiry (payments/service.ts expireDuePayments, which runs this afterwards). Each is
 * one transaction under the order's lock that re-checks the status, so two sweeps never cancel an order twice.
 */
export async function expireHeldOrders(db: Db, opts: { userId?: string; orderId?: string; limit?: number } = {}): Promise<number> {
  const now = clock.now();
  const where: SQL[] = [eq(orders.status, 'created'), lte(orders.paymentExpiresAt, now)];
  if (opts.userId) where.push(eq(orders.userId, opts.userId));
  if (opts.orderId) where.push(eq(orders.id, opts.orderId));
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(...where))
    .orderBy(asc(orders.paymentExpiresAt))
    .limit(opts.limit ?? 200);
  let ended = 0;
  for (const { id } of due) {
    const done = await transaction(db, async (tx) => {
      await lockCatalogueWrites(tx);
      const order = await lockOrder(tx, id);
      if (order.status !== 'created' || !order.paymentExpiresAt || order.paymentExpiresAt > clock.now()) return false;
      const payment = await paymentOfOrder(tx, order.id);
      // a pending payment expires itself (its handler cancels the order, exactly once)
      if (payment?.status === 'pending') return (await recordOutcomeTx(tx, payment.id, 'expired')).changed;
      await cancel(tx, order, 'payment_expired');
      return true;
    });
    if (done) ended += 1;
  }
  return ended;
}

/** What a payment's outcome means for its order (exactly once per payment: payments/service.ts). */
registerPaymentHandler('order', {
  lock: (tx) => lockCatalogueWrites(tx),
  async succeeded(tx, payment) {
    const order = await lockOrder(tx, payment.orderId!);
    if (order.status === 'created') await markPaid(tx, order);
  },
  async failed(tx, payment, status, { final }) {
    const order = await lockOrder(tx, payment.orderId!);
    if (order.status !== 'created') return;
    if (status === 'failed' && !final && isHeld(order)) {
      // A failed attempt keeps the order (stock, wallet cash) held until its 30 minutes are over, so the payer can
      // retry (ADR 006); expireHeldOrders ends it then if nobody paid.
      await tx
        .update(orders)
        .set({ paymentStatus: 'failed', updatedAt: clock.now() })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'created')));
      return;
    }
    await cancel(tx, order, status === 'expired' ? 'payment_expired' : 'payment_failed');
  },
  async lateSuccess(tx, payment) {
    const order = await lockOrder(tx, payment.orderId!);
    if (order.status === 'created') {
      // A failed attempt the gateway captured after all, while the order is still held: it is paid.
      await markPaid(tx, order);
    } else if (order.status === 'cancelled') {
      // The gateway took the money for an order we had already cancelled: it is owed back.
      await tx.update(orders).set({ paymentStatus: 'refund_pending', updatedAt: clock.now() }).where(eq(orders.id, order.id));
    }
  },
  expireDue: (db, opts) => expireHeldOrders(db, opts),
});

export interface TransitionOptions {
  /** Tracking number and courier (→ shipped). */
  awsNumber?: string;
  courierPartner?: string;
}

/**
 * THE way to move an order after placement (the vendor console, support): checks ORDER_TRANSITIONS (409 when not
 * allowed) and does what the move means. Cancelling an order still awaiting payment fails its payment (which
 * cancels the order through the payment handler, exactly once). Moving a created order to pending is the payment's
 * job only (409 here).
 */
export async function transitionOrder(db: Db, orderId: string, to: OrderStatus, opts: TransitionOptions = {}): Promise<OrderRow> {
  return transaction(db, async (tx) => {
    await lockCatalogueWrites(tx);
    const order = await lockOrder(tx, orderId);
    assertTransition(order.status, to);
    if (order.status === 'created') {
      if (to !== 'cancelled') throw conflict(illegalTransitionMessage(order.status, to));
      const payment = await paymentOfOrder(tx, order.id);
      if (payment?.status === 'pending') await recordOutcomeTx(tx, payment.id, 'failed', { reason: 'Order cancelled before payment', final: true });
      // held after a failed attempt: no payment is pending, the order is cancelled here
      else await cancel(tx, order, 'payment_failed');
      return lockOrder(tx, orderId);
    }
    if (to === 'cancelled') return cancel(tx, order, 'cancelled');
    const now = clock.now();
    const [updated] = await tx
      .update(orders)
      .set({ status: to, updatedAt: now, ...(to === 'delivered' && order.paymentStatus === 'cod' ? { paymentStatus: 'paid', paidAt: now } : {}) })
      .where(eq(orders.id, order.id))
      .returning();
    await setGroupsStatus(tx, order.id, to, to === 'shipped' ? opts : {});
    return (to === 'delivered' && (await forgetDeletedBuyer(tx, order))) || updated!;
  });
}

const PROGRESS: OrderStatus[] = ['created', 'pending', 'confirmed', 'shipped', 'delivered'];

/**
 * The order's status from its parts: the least advanced of the parts not cancelled (an order is shipped once every
 * live part is, delivered once every live part is); cancelled when every part is (orders/cancel.ts sets that).
 * Once delivered, a cash-on-delivery order is paid. Call with the order row locked.
 */
export async function deriveOrderStatus(tx: Tx, order: OrderRow): Promise<OrderRow> {
  const groups = await tx.select({ status: orderVendorGroups.status }).from(orderVendorGroups).where(eq(orderVendorGroups.orderId, order.id));
  const live = groups.filter((g) => g.status !== 'cancelled');
  if (!live.length) return order;
  const status = PROGRESS[Math.min(...live.map((g) => PROGRESS.indexOf(g.status)))]!;
  if (status === order.status) return order;
  const now = clock.now();
  const [updated] = await tx
    .update(orders)
    .set({ status, updatedAt: now, ...(status === 'delivered' && order.paymentStatus === 'cod' ? { paymentStatus: 'paid' as const, paidAt: now } : {}) })
    .where(eq(orders.id, order.id))
    .returning();
  // a delivered order of a deleted account forgets its buyer (privacy.ts)
  return (status === 'delivered' && (await forgetDeletedBuyer(tx, updated!))) || updated!;
}
