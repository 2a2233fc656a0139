import { DISCOUNT_OPTIONS, PAGE_SIZE, PRICE_RANGE, SIZES, type Size } from '@statewise/contract/constants';
import type { Category, FestiveOffer, ProductListBody, State, Style } from '@statewise/contract/schemas/catalogue';

/**
 * The listing's filters as the address bar carries them (shopping spec §2 Listings): readable slugs, not ids.
 * Pure functions only — parsing an address, writing one back, turning slugs into the product/list body —
 * so the rules are unit-tested apart from the screen.
 */
export interface ListingFilters {
  /** The search page's text (/search?search=…); filters and sorts narrow its results like a listing's. */
  search?: string;
  category?: string;
  subcategory?: string;
  style?: string;
  state?: string;
  festiveCategory?: string;
  /** "this percent or more" */
  discount?: number;
  minPrice?: number;
  maxPrice?: number;
  /** 1 low to high, -1 high to low */
  priceSort?: 1 | -1;
  /** -1 newest first, 1 oldest first */
  sort?: 1 | -1;
  sizes: Size[];
  page: number;
}

/**
 * Which listing route the shopper is on; it decides which filter lives in the path:
 * products → /products/{category}/{subcategory}, style → /shop-by-style/{style}, state → /shop-by-state/{state}/{category};
 * search → /search?search={text} with every filter in the query.
 */
export type ListingKind = 'products' | 'style' | 'state' | 'search';

export interface ListingPathParams {
  categorySlug?: string;
  subCategorySlug?: string;
  styleSlug?: string;
  stateSlug?: string;
}

export const DEFAULT_FILTERS: ListingFilters = { sizes: [], page: 1 };

const text = (v: string | null | undefined): string | undefined => {
  const t = v?.trim();
  return t && t.length <= 100 ? t : undefined;
};
const int = (v: string | null): number | undefined => (v !== null && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : undefined);
const direction = (v: string | null): 1 | -1 | undefined => (v === '1' ? 1 : v === '-1' ? -1 : undefined);

/** Reads the filters from the route's path slugs and the query string; anything malformed is ignored. */
export function parseListing(params: ListingPathParams, query: URLSearchParams): ListingFilters {
  const f: ListingFilters = { sizes: [], page: 1 };
  // the search box sends at most 100 characters; a longer text in a hand-made address is cut, not dropped
  f.search = text(query.get('search')?.trim().slice(0, 100));
  f.category = text(params.categorySlug) ?? text(query.get('category'));
  f.subcategory = text(params.subCategorySlug) ?? text(query.get('subcategory'));
  f.style = text(params.styleSlug) ?? text(query.get('style'));
  f.state = text(params.stateSlug) ?? text(query.get('state'));
  f.festiveCategory = text(query.get('festiveCategory'));

  const discount = int(query.get('discount'));
  if (discount !== undefined && discount >= 1 && discount <= 100) f.discount = discount;

  let min = int(query.get('minPrice'));
  let max = int(query.get('maxPrice'));
  if (min !== undefined) min = Math.min(min, PRICE_RANGE.max);
  if (max !== undefined) max = Math.min(max, PRICE_RANGE.max);
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  if (min !== undefined && min > PRICE_RANGE.min) f.minPrice = min;
  if (max !== undefined && max < PRICE_RANGE.max) f.maxPrice = max;

  f.priceSort = direction(query.get('priceSort'));
  f.sort = direction(query.get('sort'));

  const wanted = new Set((query.get('size') ?? '').toLowerCase().split(',').map((s) => s.trim()));
  f.sizes = SIZES.filter((s) => wanted.has(s));

  const page = int(query.get('page'));
  f.page = page !== undefined && page >= 1 ? page : 1;
  for (const key of Object.keys(f) as Array<keyof ListingFilters>) if (f[key] === undefined) delete f[key];
  return f;
}

/**
 * The address for a set of filters on a listing route. The route's own filter goes in the path; the rest in
 * the query, in a fixed order, page only past 1. Removing the route's own filter falls back to /products/.
 */
export function listingHref(kind: ListingKind, f: ListingFilters): string {
  const q = new URLSearchParams();
  let path: string;
  const enc = encodeURIComponent;
  if (kind === 'search') {
    path = '/search';
    if (f.search) q.set('search', f.search);
  } else if (kind === 'style' && f.style) {
    path = `/shop-by-style/${enc(f.style)}`;
  } else if (kind === 'state' && f.state) {
    path = `/shop-by-state/${enc(f.state)}${f.category ? `/${enc(f.category)}` : ''}`;
  } else {
    kind = 'products';
    path = f.category ? `/products/${enc(f.category)}${f.subcategory ? `/${enc(f.subcategory)}` : ''}` : '/products/';
  }
  const inPath = {
    category: kind === 'products' || kind === 'state',
    subcategory: kind === 'products' && Boolean(f.category),
    style: kind === 'style',
    state: kind === 'state',
  };
  if (f.category && !inPath.category) q.set('category', f.category);
  if (f.subcategory && !inPath.subcategory) q.set('subcategory', f.subcategory);
  if (f.style && !inPath.style) q.set('style', f.style);
  if (f.state && !inPath.state) q.set('state', f.state);
  if (f.festiveCategory) q.set('festiveCategory', f.festiveCategory);
  if (f.discount) q.set('discount', String(f.discount));
  if (f.minPrice !== undefined && f.minPrice > PRICE_RANGE.min) q.set('minPrice', String(f.minPrice));
  if (f.maxPrice !== undefined && f.maxPrice < PRICE_RANGE.max) q.set('maxPrice', String(f.maxPrice));
  if (f.priceSort) q.set('priceSort', String(f.priceSort));
  if (f.sort) q.set('sort', String(f.sort));
  if (f.sizes.length) q.set('size', SIZES.filter((s) => f.sizes.includes(s)).join(','));
  if (f.page > 1) q.set('page', String(f.page));
  const qs = q.toString().replace(/%2C/g, ',');
  return qs ? `${path}?${qs}` : path;
}

/**
 * Applies a change to the filters. Any change other than the page itself goes back to page 1 (spec: "Changing
 * any filter resets the page to 1"); changing the category drops a subcategory of the old one.
 */
export function changeFilters(f: ListingFilters, change: Partial<ListingFilters>): ListingFilters {
  const next: ListingFilters = { ...f, ...change, page: change.page ?? 1 };
  if ('category' in change && change.category !== f.category && !('subcategory' in change)) delete next.subcategory;
  // one sort at a time: price order or date order
  if (change.priceSort) delete next.sort;
  if (change.sort) delete next.priceSort;
  for (const key of Object.keys(next) as Array<keyof ListingFilters>) if (next[key] === undefined) delete next[key];
  return next;
}

/** How many filters the shopper has set (the route's own filter excluded), for the Filters button badge. */
export function activeFilterCount(f: ListingFilters): number {
  return (
    [f.category, f.subcategory, f.style, f.state, f.festiveCategory, f.discount, f.priceSort ?? f.sort].filter((v) => v !== undefined).length +
    (f.minPrice !== undefined || f.maxPrice !== undefined ? 1 : 0) +
    f.sizes.length
  );
}

export interface ReferenceLists {
  categories?: Category[];
  styles?: Style[];
  states?: State[];
  festiveOffers?: FestiveOffer[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A list entry by slug, or by id (links made elsewhere may carry ids). */
function find<T extends { _id: string; slug: string }>(list: T[] | undefined, key: string | undefined): T | undefined {
  if (!key || !list) return undefined;
  const lower = key.toLowerCase();
  return list.find((x) => x.slug === lower || (UUID.test(key) && x._id === lower));
}

export interface ResolvedFilters {
  category?: Category;
  subcategory?: Category['subcategory'][number];
  style?: Style;
  state?: State;
  festive?: FestiveOffer;
  /** Filters whose slug matches nothing (the screen shows not-found for a path slug, drops a query one). */
  unknown: Array<'category' | 'subcategory' | 'style' | 'state' | 'festiveCategory'>;
}

/** Slugs to the objects of the cached lists. A list still loading leaves its filter unresolved but not unknown. */
export function resolveFilters(f: ListingFilters, lists: ReferenceLists): ResolvedFilters {
  const r: ResolvedFilters = { unknown: [] };
  r.category = find(lists.categories, f.category);
  if (f.category && lists.categories && !r.category) r.unknown.push('category');
  if (f.subcategory && lists.categories) {
    const pool = r.category ? r.category.subcategory : lists.categories.flatMap((c) => c.subcategory);
    r.subcategory = find(pool, f.subcategory);
    if (!r.subcategory) r.unknown.push('subcategory');
  }
  r.style = find(lists.styles, f.style);
  if (f.style && lists.styles && !r.style) r.unknown.push('style');
  r.state = find(lists.states, f.state);
  if (f.state && lists.states && !r.state) r.unknown.push('state');
  r.festive = find(lists.festiveOffers, f.festiveCategory);
  if (f.festiveCategory && lists.festiveOffers && !r.festive) r.unknown.push('festiveCategory');
  return r;
}

/**
 * The POST product/list body for the filters. The slider's top (₹50,000) means "and above": a shopper who
 * leaves it there has not capped the price, so no max is sent.
 */
export function listBody(f: ListingFilters, r: ResolvedFilters, pageSize: number = PAGE_SIZE.listing): ProductListBody {
  const body: ProductListBody = { page: f.page, pageSize };
  if (f.search) body.search = f.search;
  if (r.category) body.categoryId = r.category._id;
  if (r.subcategory) body.subcategoryId = r.subcategory._id;
  if (r.style) body.styleId = r.style._id;
  if (r.state) body.stateId = r.state._id;
  if (r.festive) body.festiveCategoryId = r.festive._id;
  if (f.discount) body.discount = f.discount;
  if (f.minPrice !== undefined || f.maxPrice !== undefined) body.price = { min: f.minPrice ?? PRICE_RANGE.min, ...(f.maxPrice !== undefined ? { max: f.maxPrice } : {}) };
  if (f.sizes.length) body.size = [...f.sizes];
  if (f.priceSort) body.priceSort = f.priceSort;
  if (f.sort) body.sort = f.sort;
  return body;
}

/**
 * Number of pages. The spec reads "total divided by 16, rounded", but Math.round drops the last partial page
 * whenever it holds fewer than half a page (17 products → 1 page, the 17th unreachable). We take the saner
 * reading, Math.ceil, so every product can be reached.
 */
export function pageCount(total: number, pageSize: number = PAGE_SIZE.listing): number {
  return Math.max(0, Math.ceil(total / pageSize));
}

export const DISCOUNTS = DISCOUNT_OPTIONS;
