import { sql, type SQL } from 'drizzle-orm';
import { MSG, QUANTITY, SIZES, type Size } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';

/**
 * A product as the cart and the wishlist see it: prices and every stock figure, read live from the catalogue.
 * Also the one place that decides which stock a line draws on (its size, its colour, or the free-size quantity)
 * and what picture a line keeps.
 */

export interface SizeStock {
  size: Size;
  quantity: number;
}
export interface ColorStock {
  _id: string;
  color: string;
  quantity: number;
  images: string[];
}

export interface StockedProduct {
  id: string;
  slug: string;
  name: string;
  images: string[];
  price: number;
  offeredPrice: number;
  discount: number;
  isFreeSize: boolean;
  isColorOptions: boolean;
  freeSizeQty: number;
  isActive: boolean;
  /** Off sale only because its store is suspended (ADR 025): refusals say so. */
  heldBySuspension: boolean;
  vendorId: string;
  categoryId: string;
  categoryName: string;
  categorySlug: string;
  subcategoryId: string | null;
  styleId: string | null;
  hsnCode: string | null;
  /** In chart order xs..xxxl. */
  sizeInventory: SizeStock[];
  /** In the vendor's order. */
  colorInventory: ColorStock[];
}

/** The stock lists of product alias `p` as JSON (one sub-select each, so a list of products stays one query). */
export const STOCK_JSON = sql`(select json_agg(json_build_object('size', ps.size, 'quantity', ps.quantity))
      from product_sizes ps where ps.product_id = p.id) as sizes,
    (select json_agg(json_build_object('_id', pc.id, 'color', pc.color, 'quantity', pc.quantity, 'images', pc.images)
                     order by pc.sort_order, pc.color)
      from product_colors pc where pc.product_id = p.id) as colors`;

export type StockJsonRow = {
  sizes: { size: Size; quantity: number }[] | string | null;
  colors: { _id: string; color: string; quantity: number; images: string[] | null }[] | string | null;
};

/** json columns come back parsed from both drivers; be lenient if one hands over text. */
function json<T>(v: T | string | null): T | null {
  return typeof v === 'string' ? (JSON.parse(v) as T) : v;
}

export function stockLists(r: StockJsonRow): { sizeInventory: SizeStock[]; colorInventory: ColorStock[] } {
  const sizes = json(r.sizes) ?? [];
  const colors = json(r.colors) ?? [];
  return {
    sizeInventory: [...sizes]
      .sort((a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size))
      .map((s) => ({ size: s.size, quantity: Number(s.quantity) })),
    colorInventory: colors.map((c) => ({ _id: c._id, color: c.color, quantity: Number(c.quantity), images: c.images ?? [] })),
  };
}

/** Columns of product alias `p` (joined to its category `cat`) that make a StockedProduct. */
export const PRODUCT_COLUMNS = sql`p.id as p_id, p.slug as p_slug, p.name as p_name, p.images as p_images, p.price as p_price,
  p.offered_price as p_offered_price, p.discount as p_discount, p.is_free_size as p_is_free_size,
  p.free_size_qty as p_free_size_qty, p.is_color_options as p_is_color_options, p.is_active as p_is_active,
  p.held_by_suspension as p_held_by_suspension,
  p.vendor_id as p_vendor_id, p.category_id as p_category_id, cat.name as cat_name, cat.slug as cat_slug,
  p.subcategory_id as p_subcategory_id, p.style_id as p_style_id, p.hsn_code as p_hsn_code, ${STOCK_JSON}`;
export const PRODUCT_JOIN = sql`join categories cat on cat.id = p.category_id`;

export type ProductRow = StockJsonRow & {
  p_id: string;
  p_slug: string;
  p_name: string;
  p_images: string[] | null;
  p_price: number;
  p_offered_price: number;
  p_discount: number;
  p_is_free_size: boolean;
  p_free_size_qty: number;
  p_is_color_options: boolean;
  p_is_active: boolean;
  p_held_by_suspension: boolean;
  p_vendor_id: string;
  p_category_id: string;
  cat_name: string;
  cat_slug: string;
  p_subcategory_id: string | null;
  p_style_id: string | null;
  p_hsn_code: string | null;
};

export function toStockedProduct(r: ProductRow): StockedProduct {
  return {
    id: r.p_id,
    slug: r.p_slug,
    name: r.p_name,
    images: r.p_images ?? [],
    price: Number(r.p_price),
    offeredPrice: Number(r.p_offered_price),
    discount: Number(r.p_discount),
    // A colour product is never also free size (the catalogue's writers keep them apart; colour wins if not).
    isFreeSize: r.p_is_free_size && !r.p_is_color_options,
    isColorOptions: r.p_is_color_options,
    freeSizeQty: Number(r.p_free_size_qty),
    isActive: r.p_is_active,
    heldBySuspension: r.p_held_by_suspension === true,
    vendorId: r.p_vendor_id,
    categoryId: r.p_category_id,
    categoryName: r.cat_name,
    categorySlug: r.cat_slug,
    subcategoryId: r.p_subcategory_id,
    styleId: r.p_style_id,
    hsnCode: r.p_hsn_code,
    ...stockLists(r),
  };
}

/** Products by id with their stock, active or not (one query). */
export async function loadProducts(db: DbOrTx, ids: string[]): Promise<Map<string, StockedProduct>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const res = await db.execute<ProductRow>(sql`select ${PRODUCT_COLUMNS} from products p ${PRODUCT_JOIN}
    where p.id in (${uuidList(unique)})`);
  return new Map(res.rows.map((r) => [r.p_id, toStockedProduct(r)]));
}

/** An active product with its stock, or 404 'Product not found' (unknown and off-sale products alike). */
export async function loadActiveProduct(db: DbOrTx, id: string): Promise<StockedProduct> {
  const product = (await loadProducts(db, [id])).get(id);
  if (product?.heldBySuspension) throw conflict(MSG.productStoreUnavailable);
  if (!product?.isActive) throw notFound(MSG.productNotFound);
  return product;
}

/** The line key and the stock it draws on. */
export interface Variant {
  size: Size | null;
  color: string | null;
  /** Pieces in stock for this size, colour or free-size product. */
  stock: number;
  /** The colour's pictures (colour products). */
  colorImages: string[];
}

/**
 * Which stock a pick draws on. Sized products need a size they list ('Please select size', else 'This size is
 * not available for this product'), colour products a colour they list ('Please select color'); a free-size
 * product takes neither (a size or colour sent anyway is ignored). 400 for a missing or unknown pick.
 */
export function resolveVariant(product: StockedProduct, pick: { size?: Size | null; color?: string | null }): Variant {
  if (product.isColorOptions) {
    if (!pick.color) throw badRequest(MSG.selectColor, { color: MSG.selectColor });
    const wanted = pick.color.trim().toLowerCase();
    const c = product.colorInventory.find((x) => x.color.toLowerCase() === wanted);
    if (!c) throw badRequest(MSG.colorUnavailable, { color: MSG.colorUnavailable });
    return { size: null, color: c.color, stock: c.quantity, colorImages: c.images };
  }
  if (product.isFreeSize) return { size: null, color: null, stock: product.freeSizeQty, colorImages: [] };
  if (!pick.size) throw badRequest(MSG.selectSize, { size: MSG.selectSize });
  const s = product.sizeInventory.find((x) => x.size === pick.size);
  if (!s) throw badRequest(MSG.sizeUnavailable, { size: MSG.sizeUnavailable });
  return { size: s.size, color: null, stock: s.quantity, colorImages: [] };
}

/**
 * The stock a stored line draws on now: 0 when its size or colour is gone, or the product changed kind
 * (a sized line of a product that became free size cannot be bought as it stands).
 */
export function lineStock(product: StockedProduct, line: { size: Size | null; color: string | null }): number {
  if (product.isColorOptions) return line.color ? (product.colorInventory.find((c) => c.color === line.color)?.quantity ?? 0) : 0;
  if (product.isFreeSize) return line.size || line.color ? 0 : product.freeSizeQty;
  return line.size && !line.color ? (product.sizeInventory.find((s) => s.size === line.size)?.quantity ?? 0) : 0;
}

/** The most one line may hold: 10, or fewer when fewer are in stock. */
export const lineCap = (stock: number) => Math.max(0, Math.min(QUANTITY.max, stock));

/**
 * The picture a line or wishlist entry keeps: the one the shopper sent when it is the product's (or, for a
 * colour product, that colour's), else the colour's first picture, else the product's first. Never a URL
 * the catalogue does not hold.
 */
export function pickImage(product: StockedProduct, variant: Pick<Variant, 'colorImages'>, wanted: string | undefined): string {
  const allowed = [...variant.colorImages, ...product.images];
  if (wanted && allowed.includes(wanted)) return wanted;
  return variant.colorImages[0] ?? product.images[0] ?? '';
}

/** A non-empty id list for `x in (...)`. */
export function uuidList(ids: string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/** A plain JSON object (not null, not a list). */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
