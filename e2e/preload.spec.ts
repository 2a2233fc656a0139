import { expect, test } from '@playwright/test';

/*
 * The first screen without a request waterfall (issue 9, Performance): the app page names the chunks of the screen it
 * opens on and its largest picture, so the browser fetches them with the entry instead of one after another.
 */

test('the home page fetches its screen chunks and first banner with the entry, not after it', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
  expect(preloaded.some((href) => /\/assets\/HomePage-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloaded.some((href) => /\/assets\/HomeMore-[\w-]+\.js$/.test(href))).toBe(true);
  // and they are few: on a phone's HTTP/1.1 every six files cost a round trip (the build's chunk groups, ADR 035);
  // one file per module made it 19 before the first banner could be drawn
  expect(preloaded.length).toBeLessThanOrEqual(5);
  const banner = /<link rel="preload" as="image" href="([^"]+)" media="\(max-width: 767px\)" fetchpriority="high">/.exec(html)?.[1];
  expect(banner).toBeTruthy();

  // the preloaded picture is the one the phone layout shows first
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const first = page.locator('main picture img').first();
  await expect(first).toBeVisible();
  expect(await first.getAttribute('src')).toBe(banner!.replace(/&amp;/g, '&'));
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

test('a product page preloads its screen chunk and its first picture', async ({ page, request }) => {
  const top = (await (await request.get('/api/product/topSelling?limit=1')).json()) as { data: { slug: string; name: string; images: string[] }[] };
  const product = top.data[0]!;
  const html = await (await request.get(`/product/${product.slug}`)).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ProductPage-[\w-]+\.js">/);
  // 34 files before the chunk groups (ADR 035)
  expect([...html.matchAll(/<link rel="modulepreload"/g)].length).toBeLessThanOrEqual(16);
  expect(html).toContain(`<link rel="preload" as="image" href="${product.images[0]}" fetchpriority="high">`);
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});
