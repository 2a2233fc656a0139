import { and, eq, inArray } from 'drizzle-orm';
import { formatOrderNumber, MSG, ORDER, type OrderPaymentStatus } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { orderLines, orderRefunds, orders, orderVendorGroups, walletTransactions, type OrderRefundRow, type OrderRow } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { paymentProvider } from '../payments/provider.ts';
import { paidPaymentOfOrder } from '../payments/service.ts';
import { lockWallet } from '../wallet/service.ts';
import { forgetDeletedBuyer } from './privacy.ts';
import { deriveOrderStatus, lockOrder } from './status.ts';
import { addSales, lockCatalogueWrites, releaseStock } from './stock.ts';

/**
 * Cancelling a placed order, or one vendor's part of it, before it ships (issue 9; the vendor console and the
 * admin cancel through here too). The rule, in README "Cancelling an order":
 *
 * - Who: the buyer, the part's vendor, an admin; only while the part is pending or confirmed (409 after).
 * - Stock: the part's pieces go back to stock and stop counting as sold.
 * - Money: a part is worth the sum of its lines (shipping is free). What the order was paid with goes back in the
 *   same proportions: the wallet-cash share to the wallet at once; the rest the way it was paid — the sandbox
 *   gateway's share to the wallet, Razorpay's through a Razorpay refund, nothing for cash on delivery (nothing was
 *   collected). The last part refunded takes what is left, so the refunds of a fully cancelled order add up to
 *   exactly what was paid.
 * - Exactly once: one refund row per part (unique index), written in the transaction that cancels the part, with
 *   the order row locked; a second cancel of the same part is a 409 and refunds nothing.
 * - When every part is cancelled the order is cancelled.
 */

export type CancelActor = { kind: 'buyer' | 'vendor' | 'admin'; userId: string };

export interface CancelRequest {
  orderId: string;
  /** One vendor's part; all parts still open when absent. */
  vendorId?: string;
  actor: CancelActor;
  reason?: string;
  /**
   * Runs in the cancel's transaction once the order is locked, before anything changes (the admin console declares
   * who acts for the status history and writes its audit entry there): it commits or rolls back with the cancel.
   */
  inTransaction?: (tx: Tx, order: OrderRow) => Promise<void>;
}

export interface CancelResult {
  order: OrderRow;
  refunds: OrderRefundRow[];
}

type Part = { id: string; vendorId: string; status: string; value: number };

/** Each open part's value: Σ price × quantity of its lines. */
async function partsOf(tx: Tx, orderId: string): Promise<Part[]> {
  const groups = await tx.select().from(orderVendorGroups).where(eq(orderVendorGroups.orderId, orderId));
  const lines = await tx.select({ vendorId: orderLines.vendorId, price: orderLines.price, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, orderId));
  return groups.map((g) => ({
    id: g.id,
    vendorId: g.vendorId,
    status: g.status,
    value: lines.filter((l) => l.vendorId === g.vendorId).reduce((sum, l) => sum + l.price * l.quantity, 0),
  }));
}

/** What the order was paid with that has not been given back yet, by way. */
async function stillHeld(tx: Tx, order: OrderRow): Promise<{ wallet: number; gateway: number }> {
  const done = await tx.select({ wallet: orderRefunds.walletAmount, gateway: orderRefunds.gatewayAmount }).from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
  const collectedByGateway = order.paymentMode === 'online' && order.paymentStatus === 'paid' ? order.amountPayable : 0;
  return {
    wallet: order.walletAmountUsed - done.reduce((s, r) => s + r.wallet, 0),
    gateway: collectedByGateway - done.reduce((s, r) => s + r.gateway, 0),
  };
}

/** Splits a part's value between wallet cash and gateway in the order's proportions; the last part takes the rest. */
function shareOf(order: OrderRow, value: number, held: { wallet: number; gateway: number }, isLast: boolean): { wallet: number; gateway: number } {
  if (isLast) return { ...held };
  const paidByGateway = order.paymentMode === 'online' && order.paymentStatus === 'paid' ? order.amountPayable : 0;
  const wallet = order.grandTotal > 0 ? Math.min(held.wallet, Math.round((value * order.walletAmountUsed) / order.grandTotal)) : 0;
  const gateway = order.grandTotal > 0 ? Math.min(held.gateway, Math.round((value * paidByGateway) / order.grandTotal)) : 0;
  return { wallet, gateway };
}

export async function cancelOrderParts(ctx: Pick<AppContext, 'db' | 'config'>, req: CancelRequest): Promise<CancelResult> {
  const gateway = paymentProvider(ctx.config);
  const result = await transaction(ctx.db, async (tx) => {
    await lockCatalogueWrites(tx);
    const order = await lockOrder(tx, req.orderId);
    await req.inTransaction?.(tx, order);
    if (req.actor.kind === 'buyer' && order.userId !== req.actor.userId) throw notFound(MSG.orderNotFound);
    if (order.userId) await lockWallet(tx, order.userId);
    const parts = await partsOf(tx, order.id);
    if (req.actor.kind === 'vendor' && !parts.some((p) => p.vendorId === req.actor.userId)) throw notFound(MSG.orderNotFound);
    const wanted = req.vendorId ?? (req.actor.kind === 'vendor' ? req.actor.userId : undefined);
    if (req.actor.kind === 'vendor' && wanted !== req.actor.userId) throw notFound(MSG.orderPartNotFound);
    const open = parts.filter((p) => p.status !== 'cancelled');
    const targets = wanted ? parts.filter((p) => p.vendorId === wanted) : open;
    if (wanted && !targets.length) throw notFound(MSG.orderPartNotFound);
    const cancellable = (ORDER.buyerCancellable as readonly string[]).includes(order.status);
    if (!cancellable || !targets.length || targets.some((p) => !(ORDER.buyerCancellable as readonly string[]).includes(p.status))) {
      throw conflict(MSG.orderCannotCancel);
    }

    const now = clock.now();
    const method: OrderRefundRow['gatewayMethod'] = order.paymentMode === 'online' && order.paymentStatus === 'paid' ? (gateway.name === 'razorpay' ? 'razorpay' : 'wallet') : 'none';
    const held = await stillHeld(tx, order);
    const refunds: OrderRefundRow[] = [];
    let remainingOpen = open.length;
    for (const part of targets) {
      const share = shareOf(order, part.value, held, remainingOpen === 1);
      held.wallet -= share.wallet;
      held.gateway -= share.gateway;
      remainingOpen -= 1;
      await tx.update(orderVendorGroups).set({ status: 'cancelled' }).where(eq(orderVendorGroups.id, part.id));
      const lines = (
        await tx
          .select({ productId: orderLines.productId, size: orderLines.size, color: orderLines.color, quantity: orderLines.quantity })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, order.id), eq(orderLines.vendorId, part.vendorId)))
      ).flatMap((l) => (l.productId ? [{ ...l, productId: l.productId }] : []));
      await addSales(tx, lines, -1);
      await releaseStock(tx, lines);

      const toWallet = share.wallet + (method === 'wallet' ? share.gateway : 0);
      const completes = method !== 'razorpay' || share.gateway === 0;
      const [refund] = await tx
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          vendorGroupId: part.id,
          walletAmount: share.wallet,
          gatewayAmount: share.gateway,
          gatewayMethod: share.gateway > 0 ? method : 'none',
          status: completes ? 'completed' : 'pending',
          actor: req.actor.kind,
          actorId: req.actor.userId,
          reason: req.reason ?? null,
          completedAt: completes ? now : null,
        })
        .onConflictDoNothing()
        .returning();
      if (!refund) throw conflict(MSG.orderCannotCancel);
      refunds.push(refund);
      if (toWallet > 0 && order.userId) {
        await tx.insert(walletTransactions).values({
          userId: order.userId,
          type: 'credit',
          status: 'completed',
          kind: 'order_refund',
          amount: toWallet,
          description: `Refund for cancelled items of order ${formatOrderNumber(order.orderInitial, order.orderNumber)}`,
          orderId: order.id,
          refundId: refund.id,
          createdAt: now,
          updatedAt: now,
        });
      }
    }

    // every part cancelled: so is the order
    const allCancelled = remainingOpen === 0;
    const anyGatewayPending = refunds.some((r) => r.status === 'pending');
    const paymentStatus: OrderPaymentStatus | undefined = !allCancelled
      ? undefined
      : order.paymentStatus === 'cod'
        ? 'cancelled'
        : order.paymentStatus === 'paid'
          ? anyGatewayPending
            ? 'refund_pending'
            : 'refunded'
          : order.paymentStatus;
    const [updated] = await tx
      .update(orders)
      .set({ updatedAt: now, ...(allCancelled ? { status: 'cancelled' as const, paymentStatus, cancelledAt: now, cancelReason: `cancelled_by_${req.actor.kind}` } : {}) })
      .where(eq(orders.id, order.id))
      .returning();
    // a part cancelled while the others are further along (say all shipped): the order follows the parts left
    const finalOrder = allCancelled ? ((await forgetDeletedBuyer(tx, order)) ?? updated!) : await deriveOrderStatus(tx, updated!);
    return { order: finalOrder, refunds };
  });

  // The gateway is called after the cancellation is stored (never inside the transaction); a refusal leaves the
  // refund pending, to be retried (retryPendingRefunds), never lost.
  for (const refund of result.refunds.filter((r) => r.status === 'pending')) await sendGatewayRefund(ctx, refund.id);
  const refunds = result.refunds.length ? await ctx.db.select().from(orderRefunds).where(inArray(orderRefunds.id, result.refunds.map((r) => r.id))) : [];
  return { order: result.order, refunds };
}

/** Asks the gateway for a pending refund; on success the refund (and a fully refunded order) is completed. */
export async function sendGatewayRefund(ctx: Pick<AppContext, 'db' | 'config'>, refundId: string): Promise<void> {
  const [refund] = await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (!refund || refund.status !== 'pending') return;
  const payment = await paidPaymentOfOrder(ctx.db, refund.orderId);
  try {
    const answer = await paymentProvider(ctx.config).refund({ providerPaymentId: payment?.providerPaymentId ?? null }, refund.gatewayAmount, {
      orderId: refund.orderId,
      refundId: refund.id,
    });
    await transaction(ctx.db, async (tx) => {
      const now = clock.now();
      const [done] = await tx
        .update(orderRefunds)
        .set({ status: 'completed', providerRefundId: answer?.providerRefundId ?? null, completedAt: now, failureReason: null })
        .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'pending')))
        .returning();
      if (!done) return;
      const stillPending = await tx.select({ id: orderRefunds.id }).from(orderRefunds).where(and(eq(orderRefunds.orderId, refund.orderId), eq(orderRefunds.status, 'pending')));
      if (!stillPending.length) {
        await tx
          .update(orders)
          .set({ paymentStatus: 'refunded', updatedAt: now })
          .where(and(eq(orders.id, refund.orderId), eq(orders.status, 'cancelled'), eq(orders.paymentStatus, 'refund_pending')));
      }
    });
  } catch (err) {
    await ctx.db.update(orderRefunds).set({ failureReason: err instanceof Error ? err.message.slice(0, 500) : 'refund failed' }).where(eq(orderRefunds.id, refund.id));
  }
}

/** Retries gateway refunds still pending (the payments sweeper calls this). */
export async function retryPendingRefunds(ctx: Pick<AppContext, 'db' | 'config'>, limit = 20): Promise<void> {
  const pending = await ctx.db.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.status, 'pending')).limit(limit);
  for (const r of pending) await sendGatewayRefund(ctx, r.id);
}

export async function refundsOf(db: AppContext['db'], orderId: string) {
  return db
    .select({ refund: orderRefunds, vendorId: orderVendorGroups.vendorId })
    .from(orderRefunds)
    .innerJoin(orderVendorGroups, eq(orderVendorGroups.id, orderRefunds.vendorGroupId))
    .where(eq(orderRefunds.orderId, orderId));
}
