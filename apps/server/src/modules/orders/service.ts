import { and, asc, count, desc, eq, gte, inArray, ne, type SQL } from 'drizzle-orm';
import { MSG, type ExpectedDelivery, type Order, type OrderConfirmation } from '@statewise/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orderLines, orderRefunds, orders, orderVendorGroups, type OrderRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { buyNowOrderBody, cartOrderBody, confirmOrderBody, guestBuyNowOrderBody, guestOrderBody, OrderAddressInput, orderListBody } from '@statewise/contract';
import { expireDuePayments, paymentOfOrder, recordOutcome } from '../payments/service.ts';
import { deliveryDate } from '../shipping/service.ts';
import { hashGuestOrderToken } from './guest-link.ts';
import { expireHeldOrders } from './status.ts';
import { paymentProvider } from '../payments/provider.ts';
import { placeOrder, resolveAddress, type PlacedOrder, type PlaceOrderInput, type RequestedLine } from './place.ts';
import { toConfirmation, toOrder } from './serialize.ts';

type Parsed<T extends z.ZodType> = z.output<T>;

/** Orders with their lines and vendor groups, in the order given (3 queries whatever the count). */
export async function withDetails(db: DbOrTx, rows: readonly OrderRow[]): Promise<Order[]> {
  if (!rows.length) return [];
  const ids = rows.map((o) => o.id);
  const [lines, groups, refunds] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.orderId), asc(orderLines.position)),
    db.select().from(orderVendorGroups).where(inArray(orderVendorGroups.orderId, ids)).orderBy(asc(orderVendorGroups.id)),
    db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids)).orderBy(asc(orderRefunds.createdAt)),
  ]);
  return rows.map((o) =>
    toOrder(
      o,
      lines.filter((l) => l.orderId === o.id),
      groups.filter((g) => g.orderId === o.id),
      refunds.filter((r) => r.orderId === o.id),
    ),
  );
}

/** data of every order/create call, from the rows the placement stored (no re-read). */
function created(placed: PlacedOrder) {
  return {
    url: placed.url,
    paymentRequired: placed.url !== null,
    orderId: placed.order.id,
    order: toOrder(placed.order, placed.lines, placed.groups),
    guestOrderToken: placed.guestOrderToken,
  };
}

// ---------- creation ----------

/**
 * The one path of every order/create call: the address resolved (a saved one for a signed-in buyer, or a full
 * one), then the order placed. A guest's buyer is the address's mobile, verified by the guest token; a guest
 * never uses wallet cash.
 */
async function place(
  ctx: Pick<AppContext, 'db' | 'config'>,
  who: { userId: string; useWallet: boolean } | { guestToken: string | undefined },
  body: { address: string | OrderAddressInput; paymentMode: PlaceOrderInput['paymentMode'] },
  source: PlaceOrderInput['source'],
  lines: PlaceOrderInput['lines'],
) {
  const userId = 'userId' in who ? who.userId : null;
  const address = await resolveAddress(ctx.db, userId, body.address);
  return created(
    await placeOrder(ctx, {
      buyer: 'userId' in who ? { kind: 'user', userId: who.userId } : { kind: 'guest', mobile: address.mobile, token: who.guestToken },
      source,
      address,
      paymentMode: body.paymentMode,
      useWallet: 'userId' in who ? who.useWallet : false,
      lines,
    }),
  );
}

/** A requested line as placement takes it. */
const lineOf = (l: RequestedLine) => ({ productId: l.productId, quantity: l.quantity, size: l.size, color: l.color });

/** POST order/create: the signed-in buyer's cart (online, or cash on delivery). */
export async function createCartOrder(ctx: Pick<AppContext, 'db' | 'config'>, userId: string, body: Parsed<typeof cartOrderBody>) {
  return place(ctx, { userId, useWallet: body.isWalletUse }, body, 'cart', 'cart');
}

/** Chat (vendor-made) products are offers to one signed-in shopper: a guest cannot buy them. */
function refuseTempProduct(body: { isTempProduct: boolean }) {
  if (body.isTempProduct) throw badRequest(MSG.tempProductUnsupported, { isTempProduct: MSG.tempProductUnsupported });
}

/**
 * POST order/create/buyNow: one product, online or cash on delivery, wallet cash allowed. With isTempProduct, the
 * line is the chat product tempProductId (or productId), sold only to the shopper it was offered to in a chat.
 */
export async function createBuyNowOrder(ctx: Pick<AppContext, 'db' | 'config'>, userId: string, body: Parsed<typeof buyNowOrderBody>) {
  const line = body.isTempProduct ? { productId: '', quantity: body.quantity, tempProductId: body.tempProductId ?? body.productId } : lineOf(body);
  return place(ctx, { userId, useWallet: body.isWalletUse }, body, 'buy_now', [line]);
}

/** POST order/create/guest-buy-now: one product, online only, the address's mobile verified (guest token). */
export async function createGuestBuyNowOrder(ctx: Pick<AppContext, 'db' | 'config'>, body: Parsed<typeof guestBuyNowOrderBody>, token: string | undefined) {
  refuseTempProduct(body);
  return place(ctx, { guestToken: token }, body, 'guest_buy_now', [lineOf(body)]);
}

/** POST order/create/guestOrder and order/create-guest-cart-order: the guest's local cart, online only. */
export async function createGuestCartOrder(ctx: Pick<AppContext, 'db' | 'config'>, body: Parsed<typeof guestOrderBody>, token: string | undefined) {
  return place(ctx, { guestToken: token }, body, 'guest_cart', body.products.map(lineOf));
}

// ---------- reading ----------

/** Midnight of a 'YYYY/MM/DD' day in India time. */
function indiaMidnight(day: string): Date {
  const [y, m, d] = day.split('/');
  return new Date(`${y}-${m}-${d}T00:00:00+05:30`);
}

/**
 * POST order/list: the buyer's orders, newest first, 10 a page; orders still awaiting payment (created) are
 * hidden. startDate keeps orders placed on or after that day (India time); orderStatus one status.
 */
export async function listOrders(db: Db, userId: string, q: Parsed<typeof orderListBody>): Promise<{ orders: Order[]; count: number }> {
  await expireDuePayments(db, { userId });
  const where: SQL[] = [eq(orders.userId, userId), ne(orders.status, 'created')];
  if (q.orderStatus) where.push(eq(orders.status, q.orderStatus));
  if (q.startDate) where.push(gte(orders.createdAt, indiaMidnight(q.startDate)));
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(orders).where(and(...where)),
    db
      .select()
      .from(orders)
      .where(and(...where))
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { orders: await withDetails(db, rows), count: Number(total[0]?.n ?? 0) };
}

/** GET order/{id}: the buyer's own order (404 for anyone else's, as for a missing one). */
export async function getOrder(db: Db, userId: string, id: string): Promise<Order> {
  await expireDuePayments(db, { userId });
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  if (!row) throw notFound(MSG.orderNotFound);
  return (await withDetails(db, [row]))[0]!;
}

/**
 * POST order/confirmOrder (payload not shown in the spec; our reading): where an order's payment stands after the
 * gateway sent the shopper back. An order of an account answers its owner only (404 otherwise); a guest order
 * answers whoever holds its id, with the payment state only. With Razorpay's in-page checkout the handler's
 * razorpay_order_id, razorpay_payment_id and razorpay_signature may come along: verified, then recorded exactly
 * once. An unpaid order past its 30 minutes is expired on the spot.
 */
export async function confirmOrder(ctx: Pick<AppContext, 'db' | 'config'>, callerId: string | null, body: Parsed<typeof confirmOrderBody>): Promise<OrderConfirmation> {
  const load = async () => {
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, body.orderId)).limit(1);
    if (!row || (row.userId && row.userId !== callerId)) throw notFound(MSG.orderNotFound);
    return row;
  };
  const order = await load();
  const payment = order.status === 'created' ? await paymentOfOrder(ctx.db, order.id) : undefined;
  // (a failed attempt's Razorpay order may still be paid in the same checkout: recordOutcome honours the capture)
  if (payment && body.razorpay_signature) {
    const provider = paymentProvider(ctx.config);
    if (provider.name === 'razorpay' && payment.provider === 'razorpay') {
      const completion = provider.verifyCompletion(payment, body);
      await recordOutcome(ctx.db, payment.id, completion.outcome === 'success' ? 'succeeded' : 'failed', {
        providerPaymentId: completion.providerPaymentId,
        reason: completion.reason,
        gatewayConfirmed: completion.outcome === 'success',
      });
    }
  }
  // an unpaid order past its 30 minutes ends now (its pending payment expired, or a failed one not retried)
  if (order.status === 'created') await expireHeldOrders(ctx.db, { orderId: order.id });
  const row = await load();
  // The order itself only for its buyer: the account's owner (load checked), or the guest holding its token.
  const isBuyer = row.userId !== null || (body.orderToken !== undefined && row.guestAccessHash === hashGuestOrderToken(body.orderToken));
  return orderView(ctx.db, row, isBuyer);
}

/**
 * The confirmation of an order (its number and where its payment stands, whether it can still be retried), with
 * the order itself (items, amounts, address, tracking) and its expected delivery when `withOrder` (its buyer).
 */
export async function orderView(db: DbOrTx, row: OrderRow, withOrder: boolean): Promise<OrderConfirmation> {
  const base = toConfirmation(row);
  if (!withOrder) return { ...base, order: null, expectedDelivery: null };
  const [full] = await withDetails(db, [row]);
  return { ...base, order: full!, expectedDelivery: await expectedDeliveryOf(db, full!, row) };
}

/** Shipping's estimate for an order on its way, counted from the day it was paid (or placed, cash on delivery). */
async function expectedDeliveryOf(db: DbOrTx, full: Order, row: OrderRow): Promise<ExpectedDelivery | null> {
  if (!['pending', 'confirmed', 'shipped'].includes(row.status)) return null;
  const vendorIds = full.ordersVendorWise.filter((g) => g.status !== 'cancelled').map((g) => g.vendorId);
  if (!vendorIds.length) return null;
  try {
    const estimate = await deliveryDate(db, { customerPincode: String(row.address.pincode).padStart(6, '0'), vendorIds }, row.paidAt ?? row.createdAt);
    return { deliveryDays: estimate.deliveryDays, deliveryDate: estimate.deliveryDate, deliveryText: estimate.deliveryText };
  } catch {
    // a seller since removed, or a PIN the directory cannot place: the page simply shows no date
    return null;
  }
}

/** POST guest/order: the order a guest's link token names (404 for any other token). */
export async function guestOrder(ctx: Pick<AppContext, 'db'>, token: string): Promise<OrderConfirmation> {
  const find = async () => {
    const [row] = await ctx.db.select().from(orders).where(eq(orders.guestAccessHash, hashGuestOrderToken(token))).limit(1);
    if (!row) throw notFound(MSG.orderLinkInvalid);
    return row;
  };
  const row = await find();
  if (row.status === 'created') await expireHeldOrders(ctx.db, { orderId: row.id });
  return orderView(ctx.db, row.status === 'created' ? await find() : row, true);
}

