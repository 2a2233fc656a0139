import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  formatOrderNumber,
  illegalTransitionMessage,
  MSG,
  ORDER,
  ORDER_TRANSITIONS,
  trackingUrlFor,
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderQuery,
  type AdminOrderSummary,
  type OrderStatus,
} from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  orderLines,
  orderRefunds,
  orders,
  orderStatusEvents,
  orderVendorGroups,
  payments,
  users,
  walletTransactions,
  type OrderRefundRow,
  type OrderRow,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { cancelOrderParts } from '../orders/cancel.ts';
import { assertTransition } from '../orders/status.ts';
import { movePartTx } from '../vendor-orders/service.ts';
import { buildHistory, declareActor } from './history.ts';

/**
 * The admin console's orders (issue 11, ADR 024): every order of the marketplace, found by number, mobile, e-mail,
 * status and dates; its detail with payments, refunds, wallet movements and history; a vendor part moved along
 * ORDER_TRANSITIONS by the vendor console's own move (vendor-orders movePartTx); cancel through orders/cancel.ts,
 * the one refund path. Every change is audited in its transaction and declared as the admin's for the history.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (s: string | undefined): s is string => !!s && UUID.test(s);

/** India Standard Time is UTC+5:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;
/** Midnight (India time) at the start of a YYYY-MM-DD day, as an instant. */
const istDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);

/** What an admin typed, read as an order number, a mobile, an e-mail, or else part of the buyer's name. */
export function readSearch(q: string): { kind: 'number'; value: number } | { kind: 'mobile'; value: string } | { kind: 'email'; value: string } | { kind: 'name'; value: string } {
  const trimmed = q.trim();
  const digits = trimmed.replace(/[\s()-]/g, '');
  const mobile = /^(?:\+?91)?([6-9]\d{9})$/.exec(digits);
  if (mobile) return { kind: 'mobile', value: mobile[1]! };
  const number = /^(?:[a-z]{2})?\s*#?0*(\d{1,9})$/i.exec(trimmed);
  if (number) return { kind: 'number', value: Number(number[1]) };
  if (trimmed.includes('@')) return { kind: 'email', value: trimmed.toLowerCase() };
  return { kind: 'name', value: trimmed.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) };
}

function filters(f: Pick<AdminOrderQuery, 'q' | 'status' | 'from' | 'to'>): SQL | undefined {
  const where: SQL[] = [];
  if (f.status) where.push(eq(orders.status, f.status));
  if (f.from) where.push(gte(orders.createdAt, istDayStart(f.from)));
  if (f.to) where.push(lt(orders.createdAt, new Date(istDayStart(f.to).getTime() + 86_400_000)));
  if (f.q) {
    const s = readSearch(f.q);
    if (s.kind === 'number') where.push(eq(orders.orderNumber, s.value));
    else if (s.kind === 'mobile')
      where.push(
        or(
          sql`${orders.userId} in (select u.id from ${users} u where u.mobile = ${s.value})`,
          eq(orders.guestMobile, s.value),
          sql`(${orders.address}->>'mobile') = ${s.value}`,
        )!,
      );
    else if (s.kind === 'email')
      where.push(or(sql`${orders.userId} in (select u.id from ${users} u where lower(u.email) = ${s.value})`, sql`lower(${orders.address}->>'email') = ${s.value}`)!);
    else where.push(sql`lower((${orders.address}->>'firstName') || ' ' || (${orders.address}->>'lastName')) like ${`%${s.value}%`}`);
  }
  return where.length ? and(...where) : undefined;
}

type BuyerCols = { firstname: string | null; lastname: string | null; mobile: string | null; email: string | null };

function buyerOf(o: OrderRow, u: BuyerCols | null): AdminOrderSummary['buyer'] {
  const addressName = `${o.address.firstName} ${o.address.lastName}`.trim();
  const accountName = u?.firstname !== null && u?.firstname !== undefined ? `${u.firstname} ${u.lastname ?? ''}`.trim() : '';
  return {
    userId: o.userId,
    name: accountName || addressName,
    mobile: u?.mobile ?? o.guestMobile ?? o.address.mobile ?? null,
    email: u?.email ?? o.address.email ?? null,
    guest: !o.userId,
  };
}

// Spelled out: drizzle writes the main table's columns unqualified, which a subquery would read as its own.
const itemsCount = sql<number>`(select coalesce(sum(l.quantity), 0) from ${orderLines} l where l.order_id = "orders"."id")::int`;
const vendorsOf = sql<AdminOrderSummary['vendors'] | null>`(select json_agg(json_build_object('vendorId', g.vendor_id, 'brandName', g.brand_name, 'status', g.status) order by g.brand_name, g.vendor_id)
  from ${orderVendorGroups} g where g.order_id = "orders"."id")`;

function toSummary(row: { order: OrderRow; itemsCount: number; vendors: AdminOrderSummary['vendors'] | null } & { buyer: BuyerCols | null }): AdminOrderSummary {
  const o = row.order;
  return {
    _id: o.id,
    orderNumber: formatOrderNumber(o.orderInitial, o.orderNumber),
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    paymentMode: o.paymentMode,
    paymentStatus: o.paymentStatus,
    grandTotal: o.grandTotal,
    itemsCount: Number(row.itemsCount),
    buyer: buyerOf(o, row.buyer),
    vendors: row.vendors ?? [],
  };
}

const buyerCols = { firstname: users.firstname, lastname: users.lastname, mobile: users.mobile, email: users.email };

/** GET admin/orders: newest first, a page of them and the count: two queries whatever the page size. */
export async function listOrders(db: Db, f: AdminOrderQuery): Promise<AdminOrderList> {
  const pageSize = f.pageSize ?? ADMIN_ORDERS_PAGE_SIZE;
  const where = filters(f);
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, buyer: buyerCols, itemsCount, vendors: vendorsOf })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(pageSize)
      .offset((f.page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { orders: rows.map(toSummary), count: Number(total?.n ?? 0), page: f.page, pageSize };
}

const isCancellable = (status: OrderStatus) => (ORDER.buyerCancellable as readonly string[]).includes(status);
/** Where an admin may move a part now: the table's next steps less cancelling (its own call) and a payment's own move. */
const nextStatuses = (order: OrderRow, status: OrderStatus): OrderStatus[] =>
  order.paymentStatus === 'paid' || order.paymentStatus === 'cod' ? ORDER_TRANSITIONS[status].filter((s) => s === 'confirmed' || s === 'shipped' || s === 'delivered') : [];

function toRefund(r: OrderRefundRow, vendorId: string) {
  return {
    _id: r.id,
    vendorId,
    walletAmount: r.walletAmount,
    gatewayAmount: r.gatewayAmount,
    gatewayMethod: r.gatewayMethod,
    status: r.status,
    providerRefundId: r.providerRefundId,
    failureReason: r.failureReason,
    actor: r.actor,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}

/** GET admin/orders/{id}: everything about one order, in eight queries. 404 for an unknown or malformed id. */
export async function orderDetail(db: Db, id: string): Promise<AdminOrderDetail> {
  if (!isUuid(id)) throw notFound(MSG.orderNotFound);
  const [head] = await db
    .select({ order: orders, buyer: buyerCols, itemsCount, vendors: vendorsOf })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id))
    .limit(1);
  if (!head) throw notFound(MSG.orderNotFound);
  const order = head.order;
  const [groups, lines, refunds, pays, wallet, events] = await Promise.all([
    db
      .select({ group: orderVendorGroups, vendorMobile: users.mobile })
      .from(orderVendorGroups)
      .leftJoin(users, eq(users.id, orderVendorGroups.vendorId))
      .where(eq(orderVendorGroups.orderId, id))
      .orderBy(asc(orderVendorGroups.brandName), asc(orderVendorGroups.vendorId)),
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id)).orderBy(asc(orderRefunds.createdAt)),
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.createdAt)),
    db.select().from(walletTransactions).where(eq(walletTransactions.orderId, id)).orderBy(asc(walletTransactions.createdAt), asc(walletTransactions.id)),
    db
      .select({ event: orderStatusEvents, actorFirst: users.firstname, actorLast: users.lastname })
      .from(orderStatusEvents)
      .leftJoin(users, eq(users.id, orderStatusEvents.actorId))
      .where(eq(orderStatusEvents.orderId, id))
      .orderBy(asc(orderStatusEvents.createdAt)),
  ]);
  const vendorOfGroup = new Map(groups.map(({ group: g }) => [g.id, { vendorId: g.vendorId, brandName: g.brandName }]));
  const refundOut = refunds.map((r) => toRefund(r, vendorOfGroup.get(r.vendorGroupId)?.vendorId ?? ''));
  const parts = groups.map(({ group: g, vendorMobile }) => {
    const mine = lines.filter((l) => l.vendorId === g.vendorId);
    const refund = refunds.find((r) => r.vendorGroupId === g.id);
    return {
      _id: g.id,
      vendorId: g.vendorId,
      brandName: g.brandName,
      vendorMobile,
      status: g.status,
      nextStatuses: nextStatuses(order, g.status),
      cancellable: isCancellable(order.status) && isCancellable(g.status),
      partTotal: mine.reduce((s, l) => s + l.price * l.quantity, 0),
      courierPartner: g.courierPartner,
      awsNumber: g.awsNumber,
      trackingUrl: trackingUrlFor(g.courierPartner, g.awsNumber),
      lines: mine.map((l) => ({ _id: l.id, productId: l.productId, name: l.name, slug: l.slug, image: l.image, price: l.price, mrp: l.mrp, quantity: l.quantity, size: l.size, color: l.color })),
      refund: refund ? toRefund(refund, g.vendorId) : null,
    };
  });
  const open = parts.filter((p) => p.status !== 'cancelled');
  const { country: _country, ...address } = order.address as typeof order.address & { country?: string };
  return {
    ...toSummary(head),
    subTotal: order.subTotal,
    shippingCharges: order.shippingCharges,
    walletAmountUsed: order.walletAmountUsed,
    amountPayable: order.amountPayable,
    paidAt: order.paidAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    address: { ...address, country: 'India' as const },
    parts,
    payments: pays.map((p) => ({
      _id: p.id,
      provider: p.provider,
      providerOrderId: p.providerOrderId,
      providerPaymentId: p.providerPaymentId,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      failureReason: p.failureReason,
      createdAt: p.createdAt.toISOString(),
      completedAt: p.completedAt?.toISOString() ?? null,
    })),
    refunds: refundOut,
    walletMovements: wallet.map((w) => ({ _id: w.id, type: w.type, status: w.status, kind: w.kind, amount: w.amount, description: w.description, createdAt: w.createdAt.toISOString() })),
    history: buildHistory(order, events, vendorOfGroup),
    cancellable: isCancellable(order.status) && open.length > 0 && open.every((p) => isCancellable(p.status)),
  };
}

/** The part of `vendorId` in the order, or the 404s an admin should read: no such order, no such seller in it. */
async function findPart(db: Db, orderId: string, vendorId: string) {
  if (!isUuid(orderId)) throw notFound(MSG.orderNotFound);
  const [order] = await db.select({ id: orders.id, orderInitial: orders.orderInitial, orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(MSG.orderNotFound);
  if (!isUuid(vendorId)) throw notFound(MSG.orderPartNotFound);
  const [group] = await db
    .select()
    .from(orderVendorGroups)
    .where(and(eq(orderVendorGroups.orderId, orderId), eq(orderVendorGroups.vendorId, vendorId)))
    .limit(1);
  if (!group) throw notFound(MSG.orderPartNotFound);
  return { order, group };
}

export const AWAITING_PAYMENT = 'This order is still awaiting its online payment: it is cancelled by itself if it is not paid within 30 minutes';

export interface MoveRequest {
  vendorId: string;
  to: OrderStatus;
  note?: string;
  courierPartner?: string;
  awsNumber?: string;
}

/**
 * POST admin/orders/{id}/move: one vendor's part to its next status, by the vendor console's own move (the same
 * ORDER_TRANSITIONS, the same paid-or-cash-on-delivery rule); 409 for any other move. Moving to cancelled is the
 * cancel (with refund), the note its reason.
 */
export async function moveOrderPart(ctx: Pick<AppContext, 'db' | 'config'>, adminId: string, orderId: string, m: MoveRequest): Promise<void> {
  const { order, group } = await findPart(ctx.db, orderId, m.vendorId);
  if (m.to === 'cancelled') {
    await cancelOrder(ctx, adminId, orderId, { vendorId: m.vendorId, reason: m.note ?? '' });
    return;
  }
  assertTransition(group.status, m.to);
  if (m.to !== 'confirmed' && m.to !== 'shipped' && m.to !== 'delivered') throw conflict(illegalTransitionMessage(group.status, m.to));
  const to = m.to;
  const shipment = to === 'shipped' ? { courierPartner: m.courierPartner?.trim(), awsNumber: m.awsNumber?.trim() } : {};
  await transaction(ctx.db, async (tx) => {
    await declareActor(tx, { kind: 'admin', id: adminId, note: m.note || null });
    await movePartTx(tx, m.vendorId, orderId, to, shipment);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'move_status',
      entity: 'order',
      entityId: orderId,
      detail: { orderNumber: formatOrderNumber(order.orderInitial, order.orderNumber), vendorId: m.vendorId, brandName: group.brandName, from: group.status, to, note: m.note || null, ...shipment },
    });
  });
}

/**
 * POST admin/orders/{id}/cancel: the whole order (every open part) or one vendor's part, through orders/cancel.ts:
 * stock back, the buyer refunded exactly once (a second cancel is a 409 and moves no money).
 */
export async function cancelOrder(ctx: Pick<AppContext, 'db' | 'config'>, adminId: string, orderId: string, body: { vendorId?: string; reason: string }): Promise<void> {
  if (body.vendorId) await findPart(ctx.db, orderId, body.vendorId);
  else if (!isUuid(orderId)) throw notFound(MSG.orderNotFound);
  const reason = body.reason.trim();
  await cancelOrderParts(ctx, {
    orderId,
    vendorId: body.vendorId,
    actor: { kind: 'admin', userId: adminId },
    reason,
    inTransaction: async (tx, order) => {
      if (order.status === 'created') throw conflict(AWAITING_PAYMENT);
      await declareActor(tx, { kind: 'admin', id: adminId, note: reason || null });
      await recordAudit(tx, {
        actorId: adminId,
        action: 'cancel',
        entity: 'order',
        entityId: order.id,
        detail: { orderNumber: formatOrderNumber(order.orderInitial, order.orderNumber), vendorId: body.vendorId ?? null, reason },
      });
    },
  });
}
