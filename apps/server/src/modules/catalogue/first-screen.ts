import type { FastifyRequest } from 'fastify';
import { productListBody } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import { insertBefore } from '../../lib/html.ts';
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

/**
 * The page's largest picture drawn from the HTML itself, before any script has run (issue 9: the app's first render
 * on a slow phone came a second or more after the picture had arrived, Lighthouse's "render delay"). It lies over the
 * page where the app draws the same picture (apps/web lib/first-paint.ts takes it away once the app's own copy has
 * loaded, or the shopper moves on): absolutely placed, so the app's arrival under it moves nothing (no layout shift),
 * and deaf to taps, which reach the app beneath. `top` is the header's height at each width (app/Header.tsx: 100 px on
 * phones, 109 px from 768 px); e2e/first-paint.spec.ts checks that it lands exactly on the app's picture.
 */
function paintAhead(inner: string, hideFrom?: number): string {
  const css =
    '#first-paint{position:absolute;left:0;right:0;top:100px;z-index:30;pointer-events:none}' +
    `@media (min-width:${hideFrom ?? 768}px){#first-paint{${hideFrom ? 'display:none' : 'top:109px'}}}`;
  return `<style>${css}</style><div id="first-paint" aria-hidden="true">${inner}</div>`;
}

/** Home's first banner as HomePage's Banners draws it: the phone picture, the desktop one from 768 px. */
function bannerPaint(mobile: string, desktop: string | undefined): string {
  const source = desktop ? `<source media="${DESKTOP}" srcset="${attr(desktop)}" width="1600" height="600">` : '';
  return paintAhead(
    '<div class="mx-auto max-w-7xl px-0 pt-3 md:px-6 md:pt-5"><div class="block overflow-hidden md:rounded-2xl">' +
      `<picture>${source}<img src="${attr(mobile)}" alt="" width="800" height="800" fetchpriority="high" class="aspect-square w-full bg-sand-100 object-cover md:aspect-[8/3]"></picture>` +
      '</div></div>',
  );
}

/**
 * A product's first picture as the phone gallery draws it (features/product/Gallery.tsx), under the breadcrumbs (one
 * 20 px line, 1rem above and below). Phones only: from 768 px the gallery sits beside the details at a size that
 * depends on the thumbnails, and a misplaced picture is worse than none.
 */
function productPaint(image: string): string {
  return paintAhead(
    `<div class="mx-auto max-w-7xl px-4" style="padding-top:48px"><img src="${attr(image)}" alt="" width="600" height="800" fetchpriority="high" class="aspect-[3/4] w-full rounded-2xl bg-sand-100 object-cover"></div>`,
    768,
  );
}

/** The longest category name whose listing title stays on one line on a 360 px phone (text-3xl display font). */
const ONE_LINE_TITLE = 18;

/**
 * A category listing's first two product pictures as a phone's two-column grid draws them (ProductGrid, ProductCard),
 * under what the listing puts above its grid on phones (features/catalogue/listing/ListingPage.tsx: the title, the
 * Sort and Filter buttons, the category chips, the subcategory chips when the category has some, the product count):
 * the cards start 248 px below the header with subcategories, 44 px less without. Phones only (from 640 px the grid has three
 * columns), and only under a title that fits one line, so the pictures land where the app puts them.
 */
function listingPaint(images: string[], hasSubcategories: boolean): string {
  const card = (src: string) =>
    `<li><div class="p-2"><div class="aspect-[3/4] overflow-hidden rounded-lg bg-sand-100"><img src="${attr(src)}" alt="" width="600" height="800" class="size-full object-cover"></div></div></li>`;
  return paintAhead(
    `<div class="mx-auto max-w-7xl px-4" style="padding-top:${hasSubcategories ? 248 : 204}px"><ul class="grid grid-cols-2 gap-3">${images.map(card).join('')}</ul></div>`,
    640,
  );
}

/** The pictures a product page opens on, as apps/web features/product/options.ts picks them: the first colour in stock's, else the product's. */
export function openingImages(p: { images?: string[]; isColorOptions?: boolean; colorInventory?: { color: string; quantity: number; images: string[] }[] }): string[] {
  const colours = p.isColorOptions ? (p.colorInventory ?? []) : [];
  const colour = colours.find((c) => c.quantity > 0) ?? colours[0];
  return colour?.images.length ? colour.images : (p.images ?? []);
}

/** What a landing page adds to its HTML: tags for the head, and the painted-ahead picture for the body. */
interface FirstScreen {
  head: string[];
  paint?: string;
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

  const links = async (pathname: string, query: string): Promise<FirstScreen> => {
    if (pathname === '/') {
      const banners = await cachedJson('banners', () => listBanners(ctx.db, 'home'));
      // The banner list itself, as POST banner/list answers it, so the app draws the banner without asking first
      // (apps/web lib/first-data.ts). A data block is never run; `<` escaped so no text can close the element.
      const data = dataBlock({ 'banner/list': banners });
      const first = banners[0];
      if (!first) return { head: [data] };
      const mobile = first.mobileImage || first.image;
      if (!ownPath(mobile)) return { head: [data] };
      if (mobile === first.image || !ownPath(first.image)) return { head: [imagePreload(mobile), data], paint: bannerPaint(mobile, undefined) };
      return { head: [imagePreload(mobile, MOBILE), imagePreload(first.image, DESKTOP), data], paint: bannerPaint(mobile, first.image) };
    }
    const listing = /^\/products\/([^/]+)\/?$/i.exec(pathname);
    // with filters in the query the page asks for another list: only the plain listing is answered ahead
    if (listing) return query ? { head: [] } : categoryListing(listing[1]!);
    const m = /^\/product\/([^/]+)\/?$/i.exec(pathname);
    if (!m) return { head: [] };
    let slug: string;
    try {
      slug = decodeURIComponent(m[1]!).trim();
    } catch {
      return { head: [] }; // malformed escapes: the app shows not found
    }
    if (!slug || slug.length > 200 || LISTING_PAGES.has(slug.toLowerCase())) return { head: [] };
    // GET product/{slug}'s own answer, from the same cache entry the API route fills (its key and scope), so the page
    // draws the product as soon as its code runs; an unknown or hidden product leaves the page to ask (and say 404).
    let json: string;
    try {
      json = await ctx.catalogueCache.json(`product ${stableKey(slug)}`, async () => ok(await productBySlug(ctx.db, slug)), { quantities: true });
    } catch {
      return { head: [] };
    }
    const answer = (JSON.parse(json) as { data?: { productDetail?: Parameters<typeof openingImages>[0] } }).data;
    if (!answer?.productDetail) return { head: [] };
    const image = openingImages(answer.productDetail)[0];
    const data = dataBlock({ [`product/${slug}`]: answer });
    return ownPath(image) ? { head: [imagePreload(image), data], paint: productPaint(image) } : { head: [data] };
  };

  /**
   * A category's listing: the category list as POST category/list answers it (the page needs it to turn the slug into
   * an id before it can ask for products), the plain listing's first page as POST product/list answers it, and that
   * page's first picture preloaded. A listing opened with filters in its query asks the API as usual.
   */
  const categoryListing = async (rawSlug: string): Promise<FirstScreen> => {
    let slug: string;
    try {
      slug = decodeURIComponent(rawSlug).trim().toLowerCase();
    } catch {
      return { head: [] };
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
    if (!category) return { head: [dataBlock(lists)] };
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
    const firstTwo = list.products.slice(0, 2).map((p) => p.images?.[0]);
    const image = firstTwo[0];
    if (!ownPath(image)) return { head: [data] };
    const head = [imagePreload(image), data];
    // every card of the first row needs its own picture here, or the row would be drawn half
    if (category.name.length > ONE_LINE_TITLE || !firstTwo.every(ownPath)) return { head };
    return { head, paint: listingPaint(firstTwo as string[], category.subcategory.length > 0) };
  };

  const transform: HtmlTransform = async (html: string, request: FastifyRequest) => {
    try {
      const [pathname = '/', query = ''] = request.url.split('?');
      const { head, paint } = await links(pathname, query);
      if (!head.length) return undefined;
      const withHead = insertBefore(html, '</head>', `  ${head.join('\n    ')}\n  `);
      return paint ? insertBefore(withHead, '</body>', `  ${paint}\n  `) : withHead;
    } catch (err) {
      request.log.warn({ err }, 'first-screen picture hint could not be built');
      return undefined;
    }
  };
  return [transform];
}
