import type { ProductDetail, VendorDetails } from '@statewise/contract/schemas/catalogue';

/**
 * schema.org JSON-LD for the public pages (DESIGN.md, Rendering): pure builders, the same on the server and in the
 * browser, so the server-rendered page and the hydrated one carry the same data. Put the result of `jsonLdScript`
 * inside `<script type="application/ld+json">`.
 */

export const SITE_NAME = 'Statewise';

/** A JSON-LD value: what JSON.stringify writes. */
export type JsonLd = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | null | JsonLd | JsonLdValue[];

/** What GET product/{slug} answers (the product page's data). */
export interface ProductPageData {
  productDetail: ProductDetail;
  vendorDetails: VendorDetails[];
}

/** One step of a breadcrumb trail: its label and its path on this site ('/', '/products/sarees'). */
export interface Breadcrumb {
  name: string;
  path: string;
}

const CONTEXT = 'https://schema.org';

/** The origin without a trailing slash ('https://statewise.in'). */
const base = (origin: string) => origin.replace(/\/+$/, '');

/** An absolute URL for a path on this site, or an address that is absolute already (a bucket's picture). */
function absolute(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, `${base(origin)}/`).href;
  } catch {
    return `${base(origin)}/${pathOrUrl.replace(/^\/+/, '')}`;
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A character from a numeric reference; U+FFFD for one that names no character (as HTML parsers do). */
function fromCodePoint(cp: number): string {
  return Number.isInteger(cp) && cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : '\uFFFD';
}

/** Tags that separate words when a description is read as text; other tags (b, em, span…) join what they wrap. */
const BLOCK_TAG = /<\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|table|thead|tbody|tfoot|tr|td|th|caption|section|article|blockquote|pre|figure|figcaption)\b[^>]*>/gi;

/**
 * The plain text of stored HTML (a product description): comments, scripts and styles dropped with what is in them,
 * tags dropped, character references decoded, white space folded. Decoded text may hold `<` again; jsonLdScript
 * escapes it.
 */
export function plainText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (whole, dec?: string, hex?: string, name?: string) => {
      if (dec) return fromCodePoint(Number(dec));
      if (hex) return fromCodePoint(parseInt(hex, 16));
      return NAMED_ENTITIES[name!.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * In stock when anything can be bought, by the server's rule (the products.in_stock trigger): a free-size product's
 * own quantity, a colour product's colours, otherwise its sizes.
 */
export function productInStock(p: Pick<ProductDetail, 'isFreeSize' | 'freeSizeQty' | 'isColorOptions' | 'colorInventory' | 'sizeInventory'>): boolean {
  if (p.isFreeSize) return p.freeSizeQty > 0;
  if (p.isColorOptions) return p.colorInventory.some((c) => c.quantity > 0);
  return p.sizeInventory.some((s) => s.quantity > 0);
}

/** The store's public name: its brand, else the seller's name (as the store page shows it). */
const storeName = (v: VendorDetails) => v.brandName.trim() || v.sellerName.trim();

/** The BreadcrumbList node (no @context), positions from 1. */
function breadcrumbNode(items: Breadcrumb[], origin: string): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((b, i) => ({ '@type': 'ListItem', position: i + 1, name: b.name, item: absolute(origin, b.path) })),
  };
}

/** A BreadcrumbList of the trail, first to last (home first, the page itself last). */
export function breadcrumbJsonLd(items: Breadcrumb[], origin: string): JsonLd {
  return { '@context': CONTEXT, ...breadcrumbNode(items, origin) };
}

/**
 * The product page's JSON-LD: a `@graph` holding the schema.org Product (first) and, when `breadcrumbs` are given,
 * the page's BreadcrumbList, so one script carries both. The Product has its name, plain-text description, pictures
 * (the product's, then its colours'), sku (the product id), brand and an INR Offer with availability and the selling
 * store; aggregateRating only when it has reviews. A product whose vendor is not public (no vendorDetails) has
 * neither brand nor seller.
 */
export function productJsonLd(page: ProductPageData, opts: { origin: string; breadcrumbs?: Breadcrumb[] }): JsonLd {
  const p = page.productDetail;
  const vendor = page.vendorDetails[0];
  const url = absolute(opts.origin, `/product/${encodeURIComponent(p.slug)}`);
  const images = [...new Set([...p.images, ...p.colorInventory.flatMap((c) => c.images)].filter(Boolean))].map((i) => absolute(opts.origin, i));
  const description = plainText(p.description) || plainText(p.metaDescription);
  const category = [p.categoryId?.name, p.subcategoryId?.subcategoryName].filter(Boolean).join(' > ');
  const store = vendor ? storeName(vendor) : '';

  const offer: JsonLd = {
    '@type': 'Offer',
    url,
    price: String(p.offeredPrice),
    priceCurrency: 'INR',
    availability: productInStock(p) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  };
  if (vendor && store) offer.seller = { '@type': 'Organization', name: store, url: absolute(opts.origin, `/store/${encodeURIComponent(vendor.vendorSlug)}`) };

  const product: JsonLd = {
    '@type': 'Product',
    '@id': `${url}#product`,
    name: p.name,
    url,
    sku: p._id,
    ...(description ? { description } : {}),
    ...(images.length ? { image: images } : {}),
    ...(category ? { category } : {}),
    ...(store ? { brand: { '@type': 'Brand', name: store } } : {}),
    offers: offer,
  };
  if (p.reviewsCount > 0) {
    product.aggregateRating = { '@type': 'AggregateRating', ratingValue: p.rating, reviewCount: p.reviewsCount, bestRating: 5, worstRating: 1 };
  }
  const graph = opts.breadcrumbs?.length ? [product, breadcrumbNode(opts.breadcrumbs, opts.origin)] : [product];
  return { '@context': CONTEXT, '@graph': graph };
}

/** The marketplace as an Organization: its name, home page and logo. */
export function organizationJsonLd(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${base(origin)}/#organization`,
    name: SITE_NAME,
    url: `${base(origin)}/`,
    logo: `${base(origin)}/favicon.svg`,
  };
}

/** The site as a WebSite whose search (the search page's `search` parameter) crawlers may offer. */
export function websiteJsonLd(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${base(origin)}/#website`,
    name: SITE_NAME,
    url: `${base(origin)}/`,
    publisher: { '@id': `${base(origin)}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${base(origin)}/search?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/**
 * The text to put inside `<script type="application/ld+json">`: JSON in which no `<` appears (written `\u003c`),
 * so no product name or description can close the element or open a comment, and U+2028 and U+2029 written as
 * escapes too (JavaScript once read them as line ends). JSON.parse gives back the same object.
 */
export function jsonLdScript(obj: JsonLd): string {
  return JSON.stringify(obj).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
