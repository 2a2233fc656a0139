import { describe, expect, it } from 'vitest';
import { orderTotalEnough, walletBalanceEnough, walletCashAmount, walletCashUsable } from './wallet-cash.ts';

describe('wallet cash (shopping §4, §9)', () => {
  it('needs a balance of at least ₹300', () => {
    expect(walletBalanceEnough(299)).toBe(false);
    expect(walletBalanceEnough(300)).toBe(true);
  });

  it('needs an order total of at least ₹500 (the rule, not the tooltip’s "exceed")', () => {
    expect(orderTotalEnough(499)).toBe(false);
    expect(orderTotalEnough(500)).toBe(true);
  });

  it('uses the lesser of the balance and the order total when both hold', () => {
    expect(walletCashUsable(300, 500)).toBe(true);
    expect(walletCashAmount(300, 500)).toBe(300);
    expect(walletCashAmount(2000, 1299)).toBe(1299);
  });

  it('uses nothing when either condition fails', () => {
    expect(walletCashUsable(299, 2000)).toBe(false);
    expect(walletCashAmount(299, 2000)).toBe(0);
    expect(walletCashAmount(1000, 499)).toBe(0);
  });
});
