import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { CHAT_MSG, COMBO_CATEGORY_SLUG, TEMP_PRODUCT, type TempProduct } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { categories, subcategories, tempProducts, type TempProductRow } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { maskContacts } from './mask.ts';

/**
 * Temporary (vendor-made) products (accounts §3, §4.11, §5, §7 Chat): a vendor makes one in a chat and sends it as a
 * product card; the shopper buys it with buy-now (isTempProduct, tempProductId; modules/orders/place.ts).
 */

export type TempProductWithCategory = TempProductRow & {
  category: { id: string; name: string; slug: string; gstRate: number; hsnCode: string | null };
  subcategory: { id: string; name: string } | null;
};

export function serializeTempProduct(p: TempProductWithCategory): TempProduct {
  return {
    _id: p.id,
    vendorId: p.vendorId,
    name: p.name,
    price: p.price,
    tax: p.taxPercent,
    discount: p.discount,
    offeredPrice: p.offeredPrice,
    numberOfProducts: p.numberOfProducts,
    size: p.size,
    color: p.color,
    categoryId: { _id: p.category.id, name: p.category.name, slug: p.category.slug },
    subcategoryId: p.subcategory ? { _id: p.subcategory.id, name: p.subcategory.name } : null,
    images: p.images,
    // the Combo category shows its number of products instead of a quantity selector (accounts §4.11)
    isCombo: p.category.slug === COMBO_CATEGORY_SLUG,
    createdAt: p.createdAt.toISOString(),
  };
}

function selectWithCategory(db: DbOrTx) {
  return db
    .select({
      p: tempProducts,
      category: { id: categories.id, name: categories.name, slug: categories.slug, gstRate: categories.gstRate, hsnCode: categories.hsnCode },
      subcategory: { id: subcategories.id, name: subcategories.name },
    })
    .from(tempProducts)
    .innerJoin(categories, eq(categories.id, tempProducts.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, tempProducts.subcategoryId));
}

const flatten = (r: { p: TempProductRow; category: TempProductWithCategory['category']; subcategory: { id: string; name: string } | null }): TempProductWithCategory => ({
  ...r.p,
  category: r.category,
  subcategory: r.subcategory?.id ? r.subcategory : null,
});

export async function tempProductsById(db: DbOrTx, ids: string[]): Promise<Map<string, TempProductWithCategory>> {
  const rows = await selectWithCategory(db).where(inArray(tempProducts.id, ids));
  return new Map(rows.map((r) => [r.p.id, flatten(r)]));
}

export async function tempProductById(db: DbOrTx, id: string): Promise<TempProductWithCategory | null> {
  const [row] = await selectWithCategory(db).where(eq(tempProducts.id, id)).limit(1);
  return row ? flatten(row) : null;
}

export async function isVendorsTempProduct(db: DbOrTx, id: string, vendorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tempProducts.id })
    .from(tempProducts)
    .where(and(eq(tempProducts.id, id), eq(tempProducts.vendorId, vendorId)))
    .limit(1);
  return !!row;
}

/** GET temp-product/products: the vendor's own, newest first. */
export async function listTempProducts(db: DbOrTx, vendorId: string): Promise<TempProduct[]> {
  const rows = await selectWithCategory(db).where(eq(tempProducts.vendorId, vendorId)).orderBy(desc(tempProducts.createdAt), desc(tempProducts.id)).limit(200);
  return rows.map((r) => serializeTempProduct(flatten(r)));
}

/**
 * Categories a chat product may take that category/list leaves out (it shows the menus' categories only): the
 * hidden Combo, the one whose products show their number of products (accounts §4.11). The chat form offers these
 * after the listed ones.
 */
const CHAT_ONLY_CATEGORY_SLUGS = [COMBO_CATEGORY_SLUG];

/** GET temp-product/extra-categories. */
export async function chatOnlyCategories(db: DbOrTx): Promise<{ _id: string; name: string; slug: string }[]> {
  return db
    .select({ _id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, CHAT_ONLY_CATEGORY_SLUGS))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

const present = (v: string | undefined) => v !== undefined && v.trim() !== '';

function wholeNumber(v: string | undefined, message: string, field: string, opts: { min?: number; max?: number } = {}): number {
  const s = (v ?? '').trim();
  if (!/^\d+(\.0+)?$/.test(s)) throw badRequest(message, { [field]: message });
  const n = Number(s);
  if ((opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max)) throw badRequest(message, { [field]: message });
  return n;
}

const optionalText = (v: string | undefined, max = 50) => (present(v) ? v!.trim().slice(0, max) : null);

export interface TempProductFields {
  name?: string;
  price?: string;
  tax?: string;
  numberOfProducts?: string;
  discount?: string;
  offeredPrice?: string;
  size?: string;
  color?: string;
  categoryId?: string;
  subcategoryId?: string;
}

/** Checks the money fields in the spec's order and works out the discount or offered price from the other. */
function priceFields(f: TempProductFields) {
  if (!present(f.name)) throw badRequest(CHAT_MSG.tpNameRequired, { name: CHAT_MSG.tpNameRequired });
  // a product card's name is read by the shopper as a message is: contact details in it are hidden (mask.ts), and
  // kept hidden, since the name also goes onto the order and its invoice
  const name = maskContacts(f.name!.trim()).slice(0, TEMP_PRODUCT.nameMax);
  if (!present(f.price)) throw badRequest(CHAT_MSG.tpPriceRequired, { price: CHAT_MSG.tpPriceRequired });
  const price = wholeNumber(f.price, CHAT_MSG.tpPriceRequired, 'price', { min: 1, max: TEMP_PRODUCT.priceMax });
  if (!present(f.tax)) throw badRequest(CHAT_MSG.tpTaxRequired, { tax: CHAT_MSG.tpTaxRequired });
  const taxPercent = wholeNumber(f.tax, CHAT_MSG.tpTaxRange, 'tax', { min: TEMP_PRODUCT.taxMin, max: TEMP_PRODUCT.taxMax });
  let offeredPrice: number;
  let discount: number;
  if (present(f.offeredPrice)) {
    offeredPrice = wholeNumber(f.offeredPrice, CHAT_MSG.tpOfferedPriceHigh, 'offeredPrice', { min: 0 });
    if (offeredPrice > price) throw badRequest(CHAT_MSG.tpOfferedPriceHigh, { offeredPrice: CHAT_MSG.tpOfferedPriceHigh });
    discount = present(f.discount) ? wholeNumber(f.discount, CHAT_MSG.tpDiscountInvalid, 'discount', { min: 0, max: 100 }) : Math.round(((price - offeredPrice) / price) * 100);
  } else {
    discount = present(f.discount) ? wholeNumber(f.discount, CHAT_MSG.tpDiscountInvalid, 'discount', { min: 0, max: 100 }) : 0;
    offeredPrice = price - Math.round((price * discount) / 100);
  }
  return { name, price, taxPercent, offeredPrice, discount, size: optionalText(f.size), color: optionalText(f.color) };
}

/** 1 to 1000; `fallback` when not given. */
const numberOfProductsOf = (f: TempProductFields, fallback: number) =>
  present(f.numberOfProducts) ? wholeNumber(f.numberOfProducts, CHAT_MSG.tpNumberInvalid, 'numberOfProducts', { min: 1, max: 1000 }) : fallback;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST temp-product: the fields checked (images are the route's: 1–5, stored by then). */
export async function checkNewTempProduct(db: DbOrTx, f: TempProductFields) {
  const money = priceFields(f);
  if (!present(f.categoryId)) throw badRequest(CHAT_MSG.tpCategoryRequired, { categoryId: CHAT_MSG.tpCategoryRequired });
  const categoryId = f.categoryId!.trim();
  if (!UUID.test(categoryId)) throw badRequest(CHAT_MSG.tpCategoryUnknown, { categoryId: CHAT_MSG.tpCategoryUnknown });
  // hidden categories too: Combo, the usual one for chat products, never shows in the menus
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!category) throw badRequest(CHAT_MSG.tpCategoryUnknown, { categoryId: CHAT_MSG.tpCategoryUnknown });
  let subcategoryId: string | null = null;
  if (present(f.subcategoryId)) {
    const sid = f.subcategoryId!.trim();
    const [sub] = UUID.test(sid)
      ? await db
          .select({ id: subcategories.id })
          .from(subcategories)
          .where(and(eq(subcategories.id, sid), eq(subcategories.categoryId, categoryId)))
          .limit(1)
      : [];
    if (!sub) throw badRequest(CHAT_MSG.tpSubcategoryMismatch, { subcategoryId: CHAT_MSG.tpSubcategoryMismatch });
    subcategoryId = sub.id;
  }
  return { ...money, categoryId, subcategoryId, numberOfProducts: numberOfProductsOf(f, 1) };
}

export async function insertTempProduct(db: DbOrTx, vendorId: string, values: Awaited<ReturnType<typeof checkNewTempProduct>>, images: string[]): Promise<TempProduct> {
  const [row] = await db
    .insert(tempProducts)
    .values({ vendorId, ...values, images })
    .returning({ id: tempProducts.id });
  return serializeTempProduct((await tempProductById(db, row!.id))!);
}

/**
 * PATCH temp-product/edit-product/{id}: name, price and tax required; discount or offered price, number of
 * products, size and colour as given (kept when left out).
 */
export async function editTempProduct(db: DbOrTx, vendorId: string, id: string, f: TempProductFields): Promise<TempProduct> {
  if (!UUID.test(id)) throw notFound(CHAT_MSG.tpNotFound);
  const existing = await tempProductById(db, id);
  if (!existing) throw notFound(CHAT_MSG.tpNotFound);
  if (existing.vendorId !== vendorId) throw forbidden();
  const money = priceFields({ ...f, discount: present(f.offeredPrice) ? undefined : (f.discount ?? String(existing.discount)) });
  await db
    .update(tempProducts)
    .set({
      ...money,
      numberOfProducts: numberOfProductsOf(f, existing.numberOfProducts),
      size: f.size === undefined ? existing.size : money.size,
      color: f.color === undefined ? existing.color : money.color,
      updatedAt: new Date(),
    })
    .where(eq(tempProducts.id, id));
  return serializeTempProduct((await tempProductById(db, id))!);
}

/**
 * A chat product as buy-now prices it, for `buyerId` only: it must have been sent as a product card in a chat of
 * that shopper, or offered by its vendor in a live comment on that shopper's buying query in the community (a
 * private offer, not a catalogue listing). Null otherwise.
 */
export async function tempProductForBuyer(db: DbOrTx, id: string, buyerId: string) {
  if (!UUID.test(id)) return null;
  const res = await db.execute<{
    id: string;
    vendor_id: string;
    name: string;
    price: number;
    offered_price: number;
    tax_percent: number;
    color: string | null;
    images: string[];
    category_id: string;
    hsn_code: string | null;
    commission_percent: string;
    brand_name: string | null;
    suspended: boolean;
  }>(sql`
    select t.id, t.vendor_id, t.name, t.price, t.offered_price, t.tax_percent, t.color, t.images, t.category_id,
      c.hsn_code, c.commission_percent::text as commission_percent, v.brand_name, (v.suspended_at is not null) as suspended
    from temp_products t
    join categories c on c.id = t.category_id
    left join vendors v on v.user_id = t.vendor_id
    where t.id = ${id}
      and (exists (select 1 from chat_messages m join chats ch on ch.id = m.chat_id
                   where m.product_id = t.id and ch.user_id = ${buyerId} and ch.vendor_id = t.vendor_id)
        or exists (select 1 from community_comments cc join community_posts cp on cp.id = cc.post_id
                   where cc.offer->>'kind' = 'temporary' and cc.offer->>'productId' = t.id::text and cc.author_id = t.vendor_id
                     and cc.deleted_at is null and cp.author_id = ${buyerId} and cp.kind = 'query' and cp.deleted_at is null))`);
  const r = res.rows[0];
  if (!r) return null;
  return {
    id: r.id,
    vendorId: r.vendor_id,
    name: r.name,
    price: Number(r.price),
    offeredPrice: Number(r.offered_price),
    taxPercent: Number(r.tax_percent),
    color: r.color,
    images: r.images,
    categoryId: r.category_id,
    hsnCode: r.hsn_code,
    commissionPercent: r.commission_percent,
    brandName: r.brand_name ?? '',
    /** The vendor's store is suspended (ADR 025): its offers cannot be bought meanwhile. */
    suspended: Boolean(r.suspended),
  };
}
