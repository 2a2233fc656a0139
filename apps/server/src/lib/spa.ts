import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../context.ts';
import { encodeText } from './catalogue-cache.ts';
import { preferredEncoding } from './http.ts';
import { preloadTransform } from './preload.ts';

/** Rewrites the app's HTML for one request (e.g. a product's Open Graph tags). Return undefined to leave it. */
export type HtmlTransform = (html: string, request: FastifyRequest) => Promise<string | undefined> | string | undefined;

/**
 * The page's stylesheet written into the page itself (issue 9): a phone on a slow network draws the first screen once
 * the HTML has arrived, instead of after a second file on a new connection (Lighthouse's slow 4G: about 0.5 s of
 * First Contentful Paint). The link stays, disabled (a disabled stylesheet is not fetched): Vite's loader for lazy
 * chunks adds each chunk's stylesheet unless a <link rel="stylesheet"> to it is already in the page, and would
 * otherwise fetch and apply the whole file again with the first lazy screen. Left as it was when the file is missing
 * or could close the element.
 */
export function inlineStylesheet(html: string, dist: string): string {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/.exec(html);
  if (!link) return html;
  const file = path.join(dist, link[1]!);
  if (!existsSync(file)) return html;
  const css = readFileSync(file, 'utf8');
  if (/<\/style/i.test(css)) return html;
  return html.replace(link[0], () => `<style>${css}</style><link rel="stylesheet" crossorigin href="/${link[1]}" disabled>`);
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else falls back to index.html
 * (never cached) so client-side routes load on refresh. Transforms may rewrite that HTML per route; the last one
 * adds the route's modulepreload links.
 */
export async function registerSpa(app: App, ctx: AppContext, transforms: HtmlTransform[] = []): Promise<void> {
  const dist = ctx.config.webDist;
  const indexFile = path.join(dist, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      // the build writes .br/.gz beside each asset (apps/web/vite.config.ts)
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Vite names assets by content hash: they never change, so a year is safe. Other files may change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  let indexHtml: string | null = null;
  const readIndex = () => (indexHtml ??= inlineStylesheet(readFileSync(indexFile, 'utf8'), dist));
  // The route's lazy chunks, fetched with the entry rather than one after another (lib/preload.ts)
  const preload = hasBuild ? preloadTransform(dist) : undefined;
  const pageTransforms = preload ? [...transforms, preload] : transforms;

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (url.startsWith('/api/') || url === '/api' || !wantsPage || path.extname(url) !== '' || !hasBuild) {
      return reply.status(404).send({ success: false, message: hasBuild || url.startsWith('/api') ? 'Not found' : 'The web app is not built: run npm start' });
    }
    let html = readIndex();
    for (const transform of pageTransforms) {
      html = (await transform(html, request)) ?? html;
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    // Compressed here: @fastify/compress hooks routes, and this answer comes from the not-found handler, which is none
    // (a listing's page with its first data is ~50 KB of HTML, a few KB compressed, on a phone's slow network).
    const encoding = html.length >= 1024 ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await encodeText(html, encoding));
  });
}
