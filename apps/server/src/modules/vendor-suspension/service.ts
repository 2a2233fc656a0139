import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { ADMIN_STORES_PAGE_SIZE, MSG, type AdminStore, type VendorSuspension } from '@statewise/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { users, vendors } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { searchNeedle } from '../admin/users.ts';

/**
 * Suspending and restoring a vendor's store (issue 11, ADR 025). A suspension turns off every product the vendor
 * published and marks it held (products.held_by_suspension); every public read already asks products.is_active,
 * so listings, search, suggestions, home lists, product pages, carts and checkout drop them with no change of
 * their own. A restore turns the held ones back on. The statement triggers of migrations 0002/0010 bump the
 * catalogue version; callers tell this process's read cache at once (ctx.catalogueCache.invalidate()).
 */

export type SuspensionCause = 'admin' | 'account_blocked';

const searchText = sql`lower(${vendors.brandName} || ' ' || ${vendors.sellerName} || ' ' || ${vendors.slug} || ' ' || coalesce(${users.email}, '') || ' ' || coalesce(${users.mobile}, ''))`;

// Spelled out: a column of the query's own table inside the subquery must be qualified by hand.
const productsCount = sql<number>`(select count(*) from products p where p.vendor_id = "vendors"."user_id"
  and p.deleted_at is null and (p.is_active or p.held_by_suspension))::int`;

type StoreRow = { vendor: typeof vendors.$inferSelect; email: string | null; mobile: string | null; blockedAt: Date | null; productsCount: number };

export function toAdminStore(r: StoreRow): AdminStore {
  const v = r.vendor;
  return {
    _id: v.id,
    userId: v.userId,
    brandName: v.brandName,
    sellerName: v.sellerName,
    vendorSlug: v.slug,
    email: r.email,
    mobile: r.mobile,
    productsCount: Number(r.productsCount),
    state: v.suspendedAt ? 'suspended' : 'live',
    suspendedAt: v.suspendedAt?.toISOString() ?? null,
    suspendedReason: v.suspendedReason,
    suspensionCause: v.suspensionCause,
    accountBlocked: r.blockedAt !== null,
    createdAt: v.createdAt.toISOString(),
  };
}

const STORE_COLUMNS = { vendor: vendors, email: users.email, mobile: users.mobile, blockedAt: users.blockedAt, productsCount };

/** GET admin/stores: approved stores of live accounts, newest first, 20 a page; search and live/suspended. */
export async function listStores(db: DbOrTx, f: { q?: string; state?: 'live' | 'suspended'; page: number }) {
  const conditions: SQL[] = [eq(vendors.registrationStep, 2), isNull(users.deletedAt)];
  if (f.state) conditions.push(f.state === 'suspended' ? isNotNull(vendors.suspendedAt) : isNull(vendors.suspendedAt));
  if (f.q?.trim()) conditions.push(sql`${searchText} like ${`%${searchNeedle(f.q)}%`}`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(STORE_COLUMNS)
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.userId))
      .where(where)
      .orderBy(desc(vendors.createdAt), desc(vendors.id))
      .limit(ADMIN_STORES_PAGE_SIZE)
      .offset((f.page - 1) * ADMIN_STORES_PAGE_SIZE),
    db.select({ n: count() }).from(vendors).innerJoin(users, eq(users.id, vendors.userId)).where(where),
  ]);
  return { stores: rows.map(toAdminStore), count: total?.n ?? 0 };
}

async function storeById(db: DbOrTx, id: string): Promise<AdminStore> {
  const [row] = await db
    .select(STORE_COLUMNS)
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(and(eq(vendors.id, id), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw notFound(MSG.storeNotFound);
  return toAdminStore(row);
}

async function lockStore(tx: Tx, where: SQL) {
  const [row] = await tx.select().from(vendors).where(where).for('update');
  return row;
}

/**
 * Suspends a locked, live store inside the caller's transaction: the store is marked, its published products are
 * held off the site, and the audit entry says how many. The caller checks the store is live.
 */
async function suspendLocked(tx: Tx, actorId: string, store: typeof vendors.$inferSelect, reason: string, cause: SuspensionCause) {
  const now = clock.now();
  await tx.update(vendors).set({ suspendedAt: now, suspendedReason: reason, suspendedBy: actorId, suspensionCause: cause }).where(eq(vendors.id, store.id));
  const held = await tx.execute<{ id: string }>(sql`update products set is_active = false, held_by_suspension = true, updated_at = now()
    where vendor_id = ${store.userId} and is_active and deleted_at is null returning id`);
  await recordAudit(tx, { actorId, action: 'suspend', entity: 'vendor', entityId: store.id, detail: { slug: store.slug, reason, cause, productsHeld: held.rows.length } });
}

/** Restores a locked, suspended store inside the caller's transaction: its held products are back on sale. */
async function restoreLocked(tx: Tx, actorId: string, store: typeof vendors.$inferSelect, cause: SuspensionCause) {
  await tx.update(vendors).set({ suspendedAt: null, suspendedReason: null, suspendedBy: null, suspensionCause: null }).where(eq(vendors.id, store.id));
  // the store is live again first: the products trigger would hold them once more otherwise
  const back = await tx.execute<{ id: string }>(sql`update products set is_active = true, held_by_suspension = false, updated_at = now()
    where vendor_id = ${store.userId} and held_by_suspension returning id`);
  await recordAudit(tx, {
    actorId,
    action: 'restore',
    entity: 'vendor',
    entityId: store.id,
    detail: { slug: store.slug, cause, suspendedSince: store.suspendedAt?.toISOString() ?? null, productsRestored: back.rows.length },
  });
}

/** POST admin/stores/{id}/suspend: 404 unknown store, 409 already suspended; recorded with the reason. */
export async function suspendStore(db: Db, actorId: string, id: string, reason: string): Promise<AdminStore> {
  await transaction(db, async (tx) => {
    const store = await lockStore(tx, eq(vendors.id, id));
    if (!store) throw notFound(MSG.storeNotFound);
    if (store.suspendedAt) throw conflict(MSG.storeAlreadySuspended);
    await suspendLocked(tx, actorId, store, reason, 'admin');
  });
  return storeById(db, id);
}

/** POST admin/stores/{id}/restore: 404 unknown store, 409 not suspended; recorded. */
export async function restoreStore(db: Db, actorId: string, id: string): Promise<AdminStore> {
  await transaction(db, async (tx) => {
    const store = await lockStore(tx, eq(vendors.id, id));
    if (!store) throw notFound(MSG.storeNotFound);
    if (!store.suspendedAt) throw conflict(MSG.storeNotSuspended);
    await restoreLocked(tx, actorId, store, 'admin');
  });
  return storeById(db, id);
}

/**
 * Blocking a vendor's account takes its store down too (ADR 025), in the block's transaction: a store whose owner
 * cannot sign in to serve it should not take new orders. A store already suspended stays as it is.
 */
export async function suspendStoreWithAccount(tx: Tx, actorId: string, userId: string, reason: string | undefined): Promise<boolean> {
  const store = await lockStore(tx, eq(vendors.userId, userId));
  if (!store || store.suspendedAt) return false;
  await suspendLocked(tx, actorId, store, reason ? `Account blocked: ${reason}` : 'Account blocked', 'account_blocked');
  return true;
}

/** Unblocking restores the store only when the block suspended it; a suspension of its own stays. */
export async function restoreStoreWithAccount(tx: Tx, actorId: string, userId: string): Promise<boolean> {
  const store = await lockStore(tx, eq(vendors.userId, userId));
  if (!store?.suspendedAt || store.suspensionCause !== 'account_blocked') return false;
  await restoreLocked(tx, actorId, store, 'account_blocked');
  return true;
}

/** GET vendor/suspension: the vendor console's banner. */
export async function suspensionOf(db: DbOrTx, userId: string): Promise<VendorSuspension> {
  const [v] = await db.select({ at: vendors.suspendedAt, reason: vendors.suspendedReason }).from(vendors).where(eq(vendors.userId, userId)).limit(1);
  return { suspended: Boolean(v?.at), suspendedAt: v?.at?.toISOString() ?? null, reason: v?.at ? v.reason : null };
}

/** The overview's count of suspended stores. */
export async function suspendedStoresCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(vendors).where(isNotNull(vendors.suspendedAt));
  return row?.n ?? 0;
}
