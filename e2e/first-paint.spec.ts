import { expect, test, type Browser } from '@playwright/test';

/*
 * The largest picture drawn from the HTML before any script runs (issue 9, LCP): the server's copy (#first-paint)
 * must lie exactly where the app then draws the same picture, or the shopper sees it jump; and it must go away once
 * the app's own copy is there, so it never covers what the app shows next.
 */

type Rect = { x: number; y: number; width: number; height: number; src: string };

/** The painted-ahead picture as a browser without scripts shows it (what a phone shows before the app has run). */
async function paintedAhead(browser: Browser, baseURL: string, path: string, width: number): Promise<Rect | null> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 }, baseURL });
  const page = await context.newPage();
  await page.goto(path);
  const img = page.locator('#first-paint img').first();
  const rect = (await img.count()) && (await img.isVisible()) ? await img.evaluate(rectOf) : null;
  await context.close();
  return rect;
}

/** Every painted-ahead picture, in order. */
async function paintedAheadAll(browser: Browser, baseURL: string, path: string, width: number): Promise<Rect[]> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 }, baseURL });
  const page = await context.newPage();
  await page.goto(path);
  const rects = await page.locator('#first-paint img').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height), src: (el as HTMLImageElement).currentSrc };
    }),
  );
  await context.close();
  return rects;
}

function rectOf(el: Element): Rect {
  const r = el.getBoundingClientRect();
  return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height), src: (el as HTMLImageElement).currentSrc };
}

for (const width of [390, 1280]) {
  test(`home at ${width} px: the first banner is painted ahead where the app draws it, then handed over`, async ({ browser, baseURL, page }) => {
    const ahead = await paintedAhead(browser, baseURL!, '/', width);
    expect(ahead, 'the HTML paints the first banner').not.toBeNull();

    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Offers' }).locator('img').first();
    await expect(banner).toBeVisible();
    await expect.poll(() => banner.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // the header's lazy parts (the desktop menu) settle its height once they have arrived
    await page.waitForLoadState('networkidle');
    expect(await banner.evaluate(rectOf)).toEqual(ahead);
    await expect(page.locator('#first-paint')).toHaveCount(0);
  });
}

test('a product page on a phone: its opening picture is painted ahead where the gallery draws it; not on desktops', async ({ browser, baseURL, page, request }) => {
  const top = (await (await request.get('/api/product/topSelling?limit=1')).json()) as { data: { slug: string }[] };
  const path = `/product/${top.data[0]!.slug}`;
  const ahead = await paintedAhead(browser, baseURL!, path, 390);
  expect(ahead, 'the HTML paints the first picture').not.toBeNull();
  expect(await paintedAhead(browser, baseURL!, path, 1280)).toBeNull();

  await page.setViewportSize({ width: 390, height: 900 });
  // the gallery's autoplay would move on to the second picture while the page settles
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  const first = page.getByRole('region', { name: /^Pictures of / }).locator('img').first();
  await expect(first).toBeVisible();
  await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(await first.evaluate(rectOf)).toEqual(ahead);
  await expect(page.locator('#first-paint')).toHaveCount(0);
});

test("a category listing on a phone: its first row is painted ahead where the grid draws it; not from 640 px", async ({ browser, baseURL, page }) => {
  // the longest demo title still on one line (17 characters), and a short one
  for (const slug of ['dupattas-stoles', 'sarees']) {
    const path = `/products/${slug}`;
    const ahead = await paintedAheadAll(browser, baseURL!, path, 390);
    expect(ahead, `${path}: the HTML paints the first row`).toHaveLength(2);
    expect(await paintedAhead(browser, baseURL!, path, 1280)).toBeNull();

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(path);
    const cards = page.getByRole('listitem').locator('img[width="600"]');
    await expect(cards.first()).toBeVisible();
    await expect.poll(() => cards.first().evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect([await cards.nth(0).evaluate(rectOf), await cards.nth(1).evaluate(rectOf)], path).toEqual(ahead);
    await expect(page.locator('#first-paint')).toHaveCount(0);
  }
});

test('moving on before the picture is handed over takes the painted-ahead copy away', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  // the banner never arrives here, so neither copy loads and only the move to another page can take the copy away
  await page.route(/\/media\/art\/banner-mobile\//, () => undefined);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#first-paint')).toHaveCount(1);
  await page.getByRole('link', { name: 'Sarees', exact: true }).first().click();
  await expect(page).toHaveURL(/\/products\/sarees/);
  await expect(page.locator('#first-paint')).toHaveCount(0);
});
