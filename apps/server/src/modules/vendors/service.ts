import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { MSG, type ParsedListingFilters, type ProductCard, type VendorCard, type VendorDetails } from '@statewise/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users, vendors } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { likeEscape } from '../products/search.ts';
import { listProducts, type CountMemo } from '../products/listing.ts';
import { placeOf, toVendorCard, toVendorDetails, type VendorRow } from './serialize.ts';

/** Vendors the public sees: approved (registration step 2) with a live account. */
const approvedVendor = and(eq(vendors.registrationStep, 2), isNull(users.deletedAt));
/** …and not suspended by an admin (ADR 025): the directory and product pages leave a suspended store out. */
export const publicVendor = and(approvedVendor, isNull(vendors.suspendedAt));

async function findPublicVendor(db: DbOrTx, where: SQL, evenSuspended = false): Promise<VendorRow | undefined> {
  const rows = await db
    .select({ vendor: vendors })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(and(where, evenSuspended ? approvedVendor : publicVendor))
    .limit(1);
  return rows[0]?.vendor;
}

/** The public details of an approved vendor by user id (product pages), or undefined. */
export async function publicVendorByUserId(db: DbOrTx, userId: string): Promise<VendorDetails | undefined> {
  const v = await findPublicVendor(db, eq(vendors.userId, userId));
  return v && toVendorDetails(v);
}

/**
 * GET vendor/slug/{vendorSlug}. A suspended store still answers (old links keep working), marked `suspended` and
 * without its bio, policy and size chart, so the store page can say it is unavailable (ADR 025).
 */
export async function vendorBySlug(db: DbOrTx, slug: string): Promise<VendorDetails> {
  const v = await findPublicVendor(db, eq(vendors.slug, slug), true);
  if (!v) throw notFound(MSG.vendorNotFound);
  if (v.suspendedAt) return { ...toVendorDetails(v), bio: '', policy: '', sizeChart: '', suspended: true };
  return toVendorDetails(v);
}

/** POST vendor/products/list: the store's grid, with the listing filters. */
export async function vendorProducts(
  db: Db,
  input: { userId: string; filters: ParsedListingFilters; page: number; pageSize: number },
  memo?: CountMemo,
): Promise<{ products: ProductCard[]; total: number }> {
  // a suspended store's grid is empty (its products are held off the site), not a 404
  const v = await findPublicVendor(db, eq(vendors.userId, input.userId), true);
  if (!v) throw notFound(MSG.vendorNotFound);
  return listProducts(db, { filters: input.filters, page: input.page, pageSize: input.pageSize, vendorId: v.userId }, memo);
}

/** Display name order: brand name, or the seller's name for a vendor without a brand. */
const displayName = sql`lower(coalesce(nullif(${vendors.brandName}, ''), ${vendors.sellerName}))`;

/** POST admin/vendors: the public directory ('Meet Our Stalwarts'), alphabetical, optionally searched by name. */
export async function vendorDirectory(
  db: DbOrTx,
  input: { page: number; pageSize: number; search?: string },
): Promise<{ vendors: VendorCard[]; total: number }> {
  const conditions = [publicVendor];
  const q = input.search?.trim();
  if (q) {
    const like = `%${likeEscape(q)}%`;
    conditions.push(sql`(${vendors.brandName} ilike ${like} or ${vendors.sellerName} ilike ${like})`);
  }
  const where = and(...conditions);
  const [countRows, rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.userId))
      .where(where),
    db
      .select({ vendor: vendors, user: { id: users.id, firstname: users.firstname, lastname: users.lastname } })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.userId))
      .where(where)
      .orderBy(asc(displayName), asc(vendors.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
  ]);
  return {
    total: Number(countRows[0]?.n ?? 0),
    vendors: rows.map(({ vendor, user }) =>
      toVendorCard({
        id: vendor.id,
        image: vendor.avatar || vendor.banner,
        place: placeOf(vendor.city, vendor.state),
        description: vendor.bio,
        user,
        vendor,
      }),
    ),
  };
}
