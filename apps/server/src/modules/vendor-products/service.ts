import { sql, type SQL } from 'drizzle-orm';
import type {
  vendorProductQuery} from '@statewise/contract';
import {
  LOW_STOCK_THRESHOLD,
  MSG,
  slugify,
  VENDOR_PRODUCT_LIMITS,
  type Inventory,
  type VendorProduct,
  type VendorProductForm,
  type VendorProductPatch,
  type VendorStockBody,
} from '@statewise/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { transaction } from '../../lib/transaction.ts';
import { deleteUpload, storeImages, type UploadedFile } from '../media/uploads.ts';
import { CARD_JOINS, CARD_SELECT, isoTime } from '../products/listing.ts';
import { likeEscape } from '../products/search.ts';
import { buildSearchText } from '../products/search-text.ts';
import { toVendorProduct, type VendorProductRow } from './serialize.ts';

type Ctx = Pick<AppContext, 'db' | 'storage' | 'catalogueCache'>;

/** Pictures are kept up to 1080 px wide, in the ladder's smaller widths too (ADR 015). */
const PRODUCT_IMAGES = { folder: 'products', maxWidth: 1080, unreadable: MSG.vpImageType } as const;

/** The stock of a product in all, whatever its kind (free size, sizes, colours). */
const TOTAL_STOCK = sql`(case when p.is_free_size then p.free_size_qty
    when p.is_color_options then coalesce((select sum(pc.quantity) from product_colors pc where pc.product_id = p.id), 0)
    else coalesce((select sum(ps.quantity) from product_sizes ps where ps.product_id = p.id), 0) end)::int`;

/** The public detail's columns plus what only the vendor sees. */
const VENDOR_SELECT = sql`${CARD_SELECT},
  p.description, p.free_size_qty, p.meta_description, p.meta_keywords, p.sales_count,
  -- published is the vendor's choice: a product held off the site by a store suspension still counts (ADR 025)
  (p.is_active or p.held_by_suspension) as is_active,
  ${isoTime(sql`p.updated_at`)} as updated_at, ${TOTAL_STOCK} as total_stock,
  (select json_agg(json_build_object('size', ps.size, 'quantity', ps.quantity) order by ps.size)
     from product_sizes ps where ps.product_id = p.id) as sizes,
  (select json_agg(json_build_object('_id', pc.id, 'color', pc.color, 'quantity', pc.quantity, 'images', pc.images)
                   order by pc.sort_order, pc.color)
     from product_colors pc where pc.product_id = p.id) as colors`;

/** A text[] literal of `list` (each item a parameter); '{}' when empty. */
export const textArray = (list: readonly string[]): SQL =>
  list.length ? sql`array[${sql.join(list.map((v) => sql`${v}`), sql`, `)}]::text[]` : sql`'{}'::text[]`;

/** Collects field messages; the first one becomes the headline (API.md, The envelope). */
class FieldErrors {
  readonly errors: Record<string, string> = {};
  add(field: string, message: string): void {
    this.errors[field] ??= message;
  }
  addZod(error: z.ZodError): void {
    for (const issue of error.issues) this.add(issue.path.map(String).join('.') || '_', issue.message);
  }
  throwIfAny(): void {
    const first = Object.values(this.errors)[0];
    if (first) throw badRequest(first, this.errors);
  }
}

export function fieldErrors(): FieldErrors {
  return new FieldErrors();
}

/**
 * The product `id` if `vendorId` owns it and it is not deleted: 404 for an unknown or deleted product (a malformed
 * id is the route's 400), 403 for another vendor's.
 */
async function owned(db: DbOrTx, vendorId: string, id: string, lock = false) {
  const res = await db.execute<{ vendor_id: string; images: string[] | null; is_free_size: boolean; is_color_options: boolean; price: number; offered_price: number; category_id: string; subcategory_id: string | null; style_id: string | null; state_id: string | null; name: string; meta_keywords: string[] | null; is_active: boolean }>(
    sql`select vendor_id, images, is_free_size, is_color_options, price, offered_price, category_id, subcategory_id, style_id, state_id, name, meta_keywords, is_active
        from products where id = ${id} and deleted_at is null ${lock ? sql`for update` : sql``}`,
  );
  const row = res.rows[0];
  if (!row) throw notFound(MSG.productNotFound);
  if (row.vendor_id !== vendorId) throw forbidden(MSG.vpNotYours);
  return row;
}

export async function getVendorProduct(db: DbOrTx, vendorId: string, id: string): Promise<VendorProduct> {
  await owned(db, vendorId, id);
  const res = await db.execute<VendorProductRow>(sql`select ${VENDOR_SELECT} from products p ${CARD_JOINS} where p.id = ${id}`);
  return toVendorProduct(res.rows[0]!);
}

/**
 * GET vendor/my-products: the vendor's products (never deleted ones), newest first, with the filters of the console.
 * Two queries whatever the page size: the page and the count (countProducts).
 */
export async function listVendorProducts(db: DbOrTx, vendorId: string, q: z.output<typeof vendorProductQuery>): Promise<{ products: VendorProduct[]; total: number }> {
  const where: SQL[] = [sql`p.vendor_id = ${vendorId}`, sql`p.deleted_at is null`];
  if (q.status === 'published') where.push(sql`(p.is_active or p.held_by_suspension)`);
  if (q.status === 'unpublished') where.push(sql`not (p.is_active or p.held_by_suspension)`);
  if (q.categoryId) where.push(sql`p.category_id = ${q.categoryId}`);
  if (q.search) {
    const like = `%${likeEscape(q.search)}%`;
    where.push(sql`(p.name ilike ${like} or p.slug ilike ${like} or p.search_vector @@ plainto_tsquery('english', ${q.search}))`);
  }
  if (q.stock === 'out') where.push(sql`${TOTAL_STOCK} = 0`);
  if (q.stock === 'low') where.push(sql`${TOTAL_STOCK} between 1 and ${LOW_STOCK_THRESHOLD}`);
  const cond = sql.join(where, sql` and `);
  // The page is chosen on products alone (an index scan that skips the earlier pages cheaply), and only its rows get
  // the stock sums, sizes, colours and references: a later page no longer computes them for every row it skips.
  const [page, count] = await Promise.all([
    db.execute<VendorProductRow>(sql`select ${VENDOR_SELECT}
      from (select p.id, p.created_at from products p where ${cond}
        order by p.created_at desc, p.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}) pg
      join products p on p.id = pg.id ${CARD_JOINS}
      order by pg.created_at desc, pg.id`),
    countProducts(db, vendorId, q, cond),
  ]);
  return { products: page.rows.map(toVendorProduct), total: count };
}

/**
 * The list's total: without a search, category or stock filter it is the vendor's kept count (vendor_product_counts,
 * migration 0039: one row instead of thousands of index entries); a filtered list counts its matches.
 */
async function countProducts(db: DbOrTx, vendorId: string, q: z.output<typeof vendorProductQuery>, cond: SQL): Promise<number> {
  if (!q.search && !q.categoryId && !q.stock) {
    const column = q.status === 'published' ? sql`published` : q.status === 'unpublished' ? sql`unpublished` : sql`published + unpublished`;
    const res = await db.execute<{ n: number }>(sql`select coalesce((select ${column} from vendor_product_counts where vendor_id = ${vendorId}), 0)::int as n`);
    return Number(res.rows[0]?.n ?? 0);
  }
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from products p where ${cond}`);
  return Number(res.rows[0]?.n ?? 0);
}

/** Categories (shown ones), subcategories, styles and states by id: what a product may refer to. */
export interface RefBook {
  categories: Map<string, RefEntry>;
  subcategories: Map<string, RefEntry & { categoryId: string }>;
  styles: Map<string, RefEntry>;
  states: Map<string, RefEntry>;
}
export interface RefEntry {
  id: string;
  name: string;
  slug: string;
}

/** The references a product may use: all of them (`ids` absent, for an import), or only the ones `ids` name. */
export async function loadRefBook(db: DbOrTx, ids?: { categoryId?: string | null; subcategoryId?: string | null; styleId?: string | null; stateId?: string | null }): Promise<RefBook> {
  const only = (id: string | null | undefined) => (ids ? sql`and id = ${id ?? null}` : sql``);
  const res = await db.execute<{ kind: 'c' | 'sc' | 'st' | 's'; id: string; name: string; slug: string; category_id: string | null }>(sql`
    select 'c' as kind, id, name, slug, null::uuid as category_id from categories where not is_hidden ${only(ids?.categoryId)}
    union all select 'sc', id, name, slug, category_id from subcategories where true ${only(ids?.subcategoryId)}
    union all select 'st', id, name, slug, null from styles where true ${only(ids?.styleId)}
    union all select 's', id, name, slug, null from states where true ${only(ids?.stateId)}`);
  const book: RefBook = { categories: new Map(), subcategories: new Map(), styles: new Map(), states: new Map() };
  for (const r of res.rows) {
    const entry = { id: r.id, name: r.name, slug: r.slug };
    if (r.kind === 'c') book.categories.set(r.id, entry);
    else if (r.kind === 'sc') book.subcategories.set(r.id, { ...entry, categoryId: r.category_id! });
    else if (r.kind === 'st') book.styles.set(r.id, entry);
    else book.states.set(r.id, entry);
  }
  return book;
}

/**
 * The add form's rules beyond its schema, on whatever fields parsed (an import row checks all it can at once):
 * known references (a subcategory of the chosen category), the offered price at most the price, a description with
 * text once sanitised. Returns the sanitised description and the references' names (for search).
 */
export function checkFormRules(
  form: { categoryId?: string; subcategoryId?: string | null; styleId?: string | null; stateId?: string | null; price?: number; offeredPrice?: number; description?: string },
  book: RefBook,
  errors: FieldErrors,
) {
  const category = form.categoryId ? book.categories.get(form.categoryId) : undefined;
  const sub = form.subcategoryId ? book.subcategories.get(form.subcategoryId) : undefined;
  const style = form.styleId ? book.styles.get(form.styleId) : undefined;
  const state = form.stateId ? book.states.get(form.stateId) : undefined;
  if (form.categoryId && !category) errors.add('categoryId', MSG.vpCategoryUnknown);
  if (form.subcategoryId && (!sub || sub.categoryId !== form.categoryId)) errors.add('subcategoryId', MSG.vpSubcategoryMismatch);
  if (form.styleId && !style) errors.add('styleId', MSG.vpStyleUnknown);
  if (form.stateId && !state) errors.add('stateId', MSG.vpStateUnknown);
  if (form.price !== undefined && form.offeredPrice !== undefined && form.offeredPrice > form.price) errors.add('offeredPrice', MSG.vpOfferedAbovePrice);
  let description: string | undefined;
  if (form.description !== undefined) {
    description = sanitizeRichText(form.description);
    if (!description.replace(/<[^>]*>/g, '').trim()) errors.add('description', MSG.vpDescriptionRequired);
  }
  const names = { category: category?.name ?? null, subcategory: sub?.categoryId === form.categoryId ? (sub?.name ?? null) : null, style: style?.name ?? null, state: state?.name ?? null };
  return { description, names };
}

/** round((price − offered) / price × 100), as the product spec's discount (percent). */
export const discountOf = (price: number, offeredPrice: number) => Math.round(((price - offeredPrice) / price) * 100);

/** The slug a product's name asks for (before making it free). */
export const slugBase = (name: string) => (slugify(name) || 'product').slice(0, 80).replace(/-$/, '');

/** A free slug for `base` given the slugs `taken`: the base, else with -2, -3… (or a random tail if many are taken). */
export function pickSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; n < 50; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  return `${base}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A free slug from the name. */
async function freeSlug(db: DbOrTx, name: string): Promise<string> {
  const base = slugBase(name);
  const res = await db.execute<{ slug: string }>(sql`select slug from products where slug = ${base} or slug like ${`${likeEscape(base)}-%`}`);
  return pickSlug(base, new Set(res.rows.map((r) => r.slug)));
}

export interface FormFiles {
  images: UploadedFile[];
  /** New pictures of colour i. */
  colorImages: Map<number, UploadedFile[]>;
}

/** Writes the stock rows of `inv` for product `id`, removing rows of other kinds. */
async function writeInventory(tx: Tx, id: string, inv: Inventory, colorImages: string[][]): Promise<void> {
  if (inv.type !== 'sizes') await tx.execute(sql`delete from product_sizes where product_id = ${id}`);
  if (inv.type !== 'colors') await tx.execute(sql`delete from product_colors where product_id = ${id}`);
  if (inv.type === 'sizes') {
    const sizes = inv.sizes.map((s) => s.size);
    await tx.execute(sql`delete from product_sizes where product_id = ${id} and not (size::text = any(${textArray(sizes)}))`);
  }
  if (inv.type === 'colors') {
    const names = inv.colors.map((c) => c.color);
    // Colours keep their ids (and so carts pointing at them) when only their stock or pictures change.
    await tx.execute(sql`delete from product_colors where product_id = ${id} and not (color = any(${textArray(names)}))`);
  }
  await insertStock(tx, [{ id, inv, colorImages }]);
}

/** Upserts the size and colour rows of several products' stock, one statement per kind (an import writes hundreds). */
export async function insertStock(tx: Tx, products: { id: string; inv: Inventory; colorImages: string[][] }[]): Promise<void> {
  const sizes: { product_id: string; size: string; quantity: number }[] = [];
  const colors: { product_id: string; color: string; quantity: number; images: string[]; sort_order: number }[] = [];
  for (const { id, inv, colorImages } of products) {
    if (inv.type === 'sizes') for (const s of inv.sizes) sizes.push({ product_id: id, size: s.size, quantity: s.quantity });
    if (inv.type === 'colors') for (const [i, c] of inv.colors.entries()) colors.push({ product_id: id, color: c.color, quantity: c.quantity, images: colorImages[i] ?? [], sort_order: i });
  }
  if (sizes.length) {
    await tx.execute(sql`insert into product_sizes (product_id, size, quantity)
      select product_id, size::"size", quantity from jsonb_to_recordset(${JSON.stringify(sizes)}::jsonb) as x(product_id uuid, size text, quantity int)
      on conflict (product_id, size) do update set quantity = excluded.quantity`);
  }
  if (colors.length) {
    await tx.execute(sql`insert into product_colors (product_id, color, quantity, images, sort_order)
      select product_id, color, quantity, images, sort_order
      from jsonb_to_recordset(${JSON.stringify(colors)}::jsonb) as x(product_id uuid, color text, quantity int, images text[], sort_order int)
      on conflict (product_id, color) do update set quantity = excluded.quantity, images = excluded.images, sort_order = excluded.sort_order`);
  }
}

/** Stores new pictures (all or nothing) and returns their URLs in order; the caller deletes them if its write fails. */
async function storeAll(ctx: Ctx, files: FormFiles, colors: number) {
  const stored: string[] = [];
  try {
    const images = (await storeImages(ctx, files.images, PRODUCT_IMAGES)).map((i) => i.url);
    stored.push(...images);
    const colorImages: string[][] = [];
    for (let i = 0; i < colors; i++) {
      const urls = (await storeImages(ctx, files.colorImages.get(i) ?? [], PRODUCT_IMAGES)).map((img) => img.url);
      stored.push(...urls);
      colorImages.push(urls);
    }
    return { images, colorImages, stored };
  } catch (err) {
    await Promise.all(stored.map((url) => deleteUpload(ctx, url).catch(() => undefined)));
    throw err;
  }
}

/** Every colour needs a picture; new files beyond its colours are refused. */
/** Each colour's pictures: 1–5 (none is allowed on a draft, whose publishing asks for them). */
function checkColorPictures(inv: Inventory | undefined, kept: string[][], files: FormFiles, errors: FieldErrors, draft = false) {
  const colors = inv?.type === 'colors' ? inv.colors.length : 0;
  for (const i of files.colorImages.keys()) if (i >= colors) errors.add(`colorImages[${i}]`, MSG.vpColorsRequired);
  for (let i = 0; i < colors; i++) {
    const n = (kept[i]?.length ?? 0) + (files.colorImages.get(i)?.length ?? 0);
    if (n === 0 && !draft) errors.add(`colorImages[${i}]`, MSG.vpColorImagesRequired);
    if (n > VENDOR_PRODUCT_LIMITS.colorImages) errors.add(`colorImages[${i}]`, MSG.vpImagesTooMany);
  }
}

const flags = (inv: Inventory) => ({
  isFreeSize: inv.type === 'free',
  freeSizeQty: inv.type === 'free' ? inv.quantity : 0,
  isColorOptions: inv.type === 'colors',
});

/** A unique-index clash on the slug (two products named alike at once): 23505 on products_slug. */
export const isSlugClash = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (e.code ?? e.cause?.code) === '23505' && (e.constraint ?? e.cause?.constraint ?? 'products_slug') === 'products_slug';
};

/** A new product as written: the form's values and what the server adds. */
export interface NewProduct {
  slug: string;
  form: VendorProductForm;
  description: string;
  images: string[];
  vendorId: string;
  searchText: string;
  active: boolean;
}

/**
 * Inserts products (the add form's one, or an import's hundreds) in one statement, the rows as one JSON parameter:
 * a VALUES list of thousands of parameters is slow to build and to plan. Returns the new ids in the rows' order.
 */
export async function insertProducts(tx: DbOrTx, rows: NewProduct[]): Promise<string[]> {
  const records = rows.map((p) => {
    const f = flags(p.form.inventory);
    return {
      slug: p.slug,
      name: p.form.name,
      description: p.description,
      images: p.images,
      price: p.form.price,
      offered_price: p.form.offeredPrice,
      discount: discountOf(p.form.price, p.form.offeredPrice),
      is_free_size: f.isFreeSize,
      free_size_qty: f.freeSizeQty,
      is_color_options: f.isColorOptions,
      category_id: p.form.categoryId,
      subcategory_id: p.form.subcategoryId,
      style_id: p.form.styleId ?? null,
      state_id: p.form.stateId,
      vendor_id: p.vendorId,
      meta_description: p.form.metaDescription,
      meta_keywords: p.form.metaKeywords,
      search_text: p.searchText,
      is_active: p.active,
    };
  });
  const res = await tx.execute<{ id: string; slug: string }>(sql`insert into products
      (slug, name, description, images, price, offered_price, discount, is_free_size, free_size_qty, is_color_options,
       category_id, subcategory_id, style_id, state_id, vendor_id, meta_description, meta_keywords, search_text, is_active)
    select slug, name, description, images, price, offered_price, discount, is_free_size, free_size_qty, is_color_options,
       category_id, subcategory_id, style_id, state_id, vendor_id, meta_description, meta_keywords, search_text, is_active
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(slug text, name text, description text, images text[], price int,
      offered_price int, discount int, is_free_size boolean, free_size_qty int, is_color_options boolean, category_id uuid,
      subcategory_id uuid, style_id uuid, state_id uuid, vendor_id uuid, meta_description text, meta_keywords text[],
      search_text text, is_active boolean)
    returning id, slug`);
  const idOf = new Map(res.rows.map((r) => [r.slug, r.id]));
  return rows.map((r) => idOf.get(r.slug)!);
}

/** The words search finds a new product by. */
export const searchTextOf = (form: VendorProductForm, names: ReturnType<typeof checkFormRules>['names']) =>
  buildSearchText({ name: form.name, metaKeywords: form.metaKeywords, colors: form.inventory.type === 'colors' ? form.inventory.colors.map((c) => c.color) : [], ...names });

/** POST vendor/my-products: checks everything, stores the pictures, then writes the product and its stock at once. */
export async function createProduct(ctx: Ctx, vendorId: string, form: VendorProductForm, files: FormFiles): Promise<VendorProduct> {
  const errors = fieldErrors();
  const book = await loadRefBook(ctx.db, form);
  const { description, names } = checkFormRules(form, book, errors);
  if (files.images.length === 0) errors.add('images', MSG.vpImagesRequired);
  checkColorPictures(form.inventory, [], files, errors);
  errors.throwIfAny();

  const inv = form.inventory;
  const { images, colorImages, stored } = await storeAll(ctx, files, inv.type === 'colors' ? inv.colors.length : 0);
  try {
    const searchText = searchTextOf(form, names);
    let id = '';
    for (let attempt = 0; ; attempt++) {
      try {
        id = await transaction(ctx.db, async (tx) => {
          const slug = await freeSlug(tx, form.name);
          const newId = (await insertProducts(tx, [{ slug, form, description: description!, images, vendorId, searchText, active: true }]))[0]!;
          await writeInventory(tx, newId, inv, colorImages);
          return newId;
        });
        break;
      } catch (err) {
        if (attempt < 2 && isSlugClash(err)) continue;
        throw err;
      }
    }
    ctx.catalogueCache.invalidate();
    return getVendorProduct(ctx.db, vendorId, id);
  } catch (err) {
    await Promise.all(stored.map((url) => deleteUpload(ctx, url).catch(() => undefined)));
    throw err;
  }
}

/**
 * PATCH vendor/my-products/{id}: any of the form's fields. Pictures: `keepImages` (current URLs to keep, in order;
 * absent keeps all) then the new files, 1 to 5 in all; a colour keeps the URLs it lists from its own pictures.
 * Pictures no longer used are deleted once the change is committed.
 */
export async function updateProduct(ctx: Ctx, vendorId: string, id: string, patch: VendorProductPatch, files: FormFiles): Promise<VendorProduct> {
  const cur = await owned(ctx.db, vendorId, id);
  const errors = fieldErrors();
  const categoryId = patch.categoryId ?? cur.category_id;
  const categoryChanged = patch.categoryId !== undefined && patch.categoryId !== cur.category_id;
  const subcategoryId = patch.subcategoryId ?? (categoryChanged ? null : cur.subcategory_id);
  if (categoryChanged && !patch.subcategoryId) errors.add('subcategoryId', MSG.vpSubcategoryRequired);
  const price = patch.price ?? Number(cur.price);
  const offeredPrice = patch.offeredPrice ?? Number(cur.offered_price);
  const merged = { categoryId, subcategoryId, styleId: patch.styleId === undefined ? cur.style_id : (patch.styleId ?? null), stateId: patch.stateId ?? cur.state_id, price, offeredPrice };
  const { description, names: refs } = checkFormRules({ ...merged, description: patch.description }, await loadRefBook(ctx.db, merged), errors);

  const currentImages = cur.images ?? [];
  const kept = patch.keepImages ? patch.keepImages.filter((u) => currentImages.includes(u)) : currentImages;
  const imageCount = kept.length + files.images.length;
  // A draft (an imported product, or one unpublished) may be saved without a picture; publishing asks for one.
  if (imageCount === 0 && cur.is_active) errors.add('images', MSG.vpImagesRequired);
  if (imageCount > VENDOR_PRODUCT_LIMITS.images) errors.add('images', MSG.vpImagesTooMany);

  // The colours' current pictures, so a colour may only keep pictures that are the product's own.
  const colorsNow = await ctx.db.execute<{ color: string; images: string[] | null }>(sql`select color, images from product_colors where product_id = ${id}`);
  const ownColorImages = new Set(colorsNow.rows.flatMap((c) => c.images ?? []));
  const inv = patch.inventory;
  const keptColorImages = inv?.type === 'colors' ? inv.colors.map((c) => c.images.filter((u) => ownColorImages.has(u))) : [];
  if (inv) checkColorPictures(inv, keptColorImages, files, errors, !cur.is_active);
  else if (files.colorImages.size) errors.add('inventory', MSG.vpInventoryRequired);
  errors.throwIfAny();

  const { images: added, colorImages: addedColor, stored } = await storeAll(ctx, files, inv?.type === 'colors' ? inv.colors.length : 0);
  let removed: string[] = [];
  try {
    await transaction(ctx.db, async (tx) => {
      const locked = await owned(tx, vendorId, id, true);
      const name = patch.name ?? locked.name;
      const metaKeywords = patch.metaKeywords ?? locked.meta_keywords ?? [];
      const colorNames =
        inv?.type === 'colors'
          ? inv.colors.map((c) => c.color)
          : inv
            ? []
            : (await tx.execute<{ color: string }>(sql`select color from product_colors where product_id = ${id} order by sort_order`)).rows.map((r) => r.color);
      const set: SQL[] = [
        sql`updated_at = now()`,
        sql`images = ${textArray([...kept, ...added])}`,
        sql`price = ${price}`,
        sql`offered_price = ${offeredPrice}`,
        sql`discount = ${discountOf(price, offeredPrice)}`,
        sql`category_id = ${categoryId}`,
        sql`subcategory_id = ${subcategoryId}`,
        sql`search_text = ${buildSearchText({ name, metaKeywords, colors: colorNames, ...refs })}`,
      ];
      if (patch.name !== undefined) set.push(sql`name = ${patch.name}`);
      if (description !== undefined) set.push(sql`description = ${description}`);
      if (patch.styleId !== undefined) set.push(sql`style_id = ${patch.styleId ?? null}`);
      if (patch.stateId !== undefined) set.push(sql`state_id = ${patch.stateId}`);
      if (patch.metaDescription !== undefined) set.push(sql`meta_description = ${patch.metaDescription}`);
      if (patch.metaKeywords !== undefined) set.push(sql`meta_keywords = ${textArray(patch.metaKeywords)}`);
      if (inv) {
        const f = flags(inv);
        set.push(sql`is_free_size = ${f.isFreeSize}`, sql`free_size_qty = ${f.freeSizeQty}`, sql`is_color_options = ${f.isColorOptions}`);
        await writeInventory(tx, id, inv, inv.type === 'colors' ? inv.colors.map((_, i) => [...(keptColorImages[i] ?? []), ...(addedColor[i] ?? [])]) : []);
      }
      await tx.execute(sql`update products set ${sql.join(set, sql`, `)} where id = ${id}`);
      const stillUsed = new Set([...kept, ...(inv ? keptColorImages.flat() : [...ownColorImages])]);
      removed = [...(locked.images ?? []), ...(inv ? [...ownColorImages] : [])].filter((u) => !stillUsed.has(u));
    });
  } catch (err) {
    await Promise.all(stored.map((url) => deleteUpload(ctx, url).catch(() => undefined)));
    throw err;
  }
  ctx.catalogueCache.invalidate();
  // After the commit: a failed delete leaves an unused file, never a product pointing at a missing one.
  await Promise.all(removed.map((url) => deleteUpload(ctx, url).catch(() => undefined)));
  return getVendorProduct(ctx.db, vendorId, id);
}

/** PATCH vendor/my-products/{id}/stock: sets the quantities given, for the product's own kind of stock. */
export async function setStock(ctx: Ctx, vendorId: string, id: string, body: VendorStockBody): Promise<VendorProduct> {
  await transaction(ctx.db, async (tx) => {
    const p = await owned(tx, vendorId, id, true);
    if (p.is_free_size) {
      if (body.quantity === undefined) throw badRequest(MSG.vpInventoryRequired, { quantity: MSG.vpInventoryRequired });
      await tx.execute(sql`update products set free_size_qty = ${body.quantity} where id = ${id}`);
    } else if (p.is_color_options) {
      if (!body.colors?.length) throw badRequest(MSG.vpColorsRequired, { colors: MSG.vpColorsRequired });
      for (const [i, c] of body.colors.entries()) {
        const res = await tx.execute(sql`update product_colors set quantity = ${c.quantity} where id = ${c._id} and product_id = ${id} returning id`);
        if (!res.rows.length) throw badRequest(MSG.vpColorsRequired, { [`colors.${i}._id`]: MSG.vpColorsRequired });
      }
    } else {
      if (!body.sizes?.length) throw badRequest(MSG.vpSizesRequired, { sizes: MSG.vpSizesRequired });
      for (const s of body.sizes) {
        await tx.execute(sql`insert into product_sizes (product_id, size, quantity) values (${id}, ${s.size}, ${s.quantity})
          on conflict (product_id, size) do update set quantity = excluded.quantity`);
      }
    }
  });
  ctx.catalogueCache.invalidate();
  return getVendorProduct(ctx.db, vendorId, id);
}

/** Publish or unpublish: an unpublished product is hidden from the catalogue, carts and orders but kept for its vendor. */
export async function setPublished(ctx: Ctx, vendorId: string, id: string, active: boolean): Promise<VendorProduct> {
  const p = await owned(ctx.db, vendorId, id);
  // An imported draft has no pictures yet (a CSV cannot carry them): the shop never shows a product without one.
  if (active && !p.images?.length) throw conflict(MSG.vpPublishNeedsPicture);
  if (active && p.is_color_options) {
    const bare = await ctx.db.execute(sql`select 1 from product_colors where product_id = ${id} and cardinality(images) = 0 limit 1`);
    if (bare.rows.length) throw conflict(MSG.vpPublishNeedsColourPictures);
  }
  await ctx.db.execute(sql`update products set is_active = ${active}, updated_at = now() where id = ${id} and deleted_at is null`);
  ctx.catalogueCache.invalidate();
  return getVendorProduct(ctx.db, vendorId, id);
}

/**
 * DELETE vendor/my-products/{id}: soft. The row stays (order lines and invoices point at it, and carry their own
 * copies of name and price); it is unpublished for good and leaves the vendor's list. Its pictures are kept for the
 * order history.
 */
export async function softDelete(ctx: Ctx, vendorId: string, id: string): Promise<void> {
  await owned(ctx.db, vendorId, id);
  await ctx.db.execute(sql`update products set is_active = false, deleted_at = now(), updated_at = now() where id = ${id}`);
  ctx.catalogueCache.invalidate();
}

