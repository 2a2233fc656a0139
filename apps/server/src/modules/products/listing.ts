import { sql, type SQL } from 'drizzle-orm';
import type { ParsedListingFilters, ProductCard } from '@statewise/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CacheScope, CatalogueCache, StockFilter } from '../../lib/catalogue-cache.ts';
import { stableKey } from '../../lib/stable-key.ts';
import { toProductCard, type CardRow } from './serialize.ts';
import { correctedTsquery, fullTextMatch, fullTextRank, searchTerms } from './search.ts';

/**
 * The product listing query behind product/list, vendor/products/list, the top-selling and trending strips
 * and similar products. Always two fixed steps whatever the page size: the page of products with their
 * category, subcategory, style and state joined in one query, and (for paged lists) one count.
 */

export interface ListingOrder {
  priceSort?: 1 | -1;
  sort?: 1 | -1;
  topSelling?: boolean;
}

/**
 * ORDER BY for the listing, on alias `p`. Products in stock always come first, sold-out ones after them (issue 9);
 * within each, explicit sorts win (price, then date); otherwise best sellers for isTopSelling, relevance for a
 * search, and new arrivals (newest first) by default. Equal keys fall back to newest first and then the id, so
 * the order is total and pages never overlap or skip.
 * (in_stock desc, created_at desc, id) is exactly the index products_created (migration 0020).
 */
function orderBy(o: ListingOrder, rank: SQL | undefined): SQL {
  const keys: SQL[] = [sql`p.in_stock desc`];
  if (o.priceSort) keys.push(o.priceSort === 1 ? sql`p.offered_price asc` : sql`p.offered_price desc`);
  // NULLS LAST/FIRST spelled out to match the indexes (created_at DESC NULLS LAST, sales_count DESC NULLS LAST);
  // the columns are never null, but the planner only uses an index whose null order matches.
  if (o.sort) keys.push(o.sort === 1 ? sql`p.created_at asc nulls first` : sql`p.created_at desc nulls last`);
  if (!o.priceSort && !o.sort) {
    if (o.topSelling) keys.push(sql`p.sales_count desc nulls last`);
    else if (rank) keys.push(sql`${rank} desc`);
  }
  if (!o.sort) keys.push(sql`p.created_at desc nulls last`);
  keys.push(o.sort === 1 ? sql`p.id desc` : sql`p.id asc`);
  return sql.join(keys, sql`, `);
}

/** WHERE for the listing filters of API.md (alias `p`), active products only. */
export function filterWhere(f: Partial<ParsedListingFilters> & { vendorId?: string }): SQL[] {
  const where: SQL[] = [sql`p.is_active`];
  if (f.vendorId) where.push(sql`p.vendor_id = ${f.vendorId}`);
  if (f.categoryId) where.push(sql`p.category_id = ${f.categoryId}`);
  if (f.subcategoryId) where.push(sql`p.subcategory_id = ${f.subcategoryId}`);
  if (f.styleId) where.push(sql`p.style_id = ${f.styleId}`);
  if (f.stateId) where.push(sql`p.state_id = ${f.stateId}`);
  if (f.festiveCategoryId) {
    where.push(sql`exists (select 1 from product_festive_offers pf where pf.product_id = p.id and pf.festive_offer_id = ${f.festiveCategoryId})`);
  }
  if (f.discount) where.push(sql`p.discount >= ${f.discount}`);
  if (f.price?.min !== undefined) where.push(sql`p.offered_price >= ${f.price.min}`);
  if (f.price?.max !== undefined) where.push(sql`p.offered_price <= ${f.price.max}`);
  if (f.size?.length) {
    const sizes = sql.join(
      f.size.map((s) => sql`${s}::size`),
      sql`, `,
    );
    where.push(sql`exists (select 1 from product_sizes ps where ps.product_id = p.id and ps.quantity > 0 and ps.size in (${sizes}))`);
  }
  if (f.isTrending) where.push(sql`p.is_trending`);
  // "Top selling" means it has sold; ordering by sales count alone would list everything.
  if (f.isTopSelling) where.push(sql`p.sales_count > 0`);
  return where;
}

const and = (parts: SQL[]) => sql.join(parts, sql` and `);

/** The columns a card needs plus the sort keys; the inner (paged) query selects only these. */
const PAGE_COLUMNS = sql.raw(
  'p.id, p.slug, p.name, p.images, p.price, p.offered_price, p.discount, p.is_free_size, p.free_size_qty, p.is_color_options, ' +
    'p.category_id, p.subcategory_id, p.style_id, p.state_id, p.vendor_id, p.is_trending, p.sales_count, p.created_at, ' +
    'p.in_stock, p.rating_count, p.rating_total',
);

/** ISO 8601 in UTC, the same text on both drivers. */
export const isoTime = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** In stock: free size quantity, or any colour or size with quantity (kept on the row by triggers, migration 0020). */
export const IN_STOCK = sql`p.in_stock`;

/** Card columns and joined references of `p` (see CardRow). */
export const CARD_SELECT = sql`p.id, p.slug, p.name, p.images, p.price, p.offered_price, p.discount, p.is_free_size,
  p.is_color_options, p.vendor_id, p.is_trending, ${isoTime(sql`p.created_at`)} as created_at,
  c.id as c_id, c.name as c_name, c.slug as c_slug, sc.id as sc_id, sc.name as sc_name, sc.slug as sc_slug,
  st.id as st_id, st.name as st_name, st.slug as st_slug, s.id as s_id, s.name as s_name, s.slug as s_slug,
  p.in_stock, p.rating_count, p.rating_total`;

export const CARD_JOINS = sql`left join categories c on c.id = p.category_id
  left join subcategories sc on sc.id = p.subcategory_id
  left join styles st on st.id = p.style_id
  left join states s on s.id = p.state_id`;

/** One page of cards in one query: the page is chosen on products alone, then its references are joined. */
export async function selectCards(
  db: DbOrTx,
  q: { where: SQL[]; order: ListingOrder; rank?: SQL; limit: number; offset?: number },
): Promise<ProductCard[]> {
  const inner = sql`select ${PAGE_COLUMNS}${q.rank ? sql`, ${q.rank} as _rank` : sql``}
    from products p where ${and(q.where)}
    order by ${orderBy(q.order, q.rank)} limit ${q.limit} offset ${q.offset ?? 0}`;
  const res = await db.execute<CardRow>(sql`select ${CARD_SELECT}
    from (${inner}) p ${CARD_JOINS}
    order by ${orderBy(q.order, q.rank ? sql`p._rank` : undefined)}`);
  return res.rows.map(toProductCard);
}

async function countWhere(db: DbOrTx, where: SQL[]): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from products p where ${and(where)}`);
  return Number(res.rows[0]?.n ?? 0);
}

/** How a search was answered: no search, full-text, or full-text with typo corrections (the query used). */
interface Counted {
  total: number;
  tsquery?: string;
}

/** Remembers counts per filter set (paging through a listing counts once); the catalogue cache in the app. */
export type CountMemo = (key: Partial<ParsedListingFilters> & { vendorId?: string }, load: () => Promise<Counted>) => Promise<Counted>;
const noMemo: CountMemo = (_key, load) => load();

/**
 * What a listing depends on besides the catalogue (CatalogueCache): best sellers follow every sale, the size
 * filter follows sizes coming into and going out of stock, and the order (sold-out products last) follows
 * products coming into and going out of stock — of products that pass the listing's other filters.
 * (Cards show inStock and the rating; the cache finds them in the JSON.)
 */
export function listingScope(f: Partial<ParsedListingFilters> & { vendorId?: string }): CacheScope {
  const facts: StockFilter = {
    categoryId: f.categoryId,
    subcategoryId: f.subcategoryId,
    styleId: f.styleId,
    stateId: f.stateId,
    vendorId: f.vendorId,
    minPrice: f.price?.min,
    maxPrice: f.price?.max,
    minDiscount: f.discount || undefined,
    trending: f.isTrending || undefined,
  };
  return { sales: f.isTopSelling === true, sizes: (f.size?.length ?? 0) > 0 && facts, inStockOrder: facts };
}

/**
 * Counts kept in the catalogue cache per filter set (apart from the pages), so paging through a listing or
 * changing its order counts once, and an order (a stock write) keeps them.
 */
export function cachedCounts(cache: CatalogueCache): CountMemo {
  return async (key, load) =>
    // a count does not depend on the order, so not on products coming into or going out of stock
    JSON.parse(await cache.json(`product/count ${stableKey(key)}`, load, { ...listingScope(key), inStockOrder: false })) as Counted;
}

export interface ListingInput {
  filters: ParsedListingFilters;
  page: number;
  pageSize: number;
  /** Only this vendor's products (vendor store). */
  vendorId?: string;
}

/**
 * A page of the listing and the total. Queries: one count (a search that finds nothing adds a vocabulary lookup,
 * a second count and a second page query) and one page query, whatever the page size.
 */
export async function listProducts(
  db: Db,
  input: ListingInput,
  memo: CountMemo = noMemo,
): Promise<{ products: ProductCard[]; total: number }> {
  const { filters: f, page, pageSize } = input;
  const where = filterWhere({ ...f, vendorId: input.vendorId });
  const order: ListingOrder = { priceSort: f.priceSort, sort: f.sort, topSelling: f.isTopSelling };
  const offset = (page - 1) * pageSize;
  // The count depends on the filters only, never on the page or the order.
  const { priceSort: _ps, sort: _so, ...countKey } = { ...f, vendorId: input.vendorId };

  // The count (often cached) and the page are independent, so they run side by side (in parallel on a pool).
  if (f.search === undefined) {
    const [{ total }, products] = await Promise.all([
      memo(countKey, async () => ({ total: await countWhere(db, where) })),
      selectCards(db, { where, order, limit: pageSize, offset }),
    ]);
    return { products, total };
  }

  const terms = searchTerms(f.search);
  if (!terms) return { products: [], total: 0 }; // only punctuation: nothing can match
  const pageFor = (tsquery: string) =>
    selectCards(db, { where: [...where, fullTextMatch(tsquery)], order, rank: fullTextRank(tsquery), limit: pageSize, offset });
  const [counted, asTyped] = await Promise.all([
    memo(countKey, async () => {
      const total = await countWhere(db, [...where, fullTextMatch(terms.tsquery)]);
      if (total > 0) return { total, tsquery: terms.tsquery };
      const corrected = await correctedTsquery(db, terms);
      if (!corrected) return { total: 0 };
      return { total: await countWhere(db, [...where, fullTextMatch(corrected)]), tsquery: corrected };
    }),
    pageFor(terms.tsquery),
  ]);
  if (!counted.tsquery || counted.total === 0) return { products: [], total: counted.total };
  const products = counted.tsquery === terms.tsquery ? asTyped : await pageFor(counted.tsquery);
  return { products, total: counted.total };
}
