import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App, AppContext } from '../context.ts';

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
 * Serves the built web app's files: hashed assets cached for a year, everything else (icons, the service worker)
 * revalidated. Pages themselves are answered by modules/pages. Returns whether there is a build.
 */
export async function registerStaticAssets(app: App, ctx: AppContext): Promise<boolean> {
  const dist = ctx.config.webDist;
  if (!existsSync(path.join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: false,
    // the build writes .br/.gz beside each asset (apps/web/vite.config.ts)
    preCompressed: true,
    cacheControl: false,
    // the server's own render code is no asset
    allowedPath: (pathname) => !pathname.startsWith('/server/'),
    setHeaders(reply, filePath) {
      // Vite names assets by content hash: they never change, so a year is safe. Other files may change.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/** index.html as every page starts from: the stylesheet written in (see inlineStylesheet). */
export function readTemplate(dist: string): string {
  return inlineStylesheet(readFileSync(path.join(dist, 'index.html'), 'utf8'), dist);
}
