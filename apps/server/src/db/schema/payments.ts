import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * Payments through a gateway (the built-in sandbox, or Razorpay): one row per payment started, for an order or a
 * wallet recharge. A payment is recorded exactly once: its status leaves `pending` by one conditional UPDATE.
 */
export const paymentPurposeEnum = pgEnum('payment_purpose', ['order', 'wallet']);
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'succeeded', 'failed', 'expired']);

export const payments = pgTable(
  'payments',
  {
    /** The paymentId of the payment page URL. */
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: paymentPurposeEnum('purpose').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** Who pays: the buyer of an order (null for a guest), or the wallet's owner. */
    userId: uuid('user_id').references(() => users.id),
    /** Whole rupees. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** What is being paid, as the payment page shows it. */
    description: text('description').notNull(),
    /** sandbox · razorpay */
    provider: text('provider').notNull(),
    /** The gateway's order id (Razorpay order_…). */
    providerOrderId: text('provider_order_id'),
    /** The gateway's payment id once paid (Razorpay pay_…). */
    providerPaymentId: text('provider_payment_id'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // an order may have several payments (a failed one retried: migration 0019), never two pending at once
    index('payments_order').on(t.orderId).where(sql`${t.orderId} is not null`),
    uniqueIndex('payments_order_pending').on(t.orderId).where(sql`${t.orderId} is not null and ${t.status} = 'pending'`),
    uniqueIndex('payments_provider_order').on(t.provider, t.providerOrderId).where(sql`${t.providerOrderId} is not null`),
    index('payments_pending').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    index('payments_user').on(t.userId),
    check('payments_amount', sql`${t.amount} > 0`),
    check('payments_purpose_order', sql`(${t.purpose} = 'order') = (${t.orderId} is not null)`),
    check('payments_wallet_user', sql`${t.purpose} <> 'wallet' or ${t.userId} is not null`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/** Gateway webhook events already handled (Razorpay x-razorpay-event-id): a redelivered event changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
