import { sql } from 'drizzle-orm';
import { MSG, SEARCH_SUGGESTIONS_MAX, type ProductCard, type ProductDetail, type Suggestion, type VendorDetails } from '@statewise/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { publicVendorByUserId } from '../vendors/service.ts';
import { CARD_JOINS, CARD_SELECT, filterWhere, selectCards } from './listing.ts';
import { correctedTsquery, fullTextMatch, likeEscape, searchTerms } from './search.ts';
import { toProductDetail, toSuggestion, type DetailRow } from './serialize.ts';

export { listProducts } from './listing.ts';

const NO_FILTERS = {};

/** GET product/topSelling: products that have sold, best sellers first. */
export function topSelling(db: Db, limit: number): Promise<ProductCard[]> {
  return selectCards(db, { where: filterWhere({ ...NO_FILTERS, isTopSelling: true }), order: { topSelling: true }, limit });
}

/** GET product/trendingProducts: trending products, newest first. */
export function trending(db: Db, limit: number): Promise<ProductCard[]> {
  return selectCards(db, { where: filterWhere({ ...NO_FILTERS, isTrending: true }), order: {}, limit });
}

/** GET product/{slug}: the product with its stock lists, and its vendor's public details (one query each). */
export async function productBySlug(db: Db, slug: string): Promise<{ productDetail: ProductDetail; vendorDetails: VendorDetails[] }> {
  const res = await db.execute<DetailRow>(sql`select ${CARD_SELECT},
      p.description, p.free_size_qty, p.meta_description, p.meta_keywords, p.sales_count,
      (select json_agg(json_build_object('size', ps.size, 'quantity', ps.quantity) order by ps.size)
         from product_sizes ps where ps.product_id = p.id) as sizes,
      (select json_agg(json_build_object('_id', pc.id, 'color', pc.color, 'quantity', pc.quantity, 'images', pc.images)
                       order by pc.sort_order, pc.color)
         from product_colors pc where pc.product_id = p.id) as colors
    from products p ${CARD_JOINS}
    where p.slug = ${slug} and p.is_active`);
  const row = res.rows[0];
  if (!row) {
    // honest about why: a suspended store's product is not gone for good (ADR 025)
    const held = await db.execute(sql`select 1 from products where slug = ${slug} and held_by_suspension`);
    throw notFound(held.rows.length ? MSG.productStoreUnavailable : MSG.productNotFound);
  }
  const vendor = await publicVendorByUserId(db, row.vendor_id);
  return { productDetail: toProductDetail(row), vendorDetails: vendor ? [vendor] : [] };
}

const SIMILAR_MAX = 10;

/**
 * POST product/similar-products: up to 10 each of the same subcategory (topped up from the same category),
 * the same style and the same vendor; never the product itself. Ids in the body override the product's own.
 */
export async function similarProducts(
  db: Db,
  input: { productId: string; vendorId?: string; subcategoryId?: string; styleId?: string },
): Promise<{ categoryProducts: ProductCard[]; styleProducts: ProductCard[]; vendorProducts: ProductCard[] }> {
  const res = await db.execute<{ category_id: string; subcategory_id: string | null; style_id: string | null; vendor_id: string }>(
    sql`select category_id, subcategory_id, style_id, vendor_id from products where id = ${input.productId} and is_active`,
  );
  const p = res.rows[0];
  if (!p) throw notFound(MSG.productNotFound);
  const subcategoryId = input.subcategoryId ?? p.subcategory_id;
  const styleId = input.styleId ?? p.style_id;
  const vendorId = input.vendorId ?? p.vendor_id;
  const notSelf = sql`p.id <> ${input.productId}`;
  const base = [...filterWhere(NO_FILTERS), notSelf];

  const categoryProducts = async () => {
    const sameSub = subcategoryId ? await selectCards(db, { where: [...base, sql`p.subcategory_id = ${subcategoryId}`], order: {}, limit: SIMILAR_MAX }) : [];
    if (sameSub.length >= SIMILAR_MAX) return sameSub;
    const more = await selectCards(db, {
      where: [...base, sql`p.category_id = ${p.category_id}`, subcategoryId ? sql`p.subcategory_id is distinct from ${subcategoryId}` : sql`true`],
      order: {},
      limit: SIMILAR_MAX - sameSub.length,
    });
    return [...sameSub, ...more];
  };
  const [categoryProducts_, styleProducts, vendorProducts] = await Promise.all([
    categoryProducts(),
    styleId ? selectCards(db, { where: [...base, sql`p.style_id = ${styleId}`], order: {}, limit: SIMILAR_MAX }) : [],
    selectCards(db, { where: [...base, sql`p.vendor_id = ${vendorId}`], order: {}, limit: SIMILAR_MAX }),
  ]);
  return { categoryProducts: categoryProducts_, styleProducts, vendorProducts };
}

type SuggestionRow = { id: string; name: string; slug: string; images: string[] | null };

/** Full-text candidates looked at per suggestion tier; bounded so a common word costs the same as a rare one. */
const SUGGESTION_CANDIDATES = 100;

/**
 * POST product/search-sugggestion: at most 10 products by name, in tiers, each one query that runs only while
 * fewer than 10 were found:
 * 1. names starting with the text (index products_name_prefix), by name;
 * 2. products matching every word, the last as a prefix (full-text), names closest to the text first;
 * 3. the same with mistyped words corrected from the search vocabulary ("banarsi" → banarasi).
 */
export async function suggestions(db: Db, text: string): Promise<Suggestion[]> {
  const q = text.trim().toLowerCase();
  const found: SuggestionRow[] = [];
  const want = () => SEARCH_SUGGESTIONS_MAX - found.length;
  const notFound = () => (found.length ? sql`and p.id not in (${sql.join(found.map((r) => sql`${r.id}::uuid`), sql`, `)})` : sql``);

  const prefix = await db.execute<SuggestionRow>(sql`select p.id, p.name, p.slug, p.images from products p
    where p.is_active and lower(p.name) like ${`${likeEscape(q)}%`}
    order by lower(p.name), p.id limit ${SEARCH_SUGGESTIONS_MAX}`);
  found.push(...prefix.rows);

  // One letter matches too much to rank usefully: names starting with it are enough.
  const terms = q.length >= 2 ? searchTerms(q) : null;
  if (!terms) return found.map(toSuggestion);
  const byText = (tsquery: string) =>
    db.execute<SuggestionRow>(sql`select p.id, p.name, p.slug, p.images from (
        select p.id, p.name, p.slug, p.images, p.sales_count from products p
        where p.is_active and ${fullTextMatch(tsquery)} ${notFound()} limit ${SUGGESTION_CANDIDATES}
      ) p
      order by word_similarity(${q}, p.name) desc, p.sales_count desc, lower(p.name), p.id limit ${want()}`);

  if (want() > 0) found.push(...(await byText(terms.tsquery)).rows);
  if (want() > 0) {
    const corrected = await correctedTsquery(db, terms);
    if (corrected) found.push(...(await byText(corrected)).rows);
  }
  return found.map(toSuggestion);
}
