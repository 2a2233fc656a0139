import { z } from 'zod';
import { ORDER_PAYMENT_STATUSES, ORDER_STATUSES, PAYMENT_MODES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { postalAddress } from './address.ts';
import { page, pageSize } from './common.ts';
import { vendorCancelBody, vendorShipBody } from './vendor-orders.ts';

/**
 * The admin console's orders (issue 11; server: modules/admin-orders, web: features/admin/orders): search, detail
 * with payments and refunds, a vendor part's status moved along ORDER_TRANSITIONS, and cancel with refund.
 */

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_ORDER_SEARCH_MAX = 100;
export const ADMIN_ORDER_NOTE_MAX = 300;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please give dates as YYYY-MM-DD' });

/**
 * GET admin/orders: q is an order number (SW0012, 12), a mobile (+91 allowed: the buyer's account, a guest's, or the
 * delivery address's) or an e-mail; status one of ORDER_STATUSES; from/to days (India time, both included).
 */
export const adminOrderQuery = z
  .object({
    q: z.string().trim().max(ADMIN_ORDER_SEARCH_MAX, { error: 'Please search with at most 100 characters' }).optional(),
    status: z.enum(ORDER_STATUSES, { error: `Please choose a status: ${ORDER_STATUSES.join(', ')}` }).optional(),
    from: day.optional(),
    to: day.optional(),
    page: page.default(1),
    pageSize: pageSize(ADMIN_ORDERS_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'The start date must be on or before the end date', path: ['to'] });
export type AdminOrderQuery = z.output<typeof adminOrderQuery>;

export const adminOrderBuyer = z.object({
  /** The account; null for a guest order (or an account since deleted). */
  userId: z.string().nullable(),
  name: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  guest: z.boolean(),
});

export const adminOrderSummary = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentMode: z.enum(PAYMENT_MODES),
  paymentStatus: z.enum(ORDER_PAYMENT_STATUSES),
  grandTotal: z.number(),
  itemsCount: z.number(),
  buyer: adminOrderBuyer,
  /** The vendors with a part in it (store names). */
  vendors: z.array(z.object({ vendorId: z.string(), brandName: z.string(), status: z.enum(ORDER_STATUSES) })),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;

export const adminOrderList = z.object({ orders: z.array(adminOrderSummary), count: z.number(), page: z.number(), pageSize: z.number() });
export type AdminOrderList = z.infer<typeof adminOrderList>;

export const adminOrderLine = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  price: z.number(),
  mrp: z.number(),
  quantity: z.number(),
  size: z.string().nullable(),
  color: z.string().nullable(),
});

export const adminOrderRefund = z.object({
  _id: z.string(),
  vendorId: z.string(),
  walletAmount: z.number(),
  gatewayAmount: z.number(),
  /** wallet (the sandbox's share, credited to the wallet), razorpay, none. */
  gatewayMethod: z.string(),
  status: z.enum(['pending', 'completed', 'failed']),
  providerRefundId: z.string().nullable(),
  failureReason: z.string().nullable(),
  actor: z.enum(['buyer', 'vendor', 'admin']),
  reason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

export const adminOrderPart = z.object({
  _id: z.string(),
  vendorId: z.string(),
  brandName: z.string(),
  vendorMobile: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  /** The statuses it may move to now (ORDER_TRANSITIONS), cancelled left out: cancel has its own call. */
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
  cancellable: z.boolean(),
  partTotal: z.number(),
  courierPartner: z.string().nullable(),
  awsNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  lines: z.array(adminOrderLine),
  refund: adminOrderRefund.nullable(),
});
export type AdminOrderPart = z.infer<typeof adminOrderPart>;

export const adminOrderPayment = z.object({
  _id: z.string(),
  provider: z.string(),
  /** The gateway's order id (Razorpay order_…); the sandbox's own id for the sandbox. */
  providerOrderId: z.string().nullable(),
  /** The gateway's payment id once paid (Razorpay pay_…). */
  providerPaymentId: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed', 'expired']),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

export const adminWalletMovement = z.object({
  _id: z.string(),
  type: z.enum(['credit', 'debit']),
  status: z.enum(['completed', 'pending', 'failed']),
  kind: z.string(),
  amount: z.number(),
  description: z.string(),
  createdAt: z.string(),
});

export const adminOrderEvent = z.object({
  at: z.string(),
  /** placed · paid · status (an order's or a part's move) */
  kind: z.enum(['placed', 'paid', 'status']),
  /** The part's vendor for a part's move; null for the order itself. */
  vendorId: z.string().nullable(),
  brandName: z.string().nullable(),
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES).nullable(),
  /** buyer · vendor · admin, or null when the change did not say (a payment, the expiry sweeper). */
  actorKind: z.string().nullable(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
});
export type AdminOrderEvent = z.infer<typeof adminOrderEvent>;

export const adminOrderDetail = adminOrderSummary.extend({
  subTotal: z.number(),
  shippingCharges: z.number(),
  walletAmountUsed: z.number(),
  amountPayable: z.number(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  address: postalAddress.partial({ country: true }),
  parts: z.array(adminOrderPart),
  payments: z.array(adminOrderPayment),
  refunds: z.array(adminOrderRefund),
  walletMovements: z.array(adminWalletMovement),
  history: z.array(adminOrderEvent),
  /** Whether a whole-order cancel is allowed now (the order and every open part pending or confirmed). */
  cancellable: z.boolean(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminOrderParams = z.object({ id: z.string().max(100) });

const note = z.string().trim().max(ADMIN_ORDER_NOTE_MAX, { error: MSG.cancelReasonTooLong }).optional();

/**
 * POST admin/orders/{id}/move: one vendor's part to the next status (confirmed, shipped, delivered), with an
 * optional note; shipping needs the courier and tracking number, as in the vendor console.
 */
export const adminMoveBody = z
  .object({
    vendorId: z.string({ error: 'Please choose the seller whose items move' }).min(1, { error: 'Please choose the seller whose items move' }).max(100),
    to: z.enum(ORDER_STATUSES, { error: `Please choose a status: ${ORDER_STATUSES.join(', ')}` }),
    note,
    courierPartner: z.string().optional(),
    awsNumber: z.string().optional(),
  })
  .superRefine((b, ctx) => {
    // moving to cancelled is the cancel: the buyer is told why
    if (b.to === 'cancelled' && !b.note) ctx.addIssue({ code: 'custom', message: MSG.vendorCancelReasonRequired, path: ['note'] });
    if (b.to !== 'shipped') return;
    const ship = vendorShipBody.safeParse({ courierPartner: b.courierPartner, awsNumber: b.awsNumber });
    if (!ship.success) for (const issue of ship.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
export type AdminMoveBody = z.input<typeof adminMoveBody>;

/** POST admin/orders/{id}/cancel: the whole order (every open part) or one vendor's part, with a reason the buyer sees. */
export const adminCancelBody = vendorCancelBody.extend({
  vendorId: z.string().min(1).max(100).optional(),
});
export type AdminCancelBody = z.input<typeof adminCancelBody>;
