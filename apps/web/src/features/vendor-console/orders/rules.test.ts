import { ORDER_TRANSITIONS } from '@statewise/contract/constants';
import { describe, expect, it } from 'vitest';
import { actionsFor, VENDOR_STATUS_LABEL } from './rules.ts';

const TARGET = { confirm: 'confirmed', ship: 'shipped', deliver: 'delivered', cancel: 'cancelled' } as const;

describe('vendor console actions', () => {
  it('offers only moves the order state machine allows', () => {
    for (const status of Object.keys(ORDER_TRANSITIONS) as (keyof typeof ORDER_TRANSITIONS)[]) {
      for (const a of actionsFor(status)) expect(ORDER_TRANSITIONS[status]).toContain(TARGET[a]);
    }
  });

  it('offers confirm for a new order, ship once confirmed, deliver once shipped, nothing after', () => {
    expect(actionsFor('pending')).toEqual(['confirm', 'cancel']);
    expect(actionsFor('confirmed')).toEqual(['ship', 'cancel']);
    expect(actionsFor('shipped')).toEqual(['deliver']);
    expect(actionsFor('delivered')).toEqual([]);
    expect(actionsFor('cancelled')).toEqual([]);
    expect(actionsFor('created')).toEqual([]);
    expect(VENDOR_STATUS_LABEL.pending).toBe('New');
  });
});
