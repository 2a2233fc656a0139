import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './amount-in-words.ts';

describe('amountInWords', () => {
  it('writes rupees in the Indian system with lakh and crore', () => {
    expect(amountInWords(123_456_00)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Only');
    expect(amountInWords(1_00_00_000_00)).toBe('Rupees One Crore Only');
    expect(amountInWords(12_34_56_789_00)).toBe('Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine Only');
    expect(amountInWords(1_00_00_00_000_00)).toBe('Rupees One Hundred Crore Only');
  });

  it('handles the small numbers, teens and round tens', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(1900)).toBe('Rupees Nineteen Only');
    expect(amountInWords(4000)).toBe('Rupees Forty Only');
    expect(amountInWords(10_500)).toBe('Rupees One Hundred Five Only');
    expect(amountInWords(100_000)).toBe('Rupees One Thousand Only');
    expect(amountInWords(10_01_000)).toBe('Rupees Ten Thousand Ten Only');
  });

  it('adds paise when there are any', () => {
    expect(amountInWords(10_550)).toBe('Rupees One Hundred Five and Fifty Paise Only');
    expect(amountInWords(1_99_999_01)).toBe('Rupees One Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and One Paise Only');
    expect(amountInWords(75)).toBe('Seventy-Five Paise Only');
  });

  it('refuses what is not whole paise', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => numberInWords(Number.NaN)).toThrow(RangeError);
  });
});
