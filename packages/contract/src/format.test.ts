import { describe, expect, it } from 'vitest';
import { discountPercent, formatDate, formatINR, formatINRPaise, formatOrderNumber, placeName, slugify, truncate } from './format.ts';

describe('formatINR', () => {
  it('groups digits the Indian way with the rupee sign', () => {
    expect(formatINR(100000)).toBe('₹1,00,000');
    expect(formatINR(1499)).toBe('₹1,499');
  });
  it('shows whole rupees only', () => {
    expect(formatINR(99.6)).toBe('₹100');
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
