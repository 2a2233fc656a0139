import { eq, sql } from 'drizzle-orm';
import { MSG, WISHLIST_MAX, wishlistAddBody, type WishlistItem } from '@statewise/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { wishlistItems } from '../../db/schema/index.ts';
import { onUserDeleted } from '../../lib/account-hooks.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { lockKey } from '../../lib/transaction.ts';
import { isObject, loadActiveProduct, loadProducts, pickImage, resolveVariant, STOCK_JSON, type StockedProduct } from '../cart/stock.ts';
import { CARD_JOINS, CARD_SELECT, isoTime } from '../products/listing.ts';
import { toWishlistItem, type WishlistRow } from './serialize.ts';

/**
 * The wishlist (shopping §2 Wishlist, §4 Wishlist toggle): one entry per product; a colour product keeps the
 * colour and picture it was saved with ('Please select color' without one). Adding a product already there
 * updates its colour and picture instead of duplicating it. At most WISHLIST_MAX entries.
 */

export interface WishlistAddInput {
  productId: string;
  color?: string;
  image?: string;
}

/** GET user/wishlist: newest first; products taken off sale are hidden (they come back if put on sale again). */
export async function listWishlist(db: DbOrTx, userId: string): Promise<WishlistItem[]> {
  const res = await db.execute<WishlistRow>(sql`select w.id as w_id, w.color as w_color, w.image as w_image,
      ${isoTime(sql`w.created_at`)} as w_created_at, ${CARD_SELECT}, p.free_size_qty, ${STOCK_JSON}
    from wishlist_items w join products p on p.id = w.product_id ${CARD_JOINS}
    where w.user_id = ${userId} and p.is_active
    order by w.created_at desc, w.id`);
  return res.rows.map(toWishlistItem);
}

/** The colour and picture an entry keeps (400 'Please select color' / unknown colour for colour products). */
function entryOf(product: StockedProduct, input: WishlistAddInput): { color: string | null; image: string } {
  if (product.isColorOptions) {
    const v = resolveVariant(product, { color: input.color });
    return { color: v.color, image: pickImage(product, v, input.image) };
  }
  return { color: null, image: pickImage(product, { colorImages: [] }, input.image) };
}

/** One account's wishlist writes take turns, so two adds at once cannot both pass WISHLIST_MAX. */
const lockWishlist = (tx: Tx, userId: string) => lockKey(tx, `wishlist:${userId}`);

/** Adds or updates an entry; run after lockWishlist in the same transaction. */
async function upsert(db: Tx, userId: string, product: StockedProduct, input: WishlistAddInput): Promise<boolean> {
  const { color, image } = entryOf(product, input);
  // clock_timestamp: entries merged in one transaction keep their order (newest first).
  const res = await db.execute<{ inserted: boolean }>(sql`insert into wishlist_items (user_id, product_id, color, image, created_at)
    select ${userId}, ${product.id}, ${color}::text, ${image}, clock_timestamp()
    where (select count(*) from wishlist_items where user_id = ${userId}) < ${WISHLIST_MAX}::int
       or exists (select 1 from wishlist_items where user_id = ${userId} and product_id = ${product.id})
    on conflict (user_id, product_id) do update set color = excluded.color, image = excluded.image
    returning (xmax = 0) as inserted`);
  if (!res.rows[0]) throw conflict(MSG.wishlistFull);
  return Boolean(res.rows[0].inserted);
}

/** POST user/wishlist: 404 unknown or off-sale product; true when it is a new entry. */
export async function addToWishlist(db: DbOrTx, userId: string, input: WishlistAddInput): Promise<boolean> {
  const product = await loadActiveProduct(db, input.productId);
  return db.transaction(async (tx) => {
    await lockWishlist(tx, userId);
    return upsert(tx, userId, product, input);
  });
}

/** PATCH user/wishlist: removes the product (404 'This product is not in your wishlist'). */
export async function removeFromWishlist(db: DbOrTx, userId: string, productId: string): Promise<void> {
  const res = await db.execute<{ id: string }>(
    sql`delete from wishlist_items where user_id = ${userId} and product_id = ${productId} returning id`,
  );
  if (!res.rows[0]) throw notFound(MSG.notInWishlist);
}

export interface WishlistBulkLine {
  index: number;
  productId: string | null;
  color: string | null;
  status: 'added' | 'exists' | 'skipped';
  message: string | null;
}

/**
 * POST user/wishlist/bulkAdd: the guest wishlist merged at login, in one transaction; each entry read like a
 * wishlist add and judged on its own (a bad, unknown or colour-less entry is skipped with its message).
 */
export async function bulkAddWishlist(db: Db, userId: string, entries: readonly unknown[]): Promise<WishlistBulkLine[]> {
  const parsed = entries.map((e) => wishlistAddBody.safeParse(isObject(e) ? e : {}));
  return db.transaction(async (tx) => {
    await lockWishlist(tx, userId);
    const products = await loadProducts(tx, parsed.flatMap((p) => (p.success ? [p.data.productId] : [])));
    const results: WishlistBulkLine[] = [];
    for (const [index, p] of parsed.entries()) {
      const raw = (entries[index] ?? {}) as Record<string, unknown>;
      const productId = p.success ? p.data.productId : typeof raw.productId === 'string' ? raw.productId : null;
      const skip = (message: string): WishlistBulkLine => ({ index, productId, color: p.success ? (p.data.color ?? null) : null, status: 'skipped', message });
      if (!p.success) {
        results.push(skip(p.error.issues[0]?.message ?? MSG.badRequest));
        continue;
      }
      const product = products.get(p.data.productId);
      if (!product?.isActive) {
        results.push(skip(MSG.productNotFound));
        continue;
      }
      try {
        const inserted = await upsert(tx, userId, product, p.data);
        results.push({ index, productId, color: entryOf(product, p.data).color, status: inserted ? 'added' : 'exists', message: null });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push(skip(err.message));
      }
    }
    return results;
  });
}

// An account's wishlist goes with the account (accounts §4.7).
onUserDeleted('wishlist:items', async (tx, user) => {
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, user.id));
});
