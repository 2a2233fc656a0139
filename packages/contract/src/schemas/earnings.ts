import { z } from 'zod';
import { MSG } from '../messages.ts';
import { objectId, page, pageSize } from './common.ts';
import { orderStatus } from './orders.ts';

/**
 * Earnings (issue 10, ADR 017): what a vendor sold, what the marketplace keeps (a percentage per category, set by an
 * admin, copied onto each order line when the order is placed) and what the vendor is paid. Money here is whole
 * paise (integers): a rate with two decimals leaves paise on a rupee price.
 */

export const COMMISSION = {
  /** A new category's rate, percent (the migration's default too). */
  defaultPercent: 10,
  minPercent: 0,
  maxPercent: 50,
} as const;

export const EARNINGS_PAGE_SIZE = 20;

/** Earned: the part was delivered. Upcoming: placed and on its way (pending, confirmed, shipped). Cancelled: nothing. */
export const EARNING_STATES = ['earned', 'upcoming', 'cancelled'] as const;
export type EarningState = (typeof EARNING_STATES)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A month as YYYY-MM (2020-01 … 2100-12). */
export const earningsMonth = z.string({ error: MSG.earningsMonthInvalid }).regex(/^(20[2-9]\d|2100)-(0[1-9]|1[0-2])$/, { error: MSG.earningsMonthInvalid });

/** GET vendor/earnings: a month (India time; this month when absent) and a page of its orders. */
export const earningsQuery = z.object({
  month: z.preprocess(blankToUndefined, earningsMonth.optional()),
  page: page.default(1),
  pageSize: pageSize(EARNINGS_PAGE_SIZE),
});
export type EarningsQuery = z.output<typeof earningsQuery>;

/** GET vendor/earnings/csv: the month whose statement to download. */
export const earningsCsvQuery = z.object({ month: z.preprocess(blankToUndefined, earningsMonth.optional()) });

const year = z.coerce.number({ error: MSG.earningsYearInvalid }).int({ error: MSG.earningsYearInvalid }).min(2020, { error: MSG.earningsYearInvalid }).max(2100, { error: MSG.earningsYearInvalid });

/** GET vendor/earnings/statement: a year (India time; this year when absent). */
export const earningsStatementQuery = z.object({ year: z.preprocess(blankToUndefined, year.optional()) });

/** Orders, sale, commission and net of a set of parts, paise. */
export const earningsFigures = z.object({
  orders: z.number(),
  salePaise: z.number(),
  commissionPaise: z.number(),
  netPaise: z.number(),
});
export type EarningsFigures = z.infer<typeof earningsFigures>;

/** The vendor's part of one order, as earnings. */
export const earningsRow = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  /** The part's status. */
  status: orderStatus,
  state: z.enum(EARNING_STATES),
  pieces: z.number(),
  /** The commission rates (percent) of the part's lines, each once. */
  rates: z.array(z.number()),
  /** The goods' value the vendor sold (GST included, shipping not), after cancellation: 0 for a cancelled part. */
  salePaise: z.number(),
  commissionPaise: z.number(),
  netPaise: z.number(),
});
export type EarningsRow = z.infer<typeof earningsRow>;

export const earningsMonthResult = z.object({
  month: z.string(),
  /** Delivered parts. */
  earned: earningsFigures,
  /** Parts placed and on their way: what they will earn once delivered. */
  upcoming: earningsFigures,
  cancelled: z.object({ orders: z.number() }),
  rows: z.array(earningsRow),
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type EarningsMonthResult = z.infer<typeof earningsMonthResult>;

/** One row per month of the year (earned only), and the year's totals: the totals are the sums of the months. */
export const earningsStatement = z.object({
  year: z.number(),
  months: z.array(earningsFigures.extend({ month: z.string() })),
  totals: earningsFigures,
});
export type EarningsStatement = z.infer<typeof earningsStatement>;

// ---------- the admin's rates ----------

export const commissionCategory = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  isHidden: z.boolean(),
  commissionPercent: z.number(),
});
export type CommissionCategory = z.infer<typeof commissionCategory>;

export const commissionList = z.object({ categories: z.array(commissionCategory) });
export type CommissionList = z.infer<typeof commissionList>;

export const commissionParams = z.object({ categoryId: objectId });

/** A percentage 0–50 with at most two decimals; a number, or a string of one (a form field). */
export const commissionPercent = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z
    .number({ error: MSG.commissionPercentRequired })
    .refine((n) => Number.isFinite(n), { error: MSG.commissionPercentRequired })
    .refine((n) => n >= COMMISSION.minPercent && n <= COMMISSION.maxPercent, { error: MSG.commissionPercentRange, abort: true })
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: MSG.commissionPercentDecimals }),
);

/** PATCH admin/commissions/{categoryId}. */
export const commissionBody = z.object({ percent: commissionPercent });
export type CommissionBody = z.input<typeof commissionBody>;
