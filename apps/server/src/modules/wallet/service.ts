import { and, desc, eq, sql } from 'drizzle-orm';
import { formatOrderNumber, MSG, orderTotalEnough, WALLET, WALLET_TRANSACTIONS_SHOWN, walletCashAmount, walletCashUsable } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { walletTransactions, type PaymentRow, type WalletTransactionRow } from '../../db/schema/index.ts';
import { onUserRegistered } from '../../lib/account-hooks.ts';
import { clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { createPayment, expireDuePayments, launchPayment, recordOutcome, registerPaymentHandler } from '../payments/service.ts';

/**
 * The wallet: a ledger per user (wallet_transactions), never a stored balance.
 *
 *   balance = Σ completed credits − Σ debits that are pending or completed
 *
 * - credits: the ₹200 new-user reward (once, at sign-up), recharges through the payment gateway (pending until
 *   paid, credited exactly once), refunds of wallet cash when an order is cancelled;
 * - debits: wallet cash used at checkout, debited in the order's transaction — pending while the order awaits
 *   its online payment (already counted as spent), completed once paid, failed (the cash is back) when the
 *   payment fails or expires.
 * Spends are serialised per user by a transaction-scoped advisory lock (lockWallet), so two orders at once can
 * never spend the same rupees: the second sees the first's debit. Credits need no lock: they only add.
 */

/** Serialises spending of one user's wallet until the transaction ends. */
export async function lockWallet(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wallet:${userId}`}, 0))`);
}

/** The balance: the sum of the ledger (whole rupees, never negative). */
export async function walletBalance(db: DbOrTx, userId: string): Promise<number> {
  const res = await db.execute<{ balance: number }>(sql`select coalesce(sum(case
      when type = 'credit' and status = 'completed' then amount
      when type = 'debit' and status <> 'failed' then -amount
      else 0 end), 0)::int as balance
    from wallet_transactions where user_id = ${userId}`);
  return Number(res.rows[0]?.balance ?? 0);
}

/**
 * How much wallet cash an order may use: the contract's rule (walletCashAmount, shopping §4, §9), refused with
 * the order total's message first (400), then the balance's (409). Call under lockWallet.
 */
export function walletCashFor(balance: number, orderTotal: number, unspentReward = 0): number {
  if (!orderTotalEnough(orderTotal)) throw badRequest(MSG.walletMinOrderTotal, { isWalletUse: MSG.walletMinOrderTotal });
  // The balance is state, not input: it may have dropped since the checkout page showed it.
  if (!walletCashUsable(balance, orderTotal, unspentReward)) throw conflict(MSG.walletMinBalance);
  return walletCashAmount(balance, orderTotal, unspentReward);
}

/**
 * The part of the balance that is still the new-user reward: the reward, less wallet cash spent on orders, plus
 * wallet cash given back by refunds, never more than the reward or the balance. Read from the ledger, so it is
 * right whatever order things happened in.
 */
export async function unspentReward(db: DbOrTx, userId: string, balance?: number): Promise<number> {
  const res = await db.execute<{ reward: number; spent: number; returned: number }>(sql`select
      coalesce(sum(amount) filter (where kind = 'reward' and status = 'completed'), 0)::int as reward,
      coalesce(sum(amount) filter (where kind = 'order_payment' and status in ('completed', 'pending')), 0)::int as spent,
      coalesce(sum(amount) filter (where kind = 'order_refund' and status = 'completed'), 0)::int as returned
    from wallet_transactions where user_id = ${userId}`);
  const row = res.rows[0];
  if (!row || !Number(row.reward)) return 0;
  const left = Math.min(Number(row.reward), Number(row.reward) - Number(row.spent) + Number(row.returned));
  return Math.max(0, Math.min(left, balance ?? (await walletBalance(db, userId))));
}

const orderLabel = (order: { orderInitial: string; orderNumber: number }) => formatOrderNumber(order.orderInitial, order.orderNumber);

/** Wallet cash for an order: a debit, pending while the order awaits its online payment, else completed. */
export async function debitOrderCash(
  tx: Tx,
  p: { userId: string; order: { id: string; orderInitial: string; orderNumber: number }; amount: number; pending: boolean },
): Promise<void> {
  if (p.amount <= 0) return;
  const now = clock.now();
  await tx.insert(walletTransactions).values({
    userId: p.userId,
    type: 'debit',
    status: p.pending ? 'pending' : 'completed',
    kind: 'order_payment',
    amount: p.amount,
    description: `Paid for order ${orderLabel(p.order)}`,
    orderId: p.order.id,
    createdAt: now,
    updatedAt: now,
  });
}

/** The order was paid: its held wallet cash is spent for good. */
export async function settleOrderCash(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(walletTransactions)
    .set({ status: 'completed', updatedAt: clock.now() })
    .where(and(eq(walletTransactions.orderId, orderId), eq(walletTransactions.kind, 'order_payment'), eq(walletTransactions.status, 'pending')));
}

/**
 * The order will not go ahead: its wallet cash comes back. Held cash (pending debit) is released by failing the
 * debit; spent cash (completed debit) is refunded with a credit — once per order (a unique index), whatever
 * calls this twice. Returns the rupees given back.
 */
export async function returnOrderCash(tx: Tx, order: { id: string; orderInitial: string; orderNumber: number }): Promise<number> {
  const now = clock.now();
  const [debit] = await tx
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.orderId, order.id), eq(walletTransactions.kind, 'order_payment')))
    .limit(1);
  if (!debit || debit.status === 'failed') return 0;
  if (debit.status === 'pending') {
    const released = await tx
      .update(walletTransactions)
      .set({ status: 'failed', updatedAt: now })
      .where(and(eq(walletTransactions.id, debit.id), eq(walletTransactions.status, 'pending')))
      .returning({ id: walletTransactions.id });
    return released.length ? debit.amount : 0;
  }
  const refund = await tx
    .insert(walletTransactions)
    .values({
      userId: debit.userId,
      type: 'credit',
      status: 'completed',
      kind: 'order_refund',
      amount: debit.amount,
      description: `Refund for cancelled order ${orderLabel(order)}`,
      orderId: order.id,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: walletTransactions.id });
  return refund.length ? debit.amount : 0;
}

/** The ₹200 new-user reward, credited once per account (a unique index makes a second credit a no-op). */
export async function creditNewUserReward(tx: DbOrTx, userId: string): Promise<void> {
  const now = clock.now();
  await tx
    .insert(walletTransactions)
    .values({
      userId,
      type: 'credit',
      status: 'completed',
      kind: 'reward',
      amount: WALLET.newUserReward,
      description: 'New user reward',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

// Every new account gets the reward in its sign-up transaction (accounts: auth/register, first Google sign-in).
onUserRegistered('wallet:new-user-reward', async (tx, user) => {
  await creditNewUserReward(tx, user.id);
});

export interface WalletView {
  walletBalance: number;
  unspentReward: number;
  transactions: WalletTransactionRow[];
}

/** GET wallet/fetchBalance: the balance and the latest transactions, newest first (expired recharges settled first). */
export async function fetchWallet(ctx: Pick<AppContext, 'db'>, userId: string): Promise<WalletView> {
  await expireDuePayments(ctx.db, { userId });
  const [balance, transactions] = await Promise.all([
    walletBalance(ctx.db, userId),
    ctx.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, userId))
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
      .limit(WALLET_TRANSACTIONS_SHOWN),
  ]);
  return { walletBalance: balance, unspentReward: await unspentReward(ctx.db, userId, balance), transactions };
}

/**
 * POST wallet/recharge-wallet: records the payment and a pending credit in one transaction, then starts the
 * payment at the gateway. The credit completes exactly once when the payment succeeds; it fails when the payment
 * fails or is abandoned (30 minutes).
 */
export async function startRecharge(ctx: Pick<AppContext, 'db' | 'config'>, userId: string, amount: number): Promise<{ url: string; paymentId: string }> {
  const payment = await transaction(ctx.db, async (tx) => {
    const p = await createPayment(tx, ctx, { purpose: 'wallet', userId, amount, description: 'Statewise wallet recharge' });
    const now = clock.now();
    await tx.insert(walletTransactions).values({
      userId,
      type: 'credit',
      status: 'pending',
      kind: 'recharge',
      amount,
      description: 'Wallet recharge',
      paymentId: p.id,
      createdAt: now,
      updatedAt: now,
    });
    return p;
  });
  try {
    return { url: await launchPayment(ctx, payment), paymentId: payment.id };
  } catch (err) {
    await recordOutcome(ctx.db, payment.id, 'failed', { reason: 'The payment could not be started' });
    throw err instanceof AppError ? err : Object.assign(new AppError(503, MSG.paymentStartFailed), { cause: err });
  }
}

async function setRechargeStatus(tx: Tx, payment: PaymentRow, status: 'completed' | 'failed', from: 'pending' | 'failed'): Promise<void> {
  await tx
    .update(walletTransactions)
    .set({ status, updatedAt: clock.now() })
    .where(and(eq(walletTransactions.paymentId, payment.id), eq(walletTransactions.kind, 'recharge'), eq(walletTransactions.status, from)));
}

registerPaymentHandler('wallet', {
  succeeded: (tx, payment) => setRechargeStatus(tx, payment, 'completed', 'pending'),
  failed: (tx, payment) => setRechargeStatus(tx, payment, 'failed', 'pending'),
  // The gateway took the money after we gave up on it: the recharge is credited after all.
  lateSuccess: (tx, payment) => setRechargeStatus(tx, payment, 'completed', 'failed'),
});
