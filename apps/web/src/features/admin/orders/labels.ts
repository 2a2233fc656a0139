import type { OrderStatus } from '@statewise/contract/constants';

/** How the admin console names an order's (or a part's) status: the stored states, said plainly (ADR 012). */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  created: 'Awaiting payment',
  pending: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The list's filter: '' is every order. */
export const ORDER_STATUS_FILTERS: Array<{ key: '' | OrderStatus; label: string }> = [
  { key: '', label: 'All' },
  { key: 'pending', label: 'Placed' },
  { key: 'confirmed', label: 'Confirmed' },
  { key: 'shipped', label: 'Shipped' },
  { key: 'delivered', label: 'Delivered' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'created', label: 'Awaiting payment' },
];

export const PAYMENT_MODE_LABEL: Record<string, string> = { online: 'Online', cod: 'Cash on delivery', wallet: 'Wallet cash' };

export const PAYMENT_STATUS_LABEL: Record<string, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  cod: 'To collect on delivery',
  failed: 'Payment failed',
  expired: 'Payment expired',
  refund_pending: 'Refund on its way',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

export function statusClass(status: OrderStatus): string {
  switch (status) {
    case 'pending':
      return 'bg-saffron-500/15 text-saffron-700';
    case 'confirmed':
      return 'bg-brand-100 text-brand-800';
    case 'shipped':
      return 'bg-sky-600/10 text-sky-700';
    case 'delivered':
      return 'bg-leaf-600/10 text-leaf-600';
    case 'cancelled':
      return 'bg-red-50 text-red-700';
    default:
      return 'bg-sand-100 text-ink-700';
  }
}

const indiaDateTime = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Kolkata' });

/** Date and time in India time: 26 Nov 26, 14:05. */
export function formatDateTime(iso: string): string {
  return indiaDateTime.format(new Date(iso));
}
