import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { illegalTransitionMessage, MSG, order as orderSchema, trackingUrlFor, vendorDashboard as dashboardSchema, vendorOrderDetail, vendorOrderList } from '@statewise/contract';
import { notificationOutbox, orderLines, orderRefunds, orders, orderVendorGroups, productSizes, products, walletTransactions } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { queriesDuring } from '../../test/queries.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newProduct } from '../../test/factories.ts';
import { anAddress, buyNow, get, newShop, newStockedProduct, payInSandbox, post, stockOf } from '../../test/orders.ts';
import { walletBalance } from '../wallet/service.ts';
import { indiaPeriods, listVendorOrders } from './service.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());
afterEach(() => vi.restoreAllMocks());

type Headers = { authorization: string };
type Shop = Awaited<ReturnType<typeof newShop>>;

const vendorHeaders = (shop: Shop) => authHeader(s, shop.vendor.userId);
const orderRow = async (id: string) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** Two vendors' products in one cash-on-delivery cart order: 2 × ₹1,500 from a, 1 × ₹1,500 from b. */
async function twoVendorOrder(opts: { paymentMode: 'cod' | 'online'; pay?: boolean } = { paymentMode: 'cod' }) {
  const a = await newShop(s, { sizes: { m: 5 } });
  const b = await newShop(s, { sizes: { m: 5 } });
  const buyer = await loginAs(s);
  await post(s, '/cart/add', { productId: a.product.id, size: 'm', quantity: 2 }, buyer.headers);
  await post(s, '/cart/add', { productId: b.product.id, size: 'm', quantity: 1 }, buyer.headers);
  const res = await post(s, '/order/create', { address: anAddress({ firstName: 'Meera', lastName: 'Iyer' }), paymentMode: opts.paymentMode, isWalletUse: 'false' }, buyer.headers);
  expect(res.status, res.body.message).toBe(201);
  if (opts.pay) expect((await payInSandbox(s, res.body.data.url, 'success')).status).toBe(303);
  return { a, b, buyer, orderId: res.body.data.orderId as string, aHeaders: await vendorHeaders(a), bHeaders: await vendorHeaders(b) };
}

const act = (headers: Headers, orderId: string, action: string, body: Record<string, unknown> = {}) => post(s, `/vendor/orders/${orderId}/${action}`, body, headers);
const ship = { courierPartner: 'Delhivery', awsNumber: 'DLV-12345678' };

describe('GET vendor/orders', () => {
  it('gives each vendor its own part only: its lines and total, the buyer’s name and city, no contact details', async () => {
    const { a, b, orderId, aHeaders, bHeaders } = await twoVendorOrder();
    const res = await get(s, '/vendor/orders', aHeaders);
    expect(res.status).toBe(200);
    const list = expectContract(vendorOrderList, res.body);
    expect(list.count).toBe(1);
    const part = list.orders[0]!;
    expect(part).toMatchObject({ orderId, buyerName: 'Meera Iyer', city: 'Jaipur', status: 'pending', paymentMode: 'cod', paymentStatus: 'cod', partTotal: 3000 });
    expect(part.lines.map((l) => [l.productId, l.quantity])).toEqual([[a.product.id, 2]]);
    expect(JSON.stringify(part)).not.toContain(b.product.id);
    expect(JSON.stringify(part)).not.toMatch(/mobile|streetAddress/);

    const other = expectContract(vendorOrderList, (await get(s, '/vendor/orders', bHeaders)).body);
    expect(other.orders.map((o) => [o.partTotal, o.lines.length])).toEqual([[1500, 1]]);
  });

  it('finds parts by order number or buyer name and filters by status, newest first', async () => {
    const shop = await newShop(s, { sizes: { m: 9 } });
    const headers = await vendorHeaders(shop);
    const first = await buyNow(s, (await loginAs(s)).headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod', address: anAddress({ firstName: 'Kabir', lastName: 'Shah' }) });
    const second = await buyNow(s, (await loginAs(s)).headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod', address: anAddress({ firstName: 'Lata', lastName: 'Rao' }) });
    const list = expectContract(vendorOrderList, (await get(s, '/vendor/orders', headers)).body);
    expect(list.orders.map((o) => o.orderId)).toEqual([second.body.data.orderId, first.body.data.orderId]);

    const byName = expectContract(vendorOrderList, (await get(s, '/vendor/orders?search=kabir', headers)).body);
    expect(byName.orders.map((o) => o.buyerName)).toEqual(['Kabir Shah']);
    const number = list.orders[0]!.orderNumber;
    const byNumber = expectContract(vendorOrderList, (await get(s, `/vendor/orders?search=${number.toLowerCase()}`, headers)).body);
    expect(byNumber.orders.map((o) => o.orderNumber)).toEqual([number]);

    await act(headers, first.body.data.orderId, 'confirm');
    const confirmed = expectContract(vendorOrderList, (await get(s, '/vendor/orders?status=confirmed', headers)).body);
    expect(confirmed.orders.map((o) => o.buyerName)).toEqual(['Kabir Shah']);
    expect((await get(s, '/vendor/orders?status=lost', headers)).status).toBe(400);
  });

  it('lists by the time the order was placed, which each part carries: a re-dated order moves with its parts', async () => {
    const shop = await newShop(s, { sizes: { m: 9 } });
    const headers = await vendorHeaders(shop);
    const place = async () => (await buyNow(s, (await loginAs(s)).headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' })).body.data.orderId as string;
    const [first, second, third] = [await place(), await place(), await place()];
    const placedAt = async (orderId: string) => {
      const [part] = await s.db.select({ placedAt: orderVendorGroups.placedAt }).from(orderVendorGroups).where(eq(orderVendorGroups.orderId, orderId));
      return part!.placedAt.toISOString();
    };
    const ids = async (query = '') => expectContract(vendorOrderList, (await get(s, `/vendor/orders${query}`, headers)).body).orders.map((o) => o.orderId);
    expect(await ids()).toEqual([third, second, first]);
    for (const id of [first, second, third]) expect(await placedAt(id)).toBe((await orderRow(id)).createdAt.toISOString());

    // the first order placed later than the others (as a late payment or a correction would date it) comes first
    const later = new Date((await orderRow(third)).createdAt.getTime() + 60_000);
    await s.db.update(orders).set({ createdAt: later }).where(eq(orders.id, first));
    expect(await placedAt(first)).toBe(later.toISOString());
    expect(await ids()).toEqual([first, third, second]);
    expect(await ids('?status=pending')).toEqual([first, third, second]);
    // two pages of one: the same order, page by page
    expect([...(await ids('?pageSize=1&page=1')), ...(await ids('?pageSize=1&page=2')), ...(await ids('?pageSize=1&page=3'))]).toEqual([first, third, second]);
    // orders of one instant: the later order number first, as the list always had it
    await s.db.update(orders).set({ createdAt: later }).where(eq(orders.id, second));
    expect(await ids()).toEqual([second, first, third]);
    // a writer cannot give a part another time than its order's
    await s.db.update(orderVendorGroups).set({ placedAt: new Date('2020-01-01T00:00:00Z') }).where(eq(orderVendorGroups.orderId, third));
    expect(await placedAt(third)).toBe((await orderRow(third)).createdAt.toISOString());
  });

  it('keeps a vendor’s list only while its orders stay as they were: any write to them, by any path, shows at once', async () => {
    const shop = await newShop(s, { sizes: { m: 9 } });
    const other = await newShop(s, { sizes: { m: 9 } });
    const headers = await vendorHeaders(shop);
    const buyer = await loginAs(s);
    const first = (await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod', address: anAddress({ firstName: 'Kabir', lastName: 'Shah' }) })).body.data.orderId as string;
    const online = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: 2 });
    // what the route answers equals the list read afresh, after each write
    const expectFresh = async () => {
      const served = expectContract(vendorOrderList, (await get(s, '/vendor/orders', headers)).body);
      expect(served).toEqual(await listVendorOrders(s.db, shop.vendor.userId, { page: 1 }));
      // the dashboard's recent orders are kept the same way
      expect(expectContract(dashboardSchema, (await get(s, '/vendor/dashboard', headers)).body).recentOrders).toEqual(served.orders.slice(0, 5));
      return served;
    };
    expect((await expectFresh()).orders.map((o) => o.orderId)).toEqual([first]);
    // kept: a repeated list reads the version only, even after another vendor's orders change
    await buyNow(s, buyer.headers, { productId: other.product.id, size: 'm' }, { paymentMode: 'cod' });
    expect(await queriesDuring(s.db, () => get(s, '/vendor/orders', headers))).toHaveLength(1);

    expect((await payInSandbox(s, online.body.data.url, 'success')).status).toBe(303); // the paid order appears
    expect((await expectFresh()).orders.map((o) => o.orderId)).toEqual([online.body.data.orderId, first]);
    await act(headers, first, 'confirm'); // the vendor's move
    expect((await expectFresh()).orders[1]!.status).toBe('confirmed');
    await s.db.update(orderLines).set({ price: 1400 }).where(eq(orderLines.orderId, first)); // a line, by a script
    expect((await expectFresh()).orders[1]!.partTotal).toBe(1400);
    const address = (await orderRow(first)).address;
    await s.db.update(orders).set({ address: { ...address, firstName: 'Kabir R.' } }).where(eq(orders.id, first)); // the order itself
    expect((await expectFresh()).orders[1]!.buyerName).toBe('Kabir R. Shah');
    await s.db.update(orders).set({ createdAt: new Date(Date.now() + 60_000) }).where(eq(orders.id, first)); // re-dated
    expect((await expectFresh()).orders.map((o) => o.orderId)).toEqual([first, online.body.data.orderId]);
    await act(headers, first, 'cancel', { reason: 'Out of fabric' });
    expect((await expectFresh()).orders[0]!.status).toBe('cancelled');
    await s.db.delete(orders).where(eq(orders.id, first)); // gone (its parts and lines with it)
    expect((await expectFresh()).orders.map((o) => o.orderId)).toEqual([online.body.data.orderId]);

    // the dashboard's low stock follows the vendor's stock and products, whoever changes them
    const lowStock = async () => expectContract(dashboardSchema, (await get(s, '/vendor/dashboard', headers)).body).lowStock.map((p) => [p.name, p.variant, p.left]);
    expect(await lowStock()).toEqual([]);
    await s.db.update(productSizes).set({ quantity: 2 }).where(and(eq(productSizes.productId, shop.product.id), eq(productSizes.size, 'm')));
    expect(await lowStock()).toEqual([[shop.product.name, 'M', 2]]);
    await s.db.update(products).set({ name: 'Ajrakh stole (indigo)' }).where(eq(products.id, shop.product.id));
    expect(await lowStock()).toEqual([['Ajrakh stole (indigo)', 'M', 2]]);
  });

  it('does not list an online order still awaiting payment, and refuses to move it', async () => {
    const shop = await newShop(s);
    const headers = await vendorHeaders(shop);
    const placed = await buyNow(s, (await loginAs(s)).headers, { productId: shop.product.id, size: 'm' });
    expect((await orderRow(placed.body.data.orderId)).status).toBe('created');
    expect(expectContract(vendorOrderList, (await get(s, '/vendor/orders', headers)).body).count).toBe(0);
    for (const action of ['confirm', 'deliver']) expect((await act(headers, placed.body.data.orderId, action)).status).toBe(409);
    const shipRes = await act(headers, placed.body.data.orderId, 'ship', ship);
    expect(shipRes.status).toBe(409);
    expect(shipRes.body.message).toBe(illegalTransitionMessage('created', 'shipped'));
  });
});

describe('who may use the vendor console', () => {
  it('answers 401 without a login, 403 to a shopper, and 404 to another vendor for an order without its items', async () => {
    const { orderId } = await twoVendorOrder();
    const stranger = await vendorHeaders(await newShop(s));
    const shopper = await loginAs(s);
    expect((await get(s, '/vendor/orders')).status).toBe(401);
    for (const url of ['/vendor/orders', '/vendor/dashboard', `/vendor/orders/${orderId}`]) expect((await get(s, url, shopper.headers)).status).toBe(403);
    expect((await act(shopper.headers, orderId, 'confirm')).status).toBe(403);

    const peek = await get(s, `/vendor/orders/${orderId}`, stranger);
    expect(peek.status).toBe(404);
    expect(peek.body.message).toBe(MSG.orderNotFound);
    expect((await act(stranger, orderId, 'confirm')).status).toBe(404);
    expect((await act(stranger, orderId, 'cancel', { reason: 'Not mine' })).status).toBe(404);
    expect((await get(s, `/vendor/orders/${orderId}/invoice`, stranger)).status).toBe(404);
    expect((await orderRow(orderId)).status).toBe('pending');
  });
});

describe('moving a part: confirm → ship → deliver', () => {
  it('moves the part through the legal steps; the order follows its parts; cash on delivery is paid on delivery', async () => {
    const { buyer, orderId, aHeaders, bHeaders } = await twoVendorOrder();
    const confirmed = await act(aHeaders, orderId, 'confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(MSG.orderConfirmedByVendor);
    expect(expectContract(vendorOrderDetail, confirmed.body).status).toBe('confirmed');
    // b has not confirmed yet: the order waits for its least advanced part
    expect((await orderRow(orderId)).status).toBe('pending');
    await act(bHeaders, orderId, 'confirm');
    expect((await orderRow(orderId)).status).toBe('confirmed');

    const shipped = await act(aHeaders, orderId, 'ship', { courierPartner: '  Blue Dart ', awsNumber: ' BD-998877 ' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data).toMatchObject({ status: 'shipped', courierPartner: 'Blue Dart', awsNumber: 'BD-998877', trackingUrl: trackingUrlFor('Blue Dart', 'BD-998877') });
    await act(bHeaders, orderId, 'ship', { courierPartner: 'Local Runner', awsNumber: 'LR0001' });
    expect((await orderRow(orderId)).status).toBe('shipped');

    // the buyer sees each parcel's courier, number and (for a known courier) the tracking link
    const detail = expectContract(orderSchema, await get(s, `/order/${orderId}`, buyer.headers).then((r) => r.body));
    const parcels = detail.ordersVendorWise.map((g) => ({ courier: g.courierPartner, number: g.awsNumber, url: g.trackingUrl }));
    expect(parcels).toEqual(
      expect.arrayContaining([
        { courier: 'Blue Dart', number: 'BD-998877', url: expect.stringContaining('BD-998877') },
        { courier: 'Local Runner', number: 'LR0001', url: null },
      ]),
    );

    expect((await act(aHeaders, orderId, 'deliver')).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'shipped', paymentStatus: 'cod' });
    expect((await act(bHeaders, orderId, 'deliver')).body.data.status).toBe('delivered');
    expect(await orderRow(orderId)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
  });

  it('refuses illegal moves with 409: ship before confirm, deliver before ship, anything after delivered or cancelled', async () => {
    const { orderId, aHeaders, bHeaders } = await twoVendorOrder();
    const early = await act(aHeaders, orderId, 'ship', ship);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(illegalTransitionMessage('pending', 'shipped'));
    expect((await act(aHeaders, orderId, 'deliver')).body.message).toBe(illegalTransitionMessage('pending', 'delivered'));
    await act(aHeaders, orderId, 'confirm');
    expect((await act(aHeaders, orderId, 'confirm')).status).toBe(409);
    expect((await act(aHeaders, orderId, 'deliver')).body.message).toBe(illegalTransitionMessage('confirmed', 'delivered'));
    await act(aHeaders, orderId, 'ship', ship);
    const lateCancel = await act(aHeaders, orderId, 'cancel', { reason: 'Too late' });
    expect(lateCancel.status).toBe(409);
    expect(lateCancel.body.message).toBe(illegalTransitionMessage('shipped', 'cancelled'));
    await act(aHeaders, orderId, 'deliver');
    for (const action of ['confirm', 'deliver']) expect((await act(aHeaders, orderId, action)).status).toBe(409);
    expect((await act(aHeaders, orderId, 'ship', ship)).status).toBe(409);

    await act(bHeaders, orderId, 'cancel', { reason: 'Out of fabric' });
    for (const action of ['confirm', 'deliver']) expect((await act(bHeaders, orderId, action)).body.message).toMatch(/cancelled cannot be moved/);
    expect((await act(bHeaders, orderId, 'cancel', { reason: 'Again' })).status).toBe(409);
    // a's part delivered, b's cancelled: the order is delivered (and paid, cash on delivery)
    expect(await orderRow(orderId)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
  });

  it('needs the courier and a tracking number of 4–40 letters, digits or hyphens to ship', async () => {
    const { orderId, aHeaders } = await twoVendorOrder();
    await act(aHeaders, orderId, 'confirm');
    const cases: [Record<string, unknown>, string][] = [
      [{ awsNumber: 'AB1234' }, MSG.courierRequired],
      [{ courierPartner: '  ', awsNumber: 'AB1234' }, MSG.courierRequired],
      [{ courierPartner: 'DTDC' }, MSG.trackingNumberRequired],
      [{ courierPartner: 'DTDC', awsNumber: 'AB1' }, MSG.trackingNumberInvalid],
      [{ courierPartner: 'DTDC', awsNumber: 'AB 1234' }, MSG.trackingNumberInvalid],
      [{ courierPartner: 'DTDC', awsNumber: 'A'.repeat(41) }, MSG.trackingNumberInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await act(aHeaders, orderId, 'ship', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await get(s, `/vendor/orders/${orderId}`, aHeaders)).body.data).toMatchObject({ status: 'confirmed', awsNumber: null });
  });
});

describe('POST vendor/orders/{id}/cancel', () => {
  it('needs a reason; returns the pieces to stock and refunds the part to the buyer once, even when sent twice at once', async () => {
    const { a, buyer, orderId, aHeaders } = await twoVendorOrder({ paymentMode: 'online', pay: true });
    expect(await stockOf(s.db, a.product.id, { size: 'm' })).toBe(3);
    const noReason = await act(aHeaders, orderId, 'cancel', { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(MSG.vendorCancelReasonRequired);

    const before = await walletBalance(s.db, buyer.user.id);
    const results = await Promise.all([act(aHeaders, orderId, 'cancel', { reason: 'Out of fabric' }), act(aHeaders, orderId, 'cancel', { reason: 'Out of fabric' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = results.find((r) => r.status === 200)!;
    expect(ok.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'Out of fabric' });
    expect(await stockOf(s.db, a.product.id, { size: 'm' })).toBe(5);
    expect(await walletBalance(s.db, buyer.user.id)).toBe(before + 3000);
    const refunds = await s.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(refunds.map((r) => ({ actor: r.actor, amount: r.walletAmount + r.gatewayAmount, reason: r.reason }))).toEqual([{ actor: 'vendor', amount: 3000, reason: 'Out of fabric' }]);
    const credits = await s.db.select().from(walletTransactions).where(eq(walletTransactions.orderId, orderId));
    expect(credits.filter((c) => c.kind === 'order_refund').reduce((n, c) => n + c.amount, 0)).toBe(3000);
    // the other vendor's part goes on
    expect((await orderRow(orderId)).status).toBe('pending');
  });
});

describe('GET vendor/orders/{id}/invoice', () => {
  it('gives the vendor its part’s invoice as a PDF', async () => {
    const { orderId, aHeaders } = await twoVendorOrder();
    const res = await s.app.inject({ method: 'GET', url: `/api/vendor/orders/${orderId}/invoice`, headers: aHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('GET vendor/dashboard', () => {
  it('counts today’s and this month’s paid or cash-on-delivery parts by India time, new orders, low stock and recent orders', async () => {
    const shop = await newShop(s, { sizes: { s: 9, m: 20, l: 9 } });
    const headers = await vendorHeaders(shop);
    const place = async (mode: 'cod' | 'online', at: string, quantity = 1, pay = true) => {
      const res = await buyNow(s, (await loginAs(s)).headers, { productId: shop.product.id, size: 'm', quantity }, { paymentMode: mode });
      expect(res.status, res.body.message).toBe(201);
      if (mode === 'online' && pay) await payInSandbox(s, res.body.data.url, 'success');
      await s.db.update(orders).set({ createdAt: new Date(at) }).where(eq(orders.id, res.body.data.orderId));
      return res.body.data.orderId as string;
    };
    // "now" is 20 November 2026, 11:30 in India (06:00 UTC)
    const now = new Date('2026-11-20T06:00:00Z');
    expect(indiaPeriods(now)).toEqual({ dayStart: new Date('2026-11-19T18:30:00Z'), monthStart: new Date('2026-10-31T18:30:00Z') });
    await place('cod', '2026-11-20T05:00:00Z'); // today, ₹1,500
    await place('online', '2026-11-19T18:45:00Z', 2); // today 00:15 in India, ₹3,000
    await place('cod', '2026-11-19T18:00:00Z'); // yesterday 23:30 in India
    await place('cod', '2026-10-31T19:00:00Z'); // 1 November 00:30 in India: this month
    await place('cod', '2026-10-31T18:00:00Z'); // 31 October 23:30 in India: last month
    const cancelled = await place('cod', '2026-11-20T05:10:00Z');
    await act(headers, cancelled, 'cancel', { reason: 'Out of fabric' });
    await place('online', '2026-11-20T05:20:00Z', 1, false); // awaiting payment: not counted
    const confirmedId = await place('cod', '2026-11-20T05:30:00Z'); // today, ₹1,500
    await act(headers, confirmedId, 'confirm');
    // stock: a free-size product with 1 left, a colour with 3, sizes with 2; and one with plenty (not listed)
    await newProduct(s.db, { name: 'Zari dupatta', categoryId: shop.category.id, vendorId: shop.vendor.userId, price: 900, offeredPrice: 800, isFreeSize: true, freeSizeQty: 1 });
    await newProduct(s.db, { name: 'Bandhani saree', categoryId: shop.category.id, vendorId: shop.vendor.userId, price: 900, offeredPrice: 800, colors: [{ color: 'Red', quantity: 3 }, { color: 'Blue', quantity: 10 }] });
    await newStockedProduct(s, shop, { name: 'Block-print kurta', sizes: { s: 2, m: 8 } });
    await newStockedProduct(s, shop, { name: 'Plenty kurta', sizes: { s: 4, m: 8 } });

    vi.spyOn(clock, 'now').mockReturnValue(now);
    const res = await get(s, '/vendor/dashboard', headers);
    expect(res.status).toBe(200);
    const d = expectContract(dashboardSchema, res.body);
    expect(d.today).toEqual({ orders: 3, sales: 6000 });
    expect(d.month).toEqual({ orders: 5, sales: 9000 });
    expect(d.countsByStatus).toEqual({ pending: 5, confirmed: 1, cancelled: 1 });
    expect(d.newOrders).toBe(6);
    expect(d.lowStock.map((p) => [p.name, p.variant, p.left])).toEqual([
      ['Zari dupatta', 'Free size', 1],
      ['Block-print kurta', 'S', 2],
      ['Bandhani saree', 'Red', 3],
    ]);
    expect(d.recentOrders).toHaveLength(5);
    expect(d.recentOrders[0]!.orderId).toBe(confirmedId);
  });
});

describe('query counts', () => {
  const queriesOf = async (run: () => Promise<unknown>) => (await queriesDuring(s.db, run)).length;

  it('makes the same number of queries for the list and the dashboard whatever the number of orders', async () => {
    const small = await newShop(s, { sizes: { m: 9 } });
    const large = await newShop(s, { sizes: { m: 20 } });
    await buyNow(s, (await loginAs(s)).headers, { productId: small.product.id, size: 'm' }, { paymentMode: 'cod' });
    for (let i = 0; i < 6; i++) await buyNow(s, (await loginAs(s)).headers, { productId: large.product.id, size: 'm' }, { paymentMode: 'cod' });
    // the outbox's dispatcher reads orders on its own timer: let it send the new-order messages first
    await vi.waitFor(async () => expect((await s.db.select({ id: notificationOutbox.id }).from(notificationOutbox).where(isNull(notificationOutbox.sentAt))).length).toBe(0), { timeout: 20_000, interval: 200 });
    const [sh, lh] = [await vendorHeaders(small), await vendorHeaders(large)];
    // the login check of each request is the same for both; what differs would be per-order queries
    const listSmall = await queriesOf(() => get(s, '/vendor/orders', sh));
    const listLarge = await queriesOf(() => get(s, '/vendor/orders', lh));
    expect(listSmall).toBeGreaterThanOrEqual(2); // the spy sees the queries (count, the page with its lines)
    expect(listLarge).toBe(listSmall);
    const dashSmall = await queriesOf(() => get(s, '/vendor/dashboard', sh));
    const dashLarge = await queriesOf(() => get(s, '/vendor/dashboard', lh));
    expect(dashLarge).toBe(dashSmall);
    expect(dashLarge - listLarge).toBeLessThanOrEqual(3);
  });
});
