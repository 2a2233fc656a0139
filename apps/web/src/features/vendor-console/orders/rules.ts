import type { OrderStatus } from '@statewise/contract/constants';

/**
 * What the vendor console calls a part's status and what it can do next (ORDER_TRANSITIONS, from the vendor's
 * side). A part paid or cash on delivery is `pending` on the server: for the vendor it is a new order to confirm.
 */
export const VENDOR_STATUS_LABEL: Record<OrderStatus, string> = {
  created: 'Awaiting payment',
  pending: 'New',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The list's tabs: '' is every order. */
export const VENDOR_STATUS_TABS = ['', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;

export function vendorStatusClass(status: OrderStatus): string {
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

export type VendorActionName = 'confirm' | 'ship' | 'deliver' | 'cancel';

/** The buttons a part in `status` shows. */
export function actionsFor(status: OrderStatus): VendorActionName[] {
  switch (status) {
    case 'pending':
      return ['confirm', 'cancel'];
    case 'confirmed':
      return ['ship', 'cancel'];
    case 'shipped':
      return ['deliver'];
    default:
      return [];
  }
}

/** Whether the part has an invoice to download (paid or cash on delivery, not cancelled). */
export const hasInvoice = (status: OrderStatus) => status !== 'created' && status !== 'cancelled';
