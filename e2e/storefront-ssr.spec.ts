import { expect, test } from './fixtures.ts';
import type { Page, APIRequestContext } from '@playwright/test';

/*
 * The storefront is React rendered on the server: every public page's HTML holds its content (a shopper without
 * JavaScript and a search engine read it), says what it is (title, canonical address, structured data), answers a
 * real status, and the browser takes it over without a mismatch.
 */

interface Card {
  slug: string;
  name: string;
  offeredPrice: number;
}

async function firstProducts(request: APIRequestContext, body: Record<string, unknown> = {}): Promise<{ total: number; products: Card[] }> {
  const res = await request.post('/api/product/list', { data: body });
  return ((await res.json()) as { data: { total: number; products: Card[] } }).data;
}

async function aStore(request: APIRequestContext): Promise<{ slug: string; name: string }> {
  const res = await request.get('/api/vendor-section');
  const v = ((await res.json()) as { data: { vendorInfo: { vendorSlug: string; brandName: string } }[] }).data[0]!.vendorInfo;
  return { slug: v.vendorSlug, name: v.brandName };
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper browses home → a category → page 2 → a product through real links', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sarees' }).first()).toBeVisible();
    await page.goto('/products/sarees');
    await expect(page.getByRole('heading', { level: 1, name: 'Sarees' })).toBeVisible();
    const { products } = await firstProducts(request, { categoryId: await categoryId(request, 'sarees'), page: 2 });
    await page.getByRole('link', { name: 'Page 2' }).first().click();
    await expect(page).toHaveURL(/\/products\/sarees\?page=2$/);
    const second = products[0]!;
    await expect(page.getByRole('link', { name: new RegExp(escape(second.name)) }).first()).toBeVisible();
    await page.getByRole('link', { name: new RegExp(escape(second.name)) }).first().click();
    await expect(page).toHaveURL(new RegExp(`/product/${second.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
    await expect(page.getByText(rupees(second.offeredPrice)).first()).toBeVisible();
  });

  test('every public page shows its content', async ({ page, request }) => {
    const store = await aStore(request);
    const pages: [string, RegExp | string][] = [
      ['/shop-by/category', 'Sarees'],
      ['/shop-by-state/rajasthan', 'Rajasthan'],
      ['/shop-by-style/banarasi', 'Banarasi'],
      ['/search?search=saree', /saree/i],
      [`/store/${store.slug}`, store.name],
      ['/stalwart-page', 'Meet Our Stalwarts'],
      ['/community', /community/i],
      ['/watch-and-shop', /watch/i],
      ['/FAQ', /frequently asked|FAQ/i],
      ['/about', /story|statewise/i],
    ];
    for (const [path, text] of pages) {
      await page.goto(path);
      await expect(page.locator('main').getByText(text).first(), path).toBeVisible();
    }
  });
});

test.describe('what a page says about itself', () => {
  test('a product page carries its schema.org Product with the stored price, stock and seller', async ({ request }) => {
    const { products } = await firstProducts(request);
    const card = products[0]!;
    const html = await (await request.get(`/product/${card.slug}`)).text();
    expect(html).toContain(`<link rel="canonical" href="`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/product/${card.slug}"`));
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    const graph = blocks.flatMap((b) => (b['@graph'] as Record<string, unknown>[] | undefined) ?? [b]);
    const product = graph.find((n) => n['@type'] === 'Product')!;
    const detail = ((await (await request.get(`/api/product/${card.slug}`)).json()) as { data: { productDetail: { name: string; offeredPrice: number } } }).data.productDetail;
    expect(product.name).toBe(detail.name);
    const offer = product.offers as Record<string, unknown>;
    expect(Number(offer.price)).toBe(detail.offeredPrice);
    expect(offer.priceCurrency).toBe('INR');
    expect(['https://schema.org/InStock', 'https://schema.org/OutOfStock']).toContain(offer.availability);
    expect((offer.seller as Record<string, unknown>)['@type']).toBe('Organization');
    expect(graph.some((n) => n['@type'] === 'BreadcrumbList')).toBe(true);
  });

  test('home carries the Organization and a WebSite with a SearchAction', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const types = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => (JSON.parse(m[1]!) as { '@type': string })['@type']);
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
    expect(html).toContain('"SearchAction"');
  });

  test('unknown pages answer 404, moved ones 301, unreadable addresses 400, and nothing from the address is written unescaped', async ({ request }) => {
    expect((await request.get('/product/no-such-product-anywhere')).status()).toBe(404);
    expect((await request.get('/store/no-such-store-anywhere')).status()).toBe(404);
    expect((await request.get('/products/no-such-category')).status()).toBe(404);
    expect((await request.get('/no/such/page')).status()).toBe(404);
    const moved = await request.get('/shop-by', { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe('/shop-by/category');
    expect((await request.get('/products/%E0%A4')).status()).toBe(400);
    expect((await request.get(`/search?search=${'a'.repeat(10_000)}`)).status()).toBe(400);
    const hostile = await request.get('/product/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostile.status()).toBe(404);
    expect(await hostile.text()).not.toContain('<script>alert(1)</script>');
    const filtered = await (await request.get('/search?search=saree&minPrice=1000')).text();
    expect(filtered).toContain('<meta name="robots" content="noindex">');
  });

  test('the sitemap index lists every product', async ({ request }) => {
    const index = await (await request.get('/sitemap.xml')).text();
    const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/products-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
    let listed = 0;
    for (const file of files) listed += [...(await (await request.get(file)).text()).matchAll(/<loc>[^<]*\/product\/[^<]+<\/loc>/g)].length;
    const { total } = await firstProducts(request);
    expect(listed).toBe(total);
  });
});

/** Console errors and React's hydration complaints while a page loads and settles. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

test.describe('with JavaScript', () => {
  test('the browser takes every public page over without an error, and it stays usable', async ({ page, request }) => {
    const problems = watchConsole(page);
    const store = await aStore(request);
    const { products } = await firstProducts(request);
    for (const path of ['/', '/products/sarees', `/product/${products[0]!.slug}`, `/store/${store.slug}`, '/community', '/stalwart-page', '/FAQ']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(problems, path).toEqual([]);
    }
    // pagination moves inside the app
    await page.goto('/products/sarees', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Page 2' }).first().click();
    await expect(page).toHaveURL(/page=2/);
    // the login dialog opens from the header
    await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(problems).toEqual([]);
  });
});

async function categoryId(request: APIRequestContext, slug: string): Promise<string> {
  const res = await request.post('/api/category/list', { data: {} });
  return ((await res.json()) as { data: { _id: string; slug: string }[] }).data.find((c) => c.slug === slug)!._id;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
