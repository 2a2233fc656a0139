import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, vendors } from '../../db/schema/index.ts';
import { listCategories, listStates, listStyles } from '../catalogue/service.ts';
import { filterWhere, isoTime } from '../products/listing.ts';
import { publicVendor } from '../vendors/service.ts';

/**
 * robots.txt and the sitemaps (sitemaps.org protocol, ADR 051). What they list is what a guest can open, by the
 * public API's own rules: products as product/list and product/{slug} show them (filterWhere: active, so neither
 * hidden, deleted nor held by a suspended store), categories, subcategories, styles and states as their public lists
 * give them (never the hidden Combo), stores as the vendor directory lists them (approved, live account, not
 * suspended).
 */

/** The protocol's ceiling on URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Rows read per query while a product file is written (keyset pages): no query hands over a whole file. */
const PRODUCT_BATCH = 5000;

/** One URL of a sitemap: a path on this site and when what it shows last changed (ISO 8601, UTC), when known. */
export interface SitemapUrl {
  path: string;
  lastmod: string | null;
}

/** One child file of the index, by its name under /sitemaps/. */
export interface SitemapFile {
  name: string;
  lastmod: string | null;
}

/** A run of visible products in id order, written as one file: where it starts and its newest change. */
interface ProductPart {
  first: string;
  lastmod: string | null;
}

/**
 * What the index and the catalogue files are made from, read in one go per catalogue version: the product files'
 * boundaries and the (small) lists of listing pages. Listing pages have no update time of their own (categories,
 * styles, states and stores keep none), so their URLs carry no lastmod.
 */
export interface SitemapLayout {
  /** The newest change to any visible product (the home page, the all-products listing, the listing files). */
  newest: string | null;
  products: ProductPart[];
  /** Category pages, each followed by its subcategories' pages. */
  categories: SitemapUrl[];
  styles: SitemapUrl[];
  states: SitemapUrl[];
  stores: SitemapUrl[];
}

/** Public pages that are not catalogue listings, and where their lastmod comes from (site_content keys, the FAQ). */
const PAGES: { path: string; from?: 'catalogue' | 'faq' | 'about' | 'privacy' | 'return' | 'terms' }[] = [
  { path: '/', from: 'catalogue' },
  { path: '/products', from: 'catalogue' },
  { path: '/shop-by/category' },
  { path: '/shop-by/style' },
  { path: '/shop-by/region' },
  { path: '/product/topsellingproducts' },
  { path: '/product/trendingproducts' },
  { path: '/stalwart-page' },
  { path: '/watch-and-shop' },
  { path: '/community' },
  { path: '/about', from: 'about' },
  { path: '/FAQ', from: 'faq' },
  { path: '/contact-us' },
  { path: '/terms-and-conditions', from: 'terms' },
  { path: '/privacy-policy', from: 'privacy' },
  { path: '/return-and-replacement', from: 'return' },
];

/** The public listing's own rule (product/list, product/{slug}) on alias `p`. */
const visibleProduct = () => sql.join(filterWhere({}), sql` and `);

const seg = encodeURIComponent;

/** The newest of some ISO 8601 times (they compare as text), or null. */
function newest(times: (string | null | undefined)[]): string | null {
  let best: string | null = null;
  for (const t of times) if (t && (best === null || t > best)) best = t;
  return best;
}

/**
 * Reads the layout: one ordered pass over the visible products' ids and update times (the products_sitemap index
 * alone, migration 0042) and the public lists of categories, styles, states and stores.
 */
export async function loadLayout(db: Db, urlsPerFile: number): Promise<SitemapLayout> {
  type PartRow = { first: string; lastmod: string | null };
  const [parts, categories, styles, states, stores] = await Promise.all([
    // Every urlsPerFile-th visible product in id order opens a file.
    db.execute<PartRow>(sql`select max(case when x.rn % ${urlsPerFile}::int = 0 then x.id end) as first,
        ${isoTime(sql`max(x.updated_at)`)} as lastmod
      from (select p.id::text as id, p.updated_at, row_number() over (order by p.id) - 1 as rn from products p where ${visibleProduct()}) x
      group by x.rn / ${urlsPerFile}::int order by min(x.rn)`),
    listCategories(db),
    listStyles(db),
    listStates(db),
    db
      .select({ slug: vendors.slug })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.userId))
      .where(and(publicVendor, ne(vendors.slug, '')))
      .orderBy(asc(vendors.slug)),
  ]);
  const products = parts.rows.map((r) => ({ first: r.first, lastmod: r.lastmod }));
  const page = (path: string): SitemapUrl => ({ path, lastmod: null });
  return {
    newest: newest(products.map((p) => p.lastmod)),
    products,
    categories: categories.flatMap((c) => [page(`/products/${seg(c.slug)}`), ...c.subcategory.map((s) => page(`/products/${seg(c.slug)}/${seg(s.slug)}`))]),
    styles: styles.map((s) => page(`/shop-by-style/${seg(s.slug)}`)),
    states: states.map((s) => page(`/shop-by-state/${seg(s.slug)}`)),
    stores: stores.map((v) => page(`/store/${seg(v.slug)}`)),
  };
}

/** The pages of PAGES with their lastmod (content pages from their stored text, the FAQ from its entries). */
export async function pageUrls(db: Db, layout: SitemapLayout): Promise<SitemapUrl[]> {
  // Not catalogue rows: read afresh each time (two index-sized reads), as edits to them do not move the catalogue version.
  const res = await db.execute<{ key: string; lastmod: string | null }>(sql`
    select key, ${isoTime(sql`updated_at`)} as lastmod from site_content where key in ('about', 'privacy', 'return', 'terms')
    union all
    select 'faq', ${isoTime(sql`max(updated_at)`)} from faq_entries`);
  const stored = new Map(res.rows.map((r) => [r.key, r.lastmod]));
  return PAGES.map((p) => ({ path: p.path, lastmod: p.from === 'catalogue' ? layout.newest : p.from ? (stored.get(p.from) ?? null) : null }));
}

/** Lists of at most `size` items (the last may be shorter); none for an empty list. */
function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The child files, in the index's order: pages, then the listing pages (a file only when it has a URL; stores
 * split like products), then the products, at most `urlsPerFile` URLs each. A file's lastmod is the newest of its
 * URLs'; a listing file, whose rows keep no time, takes the newest product change (what its pages show), so a
 * crawler reads it again rather than too seldom.
 */
export function sitemapFiles(layout: SitemapLayout, pages: SitemapUrl[], urlsPerFile: number): SitemapFile[] {
  const files: SitemapFile[] = [{ name: 'pages.xml', lastmod: newest(pages.map((p) => p.lastmod)) }];
  for (const kind of ['categories', 'styles', 'states'] as const) {
    if (layout[kind].length) files.push({ name: `${kind}.xml`, lastmod: layout.newest });
  }
  chunks(layout.stores, urlsPerFile).forEach((_, i) => files.push({ name: `stores-${i + 1}.xml`, lastmod: layout.newest }));
  layout.products.forEach((part, i) => files.push({ name: `products-${i + 1}.xml`, lastmod: part.lastmod }));
  return files;
}

/** A listing file's URLs (categories, styles, states or stores-N), or undefined when there is no such file. */
export function listingUrls(layout: SitemapLayout, name: string, urlsPerFile: number): SitemapUrl[] | undefined {
  const fixed = /^(categories|styles|states)\.xml$/.exec(name);
  if (fixed) {
    const urls = layout[fixed[1] as 'categories' | 'styles' | 'states'];
    return urls.length ? urls : undefined;
  }
  const stores = /^stores-([1-9]\d{0,8})\.xml$/.exec(name);
  if (stores) return chunks(layout.stores, urlsPerFile)[Number(stores[1]) - 1];
  return undefined;
}

/** The number of a products-N.xml name that the layout has, or undefined. */
export function productPartOf(layout: SitemapLayout, name: string): number | undefined {
  const m = /^products-([1-9]\d{0,8})\.xml$/.exec(name);
  if (!m) return undefined;
  const n = Number(m[1]);
  return n <= layout.products.length ? n : undefined;
}

/**
 * The URLs of product file `n` (1-based): the visible products from its first id up to the next file's, in id
 * order, read by keyset in pages of PRODUCT_BATCH from the products_sitemap index (never an offset), at most
 * `urlsPerFile`. Each page comes back as one JSON row: handing over rows one by one cost PGlite seven times as much
 * (a 50,000-URL file: 1.3 s against 0.2 s).
 */
export async function productUrls(db: Db, layout: SitemapLayout, n: number, urlsPerFile: number): Promise<SitemapUrl[]> {
  const part = layout.products[n - 1];
  if (!part) return [];
  const next = layout.products[n]?.first;
  const upTo = next ? sql`and p.id < ${next}::uuid` : sql``;
  const urls: SitemapUrl[] = [];
  let from = sql`p.id >= ${part.first}::uuid`;
  for (;;) {
    const want = Math.min(PRODUCT_BATCH, urlsPerFile - urls.length);
    if (want <= 0) break;
    const res = await db.execute<{ page: string | null; last: string | null; n: number }>(sql`select
        json_agg(json_build_array(x.slug, x.lastmod) order by x.id)::text as page,
        (array_agg(x.id::text order by x.id desc))[1] as last, count(*)::int as n
      from (select p.id, p.slug, ${isoTime(sql`p.updated_at`)} as lastmod from products p
        where ${visibleProduct()} and ${from} ${upTo} order by p.id limit ${want}) x`);
    const row = res.rows[0];
    if (!row?.page || !row.last) break;
    for (const [slug, lastmod] of JSON.parse(row.page) as [string, string][]) urls.push({ path: `/product/${seg(slug)}`, lastmod });
    if (Number(row.n) < want) break;
    from = sql`p.id > ${row.last}::uuid`;
  }
  return urls;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an XML element or attribute. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const entry = (tag: 'url' | 'sitemap', loc: string, lastmod: string | null) =>
  `<${tag}><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : ''}</${tag}>\n`;

/** A <urlset> of absolute URLs on `origin`. */
export function urlsetXml(origin: string, urls: SitemapUrl[]): string {
  const body = urls.map((u) => entry('url', origin + u.path, u.lastmod)).join('');
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${body}</urlset>\n`;
}

/** The <sitemapindex> of the child files under `origin`/sitemaps/. */
export function indexXml(origin: string, files: SitemapFile[]): string {
  const body = files.map((f) => entry('sitemap', `${origin}/sitemaps/${f.name}`, f.lastmod)).join('');
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${body}</sitemapindex>\n`;
}

/**
 * Paths crawlers are kept out of: the signed-in, personal and transactional screens of the web app (features'
 * routes.tsx) and the API. Paths match as prefixes; `$` ends a path (RFC 9309), so /vendor$ keeps the console's home
 * out without touching other paths that start with /vendor.
 */
const DISALLOWED = [
  '/api/',
  // login, sign-up, one-time codes, password reset, contact verification, seller registration, account deletion
  '/auth/',
  // account
  '/profile',
  '/edit-profile',
  '/seller',
  // cart and checkout, a guest's included
  '/cart',
  '/checkout',
  '/buy-now/',
  '/guestCheckout',
  '/payment-confirmation',
  '/order-status',
  '/wishlist',
  // addresses
  '/saved-address',
  '/add-address',
  '/edit-address/',
  // orders
  '/orders',
  '/OrderDetail/',
  '/wallet',
  // chat
  '/chat-list',
  '/chat/',
  // writing reviews and community posts
  '/write-review/',
  '/update-review/',
  '/CreatePost',
  '/details',
  '/edit-details/',
  '/videos',
  '/edit-video/',
  // the vendor and admin consoles
  '/vendor$',
  '/vendor/',
  '/admin$',
  '/admin/',
];

/** robots.txt: every crawler may read the shop, none the private screens; where the sitemap index is. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
