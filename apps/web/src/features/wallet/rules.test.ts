import { describe, expect, it } from 'vitest';
import { checkRechargeAmount, transactionTone } from './rules.ts';

describe('transactionTone (the wallet colours)', () => {
  it('colours a completed credit green and a pending credit amber', () => {
    expect(transactionTone({ type: 'credit', status: 'completed' })).toBe('green');
    expect(transactionTone({ type: 'credit', status: 'pending' })).toBe('amber');
  });

  it('colours anything else red', () => {
    expect(transactionTone({ type: 'credit', status: 'failed' })).toBe('red');
    expect(transactionTone({ type: 'debit', status: 'completed' })).toBe('red');
    expect(transactionTone({ type: 'debit', status: 'pending' })).toBe('red');
  });
});

describe('checkRechargeAmount', () => {
  it('accepts whole rupees from 100 to 10,000', () => {
    expect(checkRechargeAmount('100')).toEqual({ ok: true, amount: 100 });
    expect(checkRechargeAmount('10,000')).toEqual({ ok: true, amount: 10000 });
  });

  it('refuses anything outside with the clear message', () => {
    for (const v of ['', '99', '10001', '12.5', 'abc', '-200']) {
      expect(checkRechargeAmount(v)).toEqual({ ok: false, message: 'Amount should be between 100 and 10,000' });
    }
  });
});
