/**
 * The commission arithmetic (ADR 017), in integers so nothing drifts:
 *
 *   rate        hundredths of a percent (12.50 % → 1250), as stored on each order line at placement
 *   units       Σ over the part's lines of (price × quantity) rupees × rate: hundredths of a paisa, exact
 *   commission  round(units / 100) paise, half a paisa rounds up (as the invoices' tax, lib/gst.ts)
 *   sale        Σ price × quantity, in paise; 0 for a cancelled part
 *   net         sale − commission
 *
 * Rounding happens once per part (not per line), so a part of many cheap lines loses no paise to rounding, and a
 * month's or a year's figures are the sums of their parts' figures, to the paisa.
 */

import { paise } from '../../lib/gst.ts';

/** A stored rate ('12.50', as PostgreSQL gives numeric(5,2)) or a number (12.5) as hundredths of a percent. */
export function rateBasisPoints(percent: string | number): number {
  const text = typeof percent === 'number' ? percent.toFixed(2) : percent.trim();
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError(`a commission rate must be a percentage with at most two decimals, got ${String(percent)}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Hundredths of a paisa to whole paise, half up. */
export function unitsToPaise(units: number): number {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`commission units must be a whole number ≥ 0, got ${units}`);
  return Math.floor((units + 50) / 100);
}

export interface PartLine {
  /** Price per piece, whole rupees. */
  price: number;
  quantity: number;
  /** The line's commission rate, percent. */
  commissionPercent: string | number;
}

/** A part's commission units: what SQL sums as Σ price × quantity × round(rate × 100). */
export function linesUnits(lines: readonly PartLine[]): number {
  return lines.reduce((sum, l) => sum + l.price * l.quantity * rateBasisPoints(l.commissionPercent), 0);
}

export interface PartMoney {
  salePaise: number;
  commissionPaise: number;
  netPaise: number;
}

/** A part's sale, commission and net from its goods' value (rupees) and commission units; nothing when cancelled. */
export function partMoney(saleRupees: number, units: number, cancelled: boolean): PartMoney {
  if (cancelled) return { salePaise: 0, commissionPaise: 0, netPaise: 0 };
  const salePaise = paise(saleRupees);
  const commissionPaise = unitsToPaise(units);
  return { salePaise, commissionPaise, netPaise: salePaise - commissionPaise };
}

/** Adds parts' money into totals (the totals of a month, a year). */
export function addMoney<T extends PartMoney & { orders: number }>(into: T, part: PartMoney): T {
  into.orders += 1;
  into.salePaise += part.salePaise;
  into.commissionPaise += part.commissionPaise;
  into.netPaise += part.netPaise;
  return into;
}
