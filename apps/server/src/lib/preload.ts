import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { insertBefore } from './html.ts';

/** One chunk of Vite's build manifest (apps/web/dist/.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The lazy screen (and the lazy parts of its first screen) per route, mirroring apps/web/src/app/router.tsx and the
 * vendor and product route files; the first match wins, anything else is in feature-routes.tsx. Paths match
 * case-insensitively, as React Router matches them.
 */
export const ROUTE_MODULES: [RegExp, string[]][] = [
  [/^\/$/, ['src/features/home/HomePage.tsx', 'src/features/home/HomeMore.tsx']],
  [/^\/(products|shop-by-style|shop-by-state)(\/|$)/i, ['src/features/catalogue/listing/ListingPage.tsx']],
  [/^\/product\/(topsellingproducts|trendingproducts)\/?$/i, ['src/features/catalogue/CollectionPage.tsx']],
  [/^\/product\/[^/]+\/?$/i, ['src/features/product/ProductPage.tsx']],
  [/^\/search\/?$/i, ['src/features/catalogue/SearchPage.tsx']],
  [/^\/shop-by(\/|$)/i, ['src/features/catalogue/ShopByPage.tsx']],
  [/^\/store\/[^/]+\/?$/i, ['src/features/vendors/StorePage.tsx']],
  [/^\/stalwart-page\/?$/i, ['src/features/vendors/StalwartPage.tsx']],
  [/^\/watch-and-shop\/?$/i, ['src/features/watch-and-shop/WatchAndShopPage.tsx']],
];
const OTHER_ROUTES = ['src/app/feature-routes.tsx'];

/**
 * The modules a path's first screen needs besides the entry. Only the screen's own: the layout's lazy pieces
 * (footer, toasts, floating widgets, badges) are asked for by the entry as soon as it runs and are not needed for the
 * largest paint, so preloading them too would only share the phone's bandwidth with the entry and the screen.
 */
export function modulesFor(pathname: string): string[] {
  const route = ROUTE_MODULES.find(([re]) => re.test(pathname));
  return route ? route[1] : OTHER_ROUTES;
}

/**
 * The `<link>` tags that let the browser fetch a route's chunks, and every chunk they import, at once with the
 * entry instead of one after another as each lazy import runs (a request waterfall that costs a round trip per
 * level on a phone network). Chunks index.html already loads are left out; so are modules the build does not have.
 */
export function preloadLinks(manifest: Manifest, modules: string[]): string {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const already = new Set<string>();
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, into);
  };
  if (entryKey) closure(entryKey, already);
  const wanted = new Set<string>();
  for (const m of modules) closure(m, wanted);
  const files: string[] = [];
  const styles: string[] = [];
  for (const key of wanted) {
    if (already.has(key)) continue;
    const chunk = manifest[key]!;
    files.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
  }
  return [
    ...styles.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    // crossorigin as on Vite's own script tags, so the preloaded response is the one the import uses
    ...files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('\n    ');
}

/**
 * The page template for a path: `template` with the route's modulepreload links (see preloadLinks) before </head>,
 * from the build's manifest (none when the build has no manifest); one copy per set of modules.
 */
export function routeTemplates(dist: string, template: string): (pathname: string) => string {
  const file = path.join(dist, '.vite', 'manifest.json');
  const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
  const cache = new Map<string, string>();
  return (pathname) => {
    const modules = modulesFor(pathname.replace(/\/{2,}/g, '/'));
    const key = modules.join(',');
    let html = cache.get(key);
    if (html === undefined) {
      const links = manifest ? preloadLinks(manifest, modules) : '';
      html = links ? insertBefore(template, '</head>', `  ${links}\n  `) : template;
      cache.set(key, html);
    }
    return html;
  };
}
