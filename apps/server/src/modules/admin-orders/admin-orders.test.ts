import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderDetail, adminOrderList, illegalTransitionMessage, MSG } from '@statewise/contract';
import { auditLog, orders, walletTransactions } from '../../db/schema/index.ts';
import { queriesDuring } from '../../test/queries.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { anAddress, buyNow, newShop, payInSandbox, post, stockOf } from '../../test/orders.ts';
import { walletBalance } from '../wallet/service.ts';
import { readSearch } from './service.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

type Headers = Record<string, string>;
const call = async (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: unknown) => {
  const res = await s.app.inject({ method, url: `/api/${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const adminHeaders = async () => (await loginAs(s, { role: 'admin', firstname: 'Anita', lastname: 'Rao' })).headers;
const list = async (h: Headers, query: string) => {
  const res = await call('GET', `admin/orders?${query}`, h);
  expect(res.status, res.body.message).toBe(200);
  return expectContract(adminOrderList, res.body);
};
const detail = async (h: Headers, id: string) => {
  const res = await call('GET', `admin/orders/${id}`, h);
  expect(res.status, res.body.message).toBe(200);
  return expectContract(adminOrderDetail, res.body);
};

/** A signed-in shopper's order of one piece (₹1,500): cash on delivery, or online and paid through the sandbox. */
async function anOrder(paymentMode: 'cod' | 'online' = 'cod', addressOver: Record<string, unknown> = {}) {
  const shop = await newShop(s, { sizes: { m: 5 } });
  const buyer = await loginAs(s);
  const res = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode, address: anAddress(addressOver) });
  expect(res.status, res.body.message).toBe(201);
  if (paymentMode === 'online') expect((await payInSandbox(s, res.body.data.url, 'success')).status).toBe(303);
  const orderId = res.body.data.orderId as string;
  return { shop, buyer, orderId };
}

/** Two vendors' products in one cash-on-delivery cart order. */
async function twoVendorOrder() {
  const a = await newShop(s, { sizes: { m: 5 } });
  const b = await newShop(s, { sizes: { m: 5 } });
  const buyer = await loginAs(s);
  await post(s, '/cart/add', { productId: a.product.id, size: 'm', quantity: 2 }, buyer.headers);
  await post(s, '/cart/add', { productId: b.product.id, size: 'm', quantity: 1 }, buyer.headers);
  const res = await post(s, '/order/create', { address: anAddress(), paymentMode: 'cod', isWalletUse: 'false' }, buyer.headers);
  expect(res.status, res.body.message).toBe(201);
  return { a, b, buyer, orderId: res.body.data.orderId as string };
}

describe('who may call the admin orders', () => {
  it('answers 401 to a guest and 403 to a user and a vendor, changing nothing', async () => {
    const { orderId, shop } = await anOrder();
    const user = (await loginAs(s)).headers;
    const vendor = await authHeader(s, shop.vendor.userId);
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', 'admin/orders'],
      ['GET', `admin/orders/${orderId}`],
      ['POST', `admin/orders/${orderId}/move`, { vendorId: shop.vendor.userId, to: 'confirmed' }],
      ['POST', `admin/orders/${orderId}/cancel`, { reason: 'Testing' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, {}, body)).status, url).toBe(401);
      expect((await call(method, url, user, body)).status, url).toBe(403);
      expect((await call(method, url, vendor, body)).status, url).toBe(403);
    }
    const [row] = await s.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('pending');
  });
});

describe('GET admin/orders', () => {
  it('finds an order by its number, typed as shown or as a bare number', async () => {
    const h = await adminHeaders();
    const { orderId } = await anOrder();
    const number = (await detail(h, orderId)).orderNumber;
    for (const q of [number, number.toLowerCase(), String(Number(number.slice(2)))]) {
      const found = await list(h, `q=${encodeURIComponent(q)}`);
      expect(found.orders.map((o) => o._id), q).toEqual([orderId]);
    }
  });

  it('finds a shopper’s orders by mobile (with or without +91), newest first, with buyer, vendors, total and payment', async () => {
    const h = await adminHeaders();
    const shop = await newShop(s, { sizes: { m: 9 } });
    const buyer = await loginAs(s);
    const first = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' });
    const second = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: 2 }, { paymentMode: 'cod' });
    const mobile = buyer.user.mobile!;
    for (const q of [mobile, `+91 ${mobile}`]) {
      const found = await list(h, `q=${encodeURIComponent(q)}`);
      expect(found.count).toBe(2);
      expect(found.orders.map((o) => o._id)).toEqual([second.body.data.orderId, first.body.data.orderId]);
      expect(found.orders[0]).toMatchObject({ grandTotal: 3000, itemsCount: 2, paymentMode: 'cod', paymentStatus: 'cod', buyer: { userId: buyer.user.id, mobile, guest: false } });
      expect(found.orders[0]!.vendors).toEqual([expect.objectContaining({ vendorId: shop.vendor.userId, status: 'pending' })]);
    }
    // the delivery address's mobile finds it too
    const address = (await detail(h, first.body.data.orderId)).address;
    expect((await list(h, `q=${address.mobile}`)).orders.map((o) => o._id)).toContain(first.body.data.orderId);
  });

  it('filters by status and by date range, and refuses a bad status or page size with 400', async () => {
    const h = await adminHeaders();
    const { orderId, shop } = await anOrder();
    const mobile = (await detail(h, orderId)).buyer.mobile!;
    expect((await list(h, `q=${mobile}&status=pending`)).orders.map((o) => o._id)).toEqual([orderId]);
    expect((await list(h, `q=${mobile}&status=confirmed`)).count).toBe(0);
    expect((await call('POST', `admin/orders/${orderId}/move`, h, { vendorId: shop.vendor.userId, to: 'confirmed' })).status).toBe(200);
    expect((await list(h, `q=${mobile}&status=confirmed`)).orders.map((o) => o._id)).toEqual([orderId]);
    const confirmed = await list(h, 'status=confirmed&pageSize=100');
    expect(confirmed.orders.every((o) => o.status === 'confirmed')).toBe(true);

    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect((await list(h, `q=${mobile}&from=${today}&to=${today}`)).count).toBe(1);
    expect((await list(h, `q=${mobile}&to=2020-01-01`)).count).toBe(0);
    expect((await call('GET', 'admin/orders?status=lost', h)).status).toBe(400);
    expect((await call('GET', 'admin/orders?pageSize=101', h)).status).toBe(400);
    expect((await call('GET', 'admin/orders?from=2025-02-02&to=2025-01-01', h)).status).toBe(400);
  });

  it('makes the same number of queries for a page of 1 and a page of 50', async () => {
    const h = await adminHeaders();
    for (let i = 0; i < 3; i++) await anOrder();
    const counted = async (url: string) => {
      const seen = await queriesDuring(s.db, () => call('GET', url, h));
      // the list's own queries (background sweepers may read orders meanwhile): the page and the count
      return seen.filter((q) => /from "orders" left join "users"|^select count\(\*\)::int from "orders"/.test(q)).length;
    };
    const small = await counted('admin/orders?pageSize=1');
    const big = await counted('admin/orders?pageSize=50');
    expect(small).toBe(2);
    expect(big).toBe(small);
  });

  it('reads what was typed: number, mobile, e-mail or name', () => {
    expect(readSearch('SW0012')).toEqual({ kind: 'number', value: 12 });
    expect(readSearch('12')).toEqual({ kind: 'number', value: 12 });
    expect(readSearch('+91 98765-43210')).toEqual({ kind: 'mobile', value: '9876543210' });
    expect(readSearch('A@B.in')).toEqual({ kind: 'email', value: 'a@b.in' });
    expect(readSearch('50%')).toEqual({ kind: 'name', value: '50\\%' });
  });
});

describe('GET admin/orders/{id}', () => {
  it('shows a prepaid order’s payment with its gateway references, the lines per vendor part, the address and history', async () => {
    const h = await adminHeaders();
    const { orderId, shop } = await anOrder('online', { firstName: 'Kavya', lastName: 'Menon' });
    const d = await detail(h, orderId);
    expect(d).toMatchObject({ status: 'pending', paymentMode: 'online', paymentStatus: 'paid', grandTotal: 1500, cancellable: true });
    expect(d.address).toMatchObject({ firstName: 'Kavya', lastName: 'Menon', city: 'Jaipur' });
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({ provider: 'sandbox', amount: 1500, status: 'succeeded' });
    expect(d.payments[0]!.providerPaymentId).toBe(`sandbox_${d.payments[0]!._id}`);
    expect(d.parts).toHaveLength(1);
    expect(d.parts[0]).toMatchObject({ vendorId: shop.vendor.userId, status: 'pending', nextStatuses: ['confirmed'], cancellable: true, partTotal: 1500 });
    expect(d.parts[0]!.lines.map((l) => [l.productId, l.quantity, l.size])).toEqual([[shop.product.id, 1, 'm']]);
    expect(d.history.map((e) => e.kind)).toEqual(expect.arrayContaining(['placed', 'paid', 'status']));
    expect(d.history.find((e) => e.kind === 'status' && e.brandName === null)).toMatchObject({ from: 'created', to: 'pending' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const h = await adminHeaders();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await call('GET', `admin/orders/${id}`, h);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.orderNotFound);
    }
  });
});

describe('POST admin/orders/{id}/move', () => {
  it('moves a part along the vendor console’s steps with a note, audits it, and shows it in the history', async () => {
    const h = await adminHeaders();
    const { orderId, shop } = await anOrder();
    const vendorId = shop.vendor.userId;
    const confirmed = await call('POST', `admin/orders/${orderId}/move`, h, { vendorId, to: 'confirmed', note: 'Seller asked us to' });
    expect(confirmed.status, confirmed.body.message).toBe(200);
    expect(expectContract(adminOrderDetail, confirmed.body).parts[0]).toMatchObject({ status: 'confirmed', nextStatuses: ['shipped'] });

    const noTracking = await call('POST', `admin/orders/${orderId}/move`, h, { vendorId, to: 'shipped' });
    expect(noTracking.status).toBe(400);
    const shipped = await call('POST', `admin/orders/${orderId}/move`, h, { vendorId, to: 'shipped', courierPartner: 'Delhivery', awsNumber: 'DLV-1234567' });
    expect(shipped.status, shipped.body.message).toBe(200);
    const d = expectContract(adminOrderDetail, shipped.body);
    expect(d).toMatchObject({ status: 'shipped', cancellable: false });
    expect(d.parts[0]).toMatchObject({ status: 'shipped', courierPartner: 'Delhivery', awsNumber: 'DLV-1234567', nextStatuses: ['delivered'], cancellable: false });
    const move = d.history.find((e) => e.kind === 'status' && e.vendorId === vendorId && e.to === 'confirmed');
    expect(move).toMatchObject({ actorKind: 'admin', actorName: 'Anita Rao', note: 'Seller asked us to', from: 'pending' });

    const audits = await s.db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)));
    expect(audits.map((a) => [a.action, (a.detail as { to: string }).to])).toEqual([
      ['move_status', 'confirmed'],
      ['move_status', 'shipped'],
    ]);
  });

  it('answers 409 with the reason for an illegal move, and 404 for a seller not in the order', async () => {
    const h = await adminHeaders();
    const { orderId, shop } = await anOrder();
    const vendorId = shop.vendor.userId;
    const early = await call('POST', `admin/orders/${orderId}/move`, h, { vendorId, to: 'delivered' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(illegalTransitionMessage('pending', 'delivered'));
    const back = await call('POST', `admin/orders/${orderId}/move`, h, { vendorId, to: 'created' });
    expect(back.status).toBe(409);
    const stranger = (await newShop(s)).vendor.userId;
    const missing = await call('POST', `admin/orders/${orderId}/move`, h, { vendorId: stranger, to: 'confirmed' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG.orderPartNotFound);
    expect((await call('POST', `admin/orders/00000000-0000-4000-8000-000000000000/move`, h, { vendorId, to: 'confirmed' })).status).toBe(404);
    // nothing moved, nothing audited
    expect((await detail(h, orderId)).parts[0]!.status).toBe('pending');
    expect(await s.db.select().from(auditLog).where(eq(auditLog.entityId, orderId))).toEqual([]);
  });

  it('refuses to move an online order still awaiting its payment', async () => {
    const h = await adminHeaders();
    const shop = await newShop(s);
    const placed = await buyNow(s, (await loginAs(s)).headers, { productId: shop.product.id, size: 'm' });
    const orderId = placed.body.data.orderId as string;
    expect((await detail(h, orderId)).parts[0]!.nextStatuses).toEqual([]);
    expect((await call('POST', `admin/orders/${orderId}/move`, h, { vendorId: shop.vendor.userId, to: 'confirmed' })).status).toBe(409);
    const cancel = await call('POST', `admin/orders/${orderId}/cancel`, h, { reason: 'Unpaid' });
    expect(cancel.status).toBe(409);
  });
});

describe('POST admin/orders/{id}/cancel', () => {
  it('cancels a prepaid order: stock back, the wallet credited once; a second cancel is 409 and credits nothing', async () => {
    const h = await adminHeaders();
    const { orderId, shop, buyer } = await anOrder('online');
    const before = await walletBalance(s.db, buyer.user.id);
    const stockBefore = await stockOf(s.db, shop.product.id, { size: 'm' });

    const noReason = await call('POST', `admin/orders/${orderId}/cancel`, h, {});
    expect(noReason.status).toBe(400);

    const res = await call('POST', `admin/orders/${orderId}/cancel`, h, { reason: 'Item damaged in the warehouse' });
    expect(res.status, res.body.message).toBe(200);
    const d = expectContract(adminOrderDetail, res.body);
    expect(d).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', cancellable: false });
    expect(d.refunds).toEqual([expect.objectContaining({ gatewayAmount: 1500, gatewayMethod: 'wallet', status: 'completed', actor: 'admin', reason: 'Item damaged in the warehouse' })]);
    expect(d.walletMovements.filter((w) => w.kind === 'order_refund')).toEqual([expect.objectContaining({ type: 'credit', amount: 1500 })]);
    expect(d.history.some((e) => e.to === 'cancelled' && e.actorKind === 'admin' && e.note === 'Item damaged in the warehouse')).toBe(true);
    expect(await walletBalance(s.db, buyer.user.id)).toBe(before + 1500);
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(stockBefore + 1);

    const again = await call('POST', `admin/orders/${orderId}/cancel`, h, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.orderCannotCancel);
    expect(await walletBalance(s.db, buyer.user.id)).toBe(before + 1500);
    const credits = await s.db.select().from(walletTransactions).where(and(eq(walletTransactions.orderId, orderId), eq(walletTransactions.kind, 'order_refund')));
    expect(credits).toHaveLength(1);

    const audits = await s.db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)));
    expect(audits.map((a) => a.action)).toEqual(['cancel']);

    // the shopper's own order page reads it cancelled
    const mine = await call('GET', `order/${orderId}`, buyer.headers);
    expect(mine.status).toBe(200);
    expect(mine.body.data.orderStatus).toBe('cancelled');
  });

  it('cancels one vendor’s part only; the order stays open for the other', async () => {
    const h = await adminHeaders();
    const { a, b, orderId } = await twoVendorOrder();
    const res = await call('POST', `admin/orders/${orderId}/cancel`, h, { vendorId: a.vendor.userId, reason: 'Out of stock at the seller' });
    expect(res.status, res.body.message).toBe(200);
    const d = expectContract(adminOrderDetail, res.body);
    expect(d.status).toBe('pending');
    expect(d.parts.find((p) => p.vendorId === a.vendor.userId)).toMatchObject({ status: 'cancelled', cancellable: false, refund: expect.objectContaining({ actor: 'admin', gatewayMethod: 'none' }) });
    expect(d.parts.find((p) => p.vendorId === b.vendor.userId)).toMatchObject({ status: 'pending', cancellable: true });
    // through move: to=cancelled needs the note as its reason, then cancels the other part and so the order
    expect((await call('POST', `admin/orders/${orderId}/move`, h, { vendorId: b.vendor.userId, to: 'cancelled' })).status).toBe(400);
    const rest = await call('POST', `admin/orders/${orderId}/move`, h, { vendorId: b.vendor.userId, to: 'cancelled', note: 'Buyer asked by phone' });
    expect(rest.status, rest.body.message).toBe(200);
    expect(expectContract(adminOrderDetail, rest.body)).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
  });

  it('answers 409 once a part has shipped', async () => {
    const h = await adminHeaders();
    const { orderId, shop } = await anOrder();
    const vendorId = shop.vendor.userId;
    await call('POST', `admin/orders/${orderId}/move`, h, { vendorId, to: 'confirmed' });
    await call('POST', `admin/orders/${orderId}/move`, h, { vendorId, to: 'shipped', courierPartner: 'Delhivery', awsNumber: 'DLV-7654321' });
    const res = await call('POST', `admin/orders/${orderId}/cancel`, h, { reason: 'Too late' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.orderCannotCancel);
  });
});

describe('OpenAPI', () => {
  it('documents every admin orders route, each behind the bearer token', async () => {
    const paths = (await call('GET', 'docs/json')).body.paths as Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
    for (const [path, method] of [
      ['/api/admin/orders', 'get'],
      ['/api/admin/orders/{id}', 'get'],
      ['/api/admin/orders/{id}/move', 'post'],
      ['/api/admin/orders/{id}/cancel', 'post'],
    ] as const) {
      expect(paths[path]?.[method]?.summary, path).toBeTruthy();
      expect(paths[path]?.[method]?.security, path).toEqual([{ bearer: [] }]);
    }
  });
});
