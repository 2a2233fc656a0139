import { and, eq, sql, type SQL } from 'drizzle-orm';
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
import { orders, orderVendorGroups, type OrderRow, type OrderVendorGroupRow } from '../../db/schema/index.ts';
import type { CachedJson } from '../../lib/catalogue-cache.ts';
import { clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { stableKey } from '../../lib/stable-key.ts';
import { transaction } from '../../lib/transaction.ts';
import { cancelOrderParts } from '../orders/cancel.ts';
import { assertTransition, deriveOrderStatus, lockOrder } from '../orders/status.ts';
import { vendorConsoleCache } from './cache.ts';

/**
 * The vendor console's orders (issue 10): a vendor reads and moves only its own part of an order (its
 * ordersVendorWise entry and its lines). Another vendor's order is a 404, as if it did not exist, so order ids
 * leak nothing. Orders still awaiting their online payment (created) are not shown: nothing can be done with them.
 *
 * Status: each part moves by ORDER_TRANSITIONS (orders/status.ts assertTransition, 409 otherwise); the order's own
 * status follows its parts (deriveOrderStatus). Cancelling goes through orders/cancel.ts, the one refund path.
 */

type PartRow = { order: OrderRow; group: OrderVendorGroupRow };

/**
 * A part as the list and the detail read it: the few columns they show, the buyer's name and city out of the
 * address, and the vendor's lines as JSON in position order, in the same row (one query per page, not one per
 * table), so neither the ORM's mapping of two whole tables nor a second round trip is paid per request.
 */
type PartSqlRow = {
  order_id: string;
  status: VendorOrderSummary['status'];
  aws_number: string | null;
  courier_partner: string | null;
  order_initial: string;
  order_number: number;
  /** a Date or PostgreSQL's text, by driver: read as the ORM reads a timestamp column */
  created_at: Date | string;
  order_status: VendorOrderSummary['orderStatus'];
  payment_mode: VendorOrderSummary['paymentMode'];
  payment_status: VendorOrderSummary['paymentStatus'];
  first_name: string;
  last_name: string;
  city: string;
  lines: VendorOrderSummary['lines'];
};

/** The columns of PartSqlRow, for a part `g` joined to its order `o`. */
const PART_COLUMNS = sql`g.order_id, g.status, g.aws_number, g.courier_partner, o.order_initial, o.order_number, o.created_at,
  o.status as order_status, o.payment_mode, o.payment_status,
  o.address->>'firstName' as first_name, o.address->>'lastName' as last_name, o.address->>'city' as city,
  coalesce((select json_agg(json_build_object('_id', l.id, 'productId', l.product_id, 'name', l.name, 'slug', l.slug, 'image', l.image,
      'price', l.price, 'quantity', l.quantity, 'size', l.size, 'color', l.color) order by l.position)
    from order_lines l where l.order_id = g.order_id and l.vendor_id = g.vendor_id), '[]'::json) as lines`;

function toSummary(r: PartSqlRow): VendorOrderSummary {
  return {
    orderId: r.order_id,
    orderNumber: formatOrderNumber(r.order_initial, Number(r.order_number)),
    createdAt: new Date(r.created_at).toISOString(),
    buyerName: `${r.first_name} ${r.last_name}`.trim(),
    city: r.city,
    status: r.status,
    orderStatus: r.order_status,
    paymentMode: r.payment_mode,
    paymentStatus: r.payment_status,
    partTotal: r.lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
    lines: r.lines,
    awsNumber: r.aws_number,
    courierPartner: r.courier_partner,
    trackingUrl: trackingUrlFor(r.courier_partner, r.aws_number),
  };
}

/** An order number as typed: SW0012, sw12, 0012, 12. */
function orderNumberOf(search: string): number | null {
  const m = /^(?:[a-z]{2})?\s*0*(\d{1,9})$/i.exec(search.trim());
  return m ? Number(m[1]) : null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The order list's filters on a part `g` joined to its order `o`. */
function partFilters(vendorId: string, query: Partial<VendorOrderListQuery>): SQL {
  const where: SQL[] = [sql`g.vendor_id = ${vendorId}`, sql`o.status <> 'created'`];
  if (query.status) where.push(sql`g.status = ${query.status}`);
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    const byName = sql`(o.address->>'firstName') || ' ' || (o.address->>'lastName') ilike ${like}`;
    const number = orderNumberOf(query.search);
    where.push(number !== null ? sql`(o.order_number = ${number} or ${byName})` : byName);
  }
  return sql.join(where, sql` and `);
}

/**
 * A page of the vendor's parts, newest first, with their lines: one query. Newest is the order's placed time, copied
 * onto each part (placed_at, migration 0040, ADR 037), so the page is read from the vendor's index on it in list
 * order and stops after the page instead of joining and sorting all of a big shop's parts; the order number breaks
 * ties of one instant, as it always has. The page is chosen first and only its rows get their lines.
 */
async function pageOfParts(db: Db, vendorId: string, query: Partial<VendorOrderListQuery>, page: number, pageSize: number): Promise<VendorOrderSummary[]> {
  const res = await db.execute<PartSqlRow>(sql`select ${PART_COLUMNS}
    from (select g.id from order_vendor_groups g join orders o on o.id = g.order_id where ${partFilters(vendorId, query)}
      order by g.placed_at desc, o.order_number desc limit ${pageSize} offset ${(page - 1) * pageSize}) p
    join order_vendor_groups g on g.id = p.id join orders o on o.id = g.order_id
    order by g.placed_at desc, o.order_number desc`);
  return res.rows.map(toSummary);
}

/** GET vendor/orders: the vendor's parts, newest first (two queries: the count, and the page with its lines). */
export async function listVendorOrders(db: Db, vendorId: string, query: Partial<VendorOrderListQuery> & { page: number }) {
  const pageSize = query.pageSize ?? VENDOR_ORDERS_PAGE_SIZE;
  const [count, page] = await Promise.all([
    query.search
      ? db
          .execute<{ n: number }>(sql`select count(*)::int as n from order_vendor_groups g join orders o on o.id = g.order_id where ${partFilters(vendorId, query)}`)
          .then((r) => Number(r.rows[0]?.n ?? 0))
      : countParts(db, vendorId, query.status),
    pageOfParts(db, vendorId, query, query.page, pageSize),
  ]);
  return { orders: page, count, page: query.page, pageSize };
}

/**
 * GET vendor/orders as JSON text ready to send, kept per vendor and query while the vendor's orders and stock stay
 * as they were (cache.ts, ADR 037): a repeated list costs one primary-key read.
 */
export async function vendorOrdersAnswer(db: Db, vendorId: string, query: Partial<VendorOrderListQuery> & { page: number }): Promise<CachedJson> {
  const key = stableKey({ list: true, status: query.status, search: query.search, page: query.page, pageSize: query.pageSize ?? VENDOR_ORDERS_PAGE_SIZE });
  return (await vendorConsoleCache(db).get(vendorId, key, () => listVendorOrders(db, vendorId, query))).json;
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

/** GET vendor/orders/{orderId}: the part with what the parcel's label needs, in one query. */
export async function getVendorOrder(db: Db, vendorId: string, orderId: string): Promise<VendorOrderDetail> {
  const res = await db.execute<PartSqlRow & { address: OrderRow['address']; cancel_reason: string | null }>(sql`select ${PART_COLUMNS}, o.address,
      case when g.status = 'cancelled' then (select r.reason from order_refunds r where r.vendor_group_id = g.id limit 1) end as cancel_reason
    from order_vendor_groups g join orders o on o.id = g.order_id
    where g.order_id = ${orderId} and g.vendor_id = ${vendorId}`);
  const row = res.rows[0];
  // another vendor's order, or none: the same 404
  if (!row) throw notFound(MSG.orderNotFound);
  const summary = toSummary(row);
  const a = row.address;
  return {
    ...summary,
    shippingAddress: {
      name: summary.buyerName,
      streetAddress: a.streetAddress,
      landmark: a.landmark ?? '',
      city: a.city,
      state: a.state,
      pincode: String(a.pincode),
      mobile: a.mobile,
      shippingNote: a.shippingNote ?? '',
    },
    cancelReason: row.cancel_reason ?? null,
  };
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

/** The dashboard's recent orders: the first of the order list. */
const RECENT_ORDERS = 5;

/** A day of India's calendar as PostgreSQL's date text (vendor_daily_sales.day): the India date of `instant`. */
const indiaDate = (instant: Date) => new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * GET vendor/dashboard as JSON text ready to send, kept per vendor and India day while the vendor's orders and stock
 * stay as they were (cache.ts, ADR 037): a repeated dashboard costs one primary-key read.
 */
export async function vendorDashboardAnswer(db: Db, vendorId: string): Promise<CachedJson> {
  const { dayStart, monthStart } = indiaPeriods(clock.now());
  const [today, month] = [indiaDate(dayStart), indiaDate(monthStart)];
  return (await vendorConsoleCache(db).get(vendorId, `dashboard ${today}`, () => vendorDashboard(db, vendorId, today, month))).json;
}

/**
 * The dashboard for India day `today` of month `month` (PostgreSQL date text), in three queries whatever the shop's
 * size, each reading a handful of rows kept by triggers or indexes (migrations 0039 and 0040, ADRs 033 and 037): the
 * period figures (a row per day of the month) with the counts per status, the low-stock list, and the recent orders
 * (the order list's first page with its lines, without its count). Orders and sales count parts paid or cash on
 * delivery and not cancelled, by the India day the order was placed.
 */
async function vendorDashboard(db: Db, vendorId: string, today: string, month: string): Promise<VendorDashboard> {
  const [figures, lowStock, recent] = await Promise.all([
    db.execute<{ today_orders: number; today_sales: number; month_orders: number; month_sales: number; counts: Record<string, number> }>(sql`
      select f.*,
        (select coalesce(json_object_agg(status, parts), '{}'::json) from vendor_part_counts where vendor_id = ${vendorId} and parts > 0) as counts
      from (select
        coalesce(sum(orders) filter (where day >= ${today}::date), 0)::int as today_orders,
        coalesce(sum(sales) filter (where day >= ${today}::date), 0)::int as today_sales,
        coalesce(sum(orders), 0)::int as month_orders,
        coalesce(sum(sales), 0)::int as month_sales
      from vendor_daily_sales where vendor_id = ${vendorId} and day >= ${month}::date) f`),
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
    pageOfParts(db, vendorId, {}, 1, RECENT_ORDERS),
  ]);
  const f = figures.rows[0]!;
  const countsByStatus: Record<string, number> = {};
  for (const [status, count] of Object.entries(f.counts)) countsByStatus[status] = Number(count);
  return {
    today: { orders: f.today_orders, sales: f.today_sales },
    month: { orders: f.month_orders, sales: f.month_sales },
    // paid (or cash on delivery) and not shipped yet: what the vendor has to act on
    newOrders: (countsByStatus.pending ?? 0) + (countsByStatus.confirmed ?? 0),
    countsByStatus,
    lowStock: lowStock.rows.map((r) => ({ productId: r.product_id, name: r.name, image: r.image ?? '', variant: r.variant, left: Number(r.qty) })),
    recentOrders: recent,
  };
}
