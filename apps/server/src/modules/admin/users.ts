import { and, count, desc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { ADMIN_USERS_PAGE_SIZE, MSG, type Role } from '@statewise/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orderLines, orders, sessions, users, vendors, type UserRow } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { revokeUserSessions, sessionsEnded } from '../../lib/auth.ts';
import { clock } from '../../lib/clock.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { restoreStoreWithAccount, suspendStoreWithAccount } from '../vendor-suspension/service.ts';

export interface UserFilters {
  q?: string;
  role?: Role;
  blocked?: boolean;
  page: number;
}

/** The text the search looks in; the same expression as the trigram index users_search_trgm (migration 0027). */
const searchText = sql`lower(${users.firstname} || ' ' || ${users.lastname} || ' ' || coalesce(${users.email}, '') || ' ' || coalesce(${users.mobile}, ''))`;

/**
 * What an admin typed, as the text to look for: lower case, LIKE's wildcards taken literally, and a mobile written
 * with the country code (+91 98765 43210) reduced to the ten digits we store.
 */
export function searchNeedle(q: string): string {
  const trimmed = q.trim().toLowerCase();
  const digits = trimmed.replace(/[\s()-]/g, '');
  const mobile = /^(?:\+?91)?([6-9]\d{9})$/.exec(digits);
  const text = mobile ? mobile[1]! : trimmed;
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// Spelled out: drizzle writes a column of the query's own table unqualified, which the subquery would read as its own.
const ordersCount = sql<number>`(select count(*) from ${orders} o where o.user_id = "users"."id")::int`;

/** GET admin/users: live accounts (not deleted), newest first, 20 a page, each with its number of orders; two queries. */
export async function listUsers(db: DbOrTx, f: UserFilters) {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (f.role) conditions.push(eq(users.role, f.role));
  if (f.blocked !== undefined) conditions.push(f.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt));
  if (f.q?.trim()) conditions.push(sql`${searchText} like ${`%${searchNeedle(f.q)}%`}`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, ordersCount })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_USERS_PAGE_SIZE)
      .offset((f.page - 1) * ADMIN_USERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows, count: total?.n ?? 0 };
}

async function liveUser(db: DbOrTx, id: string, lock = false): Promise<UserRow> {
  const q = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('User not found');
  return row;
}

export const RECENT_ORDERS = 5;

/** GET admin/users/{id}: the account, its orders count and latest orders, live sessions and store; 404 when gone. */
export async function userDetail(db: DbOrTx, id: string) {
  const user = await liveUser(db, id);
  const now = clock.now();
  const [[orderCount], recent, [live], [store]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
    db
      .select({
        order: orders,
        itemsCount: sql<number>`(select coalesce(sum(l.quantity), 0) from ${orderLines} l where l.order_id = "orders"."id")::int`,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT_ORDERS),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
    db.select({ slug: vendors.slug }).from(vendors).where(eq(vendors.userId, id)).limit(1),
  ]);
  return { user, ordersCount: orderCount?.n ?? 0, recent, activeSessions: live?.n ?? 0, vendorSlug: store?.slug ?? null };
}

/**
 * POST admin/users/{id}/block: ends every session of the account at once (its tokens answer 401) and refuses its
 * logins until unblocked; recorded with the reason. Admins cannot be blocked (nor can an admin block themselves):
 * an operator locked out by a colleague's click is worse than the harm it prevents. A vendor's live store is
 * suspended with the account, and restored by the unblock (ADR 025).
 */
export async function blockUser(db: Db, actorId: string, id: string, reason: string | undefined) {
  await db.transaction(async (tx) => {
    const user = await liveUser(tx, id, true);
    if (user.id === actorId || user.role === 'admin') throw forbidden(MSG.cannotBlockAdmin);
    if (user.blockedAt) throw conflict(MSG.userAlreadyBlocked);
    const now = clock.now();
    await tx.update(users).set({ blockedAt: now, blockedReason: reason || null, updatedAt: now }).where(eq(users.id, id));
    await revokeUserSessions(tx, id, 'blocked');
    await recordAudit(tx, { actorId, action: 'block', entity: 'user', entityId: id, detail: { reason: reason || null, role: user.role } });
    // a vendor's store goes down with the account (ADR 025)
    if (user.role === 'vendor') await suspendStoreWithAccount(tx, actorId, id, reason);
  });
  sessionsEnded({ userId: id });
  return userDetail(db, id);
}

/** POST admin/users/{id}/unblock: the account may log in again (its old sessions stay ended); recorded. */
export async function unblockUser(db: Db, actorId: string, id: string) {
  await db.transaction(async (tx) => {
    const user = await liveUser(tx, id, true);
    if (!user.blockedAt) throw conflict(MSG.userNotBlocked);
    await tx.update(users).set({ blockedAt: null, blockedReason: null, updatedAt: clock.now() }).where(eq(users.id, id));
    await recordAudit(tx, { actorId, action: 'unblock', entity: 'user', entityId: id, detail: { blockedSince: user.blockedAt.toISOString() } });
    // …and comes back with it, unless it was suspended on its own
    await restoreStoreWithAccount(tx, actorId, id);
  });
  return userDetail(db, id);
}
