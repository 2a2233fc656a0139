import { and, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  formatOrderNumber,
  illegalTransitionMessage,
  MSG,
  trackingUrlFor,
  VENDOR_ORDERS_PAGE_SIZE,
  type VendorDashboard,
  type VendorOrderDetail,
  type VendorOrderListQuery,
  type VendorOrderSummary,
} from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orderRefunds, orders, orderVendorGroups, type OrderLineRow, type OrderRow, type OrderVendorGroupRow } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { cancelOrderParts } from '../orders/cancel.ts';
import { assertTransition, deriveOrderStatus, lockOrder } from '../orders/status.ts';

/**
 * The vendor console's orders (issue 10): a vendor reads and moves only its own part of an order (its
 * ordersVendorWise entry and its lines). Another vendor's order is a 404, as if it did not exist, so order ids
 * leak nothing. Orders still awaiting their online payment (created) are not shown: nothing can be done with them.
 *
 * Status: each part moves by ORDER_TRANSITIONS (orders/status.ts assertTransition, 409 otherwise); the order's own
 * status follows its parts (deriveOrderStatus). Cancelling goes through orders/cancel.ts, the one refund path.
 */

type PartRow = { order: OrderRow; group: OrderVendorGroupRow };

/** The buyer's name as the console shows it. */
const buyerName = (o: OrderRow) => `${o.address.firstName} ${o.address.lastName}`.trim();

function toSummary({ order, group }: PartRow, lines: readonly OrderLineRow[]): VendorOrderSummary {
  const mine = lines.filter((l) => l.orderId === order.id && l.vendorId === group.vendorId).sort((a, b) => a.position - b.position);
  return {
    orderId: order.id,
    orderNumber: formatOrderNumber(order.orderInitial, order.orderNumber),
    createdAt: order.createdAt.toISOString(),
    buyerName: buyerName(order),
    city: order.address.city,
    status: group.status,
    orderStatus: order.status,
    paymentMode: order.paymentMode,
    paymentStatus: order.paymentStatus,
    partTotal: mine.reduce((sum, l) => sum + l.price * l.quantity, 0),
    lines: mine.map((l) => ({ _id: l.id, productId: l.productId, name: l.name, slug: l.slug, image: l.image, price: l.price, quantity: l.quantity, size: l.size, color: l.color })),
    awsNumber: group.awsNumber,
    courierPartner: group.courierPartner,
    trackingUrl: trackingUrlFor(group.courierPartner, group.awsNumber),
  };
}

async function linesOfParts(db: Db | Tx, vendorId: string, orderIds: string[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, orderIds), eq(orderLines.vendorId, vendorId)));
}

/** An order number as typed: SW0012, sw12, 0012, 12. */
function orderNumberOf(search: string): number | null {
  const m = /^(?:[a-z]{2})?\s*0*(\d{1,9})$/i.exec(search.trim());
  return m ? Number(m[1]) : null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET vendor/orders: the vendor's parts, newest first (three queries: count, page, the page's lines). */
export async function listVendorOrders(db: Db, vendorId: string, query: Partial<VendorOrderListQuery> & { page: number }) {
  const pageSize = query.pageSize ?? VENDOR_ORDERS_PAGE_SIZE;
  const where: SQL[] = [eq(orderVendorGroups.vendorId, vendorId), ne(orders.status, 'created')];
  if (query.status) where.push(eq(orderVendorGroups.status, query.status));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    const byName = sql`(${orders.address}->>'firstName') || ' ' || (${orders.address}->>'lastName') ilike ${like}`;
    const number = orderNumberOf(query.search);
    where.push(number !== null ? or(eq(orders.orderNumber, number), byName)! : byName);
  }
  const [count, rows] = await Promise.all([
    query.search
      ? db
          .select({ count: sql<number>`count(*)::int` })
          .from(orderVendorGroups)
          .innerJoin(orders, eq(orders.id, orderVendorGroups.orderId))
          .where(and(...where))
          .then((r) => r[0]?.count ?? 0)
      : countParts(db, vendorId, query.status),
    db
      .select({ order: orders, group: orderVendorGroups })
      .from(orderVendorGroups)
      .innerJoin(orders, eq(orders.id, orderVendorGroups.orderId))
      .where(and(...where))
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
  ]);
  const lines = await linesOfParts(db, vendorId, rows.map((r) => r.order.id));
  return { orders: rows.map((r) => toSummary(r, lines)), count, page: query.page, pageSize };
}

/**
 * The vendor's parts (of one status) whose order is not awaiting payment: kept by triggers in vendor_part_counts
 * (migration 0039), so a big shop's count is one or six rows, not tens of thousands of index entries.
 */
async function countParts(db: Db, vendorId: string, status?: string): Promise<number> {
  const ofStatus = status ? sql`and status = ${status}` : sql``;
  const res = await db.execute<{ n: number }>(sql`select coalesce(sum(parts), 0)::int as n from vendor_part_counts where vendor_id = ${vendorId} ${ofStatus}`);
  return Number(res.rows[0]?.n ?? 0);
}

async function partOf(db: Db | Tx, vendorId: string, orderId: string): Promise<PartRow> {
  const [row] = await db
    .select({ order: orders, group: orderVendorGroups })
    .from(orderVendorGroups)
    .innerJoin(orders, eq(orders.id, orderVendorGroups.orderId))
    .where(and(eq(orderVendorGroups.orderId, orderId), eq(orderVendorGroups.vendorId, vendorId)))
    .limit(1);
  // another vendor's order, or none: the same 404
  if (!row) throw notFound(MSG.orderNotFound);
  return row;
}

/** GET vendor/orders/{orderId}: the part with what the parcel's label needs. */
export async function getVendorOrder(db: Db, vendorId: string, orderId: string): Promise<VendorOrderDetail> {
  const part = await partOf(db, vendorId, orderId);
  const lines = await linesOfParts(db, vendorId, [orderId]);
  const a = part.order.address;
  return {
    ...toSummary(part, lines),
    shippingAddress: {
      name: buyerName(part.order),
      streetAddress: a.streetAddress,
      landmark: a.landmark ?? '',
      city: a.city,
      state: a.state,
      pincode: String(a.pincode),
      mobile: a.mobile,
      shippingNote: a.shippingNote ?? '',
    },
    cancelReason: part.group.status === 'cancelled' ? await cancelReasonOf(db, part.group.id) : null,
  };
}

async function cancelReasonOf(db: Db, groupId: string): Promise<string | null> {
  const [row] = await db.select({ reason: orderRefunds.reason }).from(orderRefunds).where(eq(orderRefunds.vendorGroupId, groupId)).limit(1);
  return row?.reason ?? null;
}

export type VendorMove = 'confirmed' | 'shipped' | 'delivered';

/** Confirm, ship, deliver the vendor's part: the legal moves only (409), an order not paid (nor cash on delivery) never. */
export async function moveVendorPart(db: Db, vendorId: string, orderId: string, to: VendorMove, shipment: { courierPartner?: string; awsNumber?: string } = {}): Promise<void> {
  await transaction(db, async (tx) => {
    await partOf(tx, vendorId, orderId); // 404 before locking anything of another vendor's order
    await movePartTx(tx, vendorId, orderId, to, shipment);
  });
}

/**
 * The move itself, in the caller's transaction (the vendor console's, or the admin console's, which audits it in
 * the same transaction): locks the order and the part, checks ORDER_TRANSITIONS, moves the part, and the order
 * follows its parts.
 */
export async function movePartTx(tx: Tx, vendorId: string, orderId: string, to: VendorMove, shipment: { courierPartner?: string; awsNumber?: string } = {}): Promise<void> {
  const order = await lockOrder(tx, orderId);
  const [group] = await tx
    .select()
    .from(orderVendorGroups)
    .where(and(eq(orderVendorGroups.orderId, orderId), eq(orderVendorGroups.vendorId, vendorId)))
    .for('update');
  if (!group) throw notFound(MSG.orderNotFound);
  assertTransition(group.status, to);
  // belt and braces: a part moves on only once its order is paid or cash on delivery (created parts cannot anyway)
  if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'cod') throw conflict(illegalTransitionMessage(order.status, to));
  await tx
    .update(orderVendorGroups)
    .set({ status: to, ...(to === 'shipped' ? { courierPartner: shipment.courierPartner, awsNumber: shipment.awsNumber } : {}) })
    .where(eq(orderVendorGroups.id, group.id));
  await deriveOrderStatus(tx, order);
}

/**
 * Cancel the vendor's part: orders/cancel.ts does the work (stock back, refund exactly once, the order cancelled
 * when every part is). A part already shipped, delivered or cancelled is the usual 409 of an illegal move.
 */
export async function cancelVendorPart(ctx: Pick<AppContext, 'db' | 'config'>, vendorId: string, orderId: string, reason: string): Promise<void> {
  const { group } = await partOf(ctx.db, vendorId, orderId);
  assertTransition(group.status, 'cancelled');
  // orders/cancel.ts also moves the order on when the parts left are all further along (deriveOrderStatus)
  await cancelOrderParts(ctx, { orderId, actor: { kind: 'vendor', userId: vendorId }, reason });
}

// ---------- dashboard ----------

/** India Standard Time is UTC+5:30 all year (no daylight saving). */
export const IST_OFFSET_MS = 330 * 60_000;

/** Midnight today and the 1st of this month, India time, as instants. */
export function indiaPeriods(now: Date): { dayStart: Date; monthStart: Date } {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const dayStart = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - IST_OFFSET_MS);
  const monthStart = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), 1) - IST_OFFSET_MS);
  return { dayStart, monthStart };
}

/** max is also product_low_stock's threshold in migration 0039 (refresh_low_stock, product_lowest_stock <= 3). */
export const LOW_STOCK = { max: 3, limit: 10 } as const;

/** A day of India's calendar as PostgreSQL's date text (vendor_daily_sales.day): the India date of `instant`. */
const indiaDate = (instant: Date) => new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * GET vendor/dashboard, in five queries whatever the shop's size, each reading a handful of rows kept by triggers
 * (migration 0039, ADR 033): the period figures (a row per day of the month), the counts per status, the low-stock
 * list, and the recent orders (a page and its lines). Orders and sales count parts paid or cash on delivery and not
 * cancelled, by the India day the order was placed.
 */
export async function vendorDashboard(db: Db, vendorId: string): Promise<VendorDashboard> {
  const { dayStart, monthStart } = indiaPeriods(clock.now());
  const [today, month] = [indiaDate(dayStart), indiaDate(monthStart)];
  const [figures, counts, lowStock, recent] = await Promise.all([
    db.execute<{ today_orders: number; today_sales: number; month_orders: number; month_sales: number }>(sql`
      select
        coalesce(sum(orders) filter (where day >= ${today}::date), 0)::int as today_orders,
        coalesce(sum(sales) filter (where day >= ${today}::date), 0)::int as today_sales,
        coalesce(sum(orders), 0)::int as month_orders,
        coalesce(sum(sales), 0)::int as month_sales
      from vendor_daily_sales where vendor_id = ${vendorId} and day >= ${month}::date`),
    db.execute<{ status: string; count: number }>(sql`select status, parts as count from vendor_part_counts where vendor_id = ${vendorId} and parts > 0`),
    // the ten lowest from product_low_stock's index, then which size, colour or free size of each runs lowest
    db.execute<{ product_id: string; name: string; image: string | null; variant: string; qty: number }>(sql`
      select l.product_id, l.name, l.qty, p.images[1] as image, v.variant
      from (select product_id, name, qty from product_low_stock where vendor_id = ${vendorId} order by qty, name, product_id limit ${LOW_STOCK.limit}) l
      join products p on p.id = l.product_id
      cross join lateral (
        select v.variant from (
          select 'Free size' as variant, p.free_size_qty as qty where p.is_free_size
          union all select upper(s.size::text), s.quantity from product_sizes s where s.product_id = p.id and not p.is_free_size and not p.is_color_options
          union all select c.color, c.quantity from product_colors c where c.product_id = p.id and p.is_color_options
        ) v order by v.qty limit 1
      ) v
      order by l.qty, l.name, l.product_id`),
    listVendorOrders(db, vendorId, { page: 1, pageSize: 5 }),
  ]);
  const f = figures.rows[0];
  const countsByStatus: Record<string, number> = {};
  for (const c of counts.rows) countsByStatus[c.status] = Number(c.count);
  return {
    today: { orders: f?.today_orders ?? 0, sales: f?.today_sales ?? 0 },
    month: { orders: f?.month_orders ?? 0, sales: f?.month_sales ?? 0 },
    // paid (or cash on delivery) and not shipped yet: what the vendor has to act on
    newOrders: (countsByStatus.pending ?? 0) + (countsByStatus.confirmed ?? 0),
    countsByStatus,
    lowStock: lowStock.rows.map((r) => ({ productId: r.product_id, name: r.name, image: r.image ?? '', variant: r.variant, left: Number(r.qty) })),
    recentOrders: recent.orders,
  };
}
