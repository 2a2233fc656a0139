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

describe('the new-user reward below ₹300', () => {
  it('pays an order of ₹500 or more with the unspent reward even when the balance is under ₹300', () => {
    expect(walletCashUsable(200, 500, 200)).toBe(true);
    expect(walletCashAmount(200, 1299, 200)).toBe(200);
    expect(walletCashAmount(250, 1299, 200)).toBe(200);
    expect(walletCashAmount(150, 1299, 200)).toBe(150);
  });

  it('still needs an order of ₹500, and gives nothing once the reward is spent', () => {
    expect(walletCashAmount(200, 499, 200)).toBe(0);
    expect(walletCashUsable(200, 800, 0)).toBe(false);
    expect(walletCashAmount(299, 2000, 0)).toBe(0);
  });

  it('keeps the spec’s rule from ₹300 up', () => {
    expect(walletCashAmount(400, 1299, 200)).toBe(400);
  });
});
