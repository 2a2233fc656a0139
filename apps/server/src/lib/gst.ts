/**
 * GST on a sale whose prices already include the tax (shopping §9: "Shipping & Taxes are inclusive"), worked in
 * paise so every part is exact:
 *
 *   taxable = round(gross × 100 / (100 + rate))       (half a paisa rounds up)
 *   tax     = gross − taxable                         (so taxable + tax is the gross to the paisa)
 *   intra-state (seller's state = place of supply):  CGST + SGST, half the tax each (CGST takes an odd paisa)
 *   inter-state:                                      IGST, the whole tax
 *
 * The tax is worked on a line's total (unit price × quantity), not per unit, so a line never drifts by a
 * paisa per piece.
 */

import { normaliseState } from '@statewise/contract';

/** The state names and GST state codes live in the contract (the seller registration form checks GSTINs too). */
export { gstStateCode, normaliseState } from '@statewise/contract';

export type Supply = 'intra' | 'inter';

export interface TaxSplit {
  /** What the line costs including tax (paise). */
  gross: number;
  taxable: number;
  /** GST rate in percent (e.g. 5 → CGST 2.5 % + SGST 2.5 %, or IGST 5 %). */
  rate: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** Whole paise from whole rupees. */
export const paise = (rupees: number): number => Math.round(rupees * 100);

/**
 * Splits a tax-inclusive amount (paise, a whole number ≥ 0) at `rate` percent (0 to 100, whole or with up to
 * two decimals, e.g. 0.25 or 2.5) into its taxable value and tax parts.
 */
export function splitInclusive(grossPaise: number, rate: number, supply: Supply): TaxSplit {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0) throw new RangeError(`gross must be whole paise ≥ 0, got ${grossPaise}`);
  if (!Number.isFinite(rate) || rate < 0 || rate > 100) throw new RangeError(`GST rate must be 0–100 %, got ${rate}`);
  // Rates work in hundredths of a percent so 0.25 % and 2.5 % stay integers.
  const rateBp = Math.round(rate * 100);
  const denominator = 10_000 + rateBp;
  // round(gross × 10000 / (10000 + rateBp)), half up, in integers
  const taxable = Math.floor((2 * grossPaise * 10_000 + denominator) / (2 * denominator));
  const tax = grossPaise - taxable;
  if (supply === 'inter') return { gross: grossPaise, taxable, rate, cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.ceil(tax / 2);
  return { gross: grossPaise, taxable, rate, cgst, sgst: tax - cgst, igst: 0 };
}

/** Intra-state when both states name the same state (case, spaces and "&"/"and" do not matter). */
export function supplyBetween(sellerState: string, placeOfSupply: string): Supply {
  return normaliseState(sellerState) !== '' && normaliseState(sellerState) === normaliseState(placeOfSupply) ? 'intra' : 'inter';
}

/** Sums the parts of several splits (an invoice's totals). */
export function sumSplits(splits: TaxSplit[]): Omit<TaxSplit, 'rate'> {
  return splits.reduce(
    (t, s) => ({ gross: t.gross + s.gross, taxable: t.taxable + s.taxable, cgst: t.cgst + s.cgst, sgst: t.sgst + s.sgst, igst: t.igst + s.igst }),
    { gross: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 },
  );
}

