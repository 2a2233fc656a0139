import { formatOrderNumber, type AdminUserDetail, type AdminUserSummary, type AuditEntry } from '@statewise/contract';
import type { auditLog, OrderRow, UserRow } from '../../db/schema/index.ts';

/** What the admin sees of an account: never a password hash, Google id or session. */
export function toAdminUser(user: UserRow, ordersCount: number): AdminUserSummary {
  return {
    _id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    mobile: user.mobile,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    blocked: user.blockedAt !== null,
    blockedAt: user.blockedAt?.toISOString() ?? null,
    ordersCount,
  };
}

export function toAdminUserDetail(d: {
  user: UserRow;
  ordersCount: number;
  recent: Array<{ order: OrderRow; itemsCount: number }>;
  activeSessions: number;
  vendorSlug: string | null;
}): AdminUserDetail {
  return {
    ...toAdminUser(d.user, d.ordersCount),
    emailVerified: d.user.emailVerified,
    mobileVerified: d.user.mobileVerified,
    blockedReason: d.user.blockedReason,
    activeSessions: d.activeSessions,
    vendorSlug: d.vendorSlug,
    recentOrders: d.recent.map(({ order, itemsCount }) => ({
      _id: order.id,
      orderNumber: formatOrderNumber(order.orderInitial, order.orderNumber),
      status: order.status,
      paymentStatus: order.paymentStatus,
      grandTotal: order.grandTotal,
      itemsCount,
      createdAt: order.createdAt.toISOString(),
    })),
  };
}

export function toAuditEntry(r: {
  entry: typeof auditLog.$inferSelect;
  actorFirst: string | null;
  actorLast: string | null;
  actorMobile: string | null;
  actorEmail: string | null;
}): AuditEntry {
  const { entry } = r;
  const name = `${r.actorFirst ?? ''} ${r.actorLast ?? ''}`.trim() || r.actorEmail || r.actorMobile || 'Admin';
  return {
    _id: entry.id,
    actor: entry.actorId ? { _id: entry.actorId, name } : null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    detail: (entry.detail ?? {}) as Record<string, unknown>,
    createdAt: entry.createdAt.toISOString(),
  };
}
