import { describe, expect, it } from 'vitest';
import { currentIndiaMonth, isMonth, monthLabel, shiftMonth, shortMonthLabel } from './months.ts';

describe('earnings months', () => {
  it('takes this month in India time', () => {
    expect(currentIndiaMonth(new Date('2026-10-31T18:29:00Z'))).toBe('2026-10');
    expect(currentIndiaMonth(new Date('2026-10-31T18:30:00Z'))).toBe('2026-11');
  });

  it('steps across years and checks the YYYY-MM shape', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
    expect(isMonth('2026-11')).toBe(true);
    for (const bad of ['2026-13', '2026-1', '', null, 'nov']) expect(isMonth(bad)).toBe(false);
  });

  it('names months', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(shortMonthLabel('2026-01')).toBe('Jan');
  });
});
