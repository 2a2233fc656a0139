import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOverview, adminStore, adminStoreList, MSG, vendorDetails, vendorSuspension } from '@statewise/contract';
import { auditLog, products } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newProduct, unique } from '../../test/factories.ts';
import { anAddress, newShop } from '../../test/orders.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

type Headers = Record<string, string>;
const call = async (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: unknown) => {
  const res = await s.app.inject({ method, url: `/api/${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json() };
};
const admin = async () => (await loginAs(s, { role: 'admin' })).headers;

/** A store with one sized product of a unique name. */
async function shopWithProduct() {
  const word = `Zardozi${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const shop = await newShop(s, { name: `${word} Potli Bag`, sizes: { m: 5 } });
  return { ...shop, word };
}

const listed = async (word: string) => (await call('POST', 'product/list', {}, { search: word })).body.data.products.map((p: { name: string }) => p.name);
const suggested = async (word: string) => (await call('POST', 'product/search-sugggestion', {}, { search: word.toLowerCase() })).body.data.map((p: { name: string }) => p.name);

describe('who may suspend and restore stores', () => {
  it('answers 401 to a guest and 403 to a user and a vendor, changing nothing', async () => {
    const shop = await newShop(s);
    const user = (await loginAs(s)).headers;
    const vendor = (await loginAs(s, { role: 'vendor' })).headers;
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', 'admin/stores'],
      ['POST', `admin/stores/${shop.vendor.vendor.id}/suspend`, { reason: 'Fake goods' }],
      ['POST', `admin/stores/${shop.vendor.vendor.id}/restore`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, {}, body)).status, `${url} as a guest`).toBe(401);
      expect((await call(method, url, user, body)).status, `${url} as a user`).toBe(403);
      expect((await call(method, url, vendor, body)).status, `${url} as a vendor`).toBe(403);
    }
    expect((await call('GET', 'vendor/suspension', user)).status).toBe(403);
    const [p] = await s.db.select().from(products).where(eq(products.id, shop.product.id));
    expect(p!.isActive).toBe(true);
  });
});

describe('POST admin/stores/{id}/suspend and restore', () => {
  it('takes a store’s products off every public list, page, cart and checkout, says why, and brings them all back', async () => {
    const h = await admin();
    const { vendor, product, word } = await shopWithProduct();
    const buyer = (await loginAs(s)).headers;
    // a cart line added while the store was live
    expect((await call('POST', 'cart/add', buyer, { productId: product.id, size: 'm', quantity: 1 })).status).toBe(201);
    expect(await listed(word)).toEqual([`${word} Potli Bag`]);
    expect(await suggested(word)).toContain(`${word} Potli Bag`);

    const res = await call('POST', `admin/stores/${vendor.vendor.id}/suspend`, h, { reason: 'Selling counterfeit Banarasi silk' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(MSG.storeSuspended);
    expect(expectContract(adminStore, res.body)).toMatchObject({ state: 'suspended', suspendedReason: 'Selling counterfeit Banarasi silk', suspensionCause: 'admin', productsCount: 1 });

    // gone from the listing, search, suggestions and the store's grid
    expect(await listed(word)).toEqual([]);
    expect(await suggested(word)).not.toContain(`${word} Potli Bag`);
    const grid = await call('POST', 'vendor/products/list', {}, { userId: vendor.userId });
    expect(grid.status).toBe(200);
    expect(grid.body.data.products).toEqual([]);
    // the product page is an honest 404
    const page = await call('GET', `product/${product.slug}`);
    expect(page.status).toBe(404);
    expect(page.body.message).toBe(MSG.productStoreUnavailable);
    // the store page says it is unavailable; the directory leaves it out
    const store = await call('GET', `vendor/slug/${vendor.vendor.slug}`);
    expect(store.status).toBe(200);
    expect(expectContract(vendorDetails, store.body)).toMatchObject({ suspended: true, bio: '', policy: '' });
    const dir = await call('POST', 'admin/vendors', {}, { search: vendor.vendor.brandName });
    expect(dir.body.data.vendors).toEqual([]);
    // cannot be added to a cart, and the line already in one cannot be checked out
    const add = await call('POST', 'cart/add', (await loginAs(s)).headers, { productId: product.id, size: 'm', quantity: 1 });
    expect(add.status).toBe(409);
    expect(add.body.message).toBe(MSG.productStoreUnavailable);
    const line = (await call('GET', 'cart', buyer)).body.data;
    expect(JSON.stringify(line)).toContain('"storeUnavailable":true');
    const buyNow = await call('POST', 'order/create/buyNow', (await loginAs(s)).headers, { address: anAddress(), paymentMode: 'cod', productId: product.id, size: 'm', quantity: 1 });
    expect(buyNow.status).toBe(409);
    expect(buyNow.body.message).toBe(MSG.productStoreUnavailable);
    const checkout = await call('POST', 'order/create', buyer, { address: anAddress(), paymentMode: 'cod', isWalletUse: 'false' });
    expect(checkout.status).toBe(409);
    expect(checkout.body.message).toBe(MSG.productStoreUnavailable);
    const audit = await s.db.select().from(auditLog).where(and(eq(auditLog.entity, 'vendor'), eq(auditLog.entityId, vendor.vendor.id)));
    expect(audit.map((a) => a.action)).toEqual(['suspend']);
    expect(audit[0]!.detail).toMatchObject({ reason: 'Selling counterfeit Banarasi silk', productsHeld: 1 });

    const back = await call('POST', `admin/stores/${vendor.vendor.id}/restore`, h);
    expect(back.status, back.body.message).toBe(200);
    expect(back.body.data).toMatchObject({ state: 'live', suspendedReason: null });
    expect(await listed(word)).toEqual([`${word} Potli Bag`]);
    expect((await call('GET', `product/${product.slug}`)).status).toBe(200);
    expect((await call('GET', `vendor/slug/${vendor.vendor.slug}`)).body.data.suspended).toBeUndefined();
    expect((await call('POST', 'vendor/products/list', {}, { userId: vendor.userId })).body.data.products).toHaveLength(1);
    const ordered = await call('POST', 'order/create', buyer, { address: anAddress(), paymentMode: 'cod', isWalletUse: 'false' });
    expect(ordered.status, ordered.body.message).toBe(201);
  });

  it('shows the vendor the reason in its console, and keeps the vendor’s own publish choices through the suspension', async () => {
    const h = await admin();
    const shop = await newShop(s, { sizes: { m: 5 } });
    const second = await newProduct(s.db, { categoryId: shop.category.id, vendorId: shop.vendor.userId, sizes: { m: 2 } });
    const draft = await newProduct(s.db, { categoryId: shop.category.id, vendorId: shop.vendor.userId, sizes: { m: 2 }, isActive: false });
    const vh = await authHeader(s, shop.vendor.userId);
    expect(expectContract(vendorSuspension, (await call('GET', 'vendor/suspension', vh)).body)).toEqual({ suspended: false, suspendedAt: null, reason: null });

    expect((await call('POST', `admin/stores/${shop.vendor.vendor.id}/suspend`, h, { reason: 'GST details under review' })).status).toBe(200);
    const banner = (await call('GET', 'vendor/suspension', vh)).body.data;
    expect(banner).toMatchObject({ suspended: true, reason: 'GST details under review' });
    // the console still shows the vendor's choices
    const mine = (await call('GET', 'vendor/my-products?status=published', vh)).body.data;
    expect(mine.products.map((p: { _id: string }) => p._id).sort()).toEqual([shop.product.id, second.id].sort());
    // while suspended: unpublishing a held product ends its hold; publishing a draft holds it instead
    expect((await call('POST', `vendor/my-products/${second.id}/unpublish`, vh)).status).toBe(200);
    expect((await call('POST', `vendor/my-products/${draft.id}/publish`, vh)).status).toBe(200);
    const [heldDraft] = await s.db.select().from(products).where(eq(products.id, draft.id));
    expect(heldDraft).toMatchObject({ isActive: false, heldBySuspension: true });

    expect((await call('POST', `admin/stores/${shop.vendor.vendor.id}/restore`, h)).status).toBe(200);
    const rows = await s.db.select({ id: products.id, isActive: products.isActive, held: products.heldBySuspension }).from(products).where(eq(products.vendorId, shop.vendor.userId));
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[shop.product.id]).toMatchObject({ isActive: true, held: false });
    expect(byId[second.id]).toMatchObject({ isActive: false, held: false });
    expect(byId[draft.id]).toMatchObject({ isActive: true, held: false });
  });

  it('refuses a missing or long reason (400), a second suspension and a restore of a live store (409), an unknown store (404)', async () => {
    const h = await admin();
    const shop = await newShop(s);
    const id = shop.vendor.vendor.id;
    const empty = await call('POST', `admin/stores/${id}/suspend`, h, { reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG.suspendReasonRequired);
    expect((await call('POST', `admin/stores/${id}/suspend`, h, {})).status).toBe(400);
    expect((await call('POST', `admin/stores/${id}/suspend`, h, { reason: 'x'.repeat(301) })).body.message).toBe(MSG.suspendReasonTooLong);
    const live = await call('POST', `admin/stores/${id}/restore`, h);
    expect(live.status).toBe(409);
    expect(live.body.message).toBe(MSG.storeNotSuspended);
    expect((await call('POST', `admin/stores/${id}/suspend`, h, { reason: 'Late dispatches' })).status).toBe(200);
    const twice = await call('POST', `admin/stores/${id}/suspend`, h, { reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MSG.storeAlreadySuspended);
    const unknown = await call('POST', 'admin/stores/00000000-0000-4000-8000-000000000000/suspend', h, { reason: 'x' });
    expect(unknown.status).toBe(404);
    expect((await call('POST', 'admin/stores/not-an-id/restore', h)).status).toBe(400);
  });
});

describe('GET admin/stores', () => {
  it('finds a store by brand or slug, filters live and suspended ones, and the overview counts suspended stores', async () => {
    const h = await admin();
    const tag = unique();
    const a = await newShop(s);
    await s.db.execute(sql`update vendors set brand_name = ${`Phulkari ${tag}`} where id = ${a.vendor.vendor.id}`);
    const before = expectContract(adminOverview, (await call('GET', 'admin/overview', h)).body);
    const found = expectContract(adminStoreList, (await call('GET', `admin/stores?q=${encodeURIComponent(`phulkari ${tag}`)}`, h)).body);
    expect(found.stores.map((x) => x._id)).toEqual([a.vendor.vendor.id]);
    expect(found.stores[0]).toMatchObject({ state: 'live', productsCount: 1, accountBlocked: false });
    await call('POST', `admin/stores/${a.vendor.vendor.id}/suspend`, h, { reason: 'Complaints' });
    expect((await call('GET', `admin/stores?q=${a.vendor.vendor.slug}&state=live`, h)).body.data.count).toBe(0);
    expect((await call('GET', `admin/stores?q=${a.vendor.vendor.slug}&state=suspended`, h)).body.data.stores[0].state).toBe('suspended');
    expect((await call('GET', 'admin/stores?state=closed', h)).status).toBe(400);
    const after = expectContract(adminOverview, (await call('GET', 'admin/overview', h)).body);
    expect(after.suspendedStores).toBe(before.suspendedStores + 1);
  });
});

describe('blocking a vendor’s account', () => {
  it('suspends its store with the account, and unblocking restores it', async () => {
    const h = await admin();
    const { vendor, product, word } = await shopWithProduct();
    expect((await call('POST', `admin/users/${vendor.userId}/block`, h, { reason: 'Fraud reports' })).status).toBe(200);
    expect(await listed(word)).toEqual([]);
    const [row] = (await call('GET', `admin/stores?q=${vendor.vendor.slug}`, h)).body.data.stores;
    expect(row).toMatchObject({ state: 'suspended', suspensionCause: 'account_blocked', suspendedReason: 'Account blocked: Fraud reports', accountBlocked: true });
    expect((await call('POST', `admin/users/${vendor.userId}/unblock`, h)).status).toBe(200);
    expect(await listed(word)).toEqual([`${word} Potli Bag`]);
    expect((await call('GET', `product/${product.slug}`)).status).toBe(200);
  });

  it('leaves a store suspended on its own suspended after the account is unblocked', async () => {
    const h = await admin();
    const shop = await newShop(s);
    await call('POST', `admin/stores/${shop.vendor.vendor.id}/suspend`, h, { reason: 'Quality checks' });
    await call('POST', `admin/users/${shop.vendor.userId}/block`, h, {});
    await call('POST', `admin/users/${shop.vendor.userId}/unblock`, h);
    const [row] = (await call('GET', `admin/stores?q=${shop.vendor.vendor.slug}`, h)).body.data.stores;
    expect(row).toMatchObject({ state: 'suspended', suspensionCause: 'admin', suspendedReason: 'Quality checks' });
  });
});
