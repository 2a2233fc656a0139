import type { FastifyRequest } from 'fastify';
import { productListBody } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import type { HtmlTransform } from '../../lib/spa.ts';
import { stableKey } from '../../lib/stable-key.ts';
import { cachedCounts, listingScope } from '../products/listing.ts';
import { listProducts, productBySlug } from '../products/service.ts';
import { listBanners, listCategories, listStates, listStyles } from './service.ts';

/** The home banner's breakpoint: apps/web's HomePage shows `image` from 768 px (Tailwind's md), `mobileImage` below. */
const DESKTOP = '(min-width: 768px)';
const MOBILE = '(max-width: 767px)';

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Only our own pictures (a path on this site): a preload must never point the browser elsewhere. */
const ownPath = (url: string | null | undefined): url is string => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');

/** A JSON data block the app reads its first answers from (apps/web lib/first-data.ts); never run, `<` escaped. */
function dataBlock(answers: Record<string, unknown>): string {
  return `<script type="application/json" id="first-data">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;
}

function imagePreload(href: string, media?: string): string {
  return `<link rel="preload" as="image" href="${attr(href)}"${media ? ` media="${media}"` : ''} fetchpriority="high">`;
}

/** /product/… paths that are listings, not products (shopping §2 Listings). */
const LISTING_PAGES = new Set(['topsellingproducts', 'trendingproducts']);

/**
 * The largest picture of a landing page (what Lighthouse times as LCP), preloaded from the HTML: the browser fetches
 * it with the scripts instead of after they have run and asked the API which picture it is. Home: the first banner
 * (its phone and desktop versions, each for its screen width, as the page's <picture> picks them), with the banner
 * list itself as a JSON data block so the page need not ask the API before drawing it. A product page:
 * the product's first picture (the gallery's first slide), and the product itself as a data block. Read through the catalogue cache, so it costs no query
 * on a popular page; a failure only loses the hint.
 */
export function firstScreenTransforms(ctx: AppContext): HtmlTransform[] {
  const cachedJson = async <T>(key: string, load: () => Promise<T>) => JSON.parse(await ctx.catalogueCache.json(`first-screen ${key}`, load)) as T;

  const links = async (pathname: string, query: string): Promise<string[]> => {
    if (pathname === '/') {
      const banners = await cachedJson('banners', () => listBanners(ctx.db, 'home'));
      // The banner list itself, as POST banner/list answers it, so the app draws the banner without asking first
      // (apps/web lib/first-data.ts). A data block is never run; `<` escaped so no text can close the element.
      const data = dataBlock({ 'banner/list': banners });
      const first = banners[0];
      if (!first) return [data];
      const mobile = first.mobileImage || first.image;
      if (!ownPath(mobile)) return [data];
      if (mobile === first.image || !ownPath(first.image)) return [imagePreload(mobile), data];
      return [imagePreload(mobile, MOBILE), imagePreload(first.image, DESKTOP), data];
    }
    const listing = /^\/products\/([^/]+)\/?$/i.exec(pathname);
    // with filters in the query the page asks for another list: only the plain listing is answered ahead
    if (listing) return query ? [] : categoryListing(listing[1]!);
    const m = /^\/product\/([^/]+)\/?$/i.exec(pathname);
    if (!m) return [];
    let slug: string;
    try {
      slug = decodeURIComponent(m[1]!).trim();
    } catch {
      return []; // malformed escapes: the app shows not found
    }
    if (!slug || slug.length > 200 || LISTING_PAGES.has(slug.toLowerCase())) return [];
    // GET product/{slug}'s own answer, from the same cache entry the API route fills (its key and scope), so the page
    // draws the product as soon as its code runs; an unknown or hidden product leaves the page to ask (and say 404).
    let json: string;
    try {
      json = await ctx.catalogueCache.json(`product ${stableKey(slug)}`, async () => ok(await productBySlug(ctx.db, slug)), { quantities: true });
    } catch {
      return [];
    }
    const answer = (JSON.parse(json) as { data?: { productDetail?: { images?: string[] } } }).data;
    if (!answer?.productDetail) return [];
    const image = answer.productDetail.images?.[0];
    const data = dataBlock({ [`product/${slug}`]: answer });
    return ownPath(image) ? [imagePreload(image), data] : [data];
  };

  /**
   * A category's listing: the category list as POST category/list answers it (the page needs it to turn the slug into
   * an id before it can ask for products), the plain listing's first page as POST product/list answers it, and that
   * page's first picture preloaded. A listing opened with filters in its query asks the API as usual.
   */
  const categoryListing = async (rawSlug: string): Promise<string[]> => {
    let slug: string;
    try {
      slug = decodeURIComponent(rawSlug).trim().toLowerCase();
    } catch {
      return [];
    }
    const categories = await cachedJson('category/list', () => listCategories(ctx.db));
    // the style and state lists too: the page resolves its filters and draws its filter panel from them, and any
    // request left before the grid is drawn only delays the first picture
    const lists = {
      'category/list': categories,
      'style/list': await cachedJson('style/list', () => listStyles(ctx.db)),
      'state/list': await cachedJson('state/list', () => listStates(ctx.db)),
    };
    const category = categories.find((c) => c.slug === slug);
    if (!category) return [dataBlock(lists)];
    // The first page exactly as POST product/list answers the plain listing's body (the route's cache entry).
    const body = productListBody.parse({ categoryId: category._id });
    const { page, pageSize, ...filters } = body;
    const json = await ctx.catalogueCache.json(
      `product/list ${stableKey(body)}`,
      async () => ok(await listProducts(ctx.db, { filters, page, pageSize }, cachedCounts(ctx.catalogueCache))),
      listingScope(filters),
    );
    const list = (JSON.parse(json) as { data: { products: { images?: string[] }[] } }).data;
    const data = dataBlock({ ...lists, [`product/list ${category._id}`]: list });
    const image = list.products[0]?.images?.[0];
    return ownPath(image) ? [imagePreload(image), data] : [data];
  };

  const transform: HtmlTransform = async (html: string, request: FastifyRequest) => {
    try {
      const [pathname = '/', query = ''] = request.url.split('?');
      const found = await links(pathname, query);
      return found.length ? html.replace('</head>', `  ${found.join('\n    ')}\n  </head>`) : undefined;
    } catch (err) {
      request.log.warn({ err }, 'first-screen picture hint could not be built');
      return undefined;
    }
  };
  return [transform];
}
