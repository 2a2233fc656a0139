import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { withMeta } from './serialize.ts';
import { productMeta, storeMeta, type PageMeta } from './service.ts';

/** /product/… paths that are listings, not products (shopping §2 Listings). */
const LISTING_PAGES = new Set(['topsellingproducts', 'trendingproducts']);

/**
 * Link previews: the rendered page of GET /product/{slug} and /store/{vendorSlug} (modules/pages) gets that
 * product's or store's title, description, keywords, canonical URL, Open Graph and Twitter tags (every value
 * escaped; pictures absolute through PUBLIC_URL), so a link shared on WhatsApp or elsewhere shows a preview.
 * Browsers and bots get the same page. An unknown slug leaves the default HTML (the app shows its not-found
 * state). Lookups go through the catalogue cache, so a popular link costs no query.
 */
/** Rewrites a rendered page's HTML for its address; undefined leaves it. */
export type HtmlTransform = (html: string, url: string, log: FastifyBaseLogger) => Promise<string | undefined>;

export function shareTransforms(ctx: AppContext): HtmlTransform[] {
  const cached = async (key: string, load: () => Promise<PageMeta | null>) =>
    JSON.parse(await ctx.catalogueCache.json(`share ${key}`, load)) as PageMeta | null;

  const transform: HtmlTransform = async (html, url, log) => {
    const path = url.split('?')[0] ?? '';
    const m = /^\/(product|store)\/([^/]+)\/?$/.exec(path);
    if (!m) return undefined;
    let slug: string;
    try {
      slug = decodeURIComponent(m[2]!).trim();
    } catch {
      return undefined; // malformed escapes: the app shows not found
    }
    if (!slug || slug.length > 200) return undefined;
    const kind = m[1] as 'product' | 'store';
    if (kind === 'product' && LISTING_PAGES.has(slug.toLowerCase())) return undefined;
    try {
      const meta =
        kind === 'product'
          ? await cached(`product ${slug}`, () => productMeta(ctx.db, slug))
          : await cached(`store ${slug}`, () => storeMeta(ctx.db, slug));
      return meta ? withMeta(html, meta, ctx.config.publicUrl) : undefined;
    } catch (err) {
      // The page still loads (and fetches its data itself); only the preview is lost.
      log.warn({ err }, 'link preview tags could not be built');
      return undefined;
    }
  };
  return [transform];
}
