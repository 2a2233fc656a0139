import type { OrderAddress } from '@statewise/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgEnum, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories, products, sizeEnum } from './catalogue.ts';
import { users } from './users.ts';

/**
 * Orders (shopping §3 order, order product line, ordersVendorWise). Lines keep a copy of what was bought —
 * name, picture, prices, size or colour, vendor, category, HSN code and GST rate at order time — so orders,
 * invoices and reviews stay right when the catalogue changes. Money is whole rupees.
 */

/** Keep in step with ORDER_STATUSES (packages/contract constants); the transitions live in modules/orders/status.ts. */
export const orderStatusEnum = pgEnum('order_status', ['created', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled']);
/** PAYMENT_MODES: `wallet` when wallet cash paid the whole order. */
export const paymentModeEnum = pgEnum('payment_mode', ['online', 'cod', 'wallet']);
/** ORDER_PAYMENT_STATUSES. */
export const orderPaymentStatusEnum = pgEnum('order_payment_status', [
  'pending',
  'paid',
  'cod',
  'failed',
  'expired',
  'refund_pending',
  'refunded',
  'cancelled',
]);
/** Where the lines came from: the signed-in cart (emptied when paid), buy-now, or a guest's local cart or buy-now. */
export const orderSourceEnum = pgEnum('order_source', ['cart', 'buy_now', 'guest_cart', 'guest_buy_now']);

/** orderId: the shopper-facing order number, one sequence for the whole marketplace. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1, increment: 1 });

/** The address copied into the order: the contract's address shape (shopping §3 Address, without its id). */
export type OrderAddressCopy = OrderAddress;

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderInitial: text('order_initial').notNull().default('SW'),
    orderNumber: integer('order_number')
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    /** The buyer; null for a guest order. */
    userId: uuid('user_id').references(() => users.id),
    /** A guest order's mobile, verified by OTP before the order was accepted. */
    guestMobile: text('guest_mobile'),
    /** A guest order's link (/order-status#token): SHA-256 (hex) of the random token only the guest was given. */
    guestAccessHash: text('guest_access_hash'),
    source: orderSourceEnum('source').notNull(),
    status: orderStatusEnum('status').notNull().default('created'),
    paymentMode: paymentModeEnum('payment_mode').notNull(),
    paymentStatus: orderPaymentStatusEnum('payment_status').notNull(),
    subTotal: integer('sub_total').notNull(),
    shippingCharges: integer('shipping_charges').notNull().default(0),
    grandTotal: integer('grand_total').notNull(),
    walletAmountUsed: integer('wallet_amount_used').notNull().default(0),
    amountPayable: integer('amount_payable').notNull(),
    address: jsonb('address').$type<OrderAddressCopy>().notNull(),
    /** While created: when the unpaid online payment is abandoned (30 minutes). */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** payment_failed · payment_expired · payment_start_failed · cancelled */
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('orders_number').on(t.orderNumber),
    index('orders_user_created').on(t.userId, t.createdAt.desc(), t.id),
    index('orders_created').on(t.createdAt.desc(), t.orderNumber.desc(), t.paymentStatus, t.id),
    uniqueIndex('orders_guest_access').on(t.guestAccessHash).where(sql`${t.guestAccessHash} is not null`),
    index('orders_unpaid').on(t.paymentExpiresAt).where(sql`${t.status} = 'created'`),
    // the admin's search by mobile (migration 0030)
    index('orders_guest_mobile').on(t.guestMobile).where(sql`${t.guestMobile} is not null`),
    index('orders_address_mobile').on(sql`(${t.address}->>'mobile')`),
    check('orders_buyer', sql`${t.userId} is not null or ${t.guestMobile} is not null`),
    check(
      'orders_money',
      sql`${t.subTotal} >= 0 and ${t.shippingCharges} >= 0 and ${t.walletAmountUsed} >= 0 and ${t.amountPayable} >= 0
        and ${t.grandTotal} = ${t.subTotal} + ${t.shippingCharges} and ${t.amountPayable} = ${t.grandTotal} - ${t.walletAmountUsed}`,
    ),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Position in the order, for a stable line order. */
    position: integer('position').notNull(),
    /** Null once the product is deleted from the catalogue; the copy below stays. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The vendor's user id (products.vendor_id). */
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** The product's HSN code, else its category's, at order time. */
    hsnCode: text('hsn_code'),
    /** The category's GST rate (percent) at order time. */
    gstRate: integer('gst_rate').notNull(),
    /**
     * The category's commission rate (percent) at order time: what the marketplace keeps of this line (ADR 017). A
     * snapshot, so a later change of rate never rewrites past earnings. Placement always sets it; the default is the
     * marketplace's standard rate.
     */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('10'),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image').notNull().default(''),
    /** Offered price per piece at order time (what was paid), and the list price. */
    price: integer('price').notNull(),
    mrp: integer('mrp').notNull(),
    quantity: integer('quantity').notNull(),
    size: sizeEnum('size'),
    color: text('color'),
    isFreeSize: boolean('is_free_size').notNull().default(false),
    isColorOptions: boolean('is_color_options').notNull().default(false),
    isTempProduct: boolean('is_temp_product').notNull().default(false),
    tempProductId: uuid('temp_product_id'),
  },
  (t) => [
    uniqueIndex('order_lines_order_position').on(t.orderId, t.position),
    index('order_lines_order_vendor').on(t.orderId, t.vendorId, t.price, t.quantity),
    index('order_lines_product').on(t.productId),
    index('order_lines_vendor').on(t.vendorId),
    check('order_lines_quantity', sql`${t.quantity} between 1 and 10`),
    check('order_lines_price', sql`${t.price} >= 0 and ${t.mrp} >= ${t.price}`),
    check('order_lines_commission_percent', sql`${t.commissionPercent} between 0 and 50`),
  ],
);
export type OrderLineRow = typeof orderLines.$inferSelect;

/** ordersVendorWise: each vendor's part of an order, with its shipment. */
export const orderVendorGroups = pgTable(
  'order_vendor_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id),
    brandName: text('brand_name').notNull().default(''),
    /** Tracking number of the parcel. */
    awsNumber: text('aws_number'),
    courierPartner: text('courier_partner'),
    status: orderStatusEnum('status').notNull().default('created'),
    /**
     * The order's created_at, copied so a vendor's parts are listed newest first from an index (ADR 037). The
     * database keeps it (migration 0040's triggers): whatever a writer passes, a part takes its order's time.
     */
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('order_vendor_groups_order_vendor').on(t.orderId, t.vendorId),
    index('order_vendor_groups_vendor_status').on(t.vendorId, t.status, t.orderId),
    index('order_vendor_groups_vendor_placed').on(t.vendorId, t.placedAt.desc()),
    index('order_vendor_groups_vendor_status_placed').on(t.vendorId, t.status, t.placedAt.desc()),
  ],
);
export type OrderVendorGroupRow = typeof orderVendorGroups.$inferSelect;

export const refundStatusEnum = pgEnum('refund_status', ['pending', 'completed', 'failed']);

/**
 * Money given back for a cancelled vendor part of an order (a whole order is all its parts): at most one refund
 * per part, by the unique index, so a double click, a retry or two people cancelling at once refund once.
 * `walletAmount` went back to the buyer's wallet at once; `gatewayAmount` goes back the way it was paid (the
 * sandbox: to the wallet; Razorpay: a refund through its API, `providerRefundId`, pending until it answers).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorGroupId: uuid('vendor_group_id')
      .notNull()
      .references(() => orderVendorGroups.id, { onDelete: 'cascade' }),
    walletAmount: integer('wallet_amount').notNull().default(0),
    gatewayAmount: integer('gateway_amount').notNull().default(0),
    /** wallet (sandbox gateway part credited to the wallet), razorpay, or none (cash on delivery: nothing collected). */
    gatewayMethod: text('gateway_method', { enum: ['wallet', 'razorpay', 'none'] }).notNull(),
    status: refundStatusEnum('status').notNull(),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    /** Who cancelled: buyer, vendor, admin. */
    actor: text('actor', { enum: ['buyer', 'vendor', 'admin'] }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_refunds_once_per_part').on(t.vendorGroupId),
    index('order_refunds_order').on(t.orderId),
    index('order_refunds_pending').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('order_refunds_amounts', sql`${t.walletAmount} >= 0 and ${t.gatewayAmount} >= 0`),
  ],
);
export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/**
 * Every status change of an order (vendorGroupId null) or of a vendor's part, written by database triggers
 * (migration 0030, ADR 024) whoever makes it. The actor and note are those the writing transaction declared
 * (admin-orders/history.ts declareActor); null when it declared none.
 */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorGroupId: uuid('vendor_group_id').references(() => orderVendorGroups.id, { onDelete: 'cascade' }),
    fromStatus: orderStatusEnum('from_status').notNull(),
    toStatus: orderStatusEnum('to_status').notNull(),
    /** buyer · vendor · admin · null (not declared: a payment, a sweeper, a path that does not say). */
    actorKind: text('actor_kind'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_events_order').on(t.orderId, t.createdAt)],
);
export type OrderStatusEventRow = typeof orderStatusEvents.$inferSelect;
