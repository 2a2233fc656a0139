import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCard, productPage, similarResult } from '@statewise/contract';
import { productSizes, products } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newProduct, newState, newStyle, newSubcategory, newVendor } from '../../test/factories.ts';

let s: TestServer;
const get = (url: string) => s.app.inject({ method: 'GET', url: `/api/${url}` });
const post = (url: string, payload: object) => s.app.inject({ method: 'POST', url: `/api/${url}`, payload });

beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

describe('GET /api/product/{slug}', () => {
  it('gives every product field, sizes in chart order, and the vendor’s public details', async () => {
    const cat = await newCategory(s.db, { name: 'Kurtas', slug: 'kurtas-d' });
    const sub = await newSubcategory(s.db, cat.id, { name: 'Straight Kurtas', slug: 'straight-kurtas' });
    const style = await newStyle(s.db, { name: 'Chikankari', slug: 'chikankari-d' });
    const state = await newState(s.db, { name: 'Uttar Pradesh', slug: 'uttar-pradesh-d' });
    const v = await newVendor(s.db, {
      user: { email: 'private-vendor@example.test', mobile: '9876543210' },
      vendor: { brandName: 'Lucknow Looms', sellerName: 'Ayesha Khan', slug: 'lucknow-looms', bio: 'Hand embroidery since 1980', pickupPincode: '226001', gstin: '09AAAAA0000A1Z5', address: '5 Secret Lane' },
    });
    const p = await newProduct(s.db, {
      name: 'White Chikankari Kurta',
      slug: 'white-chikankari-kurta',
      description: '<p>Hand embroidered.</p>',
      images: ['/a.webp', '/b.webp'],
      price: 2400,
      offeredPrice: 1800,
      categoryId: cat.id,
      subcategoryId: sub.id,
      styleId: style.id,
      stateId: state.id,
      vendorId: v.userId,
      metaDescription: 'A white kurta',
      metaKeywords: ['kurta', 'white'],
      sizes: { xl: 1, s: 2, xxxl: 0, m: 4 },
      salesCount: 7,
    });
    const res = await get('product/white-chikankari-kurta');
    expect(res.statusCode).toBe(200);
    const { productDetail, vendorDetails } = expectContract(productPage, res.json());
    expect(productDetail).toEqual({
      _id: p.id,
      slug: 'white-chikankari-kurta',
      name: 'White Chikankari Kurta',
      description: '<p>Hand embroidered.</p>',
      images: ['/a.webp', '/b.webp'],
      price: 2400,
      offeredPrice: 1800,
      discount: 25,
      isFreeSize: false,
      freeSizeQty: 0,
      isColorOptions: false,
      inStock: true,
      sizeInventory: [
        { size: 's', quantity: 2 },
        { size: 'm', quantity: 4 },
        { size: 'xl', quantity: 1 },
        { size: 'xxxl', quantity: 0 },
      ],
      colorInventory: [],
      categoryId: { _id: cat.id, name: 'Kurtas', slug: 'kurtas-d' },
      subcategoryId: { _id: sub.id, subcategoryName: 'Straight Kurtas', slug: 'straight-kurtas' },
      styleId: { _id: style.id, name: 'Chikankari', slug: 'chikankari-d' },
      stateId: { _id: state.id, name: 'Uttar Pradesh', slug: 'uttar-pradesh-d' },
      vendorId: v.userId,
      isTrending: false,
      metaDescription: 'A white kurta',
      metaKeyword: ['kurta', 'white'],
      salesCount: 7,
      rating: 0,
      reviewsCount: 0,
      createdAt: p.createdAt.toISOString(),
    });
    expect(vendorDetails).toEqual([
      {
        _id: v.vendor.id,
        userId: v.userId,
        brandName: 'Lucknow Looms',
        sellerName: 'Ayesha Khan',
        vendorSlug: 'lucknow-looms',
        bio: 'Hand embroidery since 1980',
        banner: v.vendor.banner,
        avatar: '',
        policy: '<p>Returns within 7 days.</p>',
        sizeChart: v.vendor.sizeChart,
        place: 'Jaipur',
        state: 'Rajasthan',
      },
    ]);
    for (const secret of ['226001', '09AAAAA0000A1Z5', '5 Secret Lane', 'private-vendor@example.test', '9876543210']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('gives colour options with their stock and pictures, in the vendor’s order', async () => {
    const cat = await newCategory(s.db);
    const v = await newVendor(s.db);
    await newProduct(s.db, {
      slug: 'bandhani-dupatta',
      categoryId: cat.id,
      vendorId: v.userId,
      colors: [
        { color: 'red', quantity: 0, images: ['/red.webp'] },
        { color: 'green', quantity: 3, images: ['/green-1.webp', '/green-2.webp'] },
      ],
    });
    const { productDetail } = expectContract(productPage, (await get('product/bandhani-dupatta')).json());
    expect(productDetail.isColorOptions).toBe(true);
    expect(productDetail.sizeInventory).toEqual([]);
    expect(productDetail.colorInventory.map(({ _id: _ignored, ...c }) => c)).toEqual([
      { color: 'red', quantity: 0, images: ['/red.webp'] },
      { color: 'green', quantity: 3, images: ['/green-1.webp', '/green-2.webp'] },
    ]);
    expect(productDetail.colorInventory[0]!._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(productDetail.inStock).toBe(true);
  });

  it('gives a free-size product its quantity, and marks it out of stock at zero', async () => {
    const cat = await newCategory(s.db);
    const v = await newVendor(s.db);
    await newProduct(s.db, { slug: 'pashmina-shawl', categoryId: cat.id, vendorId: v.userId, isFreeSize: true, freeSizeQty: 0 });
    const { productDetail } = expectContract(productPage, (await get('product/pashmina-shawl')).json());
    expect(productDetail).toMatchObject({ isFreeSize: true, freeSizeQty: 0, inStock: false, sizeInventory: [], colorInventory: [], subcategoryId: null, styleId: null, stateId: null });
  });

  it('leaves vendorDetails empty when the vendor is not approved', async () => {
    const cat = await newCategory(s.db);
    const v = await newVendor(s.db, { vendor: { registrationStep: 1 } });
    await newProduct(s.db, { slug: 'pending-vendor-product', categoryId: cat.id, vendorId: v.userId });
    const page = expectContract(productPage, (await get('product/pending-vendor-product')).json());
    expect(page.vendorDetails).toEqual([]);
  });

  it('answers 404 "Product not found" for an unknown or inactive product', async () => {
    const cat = await newCategory(s.db);
    const v = await newVendor(s.db);
    await newProduct(s.db, { slug: 'withdrawn', categoryId: cat.id, vendorId: v.userId, isActive: false });
    for (const slug of ['no-such-product', 'withdrawn', 'NO%20SUCH']) {
      const res = await get(`product/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    }
  });

  it('shows a stock change on the next read', async () => {
    const [p] = await s.db.select().from(products).where(eq(products.slug, 'white-chikankari-kurta'));
    await s.db
      .update(productSizes)
      .set({ quantity: 9 })
      .where(and(eq(productSizes.productId, p!.id), eq(productSizes.size, 'xxxl')));
    const { productDetail } = (await get('product/white-chikankari-kurta')).json().data;
    expect(productDetail.sizeInventory.at(-1)).toEqual({ size: 'xxxl', quantity: 9 });
  });
});

describe('GET /api/product/topSelling and /api/product/trendingProducts', () => {
  let own: { vendorId: string; categoryId: string };
  const made: Record<string, string> = {};
  beforeAll(async () => {
    // A fresh server so other tests' products do not count.
    await s.close();
    s = await createTestServer();
    const v = await newVendor(s.db);
    const cat = await newCategory(s.db);
    own = { vendorId: v.userId, categoryId: cat.id };
    const t = (i: number) => new Date(Date.parse('2025-05-01T00:00:00Z') + i * 60_000);
    for (const [name, sales, trending, i] of [
      ['A', 5, false, 1],
      ['B', 50, true, 2],
      ['C', 0, true, 3],
      ['D', 20, false, 4],
      ['E', 20, true, 5],
    ] as const) {
      made[name] = (await newProduct(s.db, { ...own, name, salesCount: sales, isTrending: trending, createdAt: t(i) })).id;
    }
    await newProduct(s.db, { ...own, name: 'Inactive', salesCount: 999, isTrending: true, isActive: false });
    // The best seller of all and the newest trending product, but every size sold out.
    await newProduct(s.db, { ...own, name: 'Sold out', salesCount: 500, isTrending: true, sizes: { m: 0, l: 0 }, createdAt: t(9) });
  });

  it('lists products that have sold, best sellers first (equal sales: newest first), sold-out ones last', async () => {
    const list = expectContract(z.array(productCard), (await get('product/topSelling')).json());
    expect(list.map((p) => p.name)).toEqual(['B', 'E', 'D', 'A', 'Sold out']);
  });

  it('lists trending products, newest first, sold-out ones last', async () => {
    const list = expectContract(z.array(productCard), (await get('product/trendingProducts')).json());
    expect(list.map((p) => p.name)).toEqual(['E', 'C', 'B', 'Sold out']);
  });

  it('moves a best seller that sells out below the available ones, past the cache', async () => {
    expect((await get('product/topSelling?limit=3')).json().data.map((p: { name: string }) => p.name)).toEqual(['B', 'E', 'D']);
    await s.db.execute(sql`update product_sizes set quantity = 0 where product_id = ${made.B!}`);
    expect((await get('product/topSelling?limit=3')).json().data.map((p: { name: string }) => p.name)).toEqual(['E', 'D', 'A']);
    await s.db.execute(sql`update product_sizes set quantity = 5 where product_id = ${made.B!}`);
    expect((await get('product/topSelling?limit=3')).json().data.map((p: { name: string }) => p.name)).toEqual(['B', 'E', 'D']);
  });

  it('takes ?limit, up to 100', async () => {
    expect((await get('product/topSelling?limit=2')).json().data.map((p: { name: string }) => p.name)).toEqual(['B', 'E']);
    expect((await get('product/trendingProducts?limit=1')).json().data).toHaveLength(1);
    for (const bad of ['0', '101', 'many']) {
      const res = await get(`product/topSelling?limit=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Limit must be/);
    }
  });

  it('is not mistaken for a product slug', async () => {
    expect((await get('product/topSelling')).statusCode).toBe(200);
    expect((await get('product/trendingProducts')).statusCode).toBe(200);
  });
});

describe('POST /api/product/similar-products', () => {
  it('gives up to 10 each of the same subcategory (topped up from the category), style and vendor, never the product', async () => {
    const vendor = await newVendor(s.db);
    const other = await newVendor(s.db);
    const cat = await newCategory(s.db);
    const otherCat = await newCategory(s.db);
    const sub = await newSubcategory(s.db, cat.id);
    const sub2 = await newSubcategory(s.db, cat.id);
    const style = await newStyle(s.db);
    const product = await newProduct(s.db, { name: 'Self', categoryId: cat.id, subcategoryId: sub.id, styleId: style.id, vendorId: vendor.userId });
    const sameSub: string[] = [];
    for (let i = 0; i < 3; i++) sameSub.push((await newProduct(s.db, { categoryId: cat.id, subcategoryId: sub.id, vendorId: other.userId })).id);
    for (let i = 0; i < 12; i++) await newProduct(s.db, { categoryId: cat.id, subcategoryId: sub2.id, vendorId: other.userId });
    for (let i = 0; i < 2; i++) await newProduct(s.db, { categoryId: otherCat.id, styleId: style.id, vendorId: other.userId });
    for (let i = 0; i < 11; i++) await newProduct(s.db, { categoryId: otherCat.id, vendorId: vendor.userId });
    await newProduct(s.db, { categoryId: cat.id, subcategoryId: sub.id, styleId: style.id, vendorId: vendor.userId, isActive: false });

    const res = await post('product/similar-products', { productId: product.id, vendorId: vendor.userId, subcategoryId: sub.id, styleId: style.id });
    expect(res.statusCode).toBe(200);
    const r = expectContract(similarResult, res.json());
    expect(r.categoryProducts).toHaveLength(10);
    expect(r.categoryProducts.slice(0, 3).map((p) => p._id).sort()).toEqual([...sameSub].sort());
    expect(r.categoryProducts.slice(3).every((p) => p.subcategoryId?._id === sub2.id)).toBe(true);
    expect(r.styleProducts).toHaveLength(2);
    expect(r.styleProducts.every((p) => p.styleId?._id === style.id)).toBe(true);
    expect(r.vendorProducts).toHaveLength(10);
    expect(r.vendorProducts.every((p) => p.vendorId === vendor.userId)).toBe(true);
    const all = [...r.categoryProducts, ...r.styleProducts, ...r.vendorProducts];
    expect(all.some((p) => p._id === product.id)).toBe(false);

    // The product's own references are used when the body leaves them out.
    const own = expectContract(similarResult, (await post('product/similar-products', { productId: product.id })).json());
    expect(own).toEqual(r);
  });

  it('gives empty style products for a product without a style', async () => {
    const v = await newVendor(s.db);
    const cat = await newCategory(s.db);
    const lone = await newProduct(s.db, { categoryId: cat.id, vendorId: v.userId });
    const r = expectContract(similarResult, (await post('product/similar-products', { productId: lone.id })).json());
    expect(r).toEqual({ categoryProducts: [], styleProducts: [], vendorProducts: [] });
  });

  it('answers 404 for an unknown product and 400 for a malformed or missing id', async () => {
    const unknown = await post('product/similar-products', { productId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Product not found');
    const malformed = await post('product/similar-products', { productId: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'Invalid id', errors: { productId: 'Invalid id' } });
    expect((await post('product/similar-products', {})).statusCode).toBe(400);
    expect((await post('product/similar-products', { productId: randomUUID(), styleId: 'x' })).statusCode).toBe(400);
  });
});
