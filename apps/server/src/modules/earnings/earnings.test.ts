import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commissionCategory, commissionList, earningsMonthResult, earningsStatement, MSG, type EarningsRow } from '@statewise/contract';
import { auditLog, orderLines, orders } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { queriesDuring } from '../../test/queries.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory } from '../../test/factories.ts';
import { anAddress, buyNow, get, newShop, newStockedProduct, payInSandbox, post } from '../../test/orders.ts';
import { linesUnits, unitsToPaise } from './commission.ts';
import { indiaMonthOf } from './service.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());
afterEach(() => vi.restoreAllMocks());

type Headers = { authorization: string };
type Shop = Awaited<ReturnType<typeof newShop>>;

const vendorHeaders = (shop: Shop) => authHeader(s, shop.vendor.userId);
const adminHeaders = async () => (await loginAs(s, { role: 'admin' })).headers;

async function patch(url: string, payload: unknown, headers: Headers | Record<string, string> = {}) {
  const res = await s.app.inject({ method: 'PATCH', url: `/api${url}`, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json() };
}

/** A cash-on-delivery buy-now of `quantity` pieces of the shop's product (size m) by a new shopper, placed at `at`. */
async function codOrder(shop: Shop, opts: { quantity?: number; at?: string; productId?: string } = {}) {
  const res = await buyNow(s, (await loginAs(s)).headers, { productId: opts.productId ?? shop.product.id, size: 'm', quantity: opts.quantity ?? 1 }, { paymentMode: 'cod' });
  expect(res.status, res.body.message).toBe(201);
  const orderId = res.body.data.orderId as string;
  if (opts.at) await s.db.update(orders).set({ createdAt: new Date(opts.at) }).where(eq(orders.id, orderId));
  return orderId;
}

const act = (headers: Headers, orderId: string, action: string, body: Record<string, unknown> = {}) => post(s, `/vendor/orders/${orderId}/${action}`, body, headers);

async function deliver(headers: Headers, orderId: string) {
  for (const [action, body] of [['confirm', {}], ['ship', { courierPartner: 'Delhivery', awsNumber: 'DLV-0001' }], ['deliver', {}]] as const) {
    const res = await act(headers, orderId, action, body);
    expect(res.status, `${action}: ${res.body.message}`).toBe(200);
  }
}

async function monthOf(headers: Headers, month: string, more = '') {
  const res = await get(s, `/vendor/earnings?month=${month}${more}`, headers);
  expect(res.status, res.body.message).toBe(200);
  return expectContract(earningsMonthResult, res.body);
}

const rowOf = (rows: EarningsRow[], orderId: string) => rows.find((r) => r.orderId === orderId)!;

describe('the commission rate copied onto each order line', () => {
  it('keeps the rate of the day on the lines: a later change of rate does not rewrite past earnings', async () => {
    const shop = await newShop(s, { sizes: { m: 9 }, offeredPrice: 1001, price: 1200 });
    const headers = await vendorHeaders(shop);
    const admin = await adminHeaders();
    expect((await patch(`/admin/commissions/${shop.category.id}`, { percent: 7.5 }, admin)).status).toBe(200);
    const first = await codOrder(shop, { at: '2026-11-05T06:00:00Z' });
    expect((await patch(`/admin/commissions/${shop.category.id}`, { percent: '20' }, admin)).status).toBe(200);
    const second = await codOrder(shop, { at: '2026-11-06T06:00:00Z' });

    const lines = await s.db.select({ orderId: orderLines.orderId, rate: orderLines.commissionPercent }).from(orderLines).where(eq(orderLines.vendorId, shop.vendor.userId));
    expect(Object.fromEntries(lines.map((l) => [l.orderId, l.rate]))).toEqual({ [first]: '7.50', [second]: '20.00' });

    await deliver(headers, first);
    await deliver(headers, second);
    const month = await monthOf(headers, '2026-11');
    // ₹1,001 × 7.50 % = 7,507.5 paise → ₹75.08; ₹1,001 × 20 % = ₹200.20
    expect(rowOf(month.rows, first)).toMatchObject({ state: 'earned', rates: [7.5], salePaise: 100_100, commissionPaise: 7508, netPaise: 92_592 });
    expect(rowOf(month.rows, second)).toMatchObject({ rates: [20], salePaise: 100_100, commissionPaise: 20_020, netPaise: 80_080 });
    // a third change touches neither
    await patch(`/admin/commissions/${shop.category.id}`, { percent: 0 }, admin);
    expect((await monthOf(headers, '2026-11')).earned).toEqual({ orders: 2, salePaise: 200_200, commissionPaise: 27_528, netPaise: 172_672 });
  });

  it('works a part of several categories line by line and rounds once for the part', async () => {
    const shop = await newShop(s, { sizes: { m: 9 }, offeredPrice: 1499, price: 1500 });
    const other = await newCategory(s.db, { commissionPercent: '5.00' });
    const second = await newStockedProduct(s, { vendor: shop.vendor, category: other }, { sizes: { m: 9 }, offeredPrice: 999, price: 999 });
    await patch(`/admin/commissions/${shop.category.id}`, { percent: 12.25 }, await adminHeaders());
    const buyer = await loginAs(s);
    await post(s, '/cart/add', { productId: shop.product.id, size: 'm', quantity: 2 }, buyer.headers);
    await post(s, '/cart/add', { productId: second.id, size: 'm', quantity: 1 }, buyer.headers);
    const placed = await post(s, '/order/create', { address: anAddress(), paymentMode: 'cod', isWalletUse: 'false' }, buyer.headers);
    expect(placed.status, placed.body.message).toBe(201);
    const headers = await vendorHeaders(shop);
    const month = await monthOf(headers, indiaMonthOf(clock.now()));
    const row = rowOf(month.rows, placed.body.data.orderId);
    // ₹1,499 × 2 × 12.25 % + ₹999 × 5 % = 36,725.5 + 4,995 = 41,720.5 paise → 41,721
    const expected = unitsToPaise(linesUnits([{ price: 1499, quantity: 2, commissionPercent: '12.25' }, { price: 999, quantity: 1, commissionPercent: '5.00' }]));
    expect(expected).toBe(41_721);
    expect(row).toMatchObject({ state: 'upcoming', status: 'pending', pieces: 3, rates: [5, 12.25], salePaise: 399_700, commissionPaise: 41_721, netPaise: 357_979 });
  });
});

describe('GET vendor/earnings', () => {
  it('counts delivered parts as earned, pending, confirmed and shipped as upcoming, and a cancelled part as nothing', async () => {
    const shop = await newShop(s, { sizes: { m: 20 } }); // ₹1,500 a piece at the default 10 %
    const headers = await vendorHeaders(shop);
    const at = (d: number) => `2026-10-${String(d).padStart(2, '0')}T06:00:00Z`;
    const delivered = await codOrder(shop, { quantity: 2, at: at(3) });
    await deliver(headers, delivered);
    const pending = await codOrder(shop, { at: at(4) });
    const confirmed = await codOrder(shop, { at: at(5) });
    await act(headers, confirmed, 'confirm');
    const shipped = await codOrder(shop, { at: at(6) });
    await act(headers, shipped, 'confirm');
    await act(headers, shipped, 'ship', { courierPartner: 'DTDC', awsNumber: 'DT-9999' });
    const cancelled = await codOrder(shop, { quantity: 3, at: at(7) });
    expect((await act(headers, cancelled, 'cancel', { reason: 'Out of fabric' })).status).toBe(200);
    // an online order whose payment failed never reached the vendor; one awaiting payment neither
    const failed = await buyNow(s, (await loginAs(s)).headers, { productId: shop.product.id, size: 'm' });
    await payInSandbox(s, failed.body.data.url, 'failure');
    const unpaid = await buyNow(s, (await loginAs(s)).headers, { productId: shop.product.id, size: 'm' });
    for (const id of [failed.body.data.orderId, unpaid.body.data.orderId]) await s.db.update(orders).set({ createdAt: new Date(at(8)) }).where(eq(orders.id, id));

    const month = await monthOf(headers, '2026-10');
    expect(month.rows.map((r) => [r.orderId, r.status, r.state])).toEqual([
      [cancelled, 'cancelled', 'cancelled'],
      [shipped, 'shipped', 'upcoming'],
      [confirmed, 'confirmed', 'upcoming'],
      [pending, 'pending', 'upcoming'],
      [delivered, 'delivered', 'earned'],
    ]);
    expect(rowOf(month.rows, delivered)).toMatchObject({ pieces: 2, salePaise: 300_000, commissionPaise: 30_000, netPaise: 270_000 });
    expect(rowOf(month.rows, cancelled)).toMatchObject({ pieces: 3, salePaise: 0, commissionPaise: 0, netPaise: 0 });
    expect(month.earned).toEqual({ orders: 1, salePaise: 300_000, commissionPaise: 30_000, netPaise: 270_000 });
    expect(month.upcoming).toEqual({ orders: 3, salePaise: 450_000, commissionPaise: 45_000, netPaise: 405_000 });
    expect(month.cancelled).toEqual({ orders: 1 });
    expect(month.count).toBe(5);
  });

  it('gives each vendor its own part of a shared order only', async () => {
    const a = await newShop(s, { sizes: { m: 5 } });
    const b = await newShop(s, { sizes: { m: 5 }, offeredPrice: 800, price: 900 });
    const buyer = await loginAs(s);
    await post(s, '/cart/add', { productId: a.product.id, size: 'm', quantity: 1 }, buyer.headers);
    await post(s, '/cart/add', { productId: b.product.id, size: 'm', quantity: 2 }, buyer.headers);
    const placed = await post(s, '/order/create', { address: anAddress(), paymentMode: 'cod', isWalletUse: 'false' }, buyer.headers);
    const orderId = placed.body.data.orderId as string;
    await s.db.update(orders).set({ createdAt: new Date('2026-09-10T06:00:00Z') }).where(eq(orders.id, orderId));
    const [ra, rb] = [await monthOf(await vendorHeaders(a), '2026-09'), await monthOf(await vendorHeaders(b), '2026-09')];
    expect(ra.rows.map((r) => [r.orderId, r.salePaise, r.pieces])).toEqual([[orderId, 150_000, 1]]);
    expect(rb.rows.map((r) => [r.orderId, r.salePaise, r.pieces])).toEqual([[orderId, 160_000, 2]]);
  });

  it('puts an order in the month it was placed in India time, and pages the month newest first', async () => {
    const shop = await newShop(s, { sizes: { m: 20 } });
    const headers = await vendorHeaders(shop);
    const lastOfAugust = await codOrder(shop, { at: '2026-08-31T18:29:00Z' }); // 31 Aug 23:59 in India
    const firstOfSeptember = await codOrder(shop, { at: '2026-08-31T18:31:00Z' }); // 1 Sep 00:01 in India
    for (let i = 0; i < 3; i++) await codOrder(shop, { at: `2026-09-1${i}T06:00:00Z` });
    expect((await monthOf(headers, '2026-08')).rows.map((r) => r.orderId)).toEqual([lastOfAugust]);
    const page1 = await monthOf(headers, '2026-09', '&pageSize=3');
    const page2 = await monthOf(headers, '2026-09', '&pageSize=3&page=2');
    expect(page1.count).toBe(4);
    expect(page1.rows).toHaveLength(3);
    expect(page2.rows.map((r) => r.orderId)).toEqual([firstOfSeptember]);
    // the figures are the month's, whatever the page
    expect(page2.upcoming).toEqual(page1.upcoming);
    expect(page1.upcoming.orders).toBe(4);
  });

  it('shows this month in India time when no month is given', async () => {
    const shop = await newShop(s);
    const headers = await vendorHeaders(shop);
    vi.spyOn(clock, 'now').mockReturnValue(new Date('2026-06-30T19:00:00Z')); // 1 July 00:30 in India
    const res = await get(s, '/vendor/earnings', headers);
    expect(res.body.data.month).toBe('2026-07');
  });

  it('refuses a month or page that is not one, with the reason', async () => {
    const headers = await vendorHeaders(await newShop(s));
    for (const month of ['2026-13', '2026-1', 'november', '1999-01']) {
      const res = await get(s, `/vendor/earnings?month=${month}`, headers);
      expect(res.status, month).toBe(400);
      expect(res.body.message).toBe(MSG.earningsMonthInvalid);
    }
    expect((await get(s, '/vendor/earnings?page=0', headers)).body.message).toBe(MSG.pageInvalid);
    for (const year of ['20x6', '1999', '2026.5']) {
      const res = await get(s, `/vendor/earnings/statement?year=${year}`, headers);
      expect(res.status, year).toBe(400);
      expect(res.body.message).toBe(MSG.earningsYearInvalid);
    }
  });
});

describe('GET vendor/earnings/statement', () => {
  it('gives twelve months of delivered parts whose sums equal the per-order rows, and totals equal to the months', async () => {
    const shop = await newShop(s, { sizes: { m: 30 }, offeredPrice: 1001, price: 1100 });
    const headers = await vendorHeaders(shop);
    await patch(`/admin/commissions/${shop.category.id}`, { percent: 7.5 }, await adminHeaders());
    const placed: [string, string][] = [
      ['2025-01-15T06:00:00Z', 'deliver'],
      ['2025-01-20T06:00:00Z', 'deliver'],
      ['2025-01-21T06:00:00Z', 'leave'], // upcoming: not in the statement
      ['2025-03-31T18:45:00Z', 'deliver'], // 1 April 00:15 in India
      ['2025-04-02T06:00:00Z', 'cancel'],
      ['2024-12-31T18:00:00Z', 'deliver'], // 31 December 2024 23:30 in India: last year
    ];
    for (const [at, what] of placed) {
      const id = await codOrder(shop, { at, quantity: 1 });
      if (what === 'deliver') await deliver(headers, id);
      if (what === 'cancel') await act(headers, id, 'cancel', { reason: 'Out of fabric' });
    }
    const res = await get(s, '/vendor/earnings/statement?year=2025', headers);
    expect(res.status).toBe(200);
    const st = expectContract(earningsStatement, res.body);
    expect(st.year).toBe(2025);
    expect(st.months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`));
    // each of ₹1,001 at 7.5 %: commission 7,507.5 → 7,508 paise per part (rounded per part, not per month)
    expect(st.months[0]).toEqual({ month: '2025-01', orders: 2, salePaise: 200_200, commissionPaise: 15_016, netPaise: 185_184 });
    expect(st.months[3]).toEqual({ month: '2025-04', orders: 1, salePaise: 100_100, commissionPaise: 7508, netPaise: 92_592 });
    expect(st.totals).toEqual({ orders: 3, salePaise: 300_300, commissionPaise: 22_524, netPaise: 277_776 });

    // every month equals the earned figures and the sum of the delivered rows of GET vendor/earnings
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    for (const m of st.months) {
      const month = await monthOf(headers, m.month, '&pageSize=100');
      const earnedRows = month.rows.filter((r) => r.state === 'earned');
      expect({ month: m.month, ...month.earned }).toEqual(m);
      expect([earnedRows.length, sum(earnedRows.map((r) => r.salePaise)), sum(earnedRows.map((r) => r.commissionPaise)), sum(earnedRows.map((r) => r.netPaise))]).toEqual([
        m.orders,
        m.salePaise,
        m.commissionPaise,
        m.netPaise,
      ]);
    }
    const keys = ['orders', 'salePaise', 'commissionPaise', 'netPaise'] as const;
    for (const k of keys) expect(sum(st.months.map((m) => m[k]))).toBe(st.totals[k]);
    expect((await get(s, '/vendor/earnings/statement?year=2024', headers)).body.data.totals.orders).toBe(1);
  });
});

describe('GET vendor/earnings/csv', () => {
  it('downloads the month as CSV: every part with its state, amounts in rupees, then the earned total', async () => {
    const shop = await newShop(s, { sizes: { m: 9 }, offeredPrice: 1001, price: 1100 });
    const headers = await vendorHeaders(shop);
    await patch(`/admin/commissions/${shop.category.id}`, { percent: 7.5 }, await adminHeaders());
    const delivered = await codOrder(shop, { at: '2026-07-02T06:00:00Z' });
    await deliver(headers, delivered);
    await codOrder(shop, { at: '2026-07-03T06:00:00Z', quantity: 2 });
    const res = await s.app.inject({ method: 'GET', url: '/api/vendor/earnings/csv?month=2026-07', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="statewise-earnings-2026-07.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Order,Date,Status,Earnings,Pieces,Commission rate %,Sale (INR),Commission (INR),Net (INR)');
    expect(lines[1]).toMatch(/^SW\d+,2026-07-03,pending,Upcoming,2,7\.50,2002\.00,150\.15,1851\.85$/);
    expect(lines[2]).toMatch(/^SW\d+,2026-07-02,delivered,Earned,1,7\.50,1001\.00,75\.08,925\.92$/);
    expect(lines[3]).toBe('Earned in 2026-07,,,1 orders,,,1001.00,75.08,925.92');
    expect(lines).toHaveLength(4);
    expect((await get(s, '/vendor/earnings/csv?month=2026-7', headers)).status).toBe(400);
  });
});

describe('who may see earnings and set rates', () => {
  it('answers 401 without a login and 403 to anyone but a vendor on the earnings', async () => {
    const user = (await loginAs(s)).headers;
    const admin = await adminHeaders();
    for (const url of ['/vendor/earnings', '/vendor/earnings/statement', '/vendor/earnings/csv']) {
      expect((await get(s, url)).status, url).toBe(401);
      expect((await get(s, url, user)).status, url).toBe(403);
      expect((await get(s, url, admin)).status, url).toBe(403);
    }
  });

  it('answers 401 without a login and 403 to a shopper or a vendor on the rates', async () => {
    const shop = await newShop(s);
    const vendor = await vendorHeaders(shop);
    const user = (await loginAs(s)).headers;
    expect((await get(s, '/admin/commissions')).status).toBe(401);
    expect((await patch(`/admin/commissions/${shop.category.id}`, { percent: 1 })).status).toBe(401);
    for (const headers of [vendor, user]) {
      expect((await get(s, '/admin/commissions', headers)).status).toBe(403);
      const res = await patch(`/admin/commissions/${shop.category.id}`, { percent: 1 }, headers);
      expect(res.status).toBe(403);
    }
    expect((await get(s, '/admin/commissions', await adminHeaders())).body.data.categories.find((c: { _id: string }) => c._id === shop.category.id).commissionPercent).toBe(10);
  });
});

describe('admin commissions', () => {
  it('lists every category with its rate, hidden ones too', async () => {
    const hidden = await newCategory(s.db, { isHidden: true, commissionPercent: '3.25' });
    const res = await get(s, '/admin/commissions', await adminHeaders());
    expect(res.status).toBe(200);
    const list = expectContract(commissionList, res.body);
    expect(list.categories.find((c) => c._id === hidden.id)).toMatchObject({ isHidden: true, commissionPercent: 3.25 });
  });

  it('sets a rate and records who changed it, from what to what, in the audit log', async () => {
    const category = await newCategory(s.db);
    const admin = await loginAs(s, { role: 'admin' });
    const res = await patch(`/admin/commissions/${category.id}`, { percent: '12.5' }, admin.headers);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.commissionUpdated);
    expect(expectContract(commissionCategory, res.body)).toMatchObject({ _id: category.id, commissionPercent: 12.5 });
    const entries = await s.db.select().from(auditLog).where(and(eq(auditLog.entity, 'commission'), eq(auditLog.entityId, category.id)));
    expect(entries.map((e) => ({ actorId: e.actorId, action: e.action, detail: e.detail }))).toEqual([
      { actorId: admin.user.id, action: 'update', detail: { category: category.name, from: 10, to: 12.5 } },
    ]);
  });

  it('refuses a rate outside 0–50, with more than two decimals or not a number, with the reason, and changes nothing', async () => {
    const category = await newCategory(s.db);
    const admin = await adminHeaders();
    const cases: [unknown, string][] = [
      [50.01, MSG.commissionPercentRange],
      [-1, MSG.commissionPercentRange],
      ['51', MSG.commissionPercentRange],
      [12.345, MSG.commissionPercentDecimals],
      ['abc', MSG.commissionPercentRequired],
      ['', MSG.commissionPercentRequired],
      [null, MSG.commissionPercentRequired],
      [undefined, MSG.commissionPercentRequired],
    ];
    for (const [percent, message] of cases) {
      const res = await patch(`/admin/commissions/${category.id}`, percent === undefined ? {} : { percent }, admin);
      expect(res.status, JSON.stringify(percent)).toBe(400);
      expect(res.body.message, JSON.stringify(percent)).toBe(message);
    }
    for (const percent of [0, 50]) expect((await patch(`/admin/commissions/${category.id}`, { percent }, admin)).body.data.commissionPercent).toBe(percent);
    expect((await s.db.select().from(auditLog).where(eq(auditLog.entityId, category.id))).length).toBe(2);
  });

  it('answers 404 for an unknown category and 400 for a malformed id', async () => {
    const admin = await adminHeaders();
    const unknown = await patch('/admin/commissions/00000000-0000-4000-8000-000000000000', { percent: 5 }, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MSG.categoryNotFound);
    expect((await patch('/admin/commissions/not-an-id', { percent: 5 }, admin)).status).toBe(400);
  });
});

describe('query counts', () => {
  const queriesOf = async (run: () => Promise<unknown>) => (await queriesDuring(s.db, run)).length;

  it('makes the same number of queries whatever the number of orders or the page size', async () => {
    const small = await newShop(s, { sizes: { m: 9 } });
    const large = await newShop(s, { sizes: { m: 20 } });
    await codOrder(small, { at: '2026-05-05T06:00:00Z' });
    for (let i = 0; i < 6; i++) {
      const id = await codOrder(large, { at: `2026-05-0${i + 1}T07:00:00Z` });
      if (i % 2) await deliver(await vendorHeaders(large), id);
    }
    const [sh, lh] = [await vendorHeaders(small), await vendorHeaders(large)];
    const monthSmall = await queriesOf(() => get(s, '/vendor/earnings?month=2026-05', sh));
    const monthLarge = await queriesOf(() => get(s, '/vendor/earnings?month=2026-05&pageSize=100', lh));
    expect(monthSmall).toBeGreaterThanOrEqual(1);
    expect(monthLarge).toBe(monthSmall);
    const yearSmall = await queriesOf(() => get(s, '/vendor/earnings/statement?year=2026', sh));
    const yearLarge = await queriesOf(() => get(s, '/vendor/earnings/statement?year=2026', lh));
    expect(yearLarge).toBe(yearSmall);
  });
});
