import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import { ORDER, MSG } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { payments, type PaymentRow } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { paymentProvider, type PaymentPurpose } from './provider.ts';

/**
 * Payments as records: started for an order or a wallet recharge, then completed exactly once — succeeded,
 * failed, or expired after 30 minutes unpaid. Whatever the way back (the sandbox page's signed form, Razorpay's
 * callback or webhook, order/confirmOrder, the sweeper), the outcome is recorded by ONE conditional UPDATE of a
 * pending row, and the purpose's handler runs in the same transaction only when that UPDATE changed the row: a
 * replayed or concurrent completion changes nothing.
 *
 * Orders and the wallet register what a payment's outcome means for them (registerPaymentHandler), so this
 * module never imports theirs.
 */

export interface PaymentHandler {
  /** Takes the locks the handler's writes need, before the payment row is touched (one lock order everywhere). */
  lock?(tx: Tx, payment: PaymentRow): Promise<void>;
  succeeded(tx: Tx, payment: PaymentRow): Promise<void>;
  /** `final`: nothing may retry this purpose (the payment could not even start, or the order was called off). */
  failed(tx: Tx, payment: PaymentRow, status: 'failed' | 'expired', opts: { final: boolean }): Promise<void>;
  /** The gateway confirms money taken for a payment we had already failed or expired. */
  lateSuccess?(tx: Tx, payment: PaymentRow): Promise<void>;
  /**
   * Ends what the purpose holds past its deadline without a pending payment (an order kept for a retry after a
   * failed attempt); expireDuePayments runs it after expiring the payments. Returns how many it ended.
   */
  expireDue?(db: Db, opts: { userId?: string }): Promise<number>;
}

const handlers = new Map<PaymentPurpose, PaymentHandler>();

export function registerPaymentHandler(purpose: PaymentPurpose, handler: PaymentHandler): void {
  handlers.set(purpose, handler);
}

function handlerFor(purpose: PaymentPurpose): PaymentHandler {
  const handler = handlers.get(purpose);
  if (!handler) throw new Error(`No payment handler for ${purpose}`);
  return handler;
}

export interface NewPayment {
  purpose: PaymentPurpose;
  orderId?: string | null;
  userId?: string | null;
  amount: number;
  description: string;
  /** Default: 30 minutes from now. A retried order payment keeps the order's own deadline. */
  expiresAt?: Date;
}

/** Records a payment to start (pending, expiring in 30 minutes). Inside the caller's transaction; no network. */
export async function createPayment(tx: DbOrTx, ctx: Pick<AppContext, 'config'>, p: NewPayment): Promise<PaymentRow> {
  const now = clock.now();
  const [row] = await tx
    .insert(payments)
    .values({
      purpose: p.purpose,
      orderId: p.orderId ?? null,
      userId: p.userId ?? null,
      amount: p.amount,
      description: p.description,
      provider: paymentProvider(ctx.config).name,
      createdAt: now,
      expiresAt: p.expiresAt ?? paymentDeadline(now),
    })
    .returning();
  return row!;
}

/** When a payment started at `from` is abandoned. */
export function paymentDeadline(from: Date): Date {
  return new Date(from.getTime() + ORDER.paymentTimeoutMinutes * 60_000);
}

/**
 * Starts a recorded payment at the gateway (after the caller's transaction committed) and gives the URL to send
 * the browser to, at ctx.config.publicUrl (the caller's own address when the route passed lib/http.ts forCaller).
 * Throws (503) when the gateway cannot be reached; the caller undoes what it reserved.
 */
export async function launchPayment(ctx: Pick<AppContext, 'config' | 'db'>, payment: PaymentRow): Promise<string> {
  const started = await paymentProvider(ctx.config).start({
    id: payment.id,
    purpose: payment.purpose,
    amount: payment.amount,
    description: payment.description,
  });
  if (started.providerOrderId) {
    await ctx.db.update(payments).set({ providerOrderId: started.providerOrderId }).where(eq(payments.id, payment.id));
  }
  return `${ctx.config.publicUrl}${started.path}`;
}

/** The page of a payment already started (a pending one the payer goes back to), at ctx.config.publicUrl. */
export function paymentPageUrl(ctx: Pick<AppContext, 'config'>, payment: Pick<PaymentRow, 'id'>): string {
  return `${ctx.config.publicUrl}${paymentProvider(ctx.config).pagePath(payment.id)}`;
}

export async function getPayment(db: DbOrTx, id: string): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!row) throw notFound(MSG.paymentNotFound);
  return row;
}

/** An order's latest payment (an order has several when a failed one was retried; at most one pending). */
export async function paymentOfOrder(db: DbOrTx, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(1);
  return row;
}

/** The payment that paid an order (refunds go back through it). */
export async function paidPaymentOfOrder(db: DbOrTx, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.completedAt))
    .limit(1);
  return row;
}

export async function paymentByProviderOrder(db: DbOrTx, provider: string, providerOrderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)))
    .limit(1);
  return row;
}

export type Outcome = 'succeeded' | 'failed' | 'expired';

export interface OutcomeInfo {
  providerPaymentId?: string | null;
  reason?: string | null;
  /**
   * A success the gateway itself confirms (a verified Razorpay capture) is honoured even after we failed or
   * expired the payment: the money was taken, so the handler records it (refund due, or the recharge credited).
   * A sandbox completion never is: its first outcome is final.
   */
  gatewayConfirmed?: boolean;
  /** A failure after which the purpose may not retry (the payment could not start, the order was called off). */
  final?: boolean;
}

export interface Recorded {
  payment: PaymentRow;
  /** False when the payment already had its outcome (a replay, or the other of two concurrent completions). */
  changed: boolean;
}

/**
 * Records a payment's outcome inside `tx`, exactly once. A payment past its deadline cannot succeed through the
 * payer's browser any more (it is expired instead), unless the gateway confirms the capture.
 */
export async function recordOutcomeTx(tx: Tx, paymentId: string, outcome: Outcome, info: OutcomeInfo = {}): Promise<Recorded> {
  const now = clock.now();
  const current = await getPayment(tx, paymentId);
  const handler = handlerFor(current.purpose);
  await handler.lock?.(tx, current);
  let wanted = outcome;
  if (wanted === 'succeeded' && !info.gatewayConfirmed && current.expiresAt <= now) wanted = 'expired';
  const [updated] = await tx
    .update(payments)
    .set({
      status: wanted,
      completedAt: now,
      providerPaymentId: info.providerPaymentId ?? current.providerPaymentId,
      failureReason: wanted === 'succeeded' ? null : (info.reason ?? (wanted === 'expired' ? 'Not paid within 30 minutes' : 'Payment failed')),
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning();
  if (updated) {
    if (wanted === 'succeeded') await handler.succeeded(tx, updated);
    else await handler.failed(tx, updated, wanted, { final: info.final ?? false });
    return { payment: updated, changed: true };
  }
  if (outcome === 'succeeded' && info.gatewayConfirmed && handler.lateSuccess) {
    const [late] = await tx
      .update(payments)
      .set({ status: 'succeeded', completedAt: now, providerPaymentId: info.providerPaymentId ?? current.providerPaymentId })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['failed', 'expired'])))
      .returning();
    if (late) {
      await handler.lateSuccess(tx, late);
      return { payment: late, changed: true };
    }
  }
  return { payment: await getPayment(tx, paymentId), changed: false };
}

/** recordOutcomeTx in its own transaction. */
export function recordOutcome(db: Db, paymentId: string, outcome: Outcome, info: OutcomeInfo = {}): Promise<Recorded> {
  return transaction(db, (tx) => recordOutcomeTx(tx, paymentId, outcome, info));
}

/**
 * Expires every pending payment past its 30 minutes (of one payer, or all): the order is cancelled and its stock
 * and wallet cash released, or the recharge marked failed. Runs periodically in the server and lazily before
 * orders, payments and the wallet are read. Safe to run anywhere at once: each expiry is the exactly-once UPDATE.
 */
export async function expireDuePayments(db: Db, opts: { userId?: string; paymentId?: string; limit?: number } = {}): Promise<number> {
  const now = clock.now();
  const conditions = [eq(payments.status, 'pending'), lte(payments.expiresAt, now)];
  if (opts.userId) conditions.push(eq(payments.userId, opts.userId));
  if (opts.paymentId) conditions.push(eq(payments.id, opts.paymentId));
  const due = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(...conditions))
    .orderBy(asc(payments.expiresAt))
    .limit(opts.limit ?? 200);
  let expired = 0;
  for (const { id } of due) {
    const { changed } = await recordOutcome(db, id, 'expired');
    if (changed) expired += 1;
  }
  // what is held past its deadline with no payment pending (an order kept for a retry after a failed attempt)
  if (!opts.paymentId) {
    for (const handler of handlers.values()) if (handler.expireDue) expired += await handler.expireDue(db, { userId: opts.userId });
  }
  return expired;
}

/** Where the payer's browser goes after the gateway (API.md): the order result page or the wallet. */
export function returnPath(payment: Pick<PaymentRow, 'purpose' | 'status' | 'orderId'>): string {
  const ok = payment.status === 'succeeded';
  return payment.purpose === 'order' ? `/payment-confirmation?status=${ok}&orderId=${payment.orderId}` : `/wallet?status=${ok}`;
}

/** A failed attempt the gateway reported while the payer may still retry: noted on the payment, nothing else changes. */
export async function recordFailureNote(tx: DbOrTx, paymentId: string, reason: string): Promise<void> {
  await tx
    .update(payments)
    .set({ failureReason: reason.slice(0, 500) })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
}
