import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { newCategory, newProduct, newSubcategory, newVendor } from '../../test/factories.ts';
import { clip, plainText } from './service.ts';

const INDEX = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <title>Statewise — shop wise, statewise</title>
    <meta name="description" content="The default description." />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  </head>
  <body><div id="root"></div></body>
</html>`;

const BOT = 'WhatsApp/2.23.20.0 A';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

let s: TestServer;
const dist = mkdtempSync(path.join(os.tmpdir(), 'statewise-share-'));
let product: Awaited<ReturnType<typeof newProduct>>;
let plain: Awaited<ReturnType<typeof newProduct>>;

const page = (url: string, ua = BROWSER) => s.app.inject({ method: 'GET', url, headers: { 'user-agent': ua } });
/** The content of a meta tag (name= or property=), unescaped as a browser would. */
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:name|property)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return m?.[1]?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  s = await createTestServer({ WEB_DIST: dist, PUBLIC_URL: 'https://shop.example.in' });
  const vendor = await newVendor(s.db, {
    vendor: { brandName: 'Rangrez & Sons', sellerName: 'Meera', slug: 'rangrez', bio: '<p>Block prints from <b>Sanganer</b> since 1950.</p>', banner: '/media/test/rangrez-banner.webp' },
  });
  const category = await newCategory(s.db, { name: 'Sarees' });
  const sub = await newSubcategory(s.db, category.id, { name: 'Silk Sarees' });
  product = await newProduct(s.db, {
    categoryId: category.id,
    subcategoryId: sub.id,
    vendorId: vendor.userId,
    name: 'Kurta "Rang" <script>alert(1)</script>',
    slug: 'kurta-rang',
    price: 2500,
    offeredPrice: 1999,
    images: ['/media/art/product/a.webp?label=Rang&x=1', '/media/test/b.webp'],
    metaDescription: 'Hand-block printed kurta & dupatta',
    metaKeywords: ['kurta', 'block print'],
  });
  plain = await newProduct(s.db, {
    categoryId: category.id,
    vendorId: vendor.userId,
    slug: 'plain-one',
    name: 'Plain one',
    metaDescription: '',
    description: `<p>${'Woven on a pit loom in Varanasi. '.repeat(10)}</p>`,
    images: ['https://cdn.example.com/plain.webp'],
  });
  await newProduct(s.db, { categoryId: category.id, vendorId: vendor.userId, slug: 'off-sale', isActive: false });
});
afterAll(async () => {
  await s.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET /product/{slug}', () => {
  it('answers the app with the product’s title, description, keywords, canonical, Open Graph and Twitter tags', async () => {
    for (const ua of [BOT, BROWSER, 'facebookexternalhit/1.1', 'Twitterbot/1.0']) {
      const res = await page('/product/kurta-rang', ua);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const html = res.body;
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<title>Kurta &quot;Rang&quot; &lt;script&gt;alert(1)&lt;/script&gt; | Statewise</title>');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).not.toContain('The default description.');
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(meta(html, 'description')).toBe('Hand-block printed kurta & dupatta');
      expect(meta(html, 'keywords')).toBe('kurta, block print, Silk Sarees, Sarees, Rangrez & Sons');
      expect(html).toContain('<link rel="canonical" href="https://shop.example.in/product/kurta-rang" />');
      expect(meta(html, 'og:type')).toBe('product');
      expect(meta(html, 'og:title')).toBe('Kurta "Rang" <script>alert(1)</script> | Statewise');
      expect(meta(html, 'og:description')).toBe('Hand-block printed kurta & dupatta');
      expect(meta(html, 'og:url')).toBe('https://shop.example.in/product/kurta-rang');
      expect(meta(html, 'og:image')).toBe('https://shop.example.in/media/art/product/a.webp?label=Rang&x=1');
      expect(html).toContain('content="https://shop.example.in/media/art/product/a.webp?label=Rang&amp;x=1"');
      expect(meta(html, 'og:site_name')).toBe('Statewise');
      expect(meta(html, 'product:price:amount')).toBe('1999');
      expect(meta(html, 'product:price:currency')).toBe('INR');
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'));
      expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    }
  });

  it('describes a product without a meta description by its own text, cut to 160 characters, and keeps absolute pictures', async () => {
    const html = (await page('/product/plain-one?utm_source=whatsapp', BOT)).body;
    const description = meta(html, 'description')!;
    expect(description.startsWith('Woven on a pit loom in Varanasi.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(meta(html, 'og:image')).toBe(plain.images[0]);
  });

  it('leaves the default page for an unknown or off-sale product and for the listing pages', async () => {
    for (const url of ['/product/no-such-thing', '/product/off-sale', '/product/topsellingproducts', '/product/kurta-rang/reviews']) {
      const res = await page(url, BOT);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('shows a price change on the next share', async () => {
    await s.db.update(products).set({ offeredPrice: 1799 }).where(eq(products.id, product.id));
    expect(meta((await page('/product/kurta-rang', BOT)).body, 'product:price:amount')).toBe('1799');
  });
});

describe('GET /store/{vendorSlug}', () => {
  it('answers the app with the store’s title, bio, banner and profile tags', async () => {
    for (const ua of [BOT, BROWSER]) {
      const html = (await page('/store/rangrez', ua)).body;
      expect(html).toContain('<title>Rangrez &amp; Sons | Statewise</title>');
      expect(meta(html, 'description')).toBe('Block prints from Sanganer since 1950.');
      expect(meta(html, 'og:type')).toBe('profile');
      expect(meta(html, 'og:url')).toBe('https://shop.example.in/store/rangrez');
      expect(meta(html, 'og:image')).toBe('https://shop.example.in/media/test/rangrez-banner.webp');
      expect(meta(html, 'product:price:amount')).toBeUndefined();
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    }
  });

  it('leaves the default page for an unknown store', async () => {
    expect((await page('/store/nobody', BOT)).body).toBe(INDEX);
  });
});

describe('text helpers', () => {
  it('turns stored HTML into plain text', () => {
    expect(plainText('<p>Silk &amp; zari<br/>work</p><script>x()</script>')).toBe('Silk & zari work');
  });
  it('cuts at a word with an ellipsis', () => {
    expect(clip('one two three four', 10)).toBe('one two…');
    expect(clip('short', 10)).toBe('short');
  });
});
