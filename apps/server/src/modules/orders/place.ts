import { and, eq, isNull, sql } from 'drizzle-orm';
import { COMMISSION, formatOrderNumber, MSG, ORDER, QUANTITY, type OrderAddressInput, type Size } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  orderLines,
  orders,
  orderVendorGroups,
  type OrderAddressCopy,
  type OrderLineRow,
  type OrderRow,
  type OrderVendorGroupRow,
  type PaymentRow,
} from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound, tooMany } from '../../lib/errors.ts';
import { consumeVerificationToken } from '../../lib/otp.ts';
import { transaction } from '../../lib/transaction.ts';
import { getAddress, placeOfPincode } from '../addresses/service.ts';
import { readCart, totalsOf } from '../cart/service.ts';
import { loadProducts, pickImage, resolveVariant, uuidList } from '../cart/stock.ts';
import { createPayment, launchPayment, paymentDeadline, recordOutcome } from '../payments/service.ts';
import { debitOrderCash, lockWallet, unspentReward, walletBalance, walletCashFor } from '../wallet/service.ts';
import { tempProductForBuyer } from '../chat/temp-products.ts';
import { newGuestOrderToken } from './guest-link.ts';
import { onOrderPending } from './status.ts';
import { lockCatalogueWrites, reserveStock } from './stock.ts';

/**
 * Placing an order: ONE transaction of steps, each with its undo (the shape of a workflow step that knows its
 * compensation). Inside the transaction a failing step rolls back every earlier one with it; after the commit,
 * the same undos run as the order's cancellation (status.ts `cancel`) when its payment fails, is abandoned for
 * 30 minutes, or cannot even be started.
 *
 *   step                        does                                             undo (cancellation)
 *   1 check the buyer           guest: use the verified-mobile token; lock the   —
 *                               buyer; cap unpaid orders
 *   2 price the lines           products, sizes/colours, prices, vendor,         —
 *                               category, HSN from the catalogue (never the
 *                               client's prices, totals or statuses)
 *   3 reserve stock             conditional UPDATE per line (stock.ts)           release the pieces
 *   4 apply wallet cash         balance ≥ ₹300, total ≥ ₹500, min(balance,       release the held cash / refund it
 *                               payable), under the wallet's lock
 *   5 create the order          `created` (or `pending` when nothing is left     status cancelled
 *                               to pay online), lines, ordersVendorWise
 *   6 start the payment         payment row now; the gateway after the commit    payment failed / expired
 *
 * Lock order (the same in every transaction that touches these, so none can deadlock): the buyer's advisory lock,
 * the catalogue write lock, the cart lines, the stock rows.
 */

export type Buyer = { kind: 'user'; userId: string } | { kind: 'guest'; mobile: string; token: string | undefined };
export type OrderSource = OrderRow['source'];

/** A line as the shopper asked for it: what, how many, which size or colour. Nothing about money. */
export interface RequestedLine {
  productId: string;
  quantity: number;
  size?: Size | null;
  color?: string | null;
  /** The picture a cart line keeps. */
  image?: string;
  /** A chat (temporary) product instead of a catalogue one (buy-now only; productId is then ignored). */
  tempProductId?: string;
}

export interface PlaceOrderInput {
  buyer: Buyer;
  source: OrderSource;
  address: OrderAddressCopy;
  paymentMode: 'online' | 'cod';
  useWallet: boolean;
  /** The lines, or 'cart': the signed-in buyer's cart, read (and locked) inside the transaction. */
  lines: readonly RequestedLine[] | 'cart';
}

/** An order as stored: its row, lines and vendor groups (final when the placement commits). */
export interface StoredOrder {
  order: OrderRow;
  lines: OrderLineRow[];
  groups: OrderVendorGroupRow[];
}

export interface PlacedOrder extends StoredOrder {
  /** The payment page, when the order waits for an online payment. */
  url: string | null;
  /** A guest order's link token (guest-link.ts), given only here; null for an account's order. */
  guestOrderToken: string | null;
}

/** A line priced from the catalogue, ready to store. */
interface PricedLine {
  /** Null for a chat (temporary) product, which is not in the catalogue. */
  productId: string | null;
  vendorId: string;
  /** The vendor's brand (for ordersVendorWise; not stored on the line). */
  brandName: string;
  categoryId: string;
  hsnCode: string | null;
  gstRate: number;
  /** The category's commission rate today (numeric, as text): the line's snapshot (ADR 017). */
  commissionPercent: string;
  name: string;
  slug: string;
  image: string;
  price: number;
  mrp: number;
  quantity: number;
  size: Size | null;
  color: string | null;
  isFreeSize: boolean;
  isColorOptions: boolean;
  isTempProduct: boolean;
  tempProductId: string | null;
}

// ---------- address ----------

/**
 * The address copied into an order: one of the signed-in buyer's saved addresses (by id; 404 for anyone else's),
 * or a full address, whose pincode must be in the directory and whose city and state are the pincode's.
 */
export async function resolveAddress(db: DbOrTx, userId: string | null, address: string | OrderAddressInput): Promise<OrderAddressCopy> {
  if (typeof address === 'string') {
    if (!userId) throw badRequest(MSG.selectAddress, { address: MSG.selectAddress });
    const row = await getAddress(db, userId, address);
    return addressCopy(row, row);
  }
  // The schema (addressBody) has checked and normalised every field; the directory decides the place.
  const a = address as unknown as AddressFields & { city?: string; state?: string };
  return addressCopy(a, placeOfPincode(a.pincode, { city: a.city, state: a.state }));
}

type AddressFields = Omit<OrderAddressCopy, 'email' | 'pincode' | 'city' | 'state' | 'country'> & { email?: string | null; pincode: string };

/** The order's copy of an address (a saved one, or one from the request) in the city and state given. */
function addressCopy(a: AddressFields, place: { city: string; state: string }): OrderAddressCopy {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    streetAddress: a.streetAddress,
    ...(a.email ? { email: a.email } : {}),
    mobile: a.mobile,
    pincode: Number(a.pincode),
    city: place.city,
    state: place.state,
    country: 'India',
    landmark: a.landmark,
    shippingNote: a.shippingNote,
  };
}

// ---------- step 1: the buyer ----------

async function checkBuyer(tx: Tx, buyer: Buyer, address: OrderAddressCopy, needsPayment: boolean): Promise<void> {
  if (buyer.kind === 'guest') {
    // The server checks the verification itself: the token of guest/verify-otp for exactly this mobile, used once.
    if (!buyer.token) throw badRequest(MSG.verifyPhone, { guestToken: MSG.verifyPhone });
    await consumeVerificationToken(tx, buyer.token, { purpose: 'guest', channel: 'mobile', contact: address.mobile });
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`buyer:guest:${buyer.mobile}`}, 0))`);
  } else {
    await lockWallet(tx, buyer.userId);
  }
  if (!needsPayment) return;
  const owner =
    buyer.kind === 'user' ? eq(orders.userId, buyer.userId) : and(isNull(orders.userId), eq(orders.guestMobile, buyer.mobile));
  const res = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(owner, eq(orders.status, 'created')));
  if (Number(res[0]?.n ?? 0) >= ORDER.maxUnpaidOrders) throw tooMany(MSG.tooManyUnpaidOrders);
}

/**
 * Cash-on-delivery orders hold stock with nothing paid, like unpaid online ones: a buyer may have at most
 * ORDER.maxOpenCodOrders of them on their way (placed, not delivered or cancelled), and ORDER.maxOpenCodPieces
 * pieces in them counting this order (issue 9). The buyer's lock (checkBuyer) makes the count hold under
 * concurrent orders.
 */
async function checkCodCap(tx: Tx, buyer: Buyer, pieces: number): Promise<void> {
  const owner = buyer.kind === 'user' ? eq(orders.userId, buyer.userId) : and(isNull(orders.userId), eq(orders.guestMobile, buyer.mobile));
  const res = await tx.execute<{ orders: number; pieces: number }>(sql`
    select count(distinct orders.id)::int as orders, coalesce(sum(l.quantity), 0)::int as pieces
    from orders join order_lines l on l.order_id = orders.id
    where ${owner} and orders.payment_mode = 'cod' and orders.payment_status = 'cod' and orders.status in ('pending', 'confirmed', 'shipped')`);
  const open = res.rows[0] ?? { orders: 0, pieces: 0 };
  if (Number(open.orders) >= ORDER.maxOpenCodOrders) throw tooMany(MSG.tooManyCodOrders);
  if (Number(open.pieces) + pieces > ORDER.maxOpenCodPieces) throw tooMany(MSG.tooManyCodPieces);
}

// ---------- step 2: price the lines ----------

const lineKey = (l: { productId: string; size?: Size | null; color?: string | null }) =>
  `${l.productId}|${l.size ?? ''}|${(l.color ?? '').toLowerCase()}`;

async function priceLines(tx: Tx, all: readonly RequestedLine[], buyerUserId: string | null): Promise<PricedLine[]> {
  if (!all.length) throw badRequest(MSG.cartEmpty);
  if (all.length > ORDER.maxLines) throw badRequest(MSG.tooManyLines);
  // chat (temporary) products: priced from the vendor's offer, sold only to the shopper it was sent to
  const temp: PricedLine[] = [];
  for (const r of all.filter((l) => l.tempProductId)) {
    const offer = buyerUserId ? await tempProductForBuyer(tx, r.tempProductId!, buyerUserId) : null;
    if (!offer) throw notFound(MSG.productNotFound);
    if (offer.suspended) throw conflict(MSG.productStoreUnavailable);
    temp.push({
      productId: null,
      vendorId: offer.vendorId,
      categoryId: offer.categoryId,
      hsnCode: offer.hsnCode,
      gstRate: offer.taxPercent,
      commissionPercent: offer.commissionPercent,
      brandName: offer.brandName,
      name: offer.name,
      slug: '',
      image: offer.images[0] ?? '',
      price: offer.offeredPrice,
      mrp: offer.price,
      quantity: r.quantity,
      size: null,
      color: offer.color,
      isFreeSize: false,
      isColorOptions: false,
      isTempProduct: true,
      tempProductId: offer.id,
    });
  }
  const requested = all.filter((l) => !l.tempProductId);
  if (!requested.length) return temp;
  const products = await loadProducts(
    tx,
    requested.map((r) => r.productId),
  );
  if (!products.size) throw notFound(MSG.productNotFound);
  // the category's HSN code, GST and commission rates, and the vendor's brand, for every product (one query)
  const extraRows = await tx.execute<{ id: string; hsn_code: string | null; gst_rate: number; commission_percent: string; brand_name: string | null }>(sql`select
      p.id, c.hsn_code, c.gst_rate, c.commission_percent::text as commission_percent, v.brand_name
    from products p join categories c on c.id = p.category_id left join vendors v on v.user_id = p.vendor_id
    where p.id in (${uuidList([...products.keys()])})`);
  const extra = new Map(extraRows.rows.map((r) => [r.id, r]));

  const merged = new Map<string, PricedLine>();
  for (const r of requested) {
    const product = products.get(r.productId);
    if (!product) throw notFound(MSG.productNotFound);
    if (!product.isActive) {
      // a suspended store's product says why (ADR 025)
      const why = product.heldBySuspension ? MSG.productStoreUnavailable : MSG.productUnavailable;
      throw conflict(all.length > 1 ? `${product.name}: ${why}` : why);
    }
    if (buyerUserId && product.vendorId === buyerUserId) throw badRequest(MSG.ownProduct);
    const v = resolveVariant(product, { size: r.size ?? null, color: r.color ?? null });
    const key = lineKey({ productId: product.id, size: v.size, color: v.color });
    const existing = merged.get(key);
    if (existing) {
      // the same product and size/colour twice (a guest cart may hold that): one line, within the limit of 10
      existing.quantity += r.quantity;
      if (existing.quantity > QUANTITY.max) throw badRequest(MSG.quantityMax, { quantity: MSG.quantityMax });
      continue;
    }
    const more = extra.get(product.id);
    merged.set(key, {
      productId: product.id,
      vendorId: product.vendorId,
      categoryId: product.categoryId,
      hsnCode: product.hsnCode ?? more?.hsn_code ?? null,
      gstRate: Number(more?.gst_rate ?? 0),
      commissionPercent: more?.commission_percent ?? String(COMMISSION.defaultPercent),
      brandName: more?.brand_name ?? '',
      name: product.name,
      slug: product.slug,
      image: pickImage(product, v, r.image),
      price: product.offeredPrice,
      mrp: product.price,
      quantity: r.quantity,
      size: v.size,
      color: v.color,
      isFreeSize: product.isFreeSize,
      isColorOptions: product.isColorOptions,
      isTempProduct: false,
      tempProductId: null,
    });
  }
  return [...merged.values(), ...temp];
}

// ---------- steps 5 and 6: the order and its payment ----------

async function insertOrder(
  tx: Tx,
  input: PlaceOrderInput,
  lines: readonly PricedLine[],
  money: { subTotal: number; shippingCharges: number; grandTotal: number; walletAmountUsed: number; amountPayable: number },
  guestAccessHash: string | null,
): Promise<StoredOrder> {
  const now = clock.now();
  const needsPayment = money.amountPayable > 0 && input.paymentMode === 'online';
  const paymentMode = money.amountPayable === 0 ? 'wallet' : input.paymentMode;
  const [order] = await tx
    .insert(orders)
    .values({
      orderInitial: ORDER.initial,
      userId: input.buyer.kind === 'user' ? input.buyer.userId : null,
      guestMobile: input.buyer.kind === 'guest' ? input.buyer.mobile : null,
      guestAccessHash,
      source: input.source,
      status: needsPayment ? 'created' : 'pending',
      paymentMode,
      paymentStatus: needsPayment ? 'pending' : paymentMode === 'cod' ? 'cod' : 'paid',
      ...money,
      address: input.address,
      paymentExpiresAt: needsPayment ? paymentDeadline(now) : null,
      createdAt: now,
      updatedAt: now,
      paidAt: needsPayment || paymentMode === 'cod' ? null : now,
    })
    .returning();
  const lineRows = await tx
    .insert(orderLines)
    .values(lines.map(({ brandName: _brand, ...l }, position) => ({ orderId: order!.id, position, ...l })))
    .returning();
  const brands = new Map<string, string>();
  for (const l of lines) if (!brands.has(l.vendorId)) brands.set(l.vendorId, l.brandName);
  const groupRows = await tx
    .insert(orderVendorGroups)
    .values([...brands].map(([vendorId, brandName]) => ({ orderId: order!.id, vendorId, brandName, status: order!.status, placedAt: order!.createdAt })))
    .returning();
  return { order: order!, lines: lineRows, groups: groupRows };
}

const paymentDescription = (order: OrderRow, lines: readonly PricedLine[]) => {
  const pieces = lines.reduce((n, l) => n + l.quantity, 0);
  return `Order ${formatOrderNumber(order.orderInitial, order.orderNumber)} · ${pieces} item${pieces === 1 ? '' : 's'}`;
};

async function placeTx(
  tx: Tx,
  ctx: Pick<AppContext, 'config'>,
  input: PlaceOrderInput,
  guestAccessHash: string | null,
): Promise<StoredOrder & { payment: PaymentRow | null }> {
  const { buyer } = input;
  const userId = buyer.kind === 'user' ? buyer.userId : null;
  // 1. the buyer (the unpaid cap only matters for online orders; wallet cash may still cover them, checked below)
  await checkBuyer(tx, buyer, input.address, input.paymentMode === 'online');
  await lockCatalogueWrites(tx);

  // 2. the lines, priced from the catalogue
  let requested: readonly RequestedLine[];
  if (input.lines === 'cart') {
    const cart = await readCart(tx, userId!, { lock: true });
    // lines flagged out of stock (off sale, or fewer left than the line holds) stay in the cart, out of the order
    requested = cart
      .filter((line) => !line.outOfStock)
      .map((line) => ({ productId: line.productId, quantity: line.quantity, size: line.size, color: line.color, image: line.image }));
    if (!requested.length) {
      if (!cart.length) throw badRequest(MSG.cartEmpty);
      // every line is off sale: say so plainly when it is because their stores are suspended (ADR 025)
      throw conflict(cart.every((line) => line.product.heldBySuspension) ? MSG.productStoreUnavailable : MSG.outOfStock);
    }
  } else {
    requested = input.lines;
  }
  const lines = await priceLines(tx, requested, userId);
  if (input.paymentMode === 'cod') await checkCodCap(tx, buyer, lines.reduce((n, l) => n + l.quantity, 0));

  // 3. stock
  await reserveStock(
    tx,
    lines.flatMap((l) => (l.productId ? [{ ...l, productId: l.productId }] : [])),
  );

  // 4. wallet cash (the buyer's wallet lock is held since step 1)
  const totals = totalsOf(lines.map((l) => ({ quantity: l.quantity, offeredPrice: l.price, price: l.mrp })));
  const balance = input.useWallet && userId ? await walletBalance(tx, userId) : 0;
  const walletAmountUsed = input.useWallet && userId ? walletCashFor(balance, totals.grandTotal, await unspentReward(tx, userId, balance)) : 0;
  const money = {
    subTotal: totals.subTotal,
    shippingCharges: totals.shippingCharges,
    grandTotal: totals.grandTotal,
    walletAmountUsed,
    amountPayable: totals.grandTotal - walletAmountUsed,
  };

  // 5. the order
  const stored = await insertOrder(tx, input, lines, money, guestAccessHash);
  const { order } = stored;
  if (userId) await debitOrderCash(tx, { userId, order, amount: walletAmountUsed, pending: order.status === 'created' });

  // 6. the payment, or the order goes ahead at once (cod, or nothing left to pay)
  if (order.status === 'created') {
    const payment = await createPayment(tx, ctx, { purpose: 'order', orderId: order.id, userId, amount: order.amountPayable, description: paymentDescription(order, lines) });
    return { ...stored, payment };
  }
  await onOrderPending(tx, order, stored.lines);
  return { ...stored, payment: null };
}

/**
 * Places an order and, when it waits for an online payment, starts that payment at the gateway after the commit.
 * If the gateway cannot be reached the payment is failed, which cancels the order and undoes its reservations,
 * and the caller gets 503.
 */
export async function placeOrder(ctx: Pick<AppContext, 'db' | 'config'>, input: PlaceOrderInput): Promise<PlacedOrder> {
  if (input.buyer.kind === 'guest' && input.paymentMode !== 'online') throw badRequest(MSG.guestOnlineOnly, { paymentMode: MSG.guestOnlineOnly });
  const link = input.buyer.kind === 'guest' ? newGuestOrderToken() : null;
  const { payment, ...stored } = await transaction(ctx.db, (tx) => placeTx(tx, ctx, input, link?.hash ?? null));
  const placed = { ...stored, guestOrderToken: link?.token ?? null };
  if (!payment) return { ...placed, url: null };
  try {
    return { ...placed, url: await launchPayment(ctx, payment) };
  } catch (err) {
    await recordOutcome(ctx.db, payment.id, 'failed', { reason: 'The payment could not be started', final: true });
    throw err instanceof AppError ? err : Object.assign(new AppError(503, MSG.paymentStartFailed), { cause: err });
  }
}
