import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '../../context.ts';
import { encodeText } from '../../lib/catalogue-cache.ts';
import { notFound } from '../../lib/errors.ts';
import { publicOrigin, sendText } from '../../lib/http.ts';
import {
  SITEMAP_MAX_URLS,
  indexXml,
  listingUrls,
  loadLayout,
  pageUrls,
  productPartOf,
  productUrls,
  robotsTxt,
  sitemapFiles,
  urlsetXml,
  type SitemapLayout,
} from './service.ts';

export interface SeoOptions {
  /** URLs per product (and store) file; the protocol's 50,000 when absent (tests make it small to see the split). */
  urlsPerFile?: number;
}

/** Crawlers come back often enough; a product change shows within this long (plus the cache's own version check). */
const CACHE_CONTROL = 'public, max-age=300';
const XML = 'application/xml; charset=utf-8';
const tags = ['seo'];

/**
 * robots.txt, the sitemap index and its files, at the site's root (not under /api): crawlers look for them there.
 * Registered on the root app by app.ts. URLs are absolute on the caller's origin (PUBLIC_URL when set).
 */
export async function registerSeo(app: App, ctx: AppContext, opts: SeoOptions = {}): Promise<void> {
  const perFile = Math.max(1, Math.min(SITEMAP_MAX_URLS, Math.floor(opts.urlsPerFile ?? SITEMAP_MAX_URLS)));
  const cache = ctx.catalogueCache;

  // The layout is kept as JSON text in the catalogue cache; parsed once per cached text (a hit gives the same string).
  let parsed: { json: string; layout: SitemapLayout } | null = null;
  const layout = async (): Promise<SitemapLayout> => {
    const json = await cache.json(`sitemap/layout ${perFile}`, () => loadLayout(ctx.db, perFile));
    if (parsed?.json !== json) parsed = { json, layout: JSON.parse(json) as SitemapLayout };
    return parsed.layout;
  };

  /** A child file's XML, or null when the layout has no such file. */
  const fileXml = async (origin: string, name: string): Promise<string | null> => {
    const l = await layout();
    const part = productPartOf(l, name);
    if (part !== undefined) return urlsetXml(origin, await productUrls(ctx.db, l, part, perFile));
    const urls = listingUrls(l, name, perFile);
    return urls ? urlsetXml(origin, urls) : null;
  };

  const origin = (request: FastifyRequest) => publicOrigin(ctx.config, request);

  app.get(
    '/robots.txt',
    { schema: { tags, summary: 'Crawling rules: the shop is open, personal screens and the API are not; where the sitemap is' } },
    async (request, reply) => reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robotsTxt(origin(request))),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags,
        summary: 'The sitemap index: pages, categories, styles, states, stores-N and products-N files',
        description: 'Every child file with its lastmod: the newest among its URLs, the newest product change for listing files (ADR 051).',
      },
    },
    async (request, reply) => {
      const l = await layout();
      const xml = indexXml(origin(request), sitemapFiles(l, await pageUrls(ctx.db, l), perFile));
      reply.header('cache-control', CACHE_CONTROL);
      return sendText(reply, XML, xml, (encoding) => encodeText(xml, encoding));
    },
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags,
        summary: 'One child file of the sitemap index',
        description: 'Files the index does not list (an unknown name, a products-N past the last) are 404.',
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const at = origin(request);
      if (file === 'pages.xml') {
        // its lastmods come from content pages, which the catalogue version does not follow: made afresh (it is small)
        const xml = urlsetXml(at, await pageUrls(ctx.db, await layout()));
        reply.header('cache-control', CACHE_CONTROL);
        return sendText(reply, XML, xml, (encoding) => encodeText(xml, encoding));
      }
      // The name is checked against the layout before anything is cached under it, so unknown names cost no memory.
      const l = await layout();
      if (productPartOf(l, file) === undefined && !listingUrls(l, file, perFile)) throw notFound();
      const load = async () => {
        const xml = await fileXml(at, file);
        if (xml === null) throw notFound(); // the catalogue changed between the check and the load
        return xml;
      };
      // Kept for the site's own address only: without PUBLIC_URL the origin comes from the Host header, and a client
      // naming many hosts must not fill the catalogue cache with copies.
      if (!ctx.config.publicUrlFixed && at !== ctx.config.publicUrl) {
        const xml = await load();
        reply.header('cache-control', CACHE_CONTROL);
        return sendText(reply, XML, xml, (encoding) => encodeText(xml, encoding));
      }
      const entry = await cache.text(`sitemap ${at} ${file}`, load);
      reply.header('cache-control', CACHE_CONTROL);
      return sendText(reply, XML, entry.json, (encoding) => entry.compressed(encoding));
    },
  );
}
