import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMBO_CATEGORY_SLUG } from '@statewise/contract/constants';
import { seedDemo } from '../../db/seed/index.ts';
import { products } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { newCategory, newProduct, newVendor } from '../../test/factories.ts';

const ORIGIN = 'http://localhost:3000';

const get = (s: TestServer, url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

/** The text of every <loc> in an XML sitemap or index. */
const locs = (xml: string) => Array.from(xml.matchAll(/<loc>([^<]*)<\/loc>/g), (m) => m[1]!);
/** <url>/<sitemap> entries as loc → lastmod (undefined when the entry has none). */
const entries = (xml: string) =>
  new Map(Array.from(xml.matchAll(/<(?:url|sitemap)><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/(?:url|sitemap)>/g), (m) => [m[1]!, m[2]]));

/** The child files the index lists, by name. */
async function childFiles(s: TestServer): Promise<string[]> {
  const res = await get(s, '/sitemap.xml');
  expect(res.statusCode).toBe(200);
  return locs(res.body).map((loc) => {
    expect(loc.startsWith(`${ORIGIN}/sitemaps/`)).toBe(true);
    return loc.slice(`${ORIGIN}/sitemaps/`.length);
  });
}

/** The paths listed in one child file. */
async function pathsIn(s: TestServer, file: string): Promise<string[]> {
  const res = await get(s, `/sitemaps/${file}`);
  expect(res.statusCode, file).toBe(200);
  return locs(res.body).map((loc) => {
    expect(loc.startsWith(`${ORIGIN}/`)).toBe(true);
    return loc.slice(ORIGIN.length);
  });
}

/** Every product path of the product files, in file order. */
async function productPaths(s: TestServer): Promise<string[]> {
  const out: string[] = [];
  for (const f of (await childFiles(s)).filter((n) => n.startsWith('products-'))) out.push(...(await pathsIn(s, f)));
  return out;
}

/** Whether robots.txt's Disallow lines keep `path` out (prefix match, `$` anchors the end, as RFC 9309). */
function disallowed(robots: string, path: string): boolean {
  return robots
    .split('\n')
    .filter((l) => l.startsWith('Disallow: '))
    .map((l) => l.slice('Disallow: '.length))
    .some((rule) => (rule.endsWith('$') ? path === rule.slice(0, -1) : path.startsWith(rule)));
}

describe('on the demo marketplace', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
    await seedDemo(s.db, { products: 60 });
  }, 60_000);
  afterAll(() => s.close());

  const visibleSlugs = async () =>
    (await s.db.execute<{ slug: string }>(sql`select slug from products where is_active order by slug`)).rows.map((r) => `/product/${r.slug}`);

  describe('GET /robots.txt', () => {
    it('keeps crawlers out of personal screens, consoles and the API, and points at the sitemap index', async () => {
      const res = await get(s, '/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(res.body).toMatch(/^User-agent: \*\n/);
      expect(res.body).toContain(`\nSitemap: ${ORIGIN}/sitemap.xml\n`);
      const kept = [
        '/api/product/list',
        '/auth/login',
        '/auth/sign-up',
        '/profile',
        '/edit-profile-user',
        '/cart',
        '/guestCheckoutCart',
        '/checkout',
        '/buy-now/checkout',
        '/guestCheckout',
        '/payment-confirmation',
        '/order-status',
        '/wishlist',
        '/saved-address',
        '/add-address',
        '/edit-address/1',
        '/orders',
        '/OrderDetail/1',
        '/wallet',
        '/chat-list',
        '/chat/1',
        '/vendor',
        '/vendor/products',
        '/admin',
        '/admin/users',
        '/write-review/1/2',
        '/CreatePost',
      ];
      for (const path of kept) expect(disallowed(res.body, path), path).toBe(true);
      const open = [
        '/',
        '/shop-by/category',
        '/products',
        '/products/sarees/banarasi',
        '/shop-by-style/ikat',
        '/shop-by-state/rajasthan',
        '/product/a-saree',
        '/store/rangrez',
        '/stalwart-page',
        '/watch-and-shop',
        '/community',
        '/community/post/1',
        '/about',
        '/FAQ',
        '/search',
        '/sitemap.xml',
        '/sitemaps/products-1.xml',
        '/media/art/x/y.webp',
      ];
      for (const path of open) expect(disallowed(res.body, path), path).toBe(false);
    });
  });

  describe('GET /sitemap.xml', () => {
    it('lists every child file with a lastmod, and each of them answers', async () => {
      const res = await get(s, '/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      const files = await childFiles(s);
      expect(files).toEqual(['pages.xml', 'categories.xml', 'styles.xml', 'states.xml', 'stores-1.xml', 'products-1.xml']);
      for (const [loc, lastmod] of entries(res.body)) {
        expect(lastmod, loc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        const file = await get(s, loc.slice(ORIGIN.length));
        expect(file.statusCode, loc).toBe(200);
        expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
        expect(file.body).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n<url><loc>/);
      }
    });

    it('dates each file by the newest of its URLs, and the listing files, whose rows keep no time, by the newest product', async () => {
      const index = entries((await get(s, '/sitemap.xml')).body);
      const newestProduct = (await s.db.execute<{ t: Date }>(sql`select max(updated_at) as t from products where is_active`)).rows[0]!.t;
      for (const [loc, lastmod] of index) {
        const urls = entries((await get(s, loc.slice(ORIGIN.length))).body);
        const times = [...urls.values()].filter(Boolean) as string[];
        if (/\/(pages|products-\d+)\.xml$/.test(loc)) expect(lastmod, loc).toBe(times.sort().at(-1));
        else {
          expect(times, `${loc} has no row times`).toEqual([]);
          expect(lastmod, loc).toBe(new Date(newestProduct).toISOString());
        }
      }
    });

    it('is compressed for a crawler that takes brotli', async () => {
      const res = await get(s, '/sitemaps/products-1.xml', { 'accept-encoding': 'br' });
      expect(res.headers['content-encoding']).toBe('br');
      const plain = await get(s, '/sitemaps/products-1.xml');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    });
  });

  describe('GET /sitemaps/{file}', () => {
    it('lists the public pages', async () => {
      expect(await pathsIn(s, 'pages.xml')).toEqual(
        expect.arrayContaining(['/', '/shop-by/category', '/shop-by/style', '/shop-by/region', '/stalwart-page', '/watch-and-shop', '/community', '/about', '/FAQ', '/contact-us', '/terms-and-conditions', '/privacy-policy', '/return-and-replacement']),
      );
    });

    it('lists exactly the categories and subcategories category/list gives, never the hidden Combo', async () => {
      const list = (await s.app.inject({ method: 'POST', url: '/api/category/list' })).json().data as { slug: string; subcategory: { slug: string }[] }[];
      const expected = list.flatMap((c) => [`/products/${c.slug}`, ...c.subcategory.map((sc) => `/products/${c.slug}/${sc.slug}`)]);
      const listed = await pathsIn(s, 'categories.xml');
      expect(listed.sort()).toEqual(expected.sort());
      expect(listed.some((p) => p.startsWith(`/products/${COMBO_CATEGORY_SLUG}`))).toBe(false);
    });

    it('lists exactly the styles and states of their public lists', async () => {
      const styles = (await s.app.inject({ method: 'POST', url: '/api/style/list' })).json().data as { slug: string }[];
      const states = (await s.app.inject({ method: 'POST', url: '/api/state/list' })).json().data as { slug: string }[];
      expect((await pathsIn(s, 'styles.xml')).sort()).toEqual(styles.map((x) => `/shop-by-style/${x.slug}`).sort());
      expect((await pathsIn(s, 'states.xml')).sort()).toEqual(states.map((x) => `/shop-by-state/${x.slug}`).sort());
    });

    it('lists exactly the stores of the public vendor directory', async () => {
      const dir = (await s.app.inject({ method: 'POST', url: '/api/admin/vendors', payload: { page: 1, pageSize: 100 } })).json().data;
      const slugs = (dir.vendors as { vendorInfo: { vendorSlug: string } }[]).map((v) => `/store/${v.vendorInfo.vendorSlug}`);
      expect(slugs.length).toBeGreaterThan(0);
      expect((await pathsIn(s, 'stores-1.xml')).sort()).toEqual(slugs.sort());
    });

    it('lists every visible product once, with the product’s update time as lastmod', async () => {
      const listed = await productPaths(s);
      expect(listed.length).toBe(new Set(listed).size);
      expect([...listed].sort()).toEqual(await visibleSlugs());
      const [p] = await s.db.select({ slug: products.slug, updatedAt: products.updatedAt }).from(products).limit(1);
      const file = (await get(s, '/sitemaps/products-1.xml')).body;
      expect(entries(file).get(`${ORIGIN}/product/${p!.slug}`)).toBe(p!.updatedAt.toISOString());
    });

    it('drops a product as soon as its vendor unpublishes or deletes it', async () => {
      await productPaths(s); // cached now
      const [a, b] = await s.db.select({ id: products.id, slug: products.slug, vendorId: products.vendorId }).from(products).where(eq(products.isActive, true)).limit(2);
      const asVendor = async (id: string) => authHeader(s, (await s.db.select({ v: products.vendorId }).from(products).where(eq(products.id, id)))[0]!.v);
      const unpublish = await s.app.inject({ method: 'POST', url: `/api/vendor/my-products/${a!.id}/unpublish`, headers: await asVendor(a!.id) });
      expect(unpublish.statusCode).toBe(200);
      const removed = await s.app.inject({ method: 'DELETE', url: `/api/vendor/my-products/${b!.id}`, headers: await asVendor(b!.id) });
      expect(removed.statusCode).toBe(200);

      const listed = await productPaths(s);
      expect(listed).not.toContain(`/product/${a!.slug}`);
      expect(listed).not.toContain(`/product/${b!.slug}`);
      expect([...listed].sort()).toEqual(await visibleSlugs());
    });

    it('drops a suspended store and all its products', async () => {
      const [v] = (
        await s.db.execute<{ id: string; slug: string; user_id: string }>(
          sql`select v.id, v.slug, v.user_id from vendors v where exists (select 1 from products p where p.vendor_id = v.user_id and p.is_active) order by v.slug limit 1`,
        )
      ).rows;
      const own = (await s.db.select({ slug: products.slug }).from(products).where(eq(products.vendorId, v!.user_id))).map((p) => `/product/${p.slug}`);
      expect(await pathsIn(s, 'stores-1.xml')).toContain(`/store/${v!.slug}`);
      const admin = (await loginAs(s, { role: 'admin' })).headers;
      const res = await s.app.inject({ method: 'POST', url: `/api/admin/stores/${v!.id}/suspend`, headers: admin, payload: { reason: 'Counterfeit goods' } });
      expect(res.statusCode).toBe(200);

      expect(await pathsIn(s, 'stores-1.xml')).not.toContain(`/store/${v!.slug}`);
      const listed = await productPaths(s);
      for (const p of own) expect(listed).not.toContain(p);
      expect([...listed].sort()).toEqual(await visibleSlugs());
    });

    it('answers 404, never 500, for a file the index does not list', async () => {
      for (const name of ['products-999.xml', 'products-0.xml', 'products-01.xml', 'products-1', 'stores-9.xml', 'nope.xml', 'pages', 'categories.xml.gz', '%2E%2E%2Fsitemap.xml']) {
        const res = await get(s, `/sitemaps/${name}`);
        expect(res.statusCode, name).toBe(404);
        expect(res.json()).toMatchObject({ success: false });
      }
    });
  });
});

describe('splitting and addresses', () => {
  let s: TestServer;
  const made: string[] = [];
  beforeAll(async () => {
    // PUBLIC_URL unset: links follow the address the request came to
    s = await createTestServer({ PUBLIC_URL: undefined }, { sitemapUrlsPerFile: 5 });
  });
  afterAll(() => s.close());

  const host = { host: 'shop.example.test:8080' };
  const at = 'http://shop.example.test:8080';
  const names = async () => locs((await get(s, '/sitemap.xml', host)).body).map((l) => l.slice(`${at}/sitemaps/`.length));
  const count = async (file: string) => locs((await get(s, `/sitemaps/${file}`, host)).body).length;

  it('has only the pages file on an empty shop, and 404 for the first products file', async () => {
    expect(await names()).toEqual(['pages.xml']);
    expect((await get(s, '/sitemaps/products-1.xml', host)).statusCode).toBe(404);
    expect((await get(s, '/sitemaps/categories.xml', host)).statusCode).toBe(404);
  });

  it('writes URLs on the caller’s origin in robots.txt and the sitemaps', async () => {
    expect((await get(s, '/robots.txt', host)).body).toContain(`Sitemap: ${at}/sitemap.xml`);
    expect(locs((await get(s, '/sitemaps/pages.xml', host)).body)).toContain(`${at}/about`);
  });

  it('splits products into files of at most the limit, each product in exactly one', async () => {
    const vendor = await newVendor(s.db);
    const cat = await newCategory(s.db);
    for (let i = 0; i < 12; i++) made.push((await newProduct(s.db, { categoryId: cat.id, vendorId: vendor.userId })).slug);
    const files = (await names()).filter((n) => n.startsWith('products-'));
    expect(files).toEqual(['products-1.xml', 'products-2.xml', 'products-3.xml']);
    expect(await Promise.all(files.map(count))).toEqual([5, 5, 2]);
    const all = (await Promise.all(files.map(async (f) => locs((await get(s, `/sitemaps/${f}`, host)).body)))).flat();
    expect(all.sort()).toEqual(made.map((slug) => `${at}/product/${slug}`).sort());
    expect((await get(s, '/sitemaps/products-4.xml', host)).statusCode).toBe(404);
  });

  it('fills the last file to exactly the limit before opening another, and closes the gap a hidden product leaves', async () => {
    const vendor = await newVendor(s.db);
    const cat = await newCategory(s.db);
    for (let i = 0; i < 3; i++) made.push((await newProduct(s.db, { categoryId: cat.id, vendorId: vendor.userId })).slug);
    expect((await names()).filter((n) => n.startsWith('products-'))).toEqual(['products-1.xml', 'products-2.xml', 'products-3.xml']);
    expect([await count('products-1.xml'), await count('products-2.xml'), await count('products-3.xml')]).toEqual([5, 5, 5]);

    await s.db.update(products).set({ isActive: false }).where(eq(products.slug, made[0]!));
    expect([await count('products-1.xml'), await count('products-2.xml'), await count('products-3.xml')]).toEqual([5, 5, 4]);
  });

  it('splits stores the same way', async () => {
    const before = (await names()).filter((n) => n.startsWith('stores-'));
    const stores = before.length ? (await Promise.all(before.map(count))).reduce((a, b) => a + b, 0) : 0;
    for (let i = stores; i < 7; i++) await newVendor(s.db);
    expect((await names()).filter((n) => n.startsWith('stores-'))).toEqual(['stores-1.xml', 'stores-2.xml']);
    expect([await count('stores-1.xml'), await count('stores-2.xml')]).toEqual([5, 2]);
  });

  it('escapes what XML would read as markup', async () => {
    const vendor = await newVendor(s.db, { vendor: { slug: "o'neil-&-sons" } });
    const cat = await newCategory(s.db);
    const p = await newProduct(s.db, { categoryId: cat.id, vendorId: vendor.userId, slug: "kurta-'n'-dupatta" });
    const files = (await names()).filter((n) => n.startsWith('products-') || n.startsWith('stores-'));
    const xml = (await Promise.all(files.map(async (f) => (await get(s, `/sitemaps/${f}`, host)).body))).join('');
    expect(xml).toContain(`<loc>${at}/product/kurta-&apos;n&apos;-dupatta</loc>`);
    expect(xml).toContain(`<loc>${at}/store/o&apos;neil-%26-sons</loc>`);
    expect(xml).not.toContain(p.slug);
  });
});
