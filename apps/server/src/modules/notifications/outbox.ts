import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatINR, formatOrderNumber } from '@statewise/contract';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { notificationOutbox, orderLines, orders, orderVendorGroups, sellerApplications, users, type NotificationOutboxRow } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { orderSmsEnabled, type Notification } from '../../lib/notify.ts';
import { sellerDecisionMessage } from '../sellers/decision-notice.ts';

/**
 * The notification outbox (migration 0028): a message is queued in the transaction of the change it tells of and
 * sent after the commit by dispatchNotifications, so an order that rolls back tells no one and a crash after the
 * commit loses nothing. A message is sent at least once: a process that dies between the send and the mark sends
 * it again after its lease runs out.
 */

/**
 * Each kind is its own row, so a retry of one never repeats another: the new-order e-mail and the new-order SMS of the
 * same vendor and order are sent, retried and marked apart.
 */
export type OutboxKind = 'vendor-new-order' | 'vendor-new-order-sms' | 'seller-decision';

/** How long a claimed message is left to its dispatcher before another may take it. */
const LEASE_MS = 5 * 60_000;
/** Retries back off 1, 2, 4 … minutes; after this many attempts the message is marked failed. */
export const MAX_ATTEMPTS = 8;

export async function enqueueNotification(tx: DbOrTx, kind: OutboxKind, userId: string, payload: Record<string, string>): Promise<void> {
  await tx.insert(notificationOutbox).values({ kind, userId, payload });
}

/**
 * Queues "you have a new order" for each vendor with a part in the order, by e-mail and by SMS (called as the order
 * becomes pending). Whether the SMS can go out is decided when it is sent (newOrderSms), by the settings then.
 */
export async function enqueueNewOrderForVendors(tx: Tx, orderId: string): Promise<void> {
  const groups = await tx.select({ vendorId: orderVendorGroups.vendorId }).from(orderVendorGroups).where(eq(orderVendorGroups.orderId, orderId));
  if (!groups.length) return;
  const kinds: OutboxKind[] = ['vendor-new-order', 'vendor-new-order-sms'];
  await tx.insert(notificationOutbox).values(groups.flatMap((g) => kinds.map((kind) => ({ kind, userId: g.vendorId, payload: { orderId } }))));
}

/** Takes up to `limit` due messages for this dispatcher: leased, so two processes never take the same one. */
async function claim(db: DbOrTx, limit: number): Promise<NotificationOutboxRow[]> {
  const now = clock.now();
  const due = db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(and(isNull(notificationOutbox.sentAt), isNull(notificationOutbox.failedAt), lte(notificationOutbox.nextAttemptAt, now)))
    .orderBy(asc(notificationOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notificationOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${notificationOutbox.attempts} + 1` })
    .where(inArray(notificationOutbox.id, due))
    .returning();
}

/** The vendor's part of an order as a new-order message tells it: their lines, pieces and total. */
async function vendorPart(db: DbOrTx, row: NotificationOutboxRow) {
  const orderId = row.payload.orderId ?? '';
  const [[order], lines] = await Promise.all([
    db.select({ orderInitial: orders.orderInitial, orderNumber: orders.orderNumber, paymentMode: orders.paymentMode }).from(orders).where(eq(orders.id, orderId)),
    db
      .select({ name: orderLines.name, size: orderLines.size, color: orderLines.color, quantity: orderLines.quantity, price: orderLines.price })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.vendorId, row.userId)))
      .orderBy(asc(orderLines.position)),
  ]);
  if (!order || !lines.length) return null;
  return {
    orderId,
    number: formatOrderNumber(order.orderInitial, order.orderNumber),
    cod: order.paymentMode === 'cod',
    lines,
    total: lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
    pieces: lines.reduce((n, l) => n + l.quantity, 0),
  };
}

/** The e-mail a vendor gets for a new order: the order number, their lines, their part's total and where to act. */
export async function newOrderMessage(db: DbOrTx, config: Pick<Config, 'publicUrl'>, row: NotificationOutboxRow): Promise<Notification | null> {
  const [[vendor], part] = await Promise.all([
    db.select({ email: users.email, firstname: users.firstname }).from(users).where(eq(users.id, row.userId)),
    vendorPart(db, row),
  ]);
  if (!vendor || !part) return null;
  const { orderId, number, total, pieces, lines } = part;
  const option = (l: (typeof lines)[number]) => [l.size?.toUpperCase(), l.color].filter(Boolean).join(', ');
  const text = [
    `Hello ${vendor.firstname || 'there'},`,
    '',
    `You have a new order on Statewise: ${number}, ${pieces} piece${pieces === 1 ? '' : 's'}, ${formatINR(total)}${part.cod ? ' (cash on delivery)' : ' (paid online)'}.`,
    '',
    ...lines.map((l) => `- ${l.name}${option(l) ? ` (${option(l)})` : ''} × ${l.quantity}`),
    '',
    `Confirm and ship it from your vendor console: ${config.publicUrl}/vendor/orders/${orderId}`,
  ].join('\n');
  return { kind: 'vendor-new-order', to: { email: vendor.email, name: vendor.firstname }, subject: `New order ${number}`, text };
}

/**
 * The SMS a vendor gets for a new order: the order number, the pieces and the amount of their part, nothing of the
 * buyer (no name, number or address: an SMS is read on a lock screen and kept by the operator). To the account's
 * verified mobile, else the store's calling number from the seller application. Null (nothing to send) when order
 * texts are off (a gateway without SMS_ORDER_TEMPLATE_ID) or the vendor has no mobile.
 */
export async function newOrderSms(db: DbOrTx, config: Pick<Config, 'otpDelivery' | 'notifications'>, row: NotificationOutboxRow): Promise<Notification | null> {
  if (!orderSmsEnabled(config)) return null;
  const [[vendor], part] = await Promise.all([
    db
      .select({ mobile: users.mobile, mobileVerified: users.mobileVerified, firstname: users.firstname, callingNumber: sellerApplications.callingNumber })
      .from(users)
      .leftJoin(sellerApplications, eq(sellerApplications.userId, users.id))
      .where(eq(users.id, row.userId)),
    vendorPart(db, row),
  ]);
  if (!vendor || !part) return null;
  const mobile = (vendor.mobileVerified && vendor.mobile) || vendor.callingNumber;
  if (!mobile || !/^[6-9]\d{9}$/.test(mobile)) return null;
  // Rs, not the rupee sign: plain GSM characters keep the text to one SMS part
  const amount = `Rs ${part.total.toLocaleString('en-IN')}`;
  const pieces = `${part.pieces} piece${part.pieces === 1 ? '' : 's'}`;
  return {
    kind: 'vendor-new-order',
    channel: 'sms',
    to: { email: null, mobile, name: vendor.firstname },
    subject: `New order ${part.number}`,
    text: `Statewise: new order ${part.number}, ${pieces}, ${amount}${part.cod ? ' (cash on delivery)' : ''}. Confirm and ship it from your vendor console.`,
    vars: { order: part.number, pieces: String(part.pieces), amount },
  };
}

/** What each kind of queued message says, written when it is sent (so it tells the state of things then). */
const MESSAGES: Record<OutboxKind, (db: DbOrTx, config: Config, row: NotificationOutboxRow) => Promise<Notification | null>> = {
  'vendor-new-order': newOrderMessage,
  'vendor-new-order-sms': newOrderSms,
  'seller-decision': (db, config, row) => sellerDecisionMessage(db, config.publicUrl, row.payload),
};

/**
 * Sends what is due: each message once, marked sent; a failed send is retried with back-off and, after
 * MAX_ATTEMPTS, marked failed (kept, with its last error, for whoever looks). Returns how many were sent.
 */
export async function dispatchNotifications(ctx: Pick<AppContext, 'db' | 'notifier' | 'config'>, log: FastifyBaseLogger, limit = 20): Promise<number> {
  const claimed = await ctx.db.transaction((tx) => claim(tx, limit));
  let sent = 0;
  for (const row of claimed) {
    try {
      const message = await MESSAGES[row.kind as OutboxKind](ctx.db, ctx.config, row);
      // a message about an order or person that is gone (account deleted) has nothing to say: done
      if (message) await ctx.notifier.send(message);
      await ctx.db.update(notificationOutbox).set({ sentAt: clock.now(), lastError: null }).where(eq(notificationOutbox.id, row.id));
      if (message) sent++;
    } catch (err) {
      const error = (err as Error).message.slice(0, 500);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const retryAt = new Date(clock.now().getTime() + 60_000 * 2 ** (row.attempts - 1));
      await ctx.db
        .update(notificationOutbox)
        .set(giveUp ? { failedAt: clock.now(), lastError: error } : { nextAttemptAt: retryAt, lastError: error })
        .where(eq(notificationOutbox.id, row.id));
      log.warn({ err: error, kind: row.kind, attempts: row.attempts, notifier: ctx.notifier.name }, giveUp ? 'notification failed for good' : 'notification failed; will retry');
    }
  }
  return sent;
}
