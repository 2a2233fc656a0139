import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@statewise/contract';
import { addresses, chatMessages, communityComments, communityPosts, contactRequests, reviews, tempProducts, users } from '../db/schema/index.ts';
import { createChat } from '../modules/chat/service.ts';
import { createTestServer, type TestServer } from '../test/app.ts';
import { authHeader, loginAs } from '../test/auth.ts';
import { newCategory, newProduct, newUser, newVendor, unique } from '../test/factories.ts';

/**
 * PostgreSQL cannot store U+0000 in text; before one refusal for every route, a NUL anywhere in the input reached
 * a query and answered 500. Each call below plays a different caller (its own address) with a NUL in one place.
 */
let s: TestServer;
type Headers = Record<string, string>;
let shopper: Headers;
let vendor: Headers;
let admin: Headers;
let productSlug: string;
let productId: string;
let postId: string;
let categoryId: string;
let address = 1;

const NUL = '\u0000';

function form(fields: Record<string, string>) {
  const boundary = `----statewise${unique()}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function send(method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers = {}, body?: unknown) {
  const res = await s.app.inject({
    method,
    url,
    headers: { ...headers, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
    remoteAddress: `203.0.113.${address++ % 250}`,
    ...(body === undefined ? {} : { payload: body as string }),
  });
  return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : res.body };
}

async function stored() {
  const tables = [addresses, communityComments, communityPosts, contactRequests, reviews, tempProducts, users] as const;
  return Promise.all(tables.map(async (t) => (await s.db.select({ n: count() }).from(t))[0]!.n));
}

beforeAll(async () => {
  s = await createTestServer();
  const category = await newCategory(s.db);
  categoryId = category.id;
  const v = await newVendor(s.db);
  vendor = await authHeader(s, v.user);
  const product = await newProduct(s.db, { vendorId: v.userId, categoryId: category.id });
  productSlug = product.slug;
  productId = product.id;
  shopper = (await loginAs(s)).headers;
  admin = await authHeader(s, await newUser(s.db, { role: 'admin' }));
  const post = await s.app.inject({ method: 'POST', url: '/api/community/post/user', headers: shopper, payload: { description: 'Looking for a Kanjeevaram saree' } });
  expect(post.statusCode).toBe(201);
  postId = post.json().data._id;
});
afterAll(() => s.close());

describe('a NUL character in the address', () => {
  it.each([
    ['a product by slug', () => `/api/product/${productSlug}%00`],
    ['a store by slug', () => '/api/vendor/slug/some-store%00'],
    ['a subcategory list by category slug', () => '/api/subcategory/category/sarees%00x'],
    ['a pincode', () => '/api/pincode/11000%00'],
    ['the product page of the web app', () => `/product/${productSlug}%00`],
  ])('is refused with 400 on %s', async (_name, url) => {
    const res = await send('GET', url());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: MSG.nulCharacter });
  });

  const queries: [string, () => [string, Headers]][] = [
    ['the admin user search', () => ['/api/admin/users?q=asha%00', admin]],
    ['the vendor product search', () => ['/api/vendor/my-products?search=%00', vendor]],
    ['the review list', () => [`/api/reviews/${productId}?sort=%00`, {}]],
    ['the catalogue listing of the web app', () => ['/products?search=sa%00ree', {}]],
  ];
  it.each(queries)('is refused with 400 in the query of %s', async (_name, given) => {
    const [url, headers] = given();
    const res = await send('GET', url, headers);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: MSG.nulCharacter });
  });
});

describe('a NUL character in a JSON body', () => {
  const cases: [string, string, () => Headers, () => Record<string, unknown>, string][] = [
    ['password login', '/api/auth/password-login', () => ({}), () => ({ type: 'email', email: `a${NUL}@example.com`, password: 'Secret@123' }), 'email'],
    ['registration', '/api/auth/register', () => ({}), () => ({ firstname: `Asha${NUL}`, lastname: 'Rao', email: 'asha@example.com', mobile: '9876543210', password: 'Secret@123' }), 'firstname'],
    ['search suggestions', '/api/product/search-sugggestion', () => ({}), () => ({ search: `saree${NUL}` }), 'search'],
    ['the product listing', '/api/product/list', () => ({}), () => ({ search: `saree${NUL}`, page: 1 }), 'search'],
    [
      'a new address',
      '/api/address',
      () => shopper,
      () => ({ firstName: 'Asha', lastName: 'Rao', mobile: '9876543210', streetAddress: `12 MG Road${NUL}`, pincode: '110001', city: 'Delhi', state: 'Delhi' }),
      'streetAddress',
    ],
    ['a review', '/api/reviews', () => shopper, () => ({ productId, rating: 5, review: `Lovely${NUL}` }), 'review'],
    ['a community query', '/api/community/post/user', () => shopper, () => ({ description: `Need a saree${NUL}` }), 'description'],
    ['a comment', '/api/community/post/comments/:postId', () => vendor, () => ({ comment: `We have one${NUL}` }), 'comment'],
    ['the contact form', '/api/user/contactUs', () => ({}), () => ({ fullName: 'Asha', email: 'asha@example.com', subject: 'Other', description: `Hello${NUL}` }), 'description'],
    ['a chat', '/api/chat/create', () => shopper, () => ({ vendorId: `x${NUL}` }), 'vendorId'],
    ['a nested list', '/api/cart/bulkAdd', () => shopper, () => ({ products: [{ productId, quantity: 1, size: `m${NUL}` }] }), 'products.0.size'],
  ];

  it.each(cases)('is refused with 400 by %s, naming the field, and nothing is stored', async (_name, path, headers, body, field) => {
    const before = await stored();
    // written as JSON text: the NUL is the escape \u0000, as a client sends it
    const text = JSON.stringify(body());
    expect(text).toContain('\\u0000');
    const res = await send('POST', path.replace(':postId', () => postId), headers(), text);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: MSG.nulCharacter, errors: { [field]: MSG.nulCharacter } });
    expect(await stored()).toEqual(before);
  });

  it('is refused in a property name too', async () => {
    const res = await send('PATCH', '/api/user', shopper, JSON.stringify({ [`firstname${NUL}`]: 'Asha' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.nulCharacter);
  });

  it('leaves an escaped backslash followed by u0000 alone (that is text, not a NUL)', async () => {
    const res = await send('POST', '/api/product/search-sugggestion', {}, JSON.stringify({ search: 'saree \\u0000' }));
    expect(res.status).toBe(200);
  });
});

describe('a NUL character in a form field', () => {
  it('is refused with 400 by the chat product form, and nothing is stored', async () => {
    const before = await stored();
    const f = form({ name: `Bridal set${NUL}`, price: '5000', tax: '12', categoryId });
    const res = await s.app.inject({ method: 'POST', url: '/api/temp-product', headers: { ...vendor, 'content-type': f.contentType }, payload: f.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: MSG.nulCharacter, errors: { name: MSG.nulCharacter } });
    expect(await stored()).toEqual(before);
  });

  it('is refused with 400 by the community query form', async () => {
    const f = form({ description: `Need a lehenga${NUL}` });
    const res = await s.app.inject({ method: 'POST', url: '/api/community/post/user', headers: { ...shopper, 'content-type': f.contentType }, payload: f.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.nulCharacter);
  });
});

describe('a NUL character in a chat socket event', () => {
  it('is refused with 400 and the message is not stored', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as AddressInfo;
    const someone = await loginAs(s);
    const seller = await newVendor(s.db);
    const { chat } = await createChat(s.db, { id: someone.user.id, role: 'user' }, seller.userId);
    const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], auth: { token: someone.token }, reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const ack = await socket.timeout(5000).emitWithAck('send_message', { chatId: chat.id, message: `Hello${NUL}`, clientId: unique() });
      expect(ack).toEqual({ ok: false, status: 400, message: MSG.nulCharacter });
      expect(await s.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
    } finally {
      socket.disconnect();
    }
  });
});
