import { expect, test } from './fixtures.ts';

/*
 * The first screen without a request waterfall: the server-rendered page names the chunks of the screen it opens on,
 * and its largest picture is in the HTML itself, so the browser fetches them with the entry instead of one after
 * another.
 */

test('the home page fetches its screen chunks and first banner with the entry, not after it', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
  expect(preloaded.some((href) => /\/assets\/HomePage-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloaded.some((href) => /\/assets\/HomeMore-[\w-]+\.js$/.test(href))).toBe(true);
  // one file per screen and per shared module, all asked for at once (behind a load balancer speaking HTTP/2 they
  // share one connection; on this server's HTTP/1.1 every six cost a round trip)
  expect(preloaded.length).toBeLessThanOrEqual(24);
  // the first banner is drawn by the HTML, asked for first
  const banner = /<img src="([^"]+)"[^>]*fetchPriority="high"|<img[^>]*fetchPriority="high"[^>]*src="([^"]+)"/i.exec(html);
  expect(banner).toBeTruthy();
  const bannerSrc = banner![1] ?? banner![2]!;

  // the preloaded picture is the one the phone layout shows first
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const first = page.locator('main picture img').first();
  await expect(first).toBeVisible();
  expect(await first.getAttribute('src')).toBe(bannerSrc.replace(/&amp;/g, '&'));
  // every chunk the screen needed was asked for while the HTML was parsed, before any script ran to ask for it
  const lateScreenChunks = await page.evaluate(() => {
    const parsed = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive;
    return performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/(HomePage|HomeMore)-/.test(e.name) && e.startTime > parsed)
      .map((e) => e.name);
  });
  expect(lateScreenChunks).toEqual([]);
});

test('a product page preloads its screen chunk and draws its first picture from the HTML', async ({ page, request }) => {
  const top = (await (await request.get('/api/product/topSelling?limit=1')).json()) as { data: { slug: string; name: string; images: string[] }[] };
  const product = top.data[0]!;
  const html = await (await request.get(`/product/${product.slug}`)).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ProductPage-[\w-]+\.js">/);
  expect([...html.matchAll(/<link rel="modulepreload"/g)].length).toBeLessThanOrEqual(40);
  expect(html).toContain(`src="${product.images[0]!.replace(/&/g, '&amp;')}"`);
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});
