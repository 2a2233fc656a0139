import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListResult, type ProductListBody } from '@statewise/contract';
import { productSizes } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newFestiveOffer, newProduct, newState, newStyle, newSubcategory, newVendor } from '../../test/factories.ts';

let s: TestServer;
const ids: Record<string, string> = {};
/** Product names by id, to read results as names. */
const names = new Map<string, string>();

const minute = 60_000;
const t0 = Date.parse('2025-01-01T10:00:00Z');
const at = (i: number) => new Date(t0 + i * minute);

beforeAll(async () => {
  s = await createTestServer();
  const db = s.db;
  const sarees = await newCategory(db, { name: 'Sarees' });
  const kurtas = await newCategory(db, { name: 'Kurtas' });
  const silk = await newSubcategory(db, sarees.id, { name: 'Silk Sarees' });
  const cotton = await newSubcategory(db, sarees.id, { name: 'Cotton Sarees' });
  const banarasi = await newStyle(db, { name: 'Banarasi' });
  const chikankari = await newStyle(db, { name: 'Chikankari' });
  const up = await newState(db, { name: 'Uttar Pradesh' });
  const raj = await newState(db, { name: 'Rajasthan' });
  const diwali = await newFestiveOffer(db, { title: 'Diwali' });
  const v1 = await newVendor(db);
  const v2 = await newVendor(db);
  Object.assign(ids, { sarees: sarees.id, kurtas: kurtas.id, silk: silk.id, cotton: cotton.id, banarasi: banarasi.id, chikankari: chikankari.id });
  Object.assign(ids, { up: up.id, raj: raj.id, diwali: diwali.id, v1: v1.userId, v2: v2.userId });

  const add = async (key: string, p: Parameters<typeof newProduct>[1]) => {
    const row = await newProduct(db, { name: key, ...p });
    ids[key] = row.id;
    names.set(row.id, key);
  };
  const base = { vendorId: v1.userId };
  await add('P1', { ...base, categoryId: sarees.id, subcategoryId: silk.id, styleId: banarasi.id, stateId: up.id, price: 5000, offeredPrice: 4000, isFreeSize: true, freeSizeQty: 5, salesCount: 50, isTrending: true, createdAt: at(1) });
  await add('P2', { ...base, categoryId: sarees.id, subcategoryId: cotton.id, stateId: raj.id, price: 1200, offeredPrice: 1200, isFreeSize: true, freeSizeQty: 0, createdAt: at(2) });
  await add('P3', { ...base, categoryId: kurtas.id, styleId: chikankari.id, stateId: up.id, price: 2000, offeredPrice: 1000, sizes: { s: 0, m: 3, l: 0 }, salesCount: 10, festiveOfferIds: [diwali.id], createdAt: at(3) });
  await add('P4', { ...base, categoryId: kurtas.id, stateId: raj.id, price: 1500, offeredPrice: 1350, sizes: { m: 0, xl: 2 }, salesCount: 30, isTrending: true, createdAt: at(4) });
  await add('P5', { ...base, categoryId: sarees.id, price: 800, offeredPrice: 600, colors: [{ color: 'red', quantity: 2 }, { color: 'blue', quantity: 0 }], createdAt: at(5) });
  await add('P6', { ...base, categoryId: kurtas.id, price: 900, offeredPrice: 900, isActive: false, createdAt: at(6) });
  await add('P7', { vendorId: v2.userId, categoryId: sarees.id, subcategoryId: cotton.id, stateId: raj.id, price: 3000, offeredPrice: 2100, isFreeSize: true, freeSizeQty: 2, salesCount: 5, createdAt: at(7) });
  // Same time and price: only the id can order them.
  await add('P8', { ...base, categoryId: kurtas.id, price: 999, offeredPrice: 999, sizes: { xs: 0, xxxl: 0 }, createdAt: at(8) });
  await add('P9', { ...base, categoryId: kurtas.id, price: 999, offeredPrice: 999, sizes: { xxl: 1 }, createdAt: at(8) });
});
afterAll(() => s.close());

async function list(body: ProductListBody | Record<string, unknown>) {
  const res = await s.app.inject({ method: 'POST', url: '/api/product/list', payload: body });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  const data = expectContract(productListResult, res.json());
  return { ...data, names: data.products.map((p) => names.get(p._id) ?? p.name) };
}

async function refused(body: Record<string, unknown>) {
  const res = await s.app.inject({ method: 'POST', url: '/api/product/list', payload: body });
  expect(res.statusCode).toBe(400);
  return res.json() as { success: false; message: string; errors?: Record<string, string> };
}

/** Sold out: P2 (free size, none left) and P8 (every size at 0); they come after every product in stock. */
const SOLD_OUT = ['P2', 'P8'];

describe('POST /api/product/list — default order and paging', () => {
  it('lists active products only, newest first (new arrivals) with sold-out ones last, with the total', async () => {
    const r = await list({});
    expect(r.names).toEqual(['P9', 'P7', 'P5', 'P4', 'P3', 'P1', 'P8', 'P2']);
    expect(r.total).toBe(8);
  });

  it('answers a request without a body like an empty one', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/product/list' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(8);
  });

  it('pages without overlap or gaps, with the same total on every page', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list({ page, pageSize: 3 })));
    expect(pages.map((p) => p.products.length)).toEqual([3, 3, 2]);
    expect(pages.every((p) => p.total === 8)).toBe(true);
    expect(pages.flatMap((p) => p.names)).toEqual((await list({})).names);
    const beyond = await list({ page: 4, pageSize: 3 });
    expect(beyond).toMatchObject({ products: [], total: 8 });
  });

  it('refuses a page size above 100 or below 1, and a page below 1', async () => {
    expect((await refused({ pageSize: 101 })).message).toBe('Page size must be between 1 and 100');
    expect((await refused({ pageSize: 0 })).message).toBe('Page size must be between 1 and 100');
    expect((await refused({ page: 0 })).message).toBe('Page must be 1 or more');
    expect((await refused({ page: 'two' })).message).toBe('Page must be 1 or more');
    expect((await list({ pageSize: 100 })).products).toHaveLength(8);
  });

  it('makes the same number of queries whatever the page size (no N+1)', async () => {
    const count = async (body: Record<string, unknown>) => {
      const original = s.db.execute.bind(s.db);
      let n = 0;
      s.db.execute = ((q: Parameters<typeof original>[0]) => {
        n += 1;
        return original(q);
      }) as typeof s.db.execute;
      try {
        await list(body);
      } finally {
        s.db.execute = original;
      }
      return n;
    };
    // Different filters so neither answer comes from the cache.
    const small = await count({ discount: 1, pageSize: 1 });
    const large = await count({ discount: 2, pageSize: 100 });
    expect(small).toBe(large);
    expect(large).toBeLessThanOrEqual(4);
  });
});

describe('POST /api/product/list — filters', () => {
  it('filters by category, subcategory, style and state', async () => {
    expect((await list({ categoryId: ids.kurtas })).names).toEqual(['P9', 'P4', 'P3', 'P8']);
    expect((await list({ subcategoryId: ids.cotton })).names).toEqual(['P7', 'P2']);
    expect((await list({ styleId: ids.chikankari })).names).toEqual(['P3']);
    expect((await list({ stateId: ids.up })).names).toEqual(['P3', 'P1']);
    expect((await list({ stateId: ids.raj, categoryId: ids.sarees })).names).toEqual(['P7', 'P2']);
  });

  it('filters by festive offer', async () => {
    expect((await list({ festiveCategoryId: ids.diwali })).names).toEqual(['P3']);
  });

  it('filters by discount: that percent or more', async () => {
    expect((await list({ discount: 25 })).names).toEqual(['P7', 'P5', 'P3']);
    expect((await list({ discount: '50' })).names).toEqual(['P3']);
  });

  it('filters by offered price, both ends included, either end alone', async () => {
    expect((await list({ price: { min: 1000, max: 2100 } })).names).toEqual(['P7', 'P4', 'P3', 'P2']);
    expect((await list({ price: { min: 2100 } })).names).toEqual(['P7', 'P1']);
    expect((await list({ price: { max: 999 } })).names).toEqual(['P9', 'P5', 'P8']);
  });

  it('filters by sizes in stock (lowercase, array or comma separated), leaving out free-size products', async () => {
    expect((await list({ size: ['m'] })).names).toEqual(['P3']);
    expect((await list({ size: ['xl', 'm'] })).names).toEqual(['P4', 'P3']);
    expect((await list({ size: 'M,XL' })).names).toEqual(['P4', 'P3']);
    expect((await list({ size: ['xs'] })).names).toEqual([]);
  });

  it('keeps only trending products for isTrending', async () => {
    expect((await list({ isTrending: true })).names).toEqual(['P4', 'P1']);
    expect((await list({ isTrending: 'true' })).names).toEqual(['P4', 'P1']);
    expect((await list({ isTrending: false })).total).toBe(8);
  });

  it('lists products that have sold, best sellers first, for isTopSelling', async () => {
    expect((await list({ isTopSelling: true })).names).toEqual(['P1', 'P4', 'P3', 'P7']);
  });

  it('treats empty strings and nulls as unset filters', async () => {
    const r = await list({ categoryId: '', styleId: null, discount: '', size: [], search: '  ', priceSort: '', price: { min: '', max: null } });
    expect(r.total).toBe(8);
  });

  it('answers an empty page for a well-formed id that matches nothing', async () => {
    expect(await list({ categoryId: randomUUID() })).toMatchObject({ products: [], total: 0 });
  });

  it('marks each card in stock or not from its sizes, colours or free-size quantity', async () => {
    const stock = Object.fromEntries((await list({ pageSize: 8 })).products.map((p) => [names.get(p._id), p.inStock]));
    expect(stock).toMatchObject({ P1: true, P2: false, P3: true, P4: true, P5: true, P7: true, P8: false, P9: true });
  });

  it('gives cards in the contract shape with references embedded', async () => {
    const [p3] = (await list({ styleId: ids.chikankari })).products;
    expect(p3).toMatchObject({
      _id: ids.P3,
      name: 'P3',
      price: 2000,
      offeredPrice: 1000,
      discount: 50,
      isFreeSize: false,
      isColorOptions: false,
      categoryId: { _id: ids.kurtas, name: 'Kurtas' },
      subcategoryId: null,
      styleId: { _id: ids.chikankari, name: 'Chikankari' },
      stateId: { _id: ids.up, name: 'Uttar Pradesh' },
      vendorId: ids.v1,
      isTrending: false,
      createdAt: '2025-01-01T10:03:00.000Z',
    });
  });
});

describe('POST /api/product/list — sorting', () => {
  it('sorts by offered price low to high and high to low, sold-out ones last; equal prices by newest then id', async () => {
    expect((await list({ priceSort: 1 })).names).toEqual(['P5', 'P9', 'P3', 'P4', 'P7', 'P1', 'P8', 'P2']);
    expect((await list({ priceSort: -1 })).names).toEqual(['P1', 'P7', 'P4', 'P3', 'P9', 'P5', 'P2', 'P8']);
    expect((await list({ priceSort: '-1' })).names).toEqual((await list({ priceSort: -1 })).names);
  });

  it('sorts by date oldest first and newest first, sold-out ones last', async () => {
    expect((await list({ sort: 1 })).names).toEqual(['P1', 'P3', 'P4', 'P5', 'P7', 'P9', 'P2', 'P8']);
    expect((await list({ sort: -1 })).names).toEqual((await list({})).names);
  });

  it('sorts within filters', async () => {
    expect((await list({ categoryId: ids.kurtas, priceSort: 1 })).names).toEqual(['P9', 'P3', 'P4', 'P8']);
    expect((await list({ isTopSelling: true, priceSort: 1 })).names).toEqual(['P3', 'P4', 'P7', 'P1']);
  });

  it('puts every sold-out product after every available one under every sort', async () => {
    for (const sort of [{}, { sort: 1 }, { sort: -1 }, { priceSort: 1 }, { priceSort: -1 }]) {
      const r = await list(sort);
      expect(r.names.slice(-2).sort(), JSON.stringify(sort)).toEqual(SOLD_OUT);
      expect(r.products.slice(0, -2).every((p) => p.inStock)).toBe(true);
    }
  });

  it('moves a product to the end when it sells out and back when it is restocked', async () => {
    const db = s.db;
    await db.update(productSizes).set({ quantity: 0 }).where(and(eq(productSizes.productId, ids.P9!), eq(productSizes.size, 'xxl')));
    // P8 and P9 share their time: the lower id first among equals
    expect((await list({ categoryId: ids.kurtas })).names).toEqual(['P4', 'P3', ...(ids.P8! < ids.P9! ? ['P8', 'P9'] : ['P9', 'P8'])]);
    await db.update(productSizes).set({ quantity: 1 }).where(and(eq(productSizes.productId, ids.P9!), eq(productSizes.size, 'xxl')));
    expect((await list({ categoryId: ids.kurtas })).names).toEqual(['P9', 'P4', 'P3', 'P8']);
  });
});

describe('POST /api/product/list — bad input', () => {
  it('refuses a malformed id, naming the field', async () => {
    const body = await refused({ categoryId: 'abc' });
    expect(body.message).toBe('Invalid id');
    expect(body.errors).toEqual({ categoryId: 'Invalid id' });
    expect((await refused({ festiveCategoryId: 42 })).errors).toHaveProperty('festiveCategoryId');
  });

  it('refuses an unknown size', async () => {
    expect((await refused({ size: ['huge'] })).message).toBe('Unknown size');
    expect((await refused({ size: 'm,huge' })).message).toBe('Unknown size');
  });

  it('refuses a minimum price above the maximum', async () => {
    expect((await refused({ price: { min: 5000, max: 100 } })).message).toBe('Minimum price cannot be above maximum price');
    expect((await refused({ price: { min: -1 } })).message).toBe('Price cannot be negative');
  });

  it('refuses sort orders other than 1 and -1, and discounts outside 0-100', async () => {
    expect((await refused({ priceSort: 2 })).message).toBe('Price sort must be 1 or -1');
    expect((await refused({ sort: 'newest' })).message).toBe('Sort must be 1 or -1');
    expect((await refused({ discount: 101 })).message).toBe('Discount must be between 0 and 100');
    expect((await refused({ discount: 'lots' })).message).toBe('Discount must be a number');
  });

  it('refuses a body that is not JSON', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/product/list', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('POST /api/product/list — cache', () => {
  it('shows a stock change and a new product on the next read', async () => {
    expect((await list({ size: ['m'] })).names).toEqual(['P3']);
    await s.db
      .update(productSizes)
      .set({ quantity: 0 })
      .where(and(eq(productSizes.productId, ids.P3!), eq(productSizes.size, 'm')));
    expect((await list({ size: ['m'] })).names).toEqual([]);
    const p3 = (await list({ styleId: ids.chikankari })).products[0]!;
    expect(p3.inStock).toBe(false);

    const before = (await list({ categoryId: ids.sarees })).total;
    await newProduct(s.db, { name: 'Fresh', categoryId: ids.sarees!, vendorId: ids.v1!, createdAt: at(100) });
    const after = await list({ categoryId: ids.sarees });
    expect(after.total).toBe(before + 1);
    expect(after.products[0]!.name).toBe('Fresh');
  });
});

// Last: these products would crowd the lists above.
describe('POST /api/product/list — default page size', () => {
  it('gives 16 per page by default', async () => {
    const bulk = await newCategory(s.db, { name: 'Bulk' });
    for (let i = 0; i < 17; i++) await newProduct(s.db, { categoryId: bulk.id, vendorId: ids.v1! });
    const first = await list({ categoryId: bulk.id });
    expect(first.products).toHaveLength(16);
    expect(first.total).toBe(17);
    expect((await list({ categoryId: bulk.id, page: 2 })).products).toHaveLength(1);
  });
});
