import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import { encodeText } from '../../lib/catalogue-cache.ts';
import { preferredEncoding } from '../../lib/http.ts';
import { routeTemplates } from '../../lib/preload.ts';
import { readTemplate, registerStaticAssets } from '../../lib/spa.ts';
import { shareTransforms } from '../share/transform.ts';
import { badAddressDocument } from './document.ts';
import { pageRenderer, type PageRenderer } from './renderer.ts';

/** Longer addresses are no page of ours (a listing's filters fit in a few hundred characters). */
const MAX_URL = 2048;

/**
 * Whether an address can be read at all: not too long, its escapes valid, no NUL. Anything else is a 400 page before
 * the app sees it. (Unknown slugs and filter values are the app's to answer: a 404 page, or the filter ignored.)
 */
export function readableAddress(url: string): boolean {
  if (url.length > MAX_URL) return false;
  const [pathname = '', query = ''] = url.split('?', 2);
  try {
    const parts = [decodeURIComponent(pathname), ...query.split('&').map((p) => decodeURIComponent(p.replace(/\+/g, ' ')))];
    return !parts.some((p) => p.includes('\u0000'));
  } catch {
    return false;
  }
}

/**
 * Every address that is not the API or a file is a page: rendered on the server by the web app itself
 * (apps/web/src/entry-server.tsx) and taken over by the browser. A build without the server entry (unit tests
 * without a web build) answers the bare template and the browser draws the page.
 */
export async function registerPages(app: App, ctx: AppContext): Promise<((reply: FastifyReply) => FastifyReply) | null> {
  const dist = ctx.config.webDist;
  const hasBuild = await registerStaticAssets(app, ctx);
  let template: ((pathname: string) => string) | null = null;
  const templateFor = (pathname: string) => (template ??= routeTemplates(dist, readTemplate(dist)))(pathname);
  let renderer: Promise<PageRenderer | null> | null = null;
  // a product's and a store's link preview: its own picture, price and description in the Open Graph tags
  const previews = shareTransforms(ctx);
  const rendererReady = () =>
    (renderer ??= pageRenderer(app, ctx, templateFor, previews).catch((err: unknown) => {
      renderer = null; // asked again by the next page
      throw err;
    }));
  // compressed copies of the pages kept rendered (a page object lives as long as its cache entry)
  const compressed = new WeakMap<object, Map<string, Promise<Buffer>>>();

  const send = async (request: FastifyRequest, reply: FastifyReply, status: number, html: string, key?: object) => {
    reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    // Compressed here: @fastify/compress hooks routes, and this answer comes from the not-found handler, which is none.
    const encoding = html.length >= 1024 ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(html);
    let body: Promise<Buffer>;
    if (key) {
      let byEncoding = compressed.get(key);
      if (!byEncoding) compressed.set(key, (byEncoding = new Map()));
      body = byEncoding.get(encoding) ?? encodeText(html, encoding);
      byEncoding.set(encoding, body);
    } else body = encodeText(html, encoding);
    return reply.header('content-encoding', encoding).send(await body);
  };

  /** The bare template (no server entry, or the render failed): the browser draws the page; the preview still shows. */
  const bare = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    let html = templateFor(pathname);
    for (const transform of previews) html = (await transform(html, request.url, request.log)) ?? html;
    return send(request, reply, 200, html);
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api/') || pathname === '/api' || !wantsPage || path.extname(pathname) !== '' || !hasBuild) {
      return reply.status(404).send({ success: false, message: hasBuild || pathname.startsWith('/api') ? 'Not found' : 'The web app is not built: run npm start' });
    }
    if (!readableAddress(request.url)) return send(request, reply, 400, badAddressDocument(templateFor('/')));
    let page;
    try {
      const pages = await rendererReady();
      if (!pages) return await bare(request, reply, pathname);
      page = await pages.render(request.url, request.log);
    } catch (err) {
      // The page could not be drawn here: the browser draws it from the bare template, as before server rendering.
      request.log.error({ err, url: request.url }, 'page could not be rendered on the server');
      return bare(request, reply, pathname);
    }
    if (page.location) return reply.status(301).header('cache-control', 'no-cache').redirect(page.location, 301);
    return send(request, reply, page.status, page.html, page);
  });
  if (!hasBuild) return null;
  return (reply) => reply.status(400).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(badAddressDocument(templateFor('/')));
}
