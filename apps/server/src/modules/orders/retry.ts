import { and, eq } from 'drizzle-orm';
import { formatOrderNumber, MSG, type PaymentRetry } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { AppError, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { createPayment, launchPayment, paymentOfOrder, paymentPageUrl, recordOutcome } from '../payments/service.ts';
import { hashGuestOrderToken } from './guest-link.ts';
import { expireHeldOrders, isHeld, lockOrder } from './status.ts';
import { lockCatalogueWrites } from './stock.ts';

/** Who asks: the signed-in caller, and a guest order's link token when one was sent. */
export interface RetryCaller {
  userId: string | null;
  orderToken?: string;
}

/**
 * POST order/retry-payment/{id} (issue 9): a new online payment for an order still held for its payment — created,
 * within the 30 minutes that started when it was placed (a retry does not extend them), its stock and wallet cash
 * still reserved. Only its buyer may: the account that placed it, or the guest holding the order's token (403
 * otherwise). 409 when the order is no longer held (paid, cancelled, expired).
 *
 * An order has at most one pending payment (a unique index backs it): while the last attempt is still pending (the
 * payer left its page without an answer), the payer is sent back to that same page rather than given a second
 * live payment that could also be paid. Otherwise a new payment is recorded under the order's lock (the same lock
 * order as every payment outcome: catalogue, then the order) and started at the gateway after the commit. A
 * gateway that cannot be reached fails that attempt only (503): the order stays held for another try.
 */
export async function retryPayment(ctx: Pick<AppContext, 'db' | 'config'>, caller: RetryCaller, orderId: string): Promise<PaymentRetry> {
  // a hold past its 30 minutes ends now, so the answer below is the 409 it deserves
  await expireHeldOrders(ctx.db, { orderId });
  const { payment, fresh, expiresAt } = await transaction(ctx.db, async (tx) => {
    await lockCatalogueWrites(tx);
    const order = await lockOrder(tx, orderId);
    if (order.userId) {
      if (!caller.userId) throw unauthorized();
      if (order.userId !== caller.userId) throw forbidden(MSG.orderNotYours);
    } else if (!caller.orderToken || order.guestAccessHash !== hashGuestOrderToken(caller.orderToken)) {
      throw forbidden(MSG.orderLinkInvalid);
    }
    if (!isHeld(order)) throw conflict(MSG.orderNotAwaitingPayment);
    const last = await paymentOfOrder(tx, order.id);
    if (last?.status === 'pending') return { payment: last, fresh: false, expiresAt: order.paymentExpiresAt! };
    const next = await createPayment(tx, ctx, {
      purpose: 'order',
      orderId: order.id,
      userId: order.userId,
      amount: order.amountPayable,
      description: last?.description ?? `Order ${formatOrderNumber(order.orderInitial, order.orderNumber)}`,
      expiresAt: order.paymentExpiresAt!,
    });
    await tx
      .update(orders)
      .set({ paymentStatus: 'pending', updatedAt: clock.now() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'created')));
    return { payment: next, fresh: true, expiresAt: order.paymentExpiresAt! };
  });
  const data = { orderId, paymentExpiresAt: expiresAt.toISOString() };
  if (!fresh) return { ...data, url: paymentPageUrl(ctx, payment) };
  try {
    return { ...data, url: await launchPayment(ctx, payment) };
  } catch (err) {
    // this attempt failed; the order stays held (not final) for another retry within its 30 minutes
    await recordOutcome(ctx.db, payment.id, 'failed', { reason: 'The payment could not be started' });
    throw err instanceof AppError ? err : Object.assign(new AppError(503, MSG.paymentStartFailed), { cause: err });
  }
}
