import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

/*
 * The installable app (ADR 052): a linked web app manifest whose icons load, and a service worker that shows the
 * offline page for a page it cannot fetch, keeps the pictures a shopper has seen, and never keeps an API answer.
 */

/** Every address in every Cache Storage cache of the page's origin, by cache name (without Workbox's revision tag). */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      all[name] = (await cache.keys()).map((request) => {
        const url = new URL(request.url);
        url.searchParams.delete('__WB_REVISION__');
        return url.pathname + url.search;
      });
    }
    return all;
  });
}

/** Whether a picture at `src` loads in the page (from wherever the browser gets it). */
function pictureLoads(page: Page, src: string): Promise<boolean> {
  return page.evaluate(
    (address) =>
      new Promise<boolean>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth > 0);
        img.onerror = () => resolve(false);
        img.src = address;
      }),
    src,
  );
}

test('the page links a web app manifest whose icons are there', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as { name: string; start_url: string; display: string; icons: { src: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ name: 'Statewise', short_name: 'Statewise', start_url: '/', display: 'standalone', theme_color: '#7a1f3d' });
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const icons = [...manifest.icons.map((icon) => icon.src), touchIcon!];
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const src of icons) {
    const icon = await request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
  }
});

test('offline, a new page shows the offline page and a picture seen before still loads; API answers are never kept', async ({ page, context }) => {
  await page.goto('/');
  // registered after load; ready once installed (precache filled) and active
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  // the shell is precached: the offline page and the scripts, and no page (pages are the server's, per address)
  const precache = Object.entries(await cachedUrls(page)).find(([name]) => name.includes('precache'))?.[1] ?? [];
  expect(precache).toContain('/offline.html');
  expect(precache.some((url) => /^\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
  expect(precache.filter((url) => url.endsWith('.html'))).toEqual(['/offline.html']);

  // a picture this page showed, now through the worker: it is kept
  const picture = page.locator('img[src^="/media/"]').first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // the address the browser chose (a <picture> may pick another than the img's src)
  const src = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
  await expect.poll(() => page.evaluate((address) => caches.open('statewise-pictures').then((cache) => cache.match(address)).then(Boolean), src)).toBe(true);

  // API answers, the page's own and one asked for here, pass by the worker: no cache holds one
  expect(await page.evaluate(() => fetch('/api/health').then((res) => res.status))).toBe(200);
  const kept = Object.values(await cachedUrls(page)).flat();
  expect(kept.filter((url) => url.startsWith('/api/') || url.startsWith('/socket.io/'))).toEqual([]);

  // Only the worker's caches may answer from here on: the browser's own HTTP cache (where the picture is fresh for a
  // year) is emptied, so the picture can come from nowhere but the worker's cache.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await context.setOffline(true);
  const offline = await page.goto('/FAQ?seen=never');
  expect(offline?.ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page).toHaveURL(/\/FAQ\?seen=never$/);
  expect(await pictureLoads(page, src)).toBe(true);
  // …from the cache: a picture never seen does not load
  expect(await pictureLoads(page, '/media/art/product/never-seen-0.webp')).toBe(false);

  // back online, "Try again" loads the page the shopper asked for
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/FAQ\?seen=never$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
});
