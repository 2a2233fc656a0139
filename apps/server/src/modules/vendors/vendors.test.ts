import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListResult, vendorDetails, vendorDirectoryResult } from '@statewise/contract';
import { users } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newProduct, newVendor } from '../../test/factories.ts';

let s: TestServer;
const get = (url: string) => s.app.inject({ method: 'GET', url: `/api/${url}` });
const post = (url: string, payload?: object) => s.app.inject({ method: 'POST', url: `/api/${url}`, ...(payload ? { payload } : {}) });

let rangrez: Awaited<ReturnType<typeof newVendor>>;
let other: Awaited<ReturnType<typeof newVendor>>;
const made: Record<string, string> = {};

beforeAll(async () => {
  s = await createTestServer();
  rangrez = await newVendor(s.db, {
    user: { firstname: 'Meera', lastname: 'Rathore', email: 'meera@example.test', mobile: '9812345678' },
    vendor: {
      brandName: 'Rangrez',
      sellerName: 'Meera Rathore',
      slug: 'rangrez',
      bio: 'Block prints from Sanganer',
      avatar: '/media/rangrez.webp',
      pickupPincode: '302029',
      gstin: '08RANGR1234F1Z5',
      address: '7 Private Street',
      city: 'Jaipur',
      state: 'Rajasthan',
    },
  });
  other = await newVendor(s.db, { vendor: { brandName: 'Kashi Weaves', sellerName: 'Ravi Das', slug: 'kashi-weaves', city: 'Varanasi', state: 'Uttar Pradesh' } });
  await newVendor(s.db, { vendor: { brandName: 'Awaiting Approval', slug: 'awaiting', registrationStep: 1 } });
  const gone = await newVendor(s.db, { vendor: { brandName: 'Closed Shop', slug: 'closed-shop' } });
  await s.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.userId));

  const cat = await newCategory(s.db);
  const cat2 = await newCategory(s.db);
  const t = (i: number) => new Date(Date.parse('2025-06-01T00:00:00Z') + i * 60_000);
  for (let i = 0; i < 5; i++) {
    made[`r${i}`] = (await newProduct(s.db, { name: `Rangrez ${i}`, categoryId: i < 3 ? cat.id : cat2.id, vendorId: rangrez.userId, price: 1000 + i * 100, offeredPrice: 1000 + i * 100, createdAt: t(i) })).id;
  }
  await newProduct(s.db, { name: 'Rangrez hidden', categoryId: cat.id, vendorId: rangrez.userId, isActive: false });
  await newProduct(s.db, { name: 'Kashi 1', categoryId: cat.id, vendorId: other.userId });
  made.cat = cat.id;
});
afterAll(() => s.close());

describe('GET /api/vendor/slug/{vendorSlug}', () => {
  it('gives the store’s public details and nothing private', async () => {
    const res = await get('vendor/slug/rangrez');
    expect(res.statusCode).toBe(200);
    const data = expectContract(vendorDetails, res.json());
    expect(data).toEqual({
      _id: rangrez.vendor.id,
      userId: rangrez.userId,
      brandName: 'Rangrez',
      sellerName: 'Meera Rathore',
      vendorSlug: 'rangrez',
      bio: 'Block prints from Sanganer',
      banner: rangrez.vendor.banner,
      avatar: '/media/rangrez.webp',
      policy: '<p>Returns within 7 days.</p>',
      sizeChart: rangrez.vendor.sizeChart,
      place: 'Jaipur',
      state: 'Rajasthan',
    });
    for (const secret of ['302029', '08RANGR1234F1Z5', '7 Private Street', 'meera@example.test', '9812345678']) expect(res.body).not.toContain(secret);
  });

  it('answers 404 "Vendor not found" for an unknown, unapproved or deleted vendor', async () => {
    for (const slug of ['nobody', 'awaiting', 'closed-shop']) {
      const res = await get(`vendor/slug/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Vendor not found' });
    }
  });
});

describe('POST /api/vendor/products/list', () => {
  const list = async (body: object) => {
    const res = await post('vendor/products/list', body);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return expectContract(productListResult, res.json());
  };

  it('lists the vendor’s active products, newest first, paged with the total', async () => {
    const first = await list({ userId: rangrez.userId, page: 1, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.products.map((p) => p.name)).toEqual(['Rangrez 4', 'Rangrez 3']);
    const rest = await list({ userId: rangrez.userId, page: 2, pageSize: 16 });
    expect(rest.products).toEqual([]);
    const all = await list({ userId: rangrez.userId });
    expect(all.products.map((p) => p.name)).toEqual(['Rangrez 4', 'Rangrez 3', 'Rangrez 2', 'Rangrez 1', 'Rangrez 0']);
  });

  it('applies the listing filters and sorts', async () => {
    const inCat = await list({ userId: rangrez.userId, categoryId: made.cat, priceSort: -1 });
    expect(inCat.products.map((p) => p.name)).toEqual(['Rangrez 2', 'Rangrez 1', 'Rangrez 0']);
    expect(inCat.total).toBe(3);
    const cheap = await list({ userId: rangrez.userId, price: { max: 1100 } });
    expect(cheap.products.map((p) => p.name)).toEqual(['Rangrez 1', 'Rangrez 0']);
  });

  it('answers 404 for an unknown or unapproved vendor and 400 for a missing or malformed id', async () => {
    const unknown = await post('vendor/products/list', { userId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Vendor not found');
    expect((await post('vendor/products/list', {})).statusCode).toBe(400);
    const malformed = await post('vendor/products/list', { userId: 'rangrez' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid id');
    expect((await post('vendor/products/list', { userId: rangrez.userId, pageSize: 500 })).statusCode).toBe(400);
  });
});

describe('POST /api/admin/vendors (the public vendor directory)', () => {
  const directory = async (body?: object) => {
    const res = await post('admin/vendors', body);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return expectContract(vendorDirectoryResult, res.json());
  };

  it('lists approved vendors of live accounts by name, as vendor cards', async () => {
    const r = await directory({});
    expect(r.total).toBe(2);
    expect(r.vendors.map((v) => v.vendorInfo.brandName)).toEqual(['Kashi Weaves', 'Rangrez']);
    expect(r.vendors[1]).toEqual({
      _id: rangrez.vendor.id,
      image: '/media/rangrez.webp',
      place: 'Jaipur, Rajasthan',
      description: 'Block prints from Sanganer',
      vendorId: { _id: rangrez.userId, firstname: 'Meera', lastname: 'Rathore' },
      vendorInfo: { sellerName: 'Meera Rathore', vendorSlug: 'rangrez', brandName: 'Rangrez' },
    });
    // Without an avatar the banner stands in.
    expect(r.vendors[0]!.image).toBe(other.vendor.banner);
    expect((await directory()).total).toBe(2);
  });

  it('pages in a stable order with the total, 16 per page by default', async () => {
    for (let i = 0; i < 17; i++) await newVendor(s.db, { vendor: { brandName: `Zari House ${String(i).padStart(2, '0')}` } });
    const first = await directory({});
    expect(first.vendors).toHaveLength(16);
    expect(first.total).toBe(19);
    const second = await directory({ page: 2 });
    expect(second.vendors).toHaveLength(3);
    const ids = [...first.vendors, ...second.vendors].map((v) => v._id);
    expect(new Set(ids).size).toBe(19);
    const small = await Promise.all([1, 2, 3, 4].map((page) => directory({ page, pageSize: 5 })));
    expect(small.flatMap((p) => p.vendors.map((v) => v._id))).toEqual(ids);
  });

  it('searches by brand or seller name', async () => {
    expect((await directory({ search: 'kashi' })).vendors.map((v) => v.vendorInfo.brandName)).toEqual(['Kashi Weaves']);
    expect((await directory({ search: 'meera' })).vendors.map((v) => v.vendorInfo.brandName)).toEqual(['Rangrez']);
    expect((await directory({ search: 'zari' })).total).toBe(17);
    expect((await directory({ search: '100%_' })).total).toBe(0);
  });

  it('refuses a page size above 100 and a page below 1', async () => {
    expect((await post('admin/vendors', { pageSize: 101 })).statusCode).toBe(400);
    expect((await post('admin/vendors', { page: 0 })).statusCode).toBe(400);
  });
});
