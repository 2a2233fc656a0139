import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG, MSG, tempProductOut } from '@statewise/contract';
import { orderLines, vendors } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newSubcategory, newVendor, unique } from '../../test/factories.ts';
import { anAddress, buyNow, post } from '../../test/orders.ts';
import { createChat, storeMessage } from './service.ts';
import { isVendorsTempProduct } from './temp-products.ts';

let s: TestServer;
type Headers = Record<string, string>;
type FilePart = { field: string; data: Buffer; filename?: string; type?: string };
let png: Buffer;
let category: { id: string };
let combo: { id: string };

function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----statewise${unique()}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename ?? 'photo.png'}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function create(headers: Headers, fields: Record<string, string>, images = 1) {
  const form = multipart(
    fields,
    Array.from({ length: images }, () => ({ field: 'images', data: png })),
  );
  const res = await s.app.inject({ method: 'POST', url: '/api/temp-product', headers: { ...headers, 'content-type': form.contentType }, payload: form.payload });
  return { status: res.statusCode, body: res.json() };
}

const good = () => ({ name: 'Bridal set: saree and dupatta', price: '5000', tax: '12', offeredPrice: '4200', numberOfProducts: '2', size: 'Free', color: 'Maroon', categoryId: category.id });

async function aVendor() {
  const vendor = await newVendor(s.db);
  return { vendor, headers: await authHeader(s, vendor.user) };
}

beforeAll(async () => {
  s = await createTestServer();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8e44ad' } }).png().toBuffer();
  category = await newCategory(s.db, { gstRate: 5, hsnCode: '5007' });
  combo = await newCategory(s.db, { name: 'Combo', slug: 'combo', isHidden: true });
});
afterAll(() => s.close());

describe('POST temp-product', () => {
  it('makes a chat product with its pictures, works out the discount, and lists it for its vendor', async () => {
    const { headers } = await aVendor();
    const sub = await newSubcategory(s.db, category.id);
    const res = await create(headers, { ...good(), subcategoryId: sub.id }, 2);
    expect(res.status).toBe(201);
    const product = expectContract(tempProductOut, res.body);
    expect(product).toMatchObject({ name: 'Bridal set: saree and dupatta', price: 5000, offeredPrice: 4200, discount: 16, tax: 12, numberOfProducts: 2, size: 'Free', color: 'Maroon', isCombo: false });
    expect(product.subcategoryId?._id).toBe(sub.id);
    expect(product.images).toHaveLength(2);
    expect(product.images[0]).toMatch(/^\/uploads\/chat-products\//);

    const list = await s.app.inject({ method: 'GET', url: '/api/temp-product/products', headers });
    expect(list.json().data.map((p: { _id: string }) => p._id)).toEqual([product._id]);
  });

  it('marks a product of the Combo category as a combo, and takes the offered price from a discount', async () => {
    const { headers } = await aVendor();
    const res = await create(headers, { name: 'Three dupattas', price: '3000', tax: '5', discount: '10', categoryId: combo.id, numberOfProducts: '3' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ isCombo: true, offeredPrice: 2700, discount: 10, numberOfProducts: 3 });
  });

  it.each([
    [{ name: '' }, CHAT_MSG.tpNameRequired],
    [{ price: '' }, CHAT_MSG.tpPriceRequired],
    [{ price: 'abc' }, CHAT_MSG.tpPriceRequired],
    [{ tax: '' }, CHAT_MSG.tpTaxRequired],
    [{ tax: '101' }, CHAT_MSG.tpTaxRange],
    [{ tax: '-1' }, CHAT_MSG.tpTaxRange],
    [{ categoryId: '' }, CHAT_MSG.tpCategoryRequired],
    [{ categoryId: '00000000-0000-4000-8000-000000000000' }, CHAT_MSG.tpCategoryUnknown],
    [{ offeredPrice: '6000' }, CHAT_MSG.tpOfferedPriceHigh],
    [{ subcategoryId: '00000000-0000-4000-8000-000000000000' }, CHAT_MSG.tpSubcategoryMismatch],
  ])('refuses %o with “%s” (400)', async (change, message) => {
    const { headers } = await aVendor();
    const res = await create(headers, { ...good(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('asks for 1 to 5 pictures of 5 MB at most, in the spec’s words', async () => {
    const { headers } = await aVendor();
    const none = await create(headers, good(), 0);
    expect(none).toMatchObject({ status: 400, body: { message: CHAT_MSG.tpImagesRequired } });
    const six = await create(headers, good(), 6);
    expect(six).toMatchObject({ status: 400, body: { message: CHAT_MSG.tpImagesMax } });
    const form = multipart(good(), [{ field: 'images', data: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) }]);
    const big = await s.app.inject({ method: 'POST', url: '/api/temp-product', headers: { ...headers, 'content-type': form.contentType }, payload: form.payload });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(CHAT_MSG.tpImageTooLarge);
  });

  it('is for vendors only (403 for a shopper, 401 for a guest)', async () => {
    const shopper = await loginAs(s);
    expect((await create(shopper.headers, good())).status).toBe(403);
    expect((await create({}, good())).status).toBe(401);
    expect((await s.app.inject({ method: 'GET', url: '/api/temp-product/products', headers: shopper.headers })).statusCode).toBe(403);
  });
});

describe('GET temp-product/extra-categories', () => {
  it('gives vendors the Combo category that category/list leaves out', async () => {
    const { headers } = await aVendor();
    const res = await s.app.inject({ method: 'GET', url: '/api/temp-product/extra-categories', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ _id: combo.id, name: 'Combo', slug: 'combo' }]);
    const listed = (await s.app.inject({ method: 'POST', url: '/api/category/list', payload: {} })).json().data as { _id: string }[];
    expect(listed.map((c) => c._id)).not.toContain(combo.id);
    const shopper = await loginAs(s);
    expect((await s.app.inject({ method: 'GET', url: '/api/temp-product/extra-categories', headers: shopper.headers })).statusCode).toBe(403);
  });
});

describe('PATCH temp-product/edit-product/{id}', () => {
  it('edits name, price, tax, offered price, size and colour of the vendor’s own product', async () => {
    const { headers } = await aVendor();
    const made = (await create(headers, good())).body.data;
    const res = await s.app.inject({
      method: 'PATCH',
      url: `/api/temp-product/edit-product/${made._id}`,
      headers,
      payload: { name: 'Bridal set (new)', price: '4800', tax: '5', offeredPrice: '4000', size: 'M', color: 'Red' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Bridal set (new)', price: 4800, tax: 5, offeredPrice: 4000, size: 'M', color: 'Red', discount: 17 });
  });

  it('edits the number of products and the discount, and keeps the number when it is left out', async () => {
    const { headers } = await aVendor();
    const made = (await create(headers, { name: 'Three dupattas', price: '3000', tax: '5', categoryId: combo.id, numberOfProducts: '3' })).body.data;
    const edit = (payload: object) => s.app.inject({ method: 'PATCH', url: `/api/temp-product/edit-product/${made._id}`, headers, payload });
    const changed = await edit({ name: 'Four dupattas', price: '4000', tax: '5', discount: '25', numberOfProducts: '4' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ numberOfProducts: 4, discount: 25, offeredPrice: 3000, isCombo: true });
    const kept = await edit({ name: 'Four dupattas', price: '4200', tax: '5' });
    expect(kept.json().data).toMatchObject({ numberOfProducts: 4, discount: 25, offeredPrice: 3150 });
    const bad = await edit({ name: 'Four dupattas', price: '4200', tax: '5', numberOfProducts: '0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CHAT_MSG.tpNumberInvalid);
  });

  it('requires name, price and tax; 404 for an unknown product and 403 for another vendor’s', async () => {
    const { headers } = await aVendor();
    const made = (await create(headers, good())).body.data;
    const edit = (h: Headers, id: string, payload: object) => s.app.inject({ method: 'PATCH', url: `/api/temp-product/edit-product/${id}`, headers: h, payload });
    expect((await edit(headers, made._id, { price: '100', tax: '5' })).json().message).toBe(CHAT_MSG.tpNameRequired);
    expect((await edit(headers, made._id, { name: 'x', tax: '5' })).json().message).toBe(CHAT_MSG.tpPriceRequired);
    expect((await edit(headers, made._id, { name: 'x', price: '100' })).json().message).toBe(CHAT_MSG.tpTaxRequired);
    expect((await edit(headers, '00000000-0000-4000-8000-000000000000', { name: 'x', price: '100', tax: '5' })).statusCode).toBe(404);
    const other = await aVendor();
    expect((await edit(other.headers, made._id, { name: 'x', price: '100', tax: '5' })).statusCode).toBe(403);
  });
});

describe('buying a chat product', () => {
  /** A vendor's chat product sent as a card to a shopper. */
  async function offered() {
    const { vendor, headers: vendorHeaders } = await aVendor();
    const product = (await create(vendorHeaders, good())).body.data;
    const shopper = await loginAs(s);
    const { chat } = await createChat(s.db, { id: shopper.user.id, role: 'user' }, vendor.userId);
    const checks = { isChatImage: () => false, isVendorsTempProduct: (id: string, v: string) => isVendorsTempProduct(s.db, id, v) };
    const card = await storeMessage(s.db, chat, vendor.userId, { msgType: 'product', productId: product._id }, checks);
    return { vendor, vendorHeaders, product, shopper, chat, card };
  }

  it('shows the card in the chat with the product, and the shopper buys it with buy-now; the order line and invoice carry it', async () => {
    const { product, shopper, chat, vendor } = await offered();
    const messages = await post(s, `/chat/messages/${chat.id}`, {}, shopper.headers);
    expect(messages.body.data.messages[0]).toMatchObject({ msgType: 'product', productId: { _id: product._id, offeredPrice: 4200, numberOfProducts: 2 } });

    const res = await buyNow(s, shopper.headers, { productId: product._id }, { isTempProduct: 'true', tempProductId: product._id, paymentMode: 'cod', address: anAddress() });
    expect(res.status).toBe(201);
    const [line] = await s.db.select().from(orderLines).where(and(eq(orderLines.isTempProduct, true), eq(orderLines.tempProductId, product._id)));
    expect(line).toMatchObject({ productId: null, vendorId: vendor.userId, name: product.name, price: 4200, mrp: 5000, gstRate: 12, hsnCode: '5007', quantity: 1, isTempProduct: true, tempProductId: product._id });

    const orderId = line!.orderId;
    const detail = await s.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: shopper.headers });
    expect(JSON.stringify(detail.json())).toContain(product._id);
    const invoice = await s.app.inject({ method: 'POST', url: `/api/order/invoice/${orderId}`, headers: shopper.headers, payload: { productId: product._id } });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toContain('application/pdf');
  });

  it('sells a chat product only to the shopper it was offered to (404 for others), and never to a guest (400)', async () => {
    const { product } = await offered();
    const stranger = await loginAs(s);
    const res = await buyNow(s, stranger.headers, { productId: product._id }, { isTempProduct: true, tempProductId: product._id, paymentMode: 'cod' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.productNotFound);
    const guest = await post(s, '/order/create/guest-buy-now', { address: anAddress(), paymentMode: 'online', productId: product._id, isTempProduct: true, tempProductId: product._id, guestToken: 'x' });
    expect(guest.status).toBe(400);
  });

  it('does not sell a chat product while its vendor’s store is suspended (409), nor open new chats with it (404)', async () => {
    const { product, shopper, vendor } = await offered();
    await s.db.update(vendors).set({ suspendedAt: new Date(), suspendedReason: 'test', suspensionCause: 'admin' }).where(eq(vendors.userId, vendor.userId));
    const res = await buyNow(s, shopper.headers, { productId: product._id }, { isTempProduct: true, tempProductId: product._id, paymentMode: 'cod' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.productStoreUnavailable);
    const other = await loginAs(s);
    expect((await post(s, '/chat/create', { vendorId: vendor.userId }, other.headers)).status).toBe(404);
  });

  it('lets only the vendor send its own chat product as a card', async () => {
    const { product, shopper, chat } = await offered();
    const checks = { isChatImage: () => false, isVendorsTempProduct: (id: string, v: string) => isVendorsTempProduct(s.db, id, v) };
    await expect(storeMessage(s.db, chat, shopper.user.id, { msgType: 'product', productId: product._id }, checks)).rejects.toMatchObject({ status: 403 });
    const other = await aVendor();
    const theirs = (await create(other.headers, good())).body.data;
    await expect(storeMessage(s.db, chat, chat.vendorId, { msgType: 'product', productId: theirs._id }, checks)).rejects.toMatchObject({ status: 400 });
  });
});
