import { describe, expect, it } from 'vitest';
import { gstStateCode, splitInclusive, sumSplits, supplyBetween } from './gst.ts';

describe('splitInclusive', () => {
  it('splits an intra-state sale into CGST and SGST, half each', () => {
    // ₹1,050 at 5 %: taxable ₹1,000, tax ₹50 → ₹25 + ₹25
    expect(splitInclusive(105_000, 5, 'intra')).toEqual({ gross: 105_000, taxable: 100_000, rate: 5, cgst: 2_500, sgst: 2_500, igst: 0 });
  });

  it('puts the whole tax in IGST for an inter-state sale', () => {
    expect(splitInclusive(118_000, 18, 'inter')).toEqual({ gross: 118_000, taxable: 100_000, rate: 18, cgst: 0, sgst: 0, igst: 18_000 });
  });

  it('rounds the taxable value to the paisa and keeps every part summing to the gross exactly', () => {
    // ₹1,499 at 12 %: 149900 × 100 / 112 = 133839.28… → 133839
    const s = splitInclusive(149_900, 12, 'intra');
    expect(s.taxable).toBe(133_839);
    expect(s.cgst + s.sgst).toBe(16_061);
    expect(s.cgst).toBe(8_031); // the odd paisa goes to CGST
    expect(s.sgst).toBe(8_030);
    // to the nearest paisa, and a half up: 14 × 100 / 112 = 12.5 → 13; 21 × 100 / 105 = 20; 1 × 100 / 105 = 0.95 → 1
    expect(splitInclusive(14, 12, 'inter').taxable).toBe(13);
    expect(splitInclusive(21, 5, 'inter').taxable).toBe(20);
    expect(splitInclusive(1, 5, 'inter').taxable).toBe(1);
    expect(splitInclusive(31, 5, 'inter').taxable).toBe(30);
    for (let gross = 0; gross < 5_000; gross += 7) {
      for (const rate of [0, 3, 5, 12, 18, 28, 0.25, 2.5]) {
        for (const supply of ['intra', 'inter'] as const) {
          const t = splitInclusive(gross, rate, supply);
          expect(t.taxable + t.cgst + t.sgst + t.igst).toBe(gross);
          expect(Math.abs(t.cgst - t.sgst)).toBeLessThanOrEqual(1);
          // the taxable value is the nearest paisa to the exact one
          expect(Math.abs(t.taxable - (gross * 100) / (100 + rate))).toBeLessThanOrEqual(0.5);
        }
      }
    }
  });

  it('leaves a zero-rated sale untaxed', () => {
    expect(splitInclusive(50_000, 0, 'intra')).toEqual({ gross: 50_000, taxable: 50_000, rate: 0, cgst: 0, sgst: 0, igst: 0 });
  });

  it('refuses amounts that are not whole paise and impossible rates', () => {
    expect(() => splitInclusive(10.5, 5, 'intra')).toThrow(RangeError);
    expect(() => splitInclusive(-1, 5, 'intra')).toThrow(RangeError);
    expect(() => splitInclusive(100, -5, 'intra')).toThrow(RangeError);
    expect(() => splitInclusive(100, 101, 'intra')).toThrow(RangeError);
  });

  it('sums splits into invoice totals', () => {
    const lines = [splitInclusive(105_000, 5, 'intra'), splitInclusive(149_900, 12, 'intra')];
    expect(sumSplits(lines)).toEqual({ gross: 254_900, taxable: 233_839, cgst: 10_531, sgst: 10_530, igst: 0 });
  });
});

describe('supplyBetween', () => {
  it('is intra-state for the same state however it is written, inter-state otherwise', () => {
    expect(supplyBetween('Rajasthan', 'rajasthan ')).toBe('intra');
    expect(supplyBetween('Jammu & Kashmir', 'Jammu and Kashmir')).toBe('intra');
    expect(supplyBetween('Rajasthan', 'Gujarat')).toBe('inter');
    // a seller without a state on record cannot claim intra-state
    expect(supplyBetween('', '')).toBe('inter');
  });
});

describe('gstStateCode', () => {
  it('gives the two-digit code of a state, including old and alternate names', () => {
    expect(gstStateCode('Rajasthan')).toBe('08');
    expect(gstStateCode('Tamil Nadu')).toBe('33');
    expect(gstStateCode('Orissa')).toBe('21');
    expect(gstStateCode('Andaman & Nicobar Islands')).toBe('35');
    expect(gstStateCode('Atlantis')).toBeNull();
  });
});
