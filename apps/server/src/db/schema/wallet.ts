import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orderRefunds, orders } from './orders.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * The wallet ledger (shopping §3 wallet). There is no balance column: the balance is Σ completed credits −
 * Σ debits that are pending or completed (a pending debit is cash held by an order awaiting its payment).
 * Rows are never deleted; only a pending row's status changes (to completed or failed). Spends are serialised
 * per user with a transaction-scoped advisory lock (modules/wallet/service.ts).
 */
export const walletTxTypeEnum = pgEnum('wallet_tx_type', ['credit', 'debit']);
export const walletTxStatusEnum = pgEnum('wallet_tx_status', ['completed', 'pending', 'failed']);
/** reward (new user), recharge (through the gateway), order_payment (wallet cash at checkout), order_refund. */
export const walletTxKindEnum = pgEnum('wallet_tx_kind', ['reward', 'recharge', 'order_payment', 'order_refund']);

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: walletTxTypeEnum('type').notNull(),
    status: walletTxStatusEnum('status').notNull(),
    kind: walletTxKindEnum('kind').notNull(),
    /** Whole rupees, always positive; `type` says which way. */
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The part refund this credit belongs to (order_refunds); null for the whole-order return of held cash. */
    refundId: uuid('refund_id').references(() => orderRefunds.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_transactions_user_created').on(t.userId, t.createdAt.desc(), t.id),
    /** Each of these happens at most once: the reward per user, the cash and its refund per order, a credit per recharge. */
    uniqueIndex('wallet_transactions_reward_once').on(t.userId).where(sql`${t.kind} = 'reward'`),
    uniqueIndex('wallet_transactions_order_payment_once').on(t.orderId).where(sql`${t.kind} = 'order_payment'`),
    uniqueIndex('wallet_transactions_order_refund_once').on(t.orderId).where(sql`${t.kind} = 'order_refund' and ${t.refundId} is null`),
    /** A part refund credits the wallet at most once (its wallet cash, plus the sandbox gateway's part). */
    uniqueIndex('wallet_transactions_part_refund_once').on(t.refundId).where(sql`${t.refundId} is not null`),
    uniqueIndex('wallet_transactions_recharge_once').on(t.paymentId).where(sql`${t.kind} = 'recharge'`),
    check('wallet_transactions_amount', sql`${t.amount} > 0`),
    check(
      'wallet_transactions_kind_type',
      sql`(${t.kind} = 'order_payment') = (${t.type} = 'debit') and (${t.kind} not in ('order_payment', 'order_refund') or ${t.orderId} is not null)`,
    ),
  ],
);
export type WalletTransactionRow = typeof walletTransactions.$inferSelect;
