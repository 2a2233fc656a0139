import { describe, expect, it } from 'vitest';
import { addWorkingDays, deliveryDaysFor, estimateDelivery, indiaToday } from './delivery.ts';

describe('deliveryDaysFor', () => {
  it.each([
    [0, 2],
    [50, 2],
    [50.4, 3],
    [300, 3],
    [301, 4],
    [800, 4],
    [801, 5],
    [1500, 5],
    [1501, 6],
    [2500, 6],
    [2501, 7],
    [3500, 7],
  ])('gives %d km %d days', (km, days) => {
    expect(deliveryDaysFor(km, ['Delhi', 'Maharashtra'])).toBe(days);
  });

  it('adds a day when the customer is in a remote region', () => {
    expect(deliveryDaysFor(1000, ['West Bengal', 'Andaman & Nicobar Islands'])).toBe(6);
    expect(deliveryDaysFor(10, ['Sikkim', 'Sikkim'])).toBe(3);
  });

  it('adds a day when the pickup is in a remote region', () => {
    expect(deliveryDaysFor(600, ['Ladakh', 'Punjab'])).toBe(5);
  });

  it('adds only one day when both ends are remote', () => {
    expect(deliveryDaysFor(900, ['Manipur', 'Lakshadweep'])).toBe(6);
  });

  it('does not treat Assam or Jammu & Kashmir as remote', () => {
    expect(deliveryDaysFor(20, ['Assam', 'Jammu & Kashmir'])).toBe(2);
  });
});

describe('indiaToday', () => {
  it('takes the India calendar day, which starts 5:30 hours before UTC', () => {
    // 20:00 UTC on Saturday 22 Nov 2025 is 01:30 on Sunday 23 Nov in India.
    expect(indiaToday(new Date('2025-11-22T20:00:00Z')).toISOString()).toBe('2025-11-23T00:00:00.000Z');
    expect(indiaToday(new Date('2025-11-22T18:29:00Z')).toISOString()).toBe('2025-11-22T00:00:00.000Z');
  });
});

describe('addWorkingDays', () => {
  const iso = (d: Date) => d.toISOString().slice(0, 10);

  it('counts plain weekdays', () => {
    // Monday 17 Nov 2025 + 3 working days = Thursday 20 Nov.
    expect(iso(addWorkingDays(new Date('2025-11-17T06:00:00Z'), 3))).toBe('2025-11-20');
  });

  it('skips a Sunday in the way', () => {
    // Friday 21 Nov + 2 = Saturday 22, (Sunday 23 skipped) Monday 24.
    expect(iso(addWorkingDays(new Date('2025-11-21T06:00:00Z'), 2))).toBe('2025-11-24');
  });

  it('never lands on a Sunday', () => {
    // Saturday 15 Nov + 7 working days: 17,18,19,20,21,22 (Sat), 24 — Sundays 16 and 23 skipped.
    expect(iso(addWorkingDays(new Date('2025-11-15T06:00:00Z'), 7))).toBe('2025-11-24');
  });

  it('counts from a Sunday order as if placed that day', () => {
    // Sunday 23 Nov + 1 = Monday 24.
    expect(iso(addWorkingDays(new Date('2025-11-23T06:00:00Z'), 1))).toBe('2025-11-24');
  });

  it('crosses a month and a year end', () => {
    expect(iso(addWorkingDays(new Date('2025-12-30T06:00:00Z'), 3))).toBe('2026-01-02');
  });
});

describe('estimateDelivery', () => {
  it('gives days, the ISO date, a human text and the rounded distance', () => {
    expect(estimateDelivery(1148.4, ['Delhi', 'Maharashtra'], new Date('2025-11-19T10:00:00Z'))).toEqual({
      deliveryDays: 5,
      deliveryDate: '2025-11-25',
      deliveryText: 'Delivery by Tue, 25 Nov',
      distanceKm: 1148,
    });
  });
});
