import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import type { CachedJson, CacheScope } from '../../lib/catalogue-cache.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { pageDocument, scriptJson, type RenderedHead } from './document.ts';
import type { HtmlTransform } from '../share/transform.ts';
import { inProcessApi, type ApiCall, type ApiAnswer } from './in-process-api.ts';

/** The server entry of the web build (apps/web/src/entry-server.tsx), as `vite build --ssr` writes it. */
interface WebServerEntry {
  configure(transport: (call: ApiCall) => Promise<ApiAnswer>, sanitizeHtml: (html: string) => string): void;
  render(url: string, opts: { origin: string; timeoutMs?: number; onError?: (err: unknown) => void }): Promise<{ html: string; data: string; head: RenderedHead; skipped: unknown[] }>;
}

/** A page ready to send: its HTML document and status (or where it has moved to). */
export interface Page {
  status: number;
  html: string;
  location?: string;
}

/**
 * Pages drawn from the catalogue alone (home, listings, search, a product), kept rendered for guests: every visitor
 * gets the same HTML (nobody's own data is ever rendered on the server), and the catalogue cache drops a page as soon
 * as a price, a stock figure, a rating or a hidden product it shows changes (lib/catalogue-cache.ts), within its
 * version check (a quarter of a second). Other public pages (community, stores, videos, content) render every time.
 */
const CACHED_PAGES = /^\/($|products(\/|$)|product\/|shop-by|search\/?$)/i;
const PAGE_SCOPE: CacheScope = { quantities: true, sales: true, inStockOrder: true };

export interface PageRenderer {
  render(url: string, log: FastifyBaseLogger): Promise<Page>;
}

/** The renderer of the built web app's pages, or null when the build has no server entry (tests without a web build). */
export async function pageRenderer(
  app: App,
  ctx: AppContext,
  template: (pathname: string) => string,
  transforms: HtmlTransform[],
): Promise<PageRenderer | null> {
  const file = path.join(ctx.config.webDist, 'server', 'entry-server.mjs');
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as WebServerEntry;
  entry.configure(inProcessApi(app), sanitizeRichText);
  const documents = new WeakMap<CachedJson, Page>();

  const renderNow = async (url: string, log: FastifyBaseLogger) => {
    const rendered = await entry.render(url, { origin: ctx.config.publicUrl, onError: (err) => log.warn({ err, url }, 'a part of the page failed to render on the server') });
    // the answers as an object, not text: the catalogue cache finds the products a page shows by their `_id`s
    return { html: rendered.html, head: rendered.head, data: JSON.parse(rendered.data) as unknown };
  };
  const toPage = async (url: string, r: { html: string; data: unknown; head: RenderedHead }, log: FastifyBaseLogger): Promise<Page> => {
    if (r.head.redirect) return { status: 301, html: '', location: r.head.redirect };
    let html = pageDocument(template(url.split('?')[0] ?? '/'), { ...r, data: scriptJson(r.data) }, ctx.config.publicUrl);
    if ((r.head.status ?? 200) === 200) for (const transform of transforms) html = (await transform(html, url, log)) ?? html;
    return { status: r.head.status ?? 200, html };
  };

  return {
    async render(url, log) {
      const pathname = url.split('?')[0] ?? '/';
      if (!CACHED_PAGES.test(pathname)) return toPage(url, await renderNow(url, log), log);
      const entryJson = await ctx.catalogueCache.get(`page ${url}`, () => renderNow(url, log), PAGE_SCOPE);
      let page = documents.get(entryJson);
      if (!page) {
        page = await toPage(url, JSON.parse(entryJson.json) as { html: string; data: unknown; head: RenderedHead }, log);
        documents.set(entryJson, page);
      }
      return page;
    },
  };
}
