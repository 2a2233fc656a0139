import { formatDate, formatOrderNumber } from '@statewise/contract/format';
import { describe, expect, it } from 'vitest';
import { orderPageCount, showOrderPagination, toStartDate } from './rules.ts';

describe('order numbers and dates', () => {
  it('shows the orderInitial followed by the number zero-padded to 4', () => {
    expect(formatOrderNumber('SW', 7)).toBe('SW0007');
    expect(formatOrderNumber('SW', 1234)).toBe('SW1234');
    expect(formatOrderNumber('SW', 12345)).toBe('SW12345');
  });

  it("shows dates as 'dd MMM yy' in India time", () => {
    expect(formatDate('2025-03-04T20:00:00Z')).toBe('05 Mar 25');
  });
});

describe('order list pagination', () => {
  it('shows no pagination for 10 orders or fewer', () => {
    expect(showOrderPagination(0)).toBe(false);
    expect(showOrderPagination(10)).toBe(false);
    expect(showOrderPagination(11)).toBe(true);
  });

  it('has count/10 pages, rounded up so a partial last page is never hidden', () => {
    expect(orderPageCount(11)).toBe(2);
    expect(orderPageCount(14)).toBe(2);
    expect(orderPageCount(15)).toBe(2);
    expect(orderPageCount(20)).toBe(2);
    expect(orderPageCount(21)).toBe(3);
  });

  it('agrees with rounding whenever rounding shows every order', () => {
    for (const count of [15, 16, 19, 20, 25, 30, 99, 100]) expect(orderPageCount(count)).toBe(Math.round(count / 10));
  });

  it('has no pages without orders', () => {
    expect(orderPageCount(0)).toBe(0);
  });
});

describe('toStartDate', () => {
  it("turns a date input's value into order/list's YYYY/MM/DD", () => {
    expect(toStartDate('2025-01-31')).toBe('2025/01/31');
    expect(toStartDate('')).toBe('');
    expect(toStartDate('31/01/2025')).toBe('');
  });
});

describe('statuses as the shopper reads them', () => {
  it('shows a paid order as Confirmed and only one awaiting payment as Pending', async () => {
    const { statusLabel } = await import('./rules.ts');
    expect(statusLabel('created')).toBe('Pending');
    expect(statusLabel('pending')).toBe('Confirmed');
    expect(statusLabel('confirmed')).toBe('Processing');
    expect(statusLabel('shipped')).toBe('Shipped');
    expect(statusLabel('cancelled')).toBe('Cancelled');
  });

  it('lets a buyer cancel until the order ships', async () => {
    const { canCancel } = await import('./rules.ts');
    expect(['created', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled'].filter(canCancel)).toEqual(['pending', 'confirmed']);
  });

  it('says where a refund went', async () => {
    const { refundText } = await import('./rules.ts');
    const inr = (n: number) => `₹${n}`;
    expect(refundText({ walletAmount: 333, gatewayAmount: 1167, gatewayMethod: 'wallet', status: 'completed' }, inr)).toBe('₹1500 back to your wallet');
    expect(refundText({ walletAmount: 100, gatewayAmount: 900, gatewayMethod: 'razorpay', status: 'pending' }, inr)).toBe('₹100 back to your wallet · ₹900 being refunded to your payment method');
    expect(refundText({ walletAmount: 0, gatewayAmount: 0, gatewayMethod: 'none', status: 'completed' }, inr)).toBe('Nothing was paid for these items');
  });
});
