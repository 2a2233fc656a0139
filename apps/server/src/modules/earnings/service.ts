import { and, asc, desc, eq, gte, lt, ne, notInArray, sql } from 'drizzle-orm';
import {
  EARNINGS_PAGE_SIZE,
  formatOrderNumber,
  MSG,
  type CommissionCategory,
  type EarningsFigures,
  type EarningsMonthResult,
  type EarningsRow,
  type EarningsStatement,
  type EarningState,
} from '@statewise/contract';
import type { Db } from '../../db/client.ts';
import { categories, orderLines, orders, orderVendorGroups } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { IST_OFFSET_MS } from '../vendor-orders/service.ts';
import { addMoney, partMoney } from './commission.ts';

/**
 * Earnings (issue 10, ADR 017): each vendor part of an order (ordersVendorWise entry) is a row — its sale (the goods'
 * value, GST included, shipping not), the marketplace's commission at the rates copied onto its lines when the
 * order was placed, and the net. Delivered parts are earned; pending, confirmed and shipped ones are upcoming;
 * cancelled ones earn nothing. Orders that were never accepted (an online payment failed or abandoned) are not
 * the vendor's business and are left out, as the console's order list leaves them out. Months are India time, by
 * the day the order was placed.
 */

// ---------- months, India time ----------

export interface Period {
  start: Date;
  end: Date;
}

/** The India-time month (YYYY-MM) an instant falls in. */
export function indiaMonthOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  return `${ist.getUTCFullYear()}-${String(ist.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A month (YYYY-MM) as the instants it starts and ends at, India time. */
export function indiaMonth(month: string): Period {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1) - IST_OFFSET_MS), end: new Date(Date.UTC(y, m, 1) - IST_OFFSET_MS) };
}

export function indiaYear(year: number): Period {
  return { start: new Date(Date.UTC(year, 0, 1) - IST_OFFSET_MS), end: new Date(Date.UTC(year + 1, 0, 1) - IST_OFFSET_MS) };
}

// ---------- the parts of a period ----------

interface PartRow {
  orderId: string;
  orderInitial: string;
  orderNumber: number;
  createdAt: Date;
  status: EarningsRow['status'];
  pieces: number;
  /** Σ price × quantity, rupees (text: bigint). */
  sale: string;
  /** Σ price × quantity × rate in hundredths of a percent: hundredths of a paisa (text: bigint). */
  units: string;
  /** The distinct rates of the part's lines, comma-separated. */
  rates: string;
}

const stateOf = (status: EarningsRow['status']): EarningState => (status === 'delivered' ? 'earned' : status === 'cancelled' ? 'cancelled' : 'upcoming');

/**
 * Every part of the vendor's orders placed in the period, newest first, with its sums: ONE query whatever the
 * number of parts (one row per part, its lines summed by PostgreSQL).
 */
async function partsIn(db: Db, vendorId: string, period: Period, onlyDelivered = false): Promise<PartRow[]> {
  const where = [
    eq(orderVendorGroups.vendorId, vendorId),
    gte(orders.createdAt, period.start),
    lt(orders.createdAt, period.end),
    // an online order still awaiting its payment, or whose payment failed or expired, never reached the vendor
    ne(orders.status, 'created'),
    notInArray(orders.paymentStatus, ['failed', 'expired']),
  ];
  if (onlyDelivered) where.push(eq(orderVendorGroups.status, 'delivered'));
  return db
    .select({
      orderId: orders.id,
      orderInitial: orders.orderInitial,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orderVendorGroups.status,
      pieces: sql<number>`sum(${orderLines.quantity})::int`,
      sale: sql<string>`sum(${orderLines.price}::bigint * ${orderLines.quantity})::text`,
      units: sql<string>`sum(${orderLines.price}::bigint * ${orderLines.quantity} * round(${orderLines.commissionPercent} * 100)::bigint)::text`,
      rates: sql<string>`string_agg(distinct ${orderLines.commissionPercent}::text, ',')`,
    })
    .from(orderVendorGroups)
    .innerJoin(orders, eq(orders.id, orderVendorGroups.orderId))
    .innerJoin(orderLines, and(eq(orderLines.orderId, orderVendorGroups.orderId), eq(orderLines.vendorId, orderVendorGroups.vendorId)))
    .where(and(...where))
    .groupBy(orderVendorGroups.id, orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
}

function toRow(p: PartRow): EarningsRow {
  const state = stateOf(p.status);
  return {
    orderId: p.orderId,
    orderNumber: formatOrderNumber(p.orderInitial, p.orderNumber),
    createdAt: p.createdAt.toISOString(),
    status: p.status,
    state,
    pieces: Number(p.pieces),
    rates: p.rates
      .split(',')
      .map(Number)
      .sort((a, b) => a - b),
    ...partMoney(Number(p.sale), Number(p.units), state === 'cancelled'),
  };
}

const zero = (): EarningsFigures => ({ orders: 0, salePaise: 0, commissionPaise: 0, netPaise: 0 });

/** GET vendor/earnings: the month's figures (earned, upcoming, cancelled) and a page of its parts, in one query. */
export async function monthEarnings(db: Db, vendorId: string, query: { month?: string; page: number; pageSize?: number }): Promise<EarningsMonthResult> {
  const month = query.month ?? indiaMonthOf(clock.now());
  const pageSize = query.pageSize ?? EARNINGS_PAGE_SIZE;
  const rows = (await partsIn(db, vendorId, indiaMonth(month))).map(toRow);
  const earned = zero();
  const upcoming = zero();
  let cancelled = 0;
  for (const r of rows) {
    if (r.state === 'earned') addMoney(earned, r);
    else if (r.state === 'upcoming') addMoney(upcoming, r);
    else cancelled += 1;
  }
  const from = (query.page - 1) * pageSize;
  return { month, earned, upcoming, cancelled: { orders: cancelled }, rows: rows.slice(from, from + pageSize), count: rows.length, page: query.page, pageSize };
}

/** GET vendor/earnings/statement: the year's delivered parts, one row per month (all twelve) and the year's totals. */
export async function yearStatement(db: Db, vendorId: string, year?: number): Promise<EarningsStatement> {
  const y = year ?? Number(indiaMonthOf(clock.now()).slice(0, 4));
  const months = Array.from({ length: 12 }, (_, i) => ({ month: `${y}-${String(i + 1).padStart(2, '0')}`, ...zero() }));
  const totals = zero();
  for (const part of await partsIn(db, vendorId, indiaYear(y), true)) {
    const row = toRow(part);
    const m = Number(indiaMonthOf(part.createdAt).slice(5, 7));
    addMoney(months[m - 1]!, row);
    addMoney(totals, row);
  }
  return { year: y, months, totals };
}

// ---------- the month's statement as CSV ----------

const rupees = (p: number) => (p / 100).toFixed(2);
const STATE_LABEL: Record<EarningState, string> = { earned: 'Earned', upcoming: 'Upcoming', cancelled: 'Cancelled' };
const indiaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused for spreadsheets. */
function field(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * GET vendor/earnings/csv: the month's parts (rupees with paise, 2 decimals), then the month's earned total (the
 * delivered parts; upcoming and cancelled parts are listed but not counted). CRLF lines, as RFC 4180.
 */
export async function monthCsv(db: Db, vendorId: string, month?: string): Promise<{ month: string; csv: string }> {
  const m = month ?? indiaMonthOf(clock.now());
  const data = await monthEarnings(db, vendorId, { month: m, page: 1, pageSize: Number.MAX_SAFE_INTEGER });
  const lines = [['Order', 'Date', 'Status', 'Earnings', 'Pieces', 'Commission rate %', 'Sale (INR)', 'Commission (INR)', 'Net (INR)']];
  for (const r of data.rows) {
    lines.push([
      r.orderNumber,
      indiaDay.format(new Date(r.createdAt)),
      r.status,
      STATE_LABEL[r.state],
      String(r.pieces),
      r.rates.map((x) => x.toFixed(2)).join(' / '),
      rupees(r.salePaise),
      rupees(r.commissionPaise),
      rupees(r.netPaise),
    ]);
  }
  const t = data.earned;
  lines.push([`Earned in ${m}`, '', '', `${t.orders} orders`, '', '', rupees(t.salePaise), rupees(t.commissionPaise), rupees(t.netPaise)]);
  return { month: m, csv: lines.map((l) => l.map(field).join(',')).join('\r\n') + '\r\n' };
}

// ---------- the admin's rates ----------

type CategoryRow = typeof categories.$inferSelect;

const toCommissionCategory = (c: CategoryRow): CommissionCategory => ({
  _id: c.id,
  name: c.name,
  slug: c.slug,
  isHidden: c.isHidden,
  commissionPercent: Number(c.commissionPercent),
});

/** GET admin/commissions: every category (hidden ones too: Combo products sell), in the menu's order. */
export async function listCommissions(db: Db): Promise<CommissionCategory[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map(toCommissionCategory);
}

/**
 * PATCH admin/commissions/{categoryId}: the category's rate from now on, with its audit entry in the same
 * transaction. Orders already placed keep the rate copied onto their lines.
 */
export async function setCommission(db: Db, actorId: string, categoryId: string, percent: number): Promise<CommissionCategory> {
  return transaction(db, async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, categoryId)).for('update');
    if (!before) throw notFound(MSG.categoryNotFound);
    const [row] = await tx.update(categories).set({ commissionPercent: percent.toFixed(2) }).where(eq(categories.id, categoryId)).returning();
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entity: 'commission',
      entityId: categoryId,
      detail: { category: before.name, from: Number(before.commissionPercent), to: Number(row!.commissionPercent) },
    });
    return toCommissionCategory(row!);
  });
}
