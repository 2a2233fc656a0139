import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { newBanner, newCategory, newProduct, newVendor } from '../../test/factories.ts';

let s: TestServer;
const dist = mkdtempSync(path.join(os.tmpdir(), 'statewise-first-screen-'));
const page = (url: string) => s.app.inject({ method: 'GET', url });
const imagePreloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Statewise</title></head><body></body></html>');
  s = await createTestServer({ WEB_DIST: dist });
  await newBanner(s.db, { sortOrder: 1, image: '/media/art/banner/b.webp?label=Second', mobileImage: '/media/art/banner-mobile/b.webp' });
  await newBanner(s.db, { sortOrder: 0, image: '/media/art/banner/a.webp?label=Diwali & more', mobileImage: '/media/art/banner-mobile/a.webp?label=Diwali' });
  const vendor = await newVendor(s.db);
  const category = await newCategory(s.db, { slug: 'first-screen-sarees' });
  const other = await newCategory(s.db, { slug: 'first-screen-stoles' });
  await newProduct(s.db, { slug: 'blue-stole', categoryId: other.id, vendorId: vendor.userId, images: ['/media/art/product/blue-1.webp'] });
  await newProduct(s.db, { slug: 'red-saree', categoryId: category.id, vendorId: vendor.userId, images: ['/media/art/product/red-1.webp', '/media/art/product/red-2.webp'] });
  await newProduct(s.db, { slug: 'elsewhere', categoryId: category.id, vendorId: vendor.userId, images: ['https://cdn.example.com/x.webp'] });
  const shawls = await newCategory(s.db, { slug: 'first-screen-shawls', name: 'Shawls' });
  for (const n of [1, 2, 3]) await newProduct(s.db, { slug: `shawl-${n}`, categoryId: shawls.id, vendorId: vendor.userId, images: [`/media/art/product/shawl-${n}.webp`] });
  await newProduct(s.db, {
    slug: 'colour-dupatta',
    categoryId: category.id,
    vendorId: vendor.userId,
    images: ['/media/art/product/dupatta-main.webp'],
    colors: [
      { color: 'Red', quantity: 0, images: ['/media/art/product/dupatta-red.webp'] },
      { color: 'Green', quantity: 3, images: ['/media/art/product/dupatta-green.webp'] },
    ],
  });
});
afterAll(async () => {
  await s.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the first screen picture, preloaded from the HTML', () => {
  it('is the first home banner: its phone picture below 768 px and its desktop picture above, at high priority', async () => {
    const links = imagePreloads((await page('/')).body);
    expect(links).toEqual([
      '<link rel="preload" as="image" href="/media/art/banner-mobile/a.webp?label=Diwali" media="(max-width: 767px)" fetchpriority="high">',
      '<link rel="preload" as="image" href="/media/art/banner/a.webp?label=Diwali &amp; more" media="(min-width: 768px)" fetchpriority="high">',
    ]);
  });

  it('comes with the banner list as the API answers it, in a data block no text can break out of', async () => {
    await newBanner(s.db, { sortOrder: 2, title: 'Sale </script><script>alert(1)</script>' });
    const html = (await page('/')).body;
    const block = /<script type="application\/json" id="first-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(block).toBeTruthy();
    const api = (await s.app.inject({ method: 'POST', url: '/api/banner/list', payload: {} })).json() as { data: unknown };
    expect(JSON.parse(block!)).toEqual({ 'banner/list': api.data });
    expect(html).not.toContain('<script>alert(1)');
  });

  it("is a product page's first picture", async () => {
    expect(imagePreloads((await page('/product/red-saree?colour=red')).body)).toEqual([
      '<link rel="preload" as="image" href="/media/art/product/red-1.webp" fetchpriority="high">',
    ]);
  });

  it('comes with the product as GET product/{slug} answers it, so the page draws without asking first', async () => {
    const html = (await page('/product/red-saree')).body;
    const block = /<script type="application\/json" id="first-data">([^<]*)<\/script>/.exec(html)?.[1];
    const api = (await s.app.inject({ method: 'GET', url: '/api/product/red-saree' })).json() as { data: unknown };
    expect(JSON.parse(block!)).toEqual({ 'product/red-saree': api.data });
    expect((await page('/product/no-such-product')).body).not.toContain('id="first-data"');
  });

  it("is a category listing's first picture, with the category, style and state lists and the first page as the API answers them", async () => {
    const html = (await page('/products/first-screen-stoles')).body;
    expect(imagePreloads(html)).toEqual(['<link rel="preload" as="image" href="/media/art/product/blue-1.webp" fetchpriority="high">']);
    const block = /<script type="application\/json" id="first-data">([^<]*)<\/script>/.exec(html)?.[1];
    const api = (await s.app.inject({ method: 'POST', url: '/api/category/list', payload: {} })).json() as { data: { _id: string; slug: string }[] };
    const stoles = api.data.find((c) => c.slug === 'first-screen-stoles')!;
    const list = (await s.app.inject({ method: 'POST', url: '/api/product/list', payload: { categoryId: stoles._id, page: 1, pageSize: 16 } })).json() as { data: unknown };
    const styles = (await s.app.inject({ method: 'POST', url: '/api/style/list', payload: {} })).json() as { data: unknown };
    const states = (await s.app.inject({ method: 'POST', url: '/api/state/list', payload: {} })).json() as { data: unknown };
    expect(JSON.parse(block!)).toEqual({ 'category/list': api.data, 'style/list': styles.data, 'state/list': states.data, [`product/list ${stoles._id}`]: list.data });
    // a listing with filters in its query asks the API itself
    expect((await page('/products/first-screen-stoles?sort=1')).body).not.toContain('id="first-data"');
  });

  it('is left out for unknown products, listings named like products and pictures elsewhere', async () => {
    for (const url of ['/product/no-such-product', '/product/topsellingproducts', '/product/elsewhere', '/products/sarees']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(imagePreloads(res.body), url).toEqual([]);
    }
  });
});

describe('the first screen picture, painted from the HTML before the app runs', () => {
  const paint = (html: string) => /<div id="first-paint" aria-hidden="true">(.*?)<\/div>\s*<\/body>/s.exec(html)?.[1];

  it("is home's first banner, phone and desktop pictures, placed under the header and deaf to taps", async () => {
    const html = (await page('/')).body;
    const inner = paint(html);
    expect(inner).toContain('<source media="(min-width: 768px)" srcset="/media/art/banner/a.webp?label=Diwali &amp; more"');
    expect(inner).toContain('<img src="/media/art/banner-mobile/a.webp?label=Diwali" alt=""');
    expect(html).toMatch(/#first-paint\{position:absolute;[^}]*top:100px;[^}]*pointer-events:none\}/);
  });

  it("is a product's opening picture on phones only: the first colour in stock's when it has colours", async () => {
    const html = (await page('/product/colour-dupatta')).body;
    expect(paint(html)).toContain('<img src="/media/art/product/dupatta-green.webp"');
    expect(imagePreloads(html)).toEqual(['<link rel="preload" as="image" href="/media/art/product/dupatta-green.webp" fetchpriority="high">']);
    expect(html).toContain('@media (min-width:768px){#first-paint{display:none}}');
    expect(paint((await page('/product/red-saree')).body)).toContain('<img src="/media/art/product/red-1.webp"');
  });

  it("is a category listing's first row on phones, placed lower when the category has subcategory chips", async () => {
    const html = (await page('/products/first-screen-shawls')).body;
    const inner = paint(html)!;
    const pictures = [...inner.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    const api = (await s.app.inject({ method: 'POST', url: '/api/category/list', payload: {} })).json() as { data: { _id: string; slug: string }[] };
    const shawls = api.data.find((c) => c.slug === 'first-screen-shawls')!;
    const list = (await s.app.inject({ method: 'POST', url: '/api/product/list', payload: { categoryId: shawls._id } })).json() as { data: { products: { images: string[] }[] } };
    expect(pictures).toHaveLength(2);
    expect(pictures).toEqual(list.data.products.slice(0, 2).map((p) => p.images[0]));
    expect(inner).toContain('padding-top:204px'); // no subcategories here
    expect(html).toContain('@media (min-width:640px){#first-paint{display:none}}');
  });

  it('is left out of listings whose first row has a picture elsewhere, unknown products and other pages', async () => {
    // first-screen-sarees opens on a product whose picture is on another site
    for (const url of ['/products/first-screen-sarees', '/products/first-screen-stoles?sort=1', '/product/no-such-product', '/product/elsewhere', '/search']) {
      expect((await page(url)).body, url).not.toContain('first-paint');
    }
  });
});

describe('a product whose name carries replacement patterns ($`, $\' and $&)', () => {
  const name = "Saree $` before $' after $& match";
  const shell = '<!doctype html><html><head><title>Statewise</title></head><body></body></html>';
  /** The page with the parts added for it taken out (title text, link-preview tags, data, pictures): the app's own document. */
  const skeleton = (html: string) =>
    html
      .replace(/<title>[^<]*<\/title>/, () => '<title>Statewise</title>')
      .replace(/\s*<(meta|link rel="canonical")[^>]*>/g, () => '')
      .replace(/\s*<link rel="preload"[^>]*>/g, () => '')
      .replace(/\s*<script type="application\/json" id="first-data">[^<]*<\/script>/g, () => '')
      .replace(/\s*<style>[^<]*<\/style><div id="first-paint"[\s\S]*?(?=\s*<\/body>)/g, () => '')
      .replace(/\s+</g, () => '<');

  beforeAll(async () => {
    const vendor = await newVendor(s.db);
    const category = await newCategory(s.db, { slug: 'dollar-sarees', name: 'Dollar sarees' });
    await newProduct(s.db, { slug: 'dollar-saree', name, categoryId: category.id, vendorId: vendor.userId, images: ['/media/art/product/dollar.webp'] });
  });

  it('shows the name literally on its product page, and the document is whole', async () => {
    const html = (await page('/product/dollar-saree')).body;
    expect(skeleton(html)).toBe(shell);
    expect(html).toContain("<title>Saree $` before $&#39; after $&amp; match | Statewise</title>");
    const block = /<script type="application\/json" id="first-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block!)['product/dollar-saree'].productDetail.name).toBe(name);
  });

  it('shows the name literally on its category listing, and the document is whole', async () => {
    const html = (await page('/products/dollar-sarees')).body;
    expect(skeleton(html)).toBe(shell);
    const block = /<script type="application\/json" id="first-data">([^<]*)<\/script>/.exec(html)?.[1];
    const lists = JSON.parse(block!) as Record<string, { products?: { name: string }[] }>;
    expect(Object.values(lists).flatMap((l) => l.products ?? []).map((p) => p.name)).toEqual([name]);
  });
});
