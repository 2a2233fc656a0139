import { z } from 'zod';
import { ORDER_PAYMENT_STATUSES, ORDER_STATUSES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { page } from './common.ts';

/**
 * The admin console's own calls (issue 11): the overview, accounts (search, detail, block and unblock) and the
 * audit log. Content, chatbot questions and seller applications have theirs in content.ts and sellers.ts.
 */

const ROLE_VALUES = ['user', 'vendor', 'admin'] as const;

/** GET admin/overview: what is waiting for the admin, and today's orders (India time). */
export const adminOverview = z.object({
  pendingSellerApplications: z.number(),
  newContactRequests: z.number(),
  openChatbotQuestions: z.number(),
  /** Orders placed today (India time) that are paid or cash on delivery, and their total in rupees. */
  today: z.object({ orders: z.number(), sales: z.number() }),
  blockedUsers: z.number(),
  /** Items in the moderation inbox (every kind), and stores suspended now (ADR 025). */
  moderationInbox: z.number(),
  suspendedStores: z.number(),
});
export type AdminOverview = z.infer<typeof adminOverview>;

/** How many days the dashboard's charts cover (today included), India time. */
export const DASHBOARD_DAYS = 30;
export const DASHBOARD_TOP_VENDORS = 8;
export const DASHBOARD_PENDING_SHOWN = 5;

/**
 * GET admin/dashboard: the overview's charts over the last 30 days (India time, today included). Orders count as on
 * the overview: paid or cash on delivery, not cancelled, by when they were placed. `days` has one entry per day,
 * oldest first, a day without orders at zero; `states` is sales by the delivery address's state, largest first;
 * `topVendors` the vendors with the most sales (their lines' offered price × quantity); `pendingApprovals` the
 * oldest seller applications still waiting, and how many wait in all.
 */
export const adminDashboard = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ date: z.string(), orders: z.number(), sales: z.number() })),
  states: z.array(z.object({ state: z.string(), orders: z.number(), sales: z.number() })),
  topVendors: z.array(z.object({ vendorId: z.string(), name: z.string(), slug: z.string(), orders: z.number(), sales: z.number() })),
  pendingApprovals: z.object({
    count: z.number(),
    oldest: z.array(z.object({ _id: z.string(), brandName: z.string(), sellerName: z.string(), createdAt: z.string() })),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const ADMIN_USERS_PAGE_SIZE = 20;
export const USER_SEARCH_MAX = 100;

/** GET admin/users?q=&role=&page=: q matches any part of the name, mobile or e-mail. */
export const adminUserQuery = z.object({
  q: z.string().trim().max(USER_SEARCH_MAX, { error: MSG.userSearchTooLong }).optional(),
  role: z.enum(ROLE_VALUES, { error: "Please choose 'user', 'vendor' or 'admin' as the role" }).optional(),
  blocked: z.enum(['true', 'false'], { error: "Please choose 'true' or 'false'" }).optional(),
  page: page.default(1),
});

export const adminUserSummary = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role: z.enum(ROLE_VALUES),
  createdAt: z.string(),
  blocked: z.boolean(),
  blockedAt: z.string().nullable(),
  ordersCount: z.number(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;
export const adminUserList = z.object({ users: z.array(adminUserSummary), count: z.number() });
export type AdminUserList = z.infer<typeof adminUserList>;

export const adminUserOrder = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(ORDER_PAYMENT_STATUSES),
  grandTotal: z.number(),
  itemsCount: z.number(),
  createdAt: z.string(),
});
export const adminUserDetail = adminUserSummary.extend({
  emailVerified: z.boolean(),
  mobileVerified: z.boolean(),
  blockedReason: z.string().nullable(),
  /** Signed-in devices whose sessions are live now. */
  activeSessions: z.number(),
  /** The store's address when the account is a vendor with a store. */
  vendorSlug: z.string().nullable(),
  recentOrders: z.array(adminUserOrder),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const BLOCK_REASON_MAX = 300;
export const blockUserBody = z.object({ reason: z.string().trim().max(BLOCK_REASON_MAX, { error: MSG.blockReasonTooLong }).optional() });

export const ADMIN_AUDIT_PAGE_SIZE = 30;
export const adminAuditQuery = z.object({
  entity: z.string().trim().max(40).optional(),
  page: page.default(1),
});
export const auditEntry = z.object({
  _id: z.string(),
  /** Who did it; null when that account is gone. */
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = z.object({ entries: z.array(auditEntry), count: z.number() });
export type AuditList = z.infer<typeof auditList>;
