import { describe, expect, it } from 'vitest';
import { discountPercent, formatCount, formatDate, formatINR, formatINRPaise, formatOrderNumber, placeName, slugify, truncate } from './format.ts';

describe('formatINR', () => {
  it('groups digits the Indian way with the rupee sign', () => {
    expect(formatINR(100000)).toBe('₹1,00,000');
    expect(formatINR(1499)).toBe('₹1,499');
  });
  it('shows whole rupees only', () => {
    expect(formatINR(99.6)).toBe('₹100');
  });
  it('writes exactly what Intl writes, without building an Intl formatter for ordinary amounts', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    const values = [0, -0, 0.4, -0.4, 5, -5, 999, 1000, -1000, 12_345, 99_999.5, 1_23_456, 12_34_567, 1_23_45_678, -9_87_65_432, 2 ** 53 - 1, 2 ** 53 + 2, 1e21, NaN, Infinity, -Infinity];
    for (let i = 1; i < 1e12; i = i * 7 + 3) values.push(i, -i);
    for (const v of values) expect(formatINR(v), String(v)).toBe(intl.format(Math.round(v)));
  });
});

describe('formatCount', () => {
  it('writes whole numbers as toLocaleString(en-IN) does', () => {
    const values = [0, -0, 7, -7, 999, 1000, 40, 1_23_456, -12_34_567, 2 ** 53 + 2, 1.5, NaN, Infinity];
    for (let i = 1; i < 1e12; i = i * 7 + 3) values.push(i, -i);
    for (const v of values) expect(formatCount(v), String(v)).toBe(v.toLocaleString('en-IN'));
  });
});

describe('formatINRPaise', () => {
  it('shows paise with two decimals and Indian grouping', () => {
    expect(formatINRPaise(13_383_929)).toBe('₹1,33,839.29');
    expect(formatINRPaise(5)).toBe('₹0.05');
    expect(formatINRPaise(0)).toBe('₹0.00');
  });
});

describe('formatOrderNumber', () => {
  it('pads the number to four digits after the prefix', () => {
    expect(formatOrderNumber('SW', 7)).toBe('SW0007');
    expect(formatOrderNumber('SW', 12345)).toBe('SW12345');
  });
});

describe('formatDate', () => {
  it('agrees with Intl in India time, every 37 hours or so from 1946 to 2100, around midnight and before 1946', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: '2-digit' });
    const viaIntl = (t: number) => {
      const parts = intl.formatToParts(new Date(t));
      const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      return `${get('day')} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(get('month')) - 1]} ${get('year')}`;
    };
    const times = [Date.UTC(1940, 0, 1), Date.UTC(1945, 9, 14, 18, 29), Date.UTC(1945, 9, 15), Date.UTC(2025, 11, 31, 18, 29, 59, 999), Date.UTC(2025, 11, 31, 18, 30)];
    for (let t = Date.UTC(1946, 0, 1); t < Date.UTC(2100, 0, 1); t += 37 * 3_600_000 + 1_234) times.push(t);
    for (const t of times) expect(formatDate(t), new Date(t).toISOString()).toBe(viaIntl(t));
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
  it('shows dd MMM yy in India time', () => {
    // 20:00 UTC on 31 Dec is already 1 Jan in India
    expect(formatDate('2025-12-31T20:00:00Z')).toBe('01 Jan 26');
  });
});

describe('truncate', () => {
  it('adds an ellipsis only when the text is longer', () => {
    expect(truncate('Banarasi silk saree', 8)).toBe('Banarasi...');
    expect(truncate('Short', 8)).toBe('Short');
  });
});

describe('discountPercent', () => {
  it('rounds the saving down and never goes negative', () => {
    expect(discountPercent(1000, 667)).toBe(33);
    expect(discountPercent(1000, 1200)).toBe(0);
  });
});

describe('slugify', () => {
  it('lowercases, strips specials and hyphenates spaces and underscores', () => {
    expect(slugify('Rang_Mahal Crafts & Co.')).toBe('rangmahal-crafts-co'.replace('rangmahal', 'rang-mahal'));
    expect(slugify('  Décor  Studio ')).toBe('decor-studio');
  });
});

describe('placeName', () => {
  it('says district and state', () => {
    expect(placeName('Jaipur', 'Rajasthan')).toBe('Jaipur, Rajasthan');
    expect(placeName('South Andamans', 'Andaman & Nicobar Islands')).toBe('South Andamans, Andaman & Nicobar Islands');
  });
  it('says the place once when the district is the state (Made by hand in Chandigarh, not Chandigarh, Chandigarh)', () => {
    expect(placeName('Chandigarh', 'Chandigarh')).toBe('Chandigarh');
    expect(placeName('Lakshadweep District', 'Lakshadweep')).toBe('Lakshadweep');
    expect(placeName('Pondicherry', 'Puducherry')).toBe('Puducherry');
    expect(placeName('Dadra & Nagar Haveli', 'Dadra & Nagar Haveli & Daman & Diu')).toBe('Dadra & Nagar Haveli & Daman & Diu');
    expect(placeName(' delhi ', 'Delhi')).toBe('Delhi');
  });
  it('joins a district named by a direction to the state', () => {
    expect(placeName('North', 'Delhi')).toBe('North Delhi');
    expect(placeName('East District', 'Sikkim')).toBe('East Sikkim');
  });
  it('gives the part there is when the other is empty', () => {
    expect(placeName('', 'Goa')).toBe('Goa');
    expect(placeName('Panaji', '')).toBe('Panaji');
    expect(placeName('', '')).toBe('');
  });
});
