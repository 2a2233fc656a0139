import { ORDER, ORDER_FILTER_STATUSES, PAGE_SIZE, type OrderStatus } from '@statewise/contract/constants';

/** The orders screens' rules (shopping §2 Orders, §4 order statuses, §7 order/list, §9 page size 10). */

/**
 * How many pages the order list has. The spec says "rounded count/10 pages", which for 14 orders gives 1 page and
 * would hide orders 11–14; we read it as rounding UP (Math.ceil), which agrees with rounding whenever rounding
 * shows every order and never hides a partial last page.
 */
export function orderPageCount(count: number, pageSize: number = PAGE_SIZE.orders): number {
  if (!Number.isFinite(count) || count <= 0) return 0;
  return Math.ceil(count / pageSize);
}

/** Pagination shows only when there are more than 10 orders (§2). */
export const showOrderPagination = (count: number, pageSize: number = PAGE_SIZE.orders) => count > pageSize;

/** A date input's 'YYYY-MM-DD' as order/list's startDate 'YYYY/MM/DD' ('' for none). */
export const toStartDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value.replaceAll('-', '/') : '');

export const STATUS_OPTIONS = ORDER_FILTER_STATUSES;

/**
 * A status as the shopper reads it (issue 9: a paid order is Confirmed; Pending means awaiting payment). The stored
 * `pending` is an order paid (or placed cash on delivery) that its sellers have not accepted yet: for the shopper
 * it is confirmed. A seller's acceptance (`confirmed`) reads Processing: being packed.
 */
const SHOPPER_STATUS: Record<string, string> = {
  created: 'Pending',
  pending: 'Confirmed',
  confirmed: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
export const statusLabel = (s: OrderStatus | string) => SHOPPER_STATUS[s] ?? s.charAt(0).toUpperCase() + s.slice(1);

/** A buyer may cancel an order, or a seller's part of it, until it ships (ORDER.buyerCancellable). */
export const canCancel = (status: OrderStatus | string) => (ORDER.buyerCancellable as readonly string[]).includes(status);

/** How a refund reached the buyer, in a sentence. */
export function refundText(r: { walletAmount: number; gatewayAmount: number; gatewayMethod: string; status: string }, formatINR: (n: number) => string): string {
  const parts: string[] = [];
  const toWallet = r.walletAmount + (r.gatewayMethod === 'wallet' ? r.gatewayAmount : 0);
  if (toWallet > 0) parts.push(`${formatINR(toWallet)} back to your wallet`);
  if (r.gatewayMethod === 'razorpay' && r.gatewayAmount > 0) {
    parts.push(`${formatINR(r.gatewayAmount)} ${r.status === 'completed' ? 'refunded to your payment method (5–7 working days)' : 'being refunded to your payment method'}`);
  }
  return parts.length ? parts.join(' · ') : 'Nothing was paid for these items';
}

/** Badge colours per status. */
export function statusClass(s: OrderStatus | string): string {
  switch (s) {
    case 'delivered':
      return 'bg-leaf-600/12 text-leaf-600';
    case 'shipped':
      return 'bg-sky-600/10 text-sky-700';
    case 'pending':
    case 'confirmed':
      return 'bg-brand-50 text-brand-700';
    case 'cancelled':
      return 'bg-red-600/10 text-red-700';
    default:
      return 'bg-saffron-300/30 text-saffron-700';
  }
}

/** The payment mode as a shopper reads it. */
export const paymentModeLabel = (mode: string) => (mode === 'cod' ? 'Cash on Delivery' : mode === 'wallet' ? 'Wallet' : 'Online Payment');
