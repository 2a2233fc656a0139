import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WISHLIST_MAX, wishlistBulkAddResult, wishlistResult } from '@statewise/contract';
import { products, wishlistItems } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newProduct, newVendor } from '../../test/factories.ts';

let s: TestServer;
type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers?: Headers, payload?: unknown) =>
  s.app.inject({ method, url: `/api/${url}`, ...(headers ? { headers } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });

let vendorId: string;
let categoryId: string;
const shopper = async () => (await loginAs(s)).headers;
const sized = () => newProduct(s.db, { categoryId, vendorId, sizes: { s: 2, m: 0 } });
const coloured = () =>
  newProduct(s.db, {
    categoryId,
    vendorId,
    colors: [
      { color: 'Indigo', quantity: 2, images: ['/media/test/indigo.webp'] },
      { color: 'Rust', quantity: 1, images: ['/media/test/rust-1.webp', '/media/test/rust-2.webp'] },
    ],
  });
const list = async (h: Headers) => {
  const res = await call('GET', 'user/wishlist', h);
  expect(res.statusCode).toBe(200);
  return expectContract(wishlistResult, res.json()).wishlist;
};

beforeAll(async () => {
  s = await createTestServer();
  vendorId = (await newVendor(s.db)).userId;
  categoryId = (await newCategory(s.db)).id;
});
afterAll(() => s.close());

describe('every wishlist call', () => {
  it('refuses a guest with 401', async () => {
    const p = await sized();
    for (const [method, url, body] of [
      ['GET', 'user/wishlist', undefined],
      ['POST', 'user/wishlist', { productId: p.id }],
      ['PATCH', 'user/wishlist', { productId: p.id }],
      ['POST', 'user/wishlist/bulkAdd', { items: [] }],
    ] as const) {
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/user/wishlist', () => {
  it('is empty for a new shopper', async () => {
    expect(await list(await shopper())).toEqual([]);
  });

  it('gives product cards with the stock the size picker needs, newest first', async () => {
    const h = await shopper();
    const a = await sized();
    const b = await coloured();
    await call('POST', 'user/wishlist', h, { productId: a.id });
    await call('POST', 'user/wishlist', h, { productId: b.id, color: 'Rust', isColorOptions: 'true' });
    const items = await list(h);
    expect(items.map((i) => i.productId._id)).toEqual([b.id, a.id]);
    expect(items[1]).toMatchObject({
      color: null,
      image: a.images[0],
      productId: {
        name: a.name,
        slug: a.slug,
        price: a.price,
        offeredPrice: a.offeredPrice,
        inStock: true,
        sizeInventory: [
          { size: 's', quantity: 2 },
          { size: 'm', quantity: 0 },
        ],
      },
    });
    expect(items[0]).toMatchObject({ color: 'Rust', image: '/media/test/rust-1.webp', productId: { isColorOptions: true, colorInventory: [{ color: 'Indigo' }, { color: 'Rust' }] } });
  });

  it('hides a product taken off sale', async () => {
    const h = await shopper();
    const p = await sized();
    await call('POST', 'user/wishlist', h, { productId: p.id });
    await s.db.update(products).set({ isActive: false }).where(eq(products.id, p.id));
    expect(await list(h)).toEqual([]);
  });
});

describe('POST /api/user/wishlist', () => {
  it('adds a product once (201), and adding it again does not duplicate it (200)', async () => {
    const h = await shopper();
    const p = await sized();
    const first = await call('POST', 'user/wishlist', h, { productId: p.id, isColorOptions: 'false' });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Added to wishlist');
    expect(expectContract(wishlistResult, first.json()).wishlist).toHaveLength(1);
    const again = await call('POST', 'user/wishlist', h, { productId: p.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.wishlist).toHaveLength(1);
  });

  it('needs a colour for a colour product and keeps it with its picture', async () => {
    const h = await shopper();
    const p = await coloured();
    const none = await call('POST', 'user/wishlist', h, { productId: p.id, isColorOptions: 'true' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ success: false, message: 'Please select color', errors: { color: 'Please select color' } });
    const unknown = await call('POST', 'user/wishlist', h, { productId: p.id, color: 'Mauve' });
    expect(unknown.json().message).toBe('This colour is not available for this product');
    await call('POST', 'user/wishlist', h, { productId: p.id, color: 'rust', image: '/media/test/rust-2.webp', isColorOptions: 'true' });
    expect((await list(h))[0]).toMatchObject({ color: 'Rust', image: '/media/test/rust-2.webp' });
    await call('POST', 'user/wishlist', h, { productId: p.id, color: 'Indigo', image: '/media/test/rust-2.webp' });
    expect(await list(h)).toMatchObject([{ color: 'Indigo', image: '/media/test/indigo.webp' }]);
  });

  it('answers 404 for an unknown or off-sale product and 400 without a product id', async () => {
    const h = await shopper();
    const off = await newProduct(s.db, { categoryId, vendorId, isActive: false });
    for (const productId of [randomUUID(), off.id]) {
      const res = await call('POST', 'user/wishlist', h, { productId });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Product not found');
    }
    expect((await call('POST', 'user/wishlist', h, {})).json()).toMatchObject({ message: 'Missing product Id' });
  });

  it('refuses more than the wishlist can hold', async () => {
    const { user, headers } = await loginAs(s);
    await s.db.execute(sql`with made as (
        insert into products (slug, name, price, offered_price, category_id, vendor_id)
        select 'cap-' || g || '-' || ${user.id}, 'Cap ' || g, 100, 100, ${categoryId}, ${vendorId}
        from generate_series(1, ${WISHLIST_MAX}::int) g returning id)
      insert into wishlist_items (user_id, product_id) select ${user.id}, id from made`);
    const p = await sized();
    const res = await call('POST', 'user/wishlist', headers, { productId: p.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your wishlist is full. Please remove something to add more');
    // re-saving one already there still works
    const [one] = await s.db.select().from(wishlistItems).where(eq(wishlistItems.userId, user.id)).limit(1);
    expect((await call('POST', 'user/wishlist', headers, { productId: one!.productId })).statusCode).toBe(200);
  });

  it('keeps the limit when several products are added at the same moment', async () => {
    const { user, headers } = await loginAs(s);
    await s.db.execute(sql`with made as (
        insert into products (slug, name, price, offered_price, category_id, vendor_id)
        select 'race-' || g || '-' || ${user.id}, 'Race ' || g, 100, 100, ${categoryId}, ${vendorId}
        from generate_series(1, ${WISHLIST_MAX - 1}::int) g returning id)
      insert into wishlist_items (user_id, product_id) select ${user.id}, id from made`);
    const extra = await Promise.all(Array.from({ length: 10 }, () => sized()));
    const answers = await Promise.all(extra.map((p) => call('POST', 'user/wishlist', headers, { productId: p.id })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe('Your wishlist is full. Please remove something to add more');
    }
    expect(await s.db.$count(wishlistItems, eq(wishlistItems.userId, user.id))).toBe(WISHLIST_MAX);
  });

  it('keeps the limit when a guest wishlist is merged while products are added', async () => {
    const { user, headers } = await loginAs(s);
    await s.db.execute(sql`with made as (
        insert into products (slug, name, price, offered_price, category_id, vendor_id)
        select 'merge-' || g || '-' || ${user.id}, 'Merge ' || g, 100, 100, ${categoryId}, ${vendorId}
        from generate_series(1, ${WISHLIST_MAX - 3}::int) g returning id)
      insert into wishlist_items (user_id, product_id) select ${user.id}, id from made`);
    const extra = await Promise.all(Array.from({ length: 8 }, () => sized()));
    const answers = await Promise.all([
      call('POST', 'user/wishlist/bulkAdd', headers, { items: extra.slice(0, 4).map((p) => ({ productId: p.id })) }),
      ...extra.slice(4).map((p) => call('POST', 'user/wishlist', headers, { productId: p.id })),
    ]);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    expect(await s.db.$count(wishlistItems, eq(wishlistItems.userId, user.id))).toBe(WISHLIST_MAX);
  });
});

describe('PATCH /api/user/wishlist', () => {
  it('removes a product by id', async () => {
    const h = await shopper();
    const p = await sized();
    await call('POST', 'user/wishlist', h, { productId: p.id });
    const res = await call('PATCH', 'user/wishlist', h, { productId: p.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Removed from wishlist', data: { wishlist: [] } });
    const again = await call('PATCH', 'user/wishlist', h, { productId: p.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This product is not in your wishlist');
  });

  it('never touches another user’s wishlist', async () => {
    const mine = await shopper();
    const p = await sized();
    await call('POST', 'user/wishlist', mine, { productId: p.id });
    expect((await call('PATCH', 'user/wishlist', await shopper(), { productId: p.id })).statusCode).toBe(404);
    expect(await list(mine)).toHaveLength(1);
  });
});

describe('POST /api/user/wishlist/bulkAdd', () => {
  it('merges the guest wishlist entry by entry', async () => {
    const h = await shopper();
    const a = await sized();
    const b = await coloured();
    await call('POST', 'user/wishlist', h, { productId: a.id });
    const res = await call('POST', 'user/wishlist/bulkAdd', h, {
      items: [
        { productId: a.id },
        { productId: b.id, color: 'Indigo', isColorOptions: 'true', image: '/media/test/indigo.webp' },
        { productId: b.id },
        { productId: randomUUID() },
        42,
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = expectContract(wishlistBulkAddResult, res.json());
    expect(data.results.map((r) => [r.status, r.message])).toEqual([
      ['exists', null],
      ['added', null],
      ['skipped', 'Please select color'],
      ['skipped', 'Product not found'],
      ['skipped', 'Missing product Id'],
    ]);
    expect(data.wishlist.map((w) => [w.productId._id, w.color])).toEqual([
      [b.id, 'Indigo'],
      [a.id, null],
    ]);
  });

  it('refuses more than 50 entries at once', async () => {
    const res = await call('POST', 'user/wishlist/bulkAdd', await shopper(), { items: Array.from({ length: 51 }, () => ({})) });
    expect(res.statusCode).toBe(400);
  });
});
