import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartAddResult, cartBulkAddResult, cartCount, cartSummary, productCard, shippingPriceResult } from '@statewise/contract';
import { z } from 'zod';
import { cartLines, productColors, products, productSizes } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs, tokenFor } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newProduct, newSubcategory, newVendor } from '../../test/factories.ts';
import { clearCart, readCart } from './service.ts';

let s: TestServer;
type Headers = { authorization: string };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers?: Headers, payload?: unknown) =>
  s.app.inject({ method, url: `/api/${url}`, ...(headers ? { headers } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });

let vendorId: string;
let categoryId: string;
let subcategoryId: string;

/** A fresh shopper with an empty cart. */
const shopper = async () => (await loginAs(s)).headers;

/** A sized product: s 5, m 2, l 0 unless told. */
const sized = (sizes: Record<string, number> = { s: 5, m: 2, l: 0 }, over: { price?: number; offeredPrice?: number } = {}) =>
  newProduct(s.db, { categoryId, subcategoryId, vendorId, sizes, price: over.price ?? 2000, offeredPrice: over.offeredPrice ?? 1500 });
const coloured = () =>
  newProduct(s.db, {
    categoryId,
    subcategoryId,
    vendorId,
    price: 1200,
    offeredPrice: 1000,
    colors: [
      { color: 'Red', quantity: 3, images: ['/media/test/red-1.webp', '/media/test/red-2.webp'] },
      { color: 'Blue', quantity: 0, images: ['/media/test/blue-1.webp'] },
      { color: 'Green', quantity: 20, images: ['/media/test/green-1.webp'] },
    ],
  });
const freeSize = (freeSizeQty = 4) => newProduct(s.db, { categoryId, subcategoryId, vendorId, freeSizeQty, price: 500, offeredPrice: 400 });

async function add(headers: Headers, payload: Record<string, unknown>) {
  return call('POST', 'cart/add', headers, payload);
}
async function cart(headers: Headers) {
  const res = await call('GET', 'cart', headers);
  expect(res.statusCode).toBe(200);
  return expectContract(cartSummary, res.json());
}
const stored = async (productId: string) =>
  (await s.db.select().from(cartLines).where(eq(cartLines.productId, productId))).map((l) => ({ size: l.size, color: l.color, quantity: l.quantity }));

beforeAll(async () => {
  s = await createTestServer();
  vendorId = (await newVendor(s.db)).userId;
  categoryId = (await newCategory(s.db)).id;
  subcategoryId = (await newSubcategory(s.db, categoryId)).id;
});
afterAll(() => s.close());

describe('every cart call', () => {
  it('refuses a guest with 401', async () => {
    const p = await sized();
    const calls: [Method, string, unknown?][] = [
      ['GET', 'cart'],
      ['POST', 'cart/add', { productId: p.id, size: 's' }],
      ['PATCH', 'cart/update', { cartId: randomUUID(), quantity: 2 }],
      ['DELETE', 'cart/delete', { cartId: randomUUID() }],
      ['GET', 'cart/count'],
      ['GET', 'cart/similarProducts'],
      ['POST', 'cart/bulkAdd', { products: [] }],
      ['POST', 'cart/shippingPrice', {}],
      ['PATCH', `cart/increment/${p.id}`],
      ['PATCH', `cart/decrement/${p.id}`],
      ['DELETE', `cart/remove/${p.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Please log in to continue' });
    }
  });

  it('lets a vendor and an admin keep a cart too', async () => {
    const p = await sized();
    for (const role of ['vendor', 'admin'] as const) {
      const { headers } = await loginAs(s, { role });
      expect((await add(headers, { productId: p.id, size: 's' })).statusCode).toBe(201);
    }
  });
});

describe('GET /api/cart', () => {
  it('gives an empty cart with zero totals', async () => {
    expect(await cart(await shopper())).toEqual({ cartProducts: [], shippingCharges: 0, subTotal: 0, grandTotal: 0, savings: 0 });
  });

  it('gives each line with its product and the totals in whole rupees', async () => {
    const h = await shopper();
    const a = await sized({ s: 5, m: 5 }, { price: 2000, offeredPrice: 1500 });
    const b = await freeSize();
    await add(h, { productId: a.id, size: 'm', quantity: 2 });
    await add(h, { productId: b.id, quantity: 3 });
    const c = await cart(h);
    expect(c.cartProducts).toHaveLength(2);
    const line = c.cartProducts[0]!;
    expect(line).toMatchObject({
      quantity: 2,
      size: 'm',
      color: null,
      image: a.images[0],
      isFreeSize: false,
      isColorOptions: false,
      availableQuantity: 5,
      outOfStock: false,
      productId: {
        _id: a.id,
        name: a.name,
        slug: a.slug,
        price: 2000,
        offeredPrice: 1500,
        isActive: true,
        vendorId,
        sizeInventory: [
          { size: 's', quantity: 5 },
          { size: 'm', quantity: 5 },
        ],
        categoryId: { _id: categoryId },
      },
    });
    expect(c.cartProducts[1]).toMatchObject({ quantity: 3, size: null, isFreeSize: true, availableQuantity: 4, productId: { _id: b.id, freeSizeQty: 4 } });
    // 2 × 1500 + 3 × 400; savings 2 × 500 + 3 × 100
    expect(c).toMatchObject({ subTotal: 4200, shippingCharges: 0, grandTotal: 4200, savings: 1300 });
  });

  it('reads prices from the catalogue at every read', async () => {
    const h = await shopper();
    const p = await sized({ s: 5 }, { price: 2000, offeredPrice: 1500 });
    await add(h, { productId: p.id, size: 's', quantity: 2, price: 1, offeredPrice: 1 });
    expect((await cart(h)).subTotal).toBe(3000);
    await s.db.update(products).set({ price: 1800, offeredPrice: 900 }).where(eq(products.id, p.id));
    expect(await cart(h)).toMatchObject({ subTotal: 1800, grandTotal: 1800, savings: 1800 });
  });

  it('keeps a sold-out or off-sale line visible, flagged and out of the totals', async () => {
    const h = await shopper();
    const soldOut = await sized({ s: 5 });
    const offSale = await freeSize(4);
    const fewer = await sized({ m: 5 });
    const fine = await sized({ s: 5 }, { price: 1000, offeredPrice: 1000 });
    await add(h, { productId: soldOut.id, size: 's', quantity: 2 });
    await add(h, { productId: offSale.id, quantity: 1 });
    await add(h, { productId: fewer.id, size: 'm', quantity: 4 });
    await add(h, { productId: fine.id, size: 's', quantity: 1 });
    await s.db.update(productSizes).set({ quantity: 0 }).where(eq(productSizes.productId, soldOut.id));
    await s.db.update(products).set({ isActive: false }).where(eq(products.id, offSale.id));
    await s.db.update(productSizes).set({ quantity: 3 }).where(eq(productSizes.productId, fewer.id));
    const c = await cart(h);
    const byId = Object.fromEntries(c.cartProducts.map((l) => [l.productId._id, l]));
    expect(byId[soldOut.id]).toMatchObject({ quantity: 2, availableQuantity: 0, outOfStock: true });
    expect(byId[offSale.id]).toMatchObject({ quantity: 1, availableQuantity: 0, outOfStock: true, productId: { isActive: false } });
    expect(byId[fewer.id]).toMatchObject({ quantity: 4, availableQuantity: 3, outOfStock: true });
    expect(byId[fine.id]).toMatchObject({ outOfStock: false });
    expect(c).toMatchObject({ subTotal: 1000, grandTotal: 1000, savings: 0 });
  });
});

describe('POST /api/cart/add', () => {
  it('adds a sized line (201) and merges the same size into it (200)', async () => {
    const h = await shopper();
    const p = await sized();
    const first = await add(h, { productId: p.id, size: 's', quantity: 2, isFreeSize: 'false', isColorOptions: 'false' });
    expect(first.statusCode).toBe(201);
    const data = expectContract(cartAddResult, first.json());
    expect(first.json().message).toBe('Product added to cart');
    expect(data).toMatchObject({ quantity: 2, cartProducts: [{ _id: data.cartId, quantity: 2, size: 's' }] });
    const again = await add(h, { productId: p.id, size: 'S', quantity: '1', isFreeSize: false });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ cartId: data.cartId, quantity: 3 });
    expect(await stored(p.id)).toEqual([{ size: 's', color: null, quantity: 3 }]);
  });

  it('keeps other sizes of the product on their own lines', async () => {
    const h = await shopper();
    const p = await sized();
    await add(h, { productId: p.id, size: 's' });
    await add(h, { productId: p.id, size: 'm' });
    expect((await stored(p.id)).map((l) => l.size).sort()).toEqual(['m', 's']);
  });

  it('asks for a size for a sized product, and refuses one it does not list', async () => {
    const h = await shopper();
    const p = await sized({ s: 5, m: 2 });
    for (const size of [undefined, '', null]) {
      const res = await add(h, { productId: p.id, size });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Please select size', errors: { size: 'Please select size' } });
    }
    for (const size of ['xl', 'huge', 7]) {
      const res = await add(h, { productId: p.id, size });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This size is not available for this product');
    }
    expect(await stored(p.id)).toEqual([]);
  });

  it('asks for a colour for a colour product and keeps one line per colour with its picture', async () => {
    const h = await shopper();
    const p = await coloured();
    const none = await add(h, { productId: p.id, isColorOptions: 'true' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select color');
    const unknown = await add(h, { productId: p.id, color: 'Purple' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This colour is not available for this product');

    expect((await add(h, { productId: p.id, color: 'red', image: '/media/test/red-2.webp' })).statusCode).toBe(201);
    expect((await add(h, { productId: p.id, color: 'Green', size: 'm' })).statusCode).toBe(201);
    expect((await add(h, { productId: p.id, color: 'Red' })).statusCode).toBe(200);
    const lines = (await cart(h)).cartProducts;
    expect(lines.map((l) => [l.color, l.size, l.quantity, l.image, l.isColorOptions])).toEqual([
      ['Red', null, 2, '/media/test/red-2.webp', true],
      ['Green', null, 1, '/media/test/green-1.webp', true],
    ]);
  });

  it('takes a free-size product without a size, ignoring one sent anyway', async () => {
    const h = await shopper();
    const p = await freeSize(4);
    expect((await add(h, { productId: p.id, isFreeSize: 'true' })).statusCode).toBe(201);
    expect((await add(h, { productId: p.id, size: 'm', isFreeSize: true })).statusCode).toBe(200);
    expect(await stored(p.id)).toEqual([{ size: null, color: null, quantity: 2 }]);
  });

  it('keeps only a picture of the product, never an address the client made up', async () => {
    const h = await shopper();
    const p = await sized();
    await add(h, { productId: p.id, size: 's', image: 'https://evil.example/x.png' });
    expect((await cart(h)).cartProducts[0]!.image).toBe(p.images[0]);
  });

  it('answers 404 for an unknown or off-sale product and 400 for a missing or malformed id', async () => {
    const h = await shopper();
    const off = await newProduct(s.db, { categoryId, vendorId, isActive: false });
    for (const productId of [randomUUID(), off.id]) {
      const res = await add(h, { productId, size: 's' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Product not found');
    }
    const missing = await add(h, { size: 's' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing product Id');
    const malformed = await add(h, { productId: 'abc', size: 's' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid id');
  });

  it('refuses quantities outside 1 to 10 with the spec’s messages', async () => {
    const h = await shopper();
    const p = await sized({ s: 50 });
    const cases: [unknown, string][] = [
      [11, 'Cant add more than 10 items'],
      [0, 'Quantity cannot be less than 1'],
      [-2, 'Quantity cannot be less than 1'],
      [1.5, 'Quantity must be a whole number'],
      ['two', 'Quantity must be a whole number'],
    ];
    for (const [quantity, message] of cases) {
      const res = await add(h, { productId: p.id, size: 's', quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await stored(p.id)).toEqual([]);
  });

  it('never lets a line pass 10', async () => {
    const h = await shopper();
    const p = await sized({ s: 50 });
    expect((await add(h, { productId: p.id, size: 's', quantity: 8 })).statusCode).toBe(201);
    const over = await add(h, { productId: p.id, size: 's', quantity: 3 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ success: false, message: 'Cant add more than 10 items' });
    expect((await add(h, { productId: p.id, size: 's', quantity: 2 })).json().data.quantity).toBe(10);
    expect((await add(h, { productId: p.id, size: 's' })).statusCode).toBe(409);
    expect(await stored(p.id)).toEqual([{ size: 's', color: null, quantity: 10 }]);
  });

  it('never lets a line pass the stock of its size', async () => {
    const h = await shopper();
    const p = await sized({ s: 5, m: 2, l: 0 });
    const l = await add(h, { productId: p.id, size: 'l' });
    expect(l.statusCode).toBe(409);
    expect(l.json().message).toBe('Product is out of stock now');
    const tooMany = await add(h, { productId: p.id, size: 'm', quantity: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 2 left in stock');
    expect((await add(h, { productId: p.id, size: 'm', quantity: 2 })).statusCode).toBe(201);
    const more = await add(h, { productId: p.id, size: 'm' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe('Product is out of stock now');
    expect(await stored(p.id)).toEqual([{ size: 'm', color: null, quantity: 2 }]);
  });

  it('never lets a line pass the stock of its colour', async () => {
    const h = await shopper();
    const p = await coloured();
    expect((await add(h, { productId: p.id, color: 'Blue' })).json().message).toBe('Product is out of stock now');
    expect((await add(h, { productId: p.id, color: 'Red', quantity: 2 })).statusCode).toBe(201);
    const over = await add(h, { productId: p.id, color: 'Red', quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Only 3 left in stock');
    expect(await stored(p.id)).toEqual([{ size: null, color: 'Red', quantity: 2 }]);
  });

  it('never lets a free-size line pass the free-size quantity', async () => {
    const h = await shopper();
    const p = await freeSize(4);
    expect((await add(h, { productId: p.id, quantity: 4 })).statusCode).toBe(201);
    const over = await add(h, { productId: p.id });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Product is out of stock now');
    const none = await freeSize(0);
    expect((await add(h, { productId: none.id })).json().message).toBe('Product is out of stock now');
  });

  it('holds the limit of 10 when two tabs add at once', async () => {
    const { user } = await loginAs(s);
    const tabs = [await tokenFor(s, user), await tokenFor(s, user)].map((t) => ({ authorization: `Bearer ${t}` }));
    const p = await sized({ s: 50 });
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => add(tabs[i % 2]!, { productId: p.id, size: 's' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200 || c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(await stored(p.id)).toEqual([{ size: 's', color: null, quantity: 10 }]);
  });

  it('holds the stock when two tabs add at once', async () => {
    const { user } = await loginAs(s);
    const tabs = [await tokenFor(s, user), await tokenFor(s, user)].map((t) => ({ authorization: `Bearer ${t}` }));
    const p = await sized({ m: 3 });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => add(tabs[i % 2]!, { productId: p.id, size: 'm', quantity: 2 })));
    expect(results.filter((r) => r.statusCode < 300)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await stored(p.id)).toEqual([{ size: 'm', color: null, quantity: 2 }]);
  });
});

describe('PATCH /api/cart/update', () => {
  it('sets the quantity of a line', async () => {
    const h = await shopper();
    const p = await sized({ s: 5 });
    const cartId = (await add(h, { productId: p.id, size: 's' })).json().data.cartId;
    const res = await call('PATCH', 'cart/update', h, { cartId, productId: p.id, quantity: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Cart updated');
    expect(expectContract(cartSummary, res.json()).cartProducts[0]!.quantity).toBe(4);
  });

  it('refuses quantities outside 1 to 10 and past the stock', async () => {
    const h = await shopper();
    const p = await sized({ s: 5 });
    const cartId = (await add(h, { productId: p.id, size: 's' })).json().data.cartId;
    const expectRefusal = async (quantity: unknown, status: number, message: string) => {
      const res = await call('PATCH', 'cart/update', h, { cartId, productId: p.id, quantity });
      expect(res.statusCode, String(quantity)).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await expectRefusal(11, 400, 'Quantity cannot be more than 10');
    await expectRefusal(0, 400, 'Quantity cannot be less than 1');
    await expectRefusal(6, 409, 'Only 5 left in stock');
    expect(await stored(p.id)).toEqual([{ size: 's', color: null, quantity: 1 }]);
  });

  it('lets a line above the stock step down', async () => {
    const h = await shopper();
    const p = await sized({ s: 8 });
    const cartId = (await add(h, { productId: p.id, size: 's', quantity: 8 })).json().data.cartId;
    await s.db.update(productSizes).set({ quantity: 3 }).where(eq(productSizes.productId, p.id));
    expect((await call('PATCH', 'cart/update', h, { cartId, quantity: 5 })).statusCode).toBe(200);
    expect((await call('PATCH', 'cart/update', h, { cartId, quantity: 6 })).statusCode).toBe(409);
    expect(await stored(p.id)).toEqual([{ size: 's', color: null, quantity: 5 }]);
  });

  it('answers 404 for another user’s line or another product', async () => {
    const mine = await shopper();
    const theirs = await shopper();
    const p = await sized({ s: 5 });
    const cartId = (await add(mine, { productId: p.id, size: 's' })).json().data.cartId;
    const other = await call('PATCH', 'cart/update', theirs, { cartId, productId: p.id, quantity: 3 });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('This item is no longer in your cart');
    expect((await call('PATCH', 'cart/update', mine, { cartId, productId: randomUUID(), quantity: 3 })).statusCode).toBe(404);
    expect((await call('PATCH', 'cart/update', mine, { cartId: 'nope', quantity: 3 })).statusCode).toBe(400);
    expect(await stored(p.id)).toEqual([{ size: 's', color: null, quantity: 1 }]);
  });
});

describe('DELETE /api/cart/delete', () => {
  it('removes a line and answers the cart', async () => {
    const h = await shopper();
    const p = await sized();
    const cartId = (await add(h, { productId: p.id, size: 's' })).json().data.cartId;
    const res = await call('DELETE', 'cart/delete', h, { cartId, productId: p.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Product removed from cart', data: { cartProducts: [] } });
    expect((await call('DELETE', 'cart/delete', h, { cartId })).statusCode).toBe(404);
  });

  it('never removes another user’s line', async () => {
    const mine = await shopper();
    const p = await sized();
    const cartId = (await add(mine, { productId: p.id, size: 's' })).json().data.cartId;
    const res = await call('DELETE', 'cart/delete', await shopper(), { cartId });
    expect(res.statusCode).toBe(404);
    expect(await stored(p.id)).toHaveLength(1);
  });
});

describe('increment, decrement and remove by product id', () => {
  it('steps a line up to 10 and refuses the 11th', async () => {
    const h = await shopper();
    const p = await freeSize(50);
    await add(h, { productId: p.id, quantity: 9 });
    const up = await call('PATCH', `cart/increment/${p.id}`, h);
    expect(up.statusCode).toBe(200);
    expect(expectContract(cartSummary, up.json()).cartProducts[0]!.quantity).toBe(10);
    const over = await call('PATCH', `cart/increment/${p.id}`, h);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Cant add more than 10 quantities');
  });

  it('stops at the stock of the size', async () => {
    const h = await shopper();
    const p = await sized({ s: 5, m: 2 });
    await add(h, { productId: p.id, size: 'm' });
    await add(h, { productId: p.id, size: 's' });
    expect((await call('PATCH', `cart/increment/${p.id}`, h, { size: 'm' })).statusCode).toBe(200);
    const over = await call('PATCH', `cart/increment/${p.id}`, h, { size: 'm' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Product is out of stock now');
    expect((await stored(p.id)).sort((a, b) => a.size!.localeCompare(b.size!))).toEqual([
      { size: 'm', color: null, quantity: 2 },
      { size: 's', color: null, quantity: 1 },
    ]);
  });

  it('asks which size when the product has several lines', async () => {
    const h = await shopper();
    const p = await sized({ s: 5, m: 5 });
    await add(h, { productId: p.id, size: 'm' });
    await add(h, { productId: p.id, size: 's' });
    const res = await call('PATCH', `cart/increment/${p.id}`, h);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select size');
    const c = await coloured();
    await add(h, { productId: c.id, color: 'Red' });
    await add(h, { productId: c.id, color: 'Green' });
    expect((await call('PATCH', `cart/decrement/${c.id}`, h)).json().message).toBe('Please select color');
    expect((await call('PATCH', `cart/increment/${c.id}`, h, { color: 'green' })).statusCode).toBe(200);
    expect((await stored(c.id)).find((l) => l.color === 'Green')?.quantity).toBe(2);
  });

  it('steps a line down but not below 1', async () => {
    const h = await shopper();
    const p = await sized();
    await add(h, { productId: p.id, size: 's', quantity: 2 });
    expect((await call('PATCH', `cart/decrement/${p.id}`, h, { size: 's' })).statusCode).toBe(200);
    const low = await call('PATCH', `cart/decrement/${p.id}`, h, { size: 's' });
    expect(low.statusCode).toBe(409);
    expect(low.json().message).toBe('Quantity cannot be less than 1');
    expect(await stored(p.id)).toEqual([{ size: 's', color: null, quantity: 1 }]);
  });

  it('removes a product’s line', async () => {
    const h = await shopper();
    const p = await sized();
    await add(h, { productId: p.id, size: 's' });
    await add(h, { productId: p.id, size: 'm' });
    const res = await call('DELETE', `cart/remove/${p.id}`, h, { size: 'm' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Product removed from cart');
    expect(await stored(p.id)).toEqual([{ size: 's', color: null, quantity: 1 }]);
  });

  it('answers 404 when the product is not in the caller’s cart', async () => {
    const mine = await shopper();
    const p = await sized();
    await add(mine, { productId: p.id, size: 's' });
    const other = await shopper();
    for (const [method, path] of [
      ['PATCH', 'increment'],
      ['PATCH', 'decrement'],
      ['DELETE', 'remove'],
    ] as const) {
      const res = await call(method, `cart/${path}/${p.id}`, other);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This item is no longer in your cart');
    }
    expect((await call('PATCH', `cart/increment/${p.id}`, mine, { size: 'm' })).statusCode).toBe(404);
    expect(await stored(p.id)).toEqual([{ size: 's', color: null, quantity: 1 }]);
  });
});

describe('GET /api/cart/count', () => {
  it('counts lines and pieces', async () => {
    const h = await shopper();
    expect(expectContract(cartCount, (await call('GET', 'cart/count', h)).json())).toEqual({ count: 0, quantity: 0 });
    const p = await sized();
    await add(h, { productId: p.id, size: 's', quantity: 3 });
    await add(h, { productId: p.id, size: 'm', quantity: 2 });
    expect((await call('GET', 'cart/count', h)).json().data).toEqual({ count: 2, quantity: 5 });
  });
});

describe('GET /api/cart/similarProducts', () => {
  it('suggests in-stock products of the cart’s subcategories, then categories, never those in the cart', async () => {
    const cat = await newCategory(s.db);
    const sub = await newSubcategory(s.db, cat.id);
    const otherSub = await newSubcategory(s.db, cat.id);
    const make = (over: Partial<Parameters<typeof newProduct>[1]>) => newProduct(s.db, { categoryId: cat.id, vendorId, ...over });
    const inCart = await make({ subcategoryId: sub.id });
    const sameSub = await make({ subcategoryId: sub.id });
    const sameCat = await make({ subcategoryId: otherSub.id });
    const soldOut = await make({ subcategoryId: sub.id, sizes: { s: 0 } });
    const hidden = await make({ subcategoryId: sub.id, isActive: false });
    const elsewhere = await newProduct(s.db, { categoryId, vendorId });
    const h = await shopper();
    expect((await call('GET', 'cart/similarProducts', h)).json().data).toEqual([]);
    await add(h, { productId: inCart.id, size: 's' });
    const res = await call('GET', 'cart/similarProducts', h);
    const ids = expectContract(z.array(productCard), res.json()).map((c) => c._id);
    expect(ids).toEqual([sameSub.id, sameCat.id]);
    expect(ids).not.toContain(soldOut.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(elsewhere.id);
  });
});

describe('POST /api/cart/shippingPrice', () => {
  it('gives free shipping', async () => {
    const h = await shopper();
    const p = await sized();
    await add(h, { productId: p.id, size: 's' });
    for (const body of [undefined, {}, { pincode: '110001' }, { pincode: 302001 }]) {
      const res = await call('POST', 'cart/shippingPrice', h, body);
      expect(res.statusCode).toBe(200);
      expect(expectContract(shippingPriceResult, res.json())).toEqual({ ShippingCharges: 0 });
    }
  });

  it('refuses a pincode outside the directory', async () => {
    const res = await call('POST', 'cart/shippingPrice', await shopper(), { pincode: '999999' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Delivery not available to this pincode.');
    expect((await call('POST', 'cart/shippingPrice', await shopper(), { pincode: '12' })).json().message).toBe('Please enter valid pincode');
  });
});

describe('POST /api/cart/bulkAdd', () => {
  it('merges the guest cart into existing lines and adds new ones', async () => {
    const h = await shopper();
    const a = await sized({ s: 5, m: 5 });
    const b = await coloured();
    const c = await freeSize(4);
    await add(h, { productId: a.id, size: 's', quantity: 1 });
    const res = await call('POST', 'cart/bulkAdd', h, {
      products: [
        { productId: a.id, size: 's', quantity: 2, isFreeSize: 'false', isColorOptions: 'false', name: 'ignored', uniqueId: 'x' },
        { productId: b.id, color: 'Red', quantity: 1, image: '/media/test/red-2.webp', isColorOptions: 'true', isFreeSize: 'false' },
        { productId: c.id, size: '', quantity: 2, isFreeSize: 'true' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = expectContract(cartBulkAddResult, res.json());
    expect(res.json().message).toBe('Your cart has been updated');
    expect(data.results.map((r) => [r.index, r.status, r.quantity, r.message])).toEqual([
      [0, 'merged', 3, null],
      [1, 'added', 1, null],
      [2, 'added', 2, null],
    ]);
    expect(data.cartProducts.map((l) => [l.productId._id, l.quantity, l.image === '/media/test/red-2.webp'])).toEqual([
      [a.id, 3, false],
      [b.id, 1, true],
      [c.id, 2, false],
    ]);
  });

  it('caps lines at 10 and at the stock, says which, and never fails the merge for one line', async () => {
    const h = await shopper();
    const ten = await sized({ s: 50 });
    const few = await sized({ m: 3 });
    const gone = await sized({ l: 0 });
    const fine = await freeSize(9);
    await add(h, { productId: ten.id, size: 's', quantity: 7 });
    const res = await call('POST', 'cart/bulkAdd', h, {
      products: [
        { productId: ten.id, size: 's', quantity: 5 },
        { productId: few.id, size: 'm', quantity: 5 },
        { productId: gone.id, size: 'l', quantity: 1 },
        { productId: few.id, quantity: 1 },
        { productId: randomUUID(), size: 's', quantity: 1 },
        { productId: 'junk' },
        'not an object',
        { productId: fine.id, quantity: 2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Some items were limited by the stock left or the limit of 10 per item');
    const { results } = expectContract(cartBulkAddResult, res.json());
    expect(results.map((r) => [r.status, r.requested, r.quantity, r.message])).toEqual([
      ['capped', 5, 10, 'Cant add more than 10 items'],
      ['capped', 5, 3, 'Only 3 left in stock'],
      ['skipped', 1, 0, 'Product is out of stock now'],
      ['skipped', 1, 0, 'Please select size'],
      ['skipped', 1, 0, 'Product not found'],
      ['skipped', null, 0, 'Invalid id'],
      ['skipped', null, 0, 'Missing product Id'],
      ['added', 2, 2, null],
    ]);
    expect(await stored(ten.id)).toEqual([{ size: 's', color: null, quantity: 10 }]);
    expect(await stored(few.id)).toEqual([{ size: 'm', color: null, quantity: 3 }]);
    expect(await stored(gone.id)).toEqual([]);
  });

  it('merges repeated guest lines of the same product and size', async () => {
    const h = await shopper();
    const p = await sized({ s: 5 });
    const res = await call('POST', 'cart/bulkAdd', h, {
      products: [
        { productId: p.id, size: 's', quantity: 3 },
        { productId: p.id, size: 'S', quantity: 3 },
      ],
    });
    expect(res.json().data.results.map((r: { status: string; quantity: number }) => [r.status, r.quantity])).toEqual([
      ['added', 3],
      ['capped', 5],
    ]);
  });

  it('never lowers a line already above the stock', async () => {
    const h = await shopper();
    const p = await sized({ s: 6 });
    await add(h, { productId: p.id, size: 's', quantity: 6 });
    await s.db.update(productSizes).set({ quantity: 2 }).where(eq(productSizes.productId, p.id));
    const res = await call('POST', 'cart/bulkAdd', h, { products: [{ productId: p.id, size: 's', quantity: 1 }] });
    expect(res.json().data.results[0]).toMatchObject({ status: 'skipped', quantity: 6, message: 'Product is out of stock now' });
    expect(await stored(p.id)).toEqual([{ size: 's', color: null, quantity: 6 }]);
  });

  it('refuses a body that is not a list of at most 50', async () => {
    const h = await shopper();
    expect((await call('POST', 'cart/bulkAdd', h, { products: 'x' })).statusCode).toBe(400);
    expect((await call('POST', 'cart/bulkAdd', h, {})).statusCode).toBe(400);
    const many = await call('POST', 'cart/bulkAdd', h, { products: Array.from({ length: 51 }, () => ({})) });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('Too many items to add at once');
    const empty = await call('POST', 'cart/bulkAdd', h, { products: [] });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.results).toEqual([]);
  });
});

describe('the service for orders', () => {
  it('reads a user’s lines with live prices and stock, locked in a transaction, and empties what was bought', async () => {
    const { user, headers } = await loginAs(s);
    const a = await sized({ s: 5 });
    const b = await freeSize(4);
    await add(headers, { productId: a.id, size: 's', quantity: 2 });
    await add(headers, { productId: b.id, quantity: 1 });
    await s.db.transaction(async (tx) => {
      const items = await readCart(tx, user.id, { lock: true });
      expect(items.map((i) => [i.productId, i.quantity, i.stock, i.product.offeredPrice, i.outOfStock])).toEqual([
        [a.id, 2, 5, 1500, false],
        [b.id, 1, 4, 400, false],
      ]);
      expect(await clearCart(tx, user.id, [items[0]!.id])).toBe(1);
    });
    expect((await readCart(s.db, user.id)).map((i) => i.productId)).toEqual([b.id]);
    expect(await clearCart(s.db, user.id)).toBe(1);
    expect(await readCart(s.db, user.id)).toEqual([]);
  });

  it('keeps the stored rows valid: 1 to 10 pieces, one kind of pick', async () => {
    const { user } = await loginAs(s);
    const p = await sized();
    await expect(s.db.insert(cartLines).values({ userId: user.id, productId: p.id, size: 's', quantity: 11 })).rejects.toThrow();
    await expect(s.db.insert(cartLines).values({ userId: user.id, productId: p.id, size: 's', color: 'Red', quantity: 1 })).rejects.toThrow();
    await s.db.insert(cartLines).values({ userId: user.id, productId: p.id, quantity: 1 });
    await expect(s.db.insert(cartLines).values({ userId: user.id, productId: p.id, quantity: 1 })).rejects.toThrow();
    await s.db.execute(sql`delete from cart_lines where user_id = ${user.id}`);
    // a colour renamed by its vendor leaves the line unbuyable rather than pointing at another colour
    const c = await coloured();
    const { headers } = await loginAs(s, {});
    await add(headers, { productId: c.id, color: 'Red' });
    await s.db.update(productColors).set({ color: 'Crimson' }).where(and(eq(productColors.productId, c.id), eq(productColors.color, 'Red')));
    expect((await cart(headers)).cartProducts[0]).toMatchObject({ color: 'Red', availableQuantity: 0, outOfStock: true });
  });
});

describe('the API document', () => {
  it('lists the cart, wishlist and address calls with their methods', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const methods = (p: string) => Object.keys(doc.paths[p] ?? {}).sort();
    expect(methods('/api/cart')).toEqual(['get']);
    expect(methods('/api/cart/add')).toEqual(['post']);
    expect(methods('/api/cart/update')).toEqual(['patch']);
    expect(methods('/api/cart/delete')).toEqual(['delete']);
    expect(methods('/api/cart/count')).toEqual(['get']);
    expect(methods('/api/cart/similarProducts')).toEqual(['get']);
    expect(methods('/api/cart/bulkAdd')).toEqual(['post']);
    expect(methods('/api/cart/shippingPrice')).toEqual(['post']);
    expect(methods('/api/cart/increment/{productId}')).toEqual(['patch']);
    expect(methods('/api/cart/decrement/{productId}')).toEqual(['patch']);
    expect(methods('/api/cart/remove/{productId}')).toEqual(['delete']);
    expect(methods('/api/user/wishlist')).toEqual(['get', 'patch', 'post']);
    expect(methods('/api/user/wishlist/bulkAdd')).toEqual(['post']);
    expect(methods('/api/address')).toEqual(['get', 'post']);
    expect(methods('/api/address/{id}')).toEqual(['delete', 'get', 'patch']);
  });
});
