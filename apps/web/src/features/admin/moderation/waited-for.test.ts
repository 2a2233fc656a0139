import { describe, expect, it } from 'vitest';
import { waitedFor } from './api.ts';

describe('waitedFor', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('says how long an item has waited in the largest whole unit', () => {
    expect(waitedFor('2026-11-26T11:59:30Z', now)).toBe('just now');
    expect(waitedFor('2026-11-26T11:35:00Z', now)).toBe('25 min');
    expect(waitedFor('2026-11-26T09:00:00Z', now)).toBe('3 h');
    expect(waitedFor('2026-11-25T11:00:00Z', now)).toBe('1 day');
    expect(waitedFor('2026-11-22T12:00:00Z', now)).toBe('4 days');
  });
});
