import { describe, expect, it } from 'vitest';
import { addMoney, linesUnits, partMoney, rateBasisPoints, unitsToPaise } from './commission.ts';
import { indiaMonth, indiaMonthOf, indiaYear } from './service.ts';

describe('commission arithmetic', () => {
  it('reads stored rates and numbers as exact hundredths of a percent', () => {
    expect(rateBasisPoints('10.00')).toBe(1000);
    expect(rateBasisPoints('12.5')).toBe(1250);
    expect(rateBasisPoints('0.05')).toBe(5);
    expect(rateBasisPoints(7.25)).toBe(725);
    expect(rateBasisPoints(0.1 + 0.2)).toBe(30); // a float's noise does not leak into the rate
    expect(rateBasisPoints('50')).toBe(5000);
    for (const bad of ['', 'abc', '-1', '12.345', '1e2']) expect(() => rateBasisPoints(bad)).toThrow(RangeError);
  });

  it('rounds half a paisa up and anything less down', () => {
    expect(unitsToPaise(750_750)).toBe(7508); // ₹1,001 × 7.50 % = 7,507.50 paise
    expect(unitsToPaise(750_749)).toBe(7507);
    expect(unitsToPaise(0)).toBe(0);
    expect(unitsToPaise(49)).toBe(0);
    expect(unitsToPaise(50)).toBe(1);
    expect(() => unitsToPaise(-1)).toThrow(RangeError);
    expect(() => unitsToPaise(1.5)).toThrow(RangeError);
  });

  it('rounds once per part, so many small lines lose no paise to per-line rounding', () => {
    // 3 lines of ₹1 at 12.50 %: 12.5 paise each; per line rounding would give 13 × 3 = 39, the exact sum is 37.5 → 38
    const lines = [1, 2, 3].map(() => ({ price: 1, quantity: 1, commissionPercent: '12.50' }));
    expect(unitsToPaise(linesUnits(lines))).toBe(38);
    // mixed rates: ₹1,499 × 2 at 12.25 % + ₹999 at 5 % = 36,725.5 + 4,995 = 41,720.5 paise → 41,721
    expect(unitsToPaise(linesUnits([{ price: 1499, quantity: 2, commissionPercent: '12.25' }, { price: 999, quantity: 1, commissionPercent: 5 }]))).toBe(41_721);
  });

  it('gives sale, commission and net in paise; a cancelled part earns nothing', () => {
    expect(partMoney(1001, 750_750, false)).toEqual({ salePaise: 100_100, commissionPaise: 7508, netPaise: 92_592 });
    expect(partMoney(1001, 750_750, true)).toEqual({ salePaise: 0, commissionPaise: 0, netPaise: 0 });
    // a rate of 0: the vendor keeps it all
    expect(partMoney(500, 0, false)).toEqual({ salePaise: 50_000, commissionPaise: 0, netPaise: 50_000 });
    const totals = { orders: 0, salePaise: 0, commissionPaise: 0, netPaise: 0 };
    addMoney(totals, partMoney(1001, 750_750, false));
    addMoney(totals, partMoney(500, 50_000, false));
    expect(totals).toEqual({ orders: 2, salePaise: 150_100, commissionPaise: 8008, netPaise: 142_092 });
  });
});

describe('months in India time', () => {
  it('starts a month at midnight in India (18:30 UTC the day before)', () => {
    expect(indiaMonth('2026-11')).toEqual({ start: new Date('2026-10-31T18:30:00Z'), end: new Date('2026-11-30T18:30:00Z') });
    expect(indiaMonth('2026-12').end).toEqual(new Date('2026-12-31T18:30:00Z'));
    expect(indiaYear(2026)).toEqual({ start: new Date('2025-12-31T18:30:00Z'), end: new Date('2026-12-31T18:30:00Z') });
    expect(indiaMonthOf(new Date('2026-10-31T18:29:59Z'))).toBe('2026-10');
    expect(indiaMonthOf(new Date('2026-10-31T18:30:00Z'))).toBe('2026-11');
  });
});
