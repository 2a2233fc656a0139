import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aboutUsResult, adminDashboard, adminOverview, DASHBOARD_DAYS, adminUserDetail, adminUserList, auditList, MSG } from '@statewise/contract';
import { auditLog, orders, sellerApplications, sessions, users } from '../../db/schema/index.ts';
import { indiaPeriods } from '../vendor-orders/service.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newUser, newVendor, unique } from '../../test/factories.ts';
import { buyNow, newShop } from '../../test/orders.ts';
import { searchNeedle } from './users.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

type Headers = Record<string, string>;
let ip = 0;
/** Each call from its own address, so the login and OTP limits only bite where a test wants them. */
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: unknown) => {
  const res = await s.app.inject({ method, url: `/api/${url}`, headers, remoteAddress: `10.44.${Math.floor(++ip / 250)}.${ip % 250}`, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const admin = async () => (await loginAs(s, { role: 'admin', firstname: 'Anita', lastname: 'Rao' }));
const PASSWORD = 'Secret@123';

describe('who may call the admin console', () => {
  it('answers 401 to a guest and 403 to a user and a vendor on every admin call, changing nothing', async () => {
    const target = await newUser(s.db);
    const user = await loginAs(s);
    const vendor = await newVendor(s.db);
    const vendorHeaders = (await loginAs(s, { role: 'vendor' })).headers;
    const calls: Array<['GET' | 'POST', string]> = [
      ['GET', 'admin/overview'],
      ['GET', 'admin/dashboard'],
      ['GET', 'admin/users'],
      ['GET', `admin/users/${target.id}`],
      ['POST', `admin/users/${target.id}/block`],
      ['POST', `admin/users/${target.id}/unblock`],
      ['GET', 'admin/audit'],
    ];
    for (const [method, url] of calls) {
      expect((await call(method, url)).status, `${method} ${url} as a guest`).toBe(401);
      expect((await call(method, url, user.headers)).status, `${method} ${url} as a user`).toBe(403);
      expect((await call(method, url, vendorHeaders)).status, `${method} ${url} as a vendor`).toBe(403);
    }
    const [row] = await s.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.blockedAt).toBeNull();
    expect(vendor.vendor.slug).toBeTruthy();
  });
});

describe('GET admin/overview', () => {
  it('counts open contact messages, unanswered chatbot questions and today’s paid or cash orders', async () => {
    const h = (await admin()).headers;
    const before = expectContract(adminOverview, (await call('GET', 'admin/overview', h)).body);
    expect((await call('POST', 'user/contactUs', {}, { fullName: 'Ravi', email: 'ravi@example.in', description: 'Hello', subject: 'Others' })).status).toBe(201);
    expect((await call('POST', 'faq/user-faq', {}, { question: `Do you sell zebra saddles ${unique()}?` })).body.data.answered).toBe(false);
    const shop = await newShop(s, { sizes: { m: 5 } });
    const buyer = await loginAs(s);
    const order = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' });
    expect(order.status, order.body.message).toBe(201);

    const res = await call('GET', 'admin/overview', h);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const after = expectContract(adminOverview, res.body);
    expect(after.newContactRequests).toBe(before.newContactRequests + 1);
    expect(after.openChatbotQuestions).toBe(before.openChatbotQuestions + 1);
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.today.sales).toBe(before.today.sales + order.body.data.order.orderGrandTotal);
  });
});

describe('GET admin/dashboard', () => {
  const dayOf = (d: { days: { date: string; orders: number; sales: number }[] }, date: string) => d.days.find((x) => x.date === date) ?? { date, orders: 0, sales: 0 };
  const istDate = (t: Date) => new Date(t.getTime() + 330 * 60_000).toISOString().slice(0, 10);

  it('gives 30 India-time days ending today, oldest first, a day without orders at zero', async () => {
    const h = (await admin()).headers;
    const res = await call('GET', 'admin/dashboard', h);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const d = expectContract(adminDashboard, res.body);
    expect(d.days).toHaveLength(DASHBOARD_DAYS);
    expect(d.to).toBe(istDate(new Date()));
    expect(d.days.at(-1)!.date).toBe(d.to);
    expect(d.days[0]!.date).toBe(d.from);
    for (let i = 1; i < d.days.length; i++) {
      expect(Date.parse(d.days[i]!.date) - Date.parse(d.days[i - 1]!.date), `${d.days[i - 1]!.date} → ${d.days[i]!.date}`).toBe(86_400_000);
    }
    // this file's orders are all placed today or moved below: the day 20 days back has none and is still there
    const quiet = d.days[9]!;
    expect(quiet).toEqual({ date: quiet.date, orders: 0, sales: 0 });
  });

  it('counts today’s paid or cash order on today, by the delivery state and for its vendor; an order before India midnight on the day before', async () => {
    const h = (await admin()).headers;
    const before = expectContract(adminDashboard, (await call('GET', 'admin/dashboard', h)).body);
    const shop = await newShop(s, { sizes: { m: 9 } });
    const buyer = await loginAs(s);
    const today = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: 4 }, { paymentMode: 'cod' });
    expect(today.status, today.body.message).toBe(201);
    const late = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' });
    expect(late.status, late.body.message).toBe(201);
    // an unpaid online order is not a sale
    expect((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' })).status).toBe(201);
    // the second order moved to one minute before India midnight: yesterday (India time), even where UTC says today
    const { dayStart } = indiaPeriods(new Date());
    const yesterdayLate = new Date(dayStart.getTime() - 60_000);
    await s.db.update(orders).set({ createdAt: yesterdayLate }).where(eq(orders.id, late.body.data.order._id as string));

    const after = expectContract(adminDashboard, (await call('GET', 'admin/dashboard', h)).body);
    const t = after.to;
    const y = istDate(yesterdayLate);
    const todayTotal = today.body.data.order.orderGrandTotal as number;
    const lateTotal = late.body.data.order.orderGrandTotal as number;
    expect(dayOf(after, t).orders).toBe(dayOf(before, t).orders + 1);
    expect(dayOf(after, t).sales).toBe(dayOf(before, t).sales + todayTotal);
    expect(dayOf(after, y).orders).toBe(dayOf(before, y).orders + 1);
    expect(dayOf(after, y).sales).toBe(dayOf(before, y).sales + lateTotal);
    // 302001 is Jaipur
    const raj = (d: typeof after) => d.states.find((x) => x.state === 'Rajasthan') ?? { orders: 0, sales: 0 };
    expect(raj(after).orders).toBe(raj(before).orders + 2);
    expect(raj(after).sales).toBe(raj(before).sales + todayTotal + lateTotal);
    const sales = after.states.map((x) => x.sales);
    expect([...sales].sort((a, b) => b - a)).toEqual(sales);
    // 5 pieces at 1500: the most any vendor of this file sold
    const top = after.topVendors.find((v) => v.vendorId === shop.vendor.userId);
    expect(top).toMatchObject({ slug: shop.vendor.vendor.slug, orders: 2, sales: 5 * 1500 });
    expect(after.topVendors[0]!.vendorId).toBe(shop.vendor.userId);
  });

  it('shows how many seller applications wait and the oldest of them first', async () => {
    const h = (await admin()).headers;
    const before = expectContract(adminDashboard, (await call('GET', 'admin/dashboard', h)).body);
    const applicant = await newUser(s.db);
    const tag = unique();
    await s.db.insert(sellerApplications).values({
      userId: applicant.id,
      brandName: `Oldest Looms ${tag}`,
      sellerName: 'Meera Das',
      slug: `oldest-looms-${tag}`,
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    const after = expectContract(adminDashboard, (await call('GET', 'admin/dashboard', h)).body);
    expect(after.pendingApprovals.count).toBe(before.pendingApprovals.count + 1);
    expect(after.pendingApprovals.oldest[0]).toMatchObject({ brandName: `Oldest Looms ${tag}`, sellerName: 'Meera Das', createdAt: '2020-01-01T00:00:00.000Z' });
  });
});

describe('GET admin/users', () => {
  it('finds an account by any part of its name, its mobile (with or without +91) or its e-mail, with its orders count', async () => {
    const h = (await admin()).headers;
    const tag = unique();
    const person = await newUser(s.db, { firstname: `Kavya${tag}`, lastname: 'Menon', email: `kavya.${tag}@mail.in` });
    const shop = await newShop(s, { sizes: { m: 5 } });
    const buyer = await loginAs(s, { firstname: `Buyer${tag}` });
    expect((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' })).status).toBe(201);

    for (const q of [`kavya${tag}`, `KAVYA${tag} MEN`, person.mobile!, `+91 ${person.mobile!.slice(0, 5)} ${person.mobile!.slice(5)}`, `kavya.${tag}@mail`]) {
      const list = expectContract(adminUserList, (await call('GET', `admin/users?q=${encodeURIComponent(q)}`, h)).body);
      expect(list.users.map((u) => u._id), q).toEqual([person.id]);
      expect(list.count).toBe(1);
      expect(JSON.stringify(list)).not.toMatch(/passwordHash|password_hash|googleSub/);
    }
    const found = expectContract(adminUserList, (await call('GET', `admin/users?q=buyer${tag}`, h)).body);
    expect(found.users[0]).toMatchObject({ _id: buyer.user.id, role: 'user', ordersCount: 1, blocked: false });
  });

  it('takes % and _ literally, filters by role and blocked, leaves deleted accounts out, and pages by 20', async () => {
    const h = (await admin()).headers;
    const tag = unique();
    await newUser(s.db, { firstname: `Pct${tag}` });
    expect(expectContract(adminUserList, (await call('GET', `admin/users?q=${encodeURIComponent('%')}${tag}`, h)).body).count).toBe(0);
    expect(searchNeedle('50%_off')).toBe('50\\%\\_off');

    const vendor = await newVendor(s.db, { user: { lastname: `Weaver${tag}` } });
    await newUser(s.db, { lastname: `Weaver${tag}` });
    const gone = await newUser(s.db, { lastname: `Weaver${tag}` });
    await s.db.update(users).set({ deletedAt: new Date(), mobile: null, email: null }).where(eq(users.id, gone.id));
    const vendors = expectContract(adminUserList, (await call('GET', `admin/users?q=weaver${tag}&role=vendor`, h)).body);
    expect(vendors.users.map((u) => u._id)).toEqual([vendor.userId]);
    expect(expectContract(adminUserList, (await call('GET', `admin/users?q=weaver${tag}`, h)).body).count).toBe(2);

    for (let i = 0; i < 21; i++) await newUser(s.db, { firstname: `Many${tag}` });
    const first = expectContract(adminUserList, (await call('GET', `admin/users?q=many${tag}`, h)).body);
    const second = expectContract(adminUserList, (await call('GET', `admin/users?q=many${tag}&page=2`, h)).body);
    expect([first.users.length, second.users.length, first.count]).toEqual([20, 1, 21]);
    expect(new Set([...first.users, ...second.users].map((u) => u._id)).size).toBe(21);
  });

  it('refuses a bad role, page or an over-long search with 400', async () => {
    const h = (await admin()).headers;
    expect((await call('GET', 'admin/users?role=superuser', h)).status).toBe(400);
    expect((await call('GET', 'admin/users?page=0', h)).body.message).toBe(MSG.pageInvalid);
    const long = await call('GET', `admin/users?q=${'a'.repeat(101)}`, h);
    expect([long.status, long.body.message]).toEqual([400, MSG.userSearchTooLong]);
  });
});

describe('GET admin/users/{id}', () => {
  it('shows the role, contacts, orders count, latest orders, live sessions and store of an account', async () => {
    const h = (await admin()).headers;
    const shop = await newShop(s, { sizes: { m: 5 } });
    const buyer = await loginAs(s);
    const placed = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: 2 }, { paymentMode: 'cod' });
    expect(placed.status).toBe(201);
    const d = expectContract(adminUserDetail, (await call('GET', `admin/users/${buyer.user.id}`, h)).body);
    expect(d).toMatchObject({ _id: buyer.user.id, role: 'user', ordersCount: 1, activeSessions: 1, vendorSlug: null, blocked: false, mobileVerified: true });
    expect(d.recentOrders).toHaveLength(1);
    expect(d.recentOrders[0]).toMatchObject({ _id: placed.body.data.orderId, itemsCount: 2, status: 'pending', paymentStatus: 'cod' });
    expect(d.recentOrders[0]!.orderNumber).toMatch(/^SW\d{4,}$/);

    const store = expectContract(adminUserDetail, (await call('GET', `admin/users/${shop.vendor.userId}`, h)).body);
    expect(store).toMatchObject({ role: 'vendor', vendorSlug: shop.vendor.vendor.slug, ordersCount: 0 });
  });

  it('answers 404 for an unknown or deleted account and 400 for a malformed id', async () => {
    const h = (await admin()).headers;
    const gone = await newUser(s.db);
    await s.db.update(users).set({ deletedAt: new Date(), mobile: null, email: null }).where(eq(users.id, gone.id));
    expect((await call('GET', `admin/users/${gone.id}`, h)).status).toBe(404);
    expect((await call('GET', 'admin/users/00000000-0000-4000-8000-000000000000', h)).status).toBe(404);
    expect((await call('GET', 'admin/users/not-an-id', h)).status).toBe(400);
  });
});

describe('blocking an account', () => {
  it('ends its sessions at once (the old token gets 401), refuses its logins with a clear message, and is audited', async () => {
    const { user: adminUser, headers: h } = await admin();
    const person = await loginAs(s, { password: PASSWORD });
    expect((await call('GET', 'user', person.headers)).status).toBe(200);

    const res = await call('POST', `admin/users/${person.user.id}/block`, h, { reason: 'Abusive messages to vendors' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.userBlocked);
    const d = expectContract(adminUserDetail, res.body);
    expect(d).toMatchObject({ blocked: true, blockedReason: 'Abusive messages to vendors', activeSessions: 0 });

    // the token in the person's browser no longer works
    const stale = await call('GET', 'user', person.headers);
    expect([stale.status, stale.body.message]).toEqual([401, MSG.sessionExpired]);
    const revoked = await s.db.select().from(sessions).where(eq(sessions.userId, person.user.id));
    expect(revoked.every((r) => r.revokedReason === 'blocked')).toBe(true);

    // and they cannot log in, by password or by code
    const byPassword = await call('POST', 'auth/password-login', {}, { type: 'mobile', mobile: person.user.mobile, password: PASSWORD });
    expect([byPassword.status, byPassword.body.message]).toEqual([403, MSG.accountBlocked]);
    const wrongPassword = await call('POST', 'auth/password-login', {}, { type: 'mobile', mobile: person.user.mobile, password: 'Wrong@1234' });
    expect(wrongPassword.status).toBe(401);
    const code = await call('POST', 'auth/request-login-otp', {}, { type: 'mobile', mobile: person.user.mobile });
    expect([code.status, code.body.message]).toEqual([403, MSG.accountBlocked]);

    const [entry] = await s.db.select().from(auditLog).where(eq(auditLog.entityId, person.user.id));
    expect(entry).toMatchObject({ actorId: adminUser.id, action: 'block', entity: 'user', detail: { reason: 'Abusive messages to vendors', role: 'user' } });

    expect((await call('POST', `admin/users/${person.user.id}/block`, h)).status).toBe(409);
  });

  it('unblocks: the person logs in again, while the tokens ended by the block stay ended', async () => {
    const h = (await admin()).headers;
    const person = await loginAs(s, { password: PASSWORD });
    expect((await call('POST', `admin/users/${person.user.id}/block`, h)).status).toBe(200);
    const res = await call('POST', `admin/users/${person.user.id}/unblock`, h);
    expect([res.status, res.body.message]).toEqual([200, MSG.userUnblocked]);
    expect(expectContract(adminUserDetail, res.body)).toMatchObject({ blocked: false, blockedAt: null, blockedReason: null });

    expect((await call('GET', 'user', person.headers)).status).toBe(401);
    const login = await call('POST', 'auth/password-login', {}, { type: 'mobile', mobile: person.user.mobile, password: PASSWORD });
    expect(login.status, login.body.message).toBe(200);
    expect((await call('GET', 'user', { authorization: `Bearer ${login.body.data.accessToken}` })).status).toBe(200);

    expect((await call('POST', `admin/users/${person.user.id}/unblock`, h)).status).toBe(409);
    const actions = (await s.db.select().from(auditLog).where(eq(auditLog.entityId, person.user.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['block', 'unblock']);
  });

  it('blocks a vendor too, but never an admin (yourself included): 403 and nothing changes', async () => {
    const { user: me, headers: h } = await admin();
    const other = await loginAs(s, { role: 'admin' });
    for (const id of [me.id, other.user.id]) {
      const res = await call('POST', `admin/users/${id}/block`, h);
      expect([res.status, res.body.message]).toEqual([403, MSG.cannotBlockAdmin]);
    }
    expect((await call('GET', 'user', other.headers)).status).toBe(200);
    const vendor = await newVendor(s.db);
    expect((await call('POST', `admin/users/${vendor.userId}/block`, h)).status).toBe(200);
  });

  it('refuses an over-long reason (400) and an unknown account (404)', async () => {
    const h = (await admin()).headers;
    const person = await newUser(s.db);
    const long = await call('POST', `admin/users/${person.id}/block`, h, { reason: 'x'.repeat(301) });
    expect([long.status, long.body.message]).toEqual([400, MSG.blockReasonTooLong]);
    expect((await call('POST', 'admin/users/00000000-0000-4000-8000-000000000000/block', h)).status).toBe(404);
  });
});

describe('GET admin/audit', () => {
  it('lists every admin change newest first with who made it, and narrows to one kind of thing', async () => {
    const h = (await admin()).headers;
    const me = (await call('GET', 'user', h)).body.data;
    const person = await newUser(s.db);
    expect((await call('PUT', 'admin/content/privacy', h, { html: `<p>Privacy ${unique()}</p>` })).status).toBe(200);
    expect((await call('POST', `admin/users/${person.id}/block`, h, { reason: 'Spam' })).status).toBe(200);

    const log = expectContract(auditList, (await call('GET', 'admin/audit', h)).body);
    expect(log.entries.length).toBeLessThanOrEqual(30);
    expect(log.count).toBeGreaterThanOrEqual(2);
    expect(log.entries[0]).toMatchObject({ action: 'block', entity: 'user', entityId: person.id, detail: { reason: 'Spam' }, actor: { _id: me._id, name: 'Anita Rao' } });
    expect(log.entries[1]).toMatchObject({ action: 'update', entity: 'content', entityId: 'privacy' });
    const times = log.entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const onlyUsers = expectContract(auditList, (await call('GET', 'admin/audit?entity=user', h)).body);
    expect(onlyUsers.entries.every((e) => e.entity === 'user')).toBe(true);
    expect((await call('GET', 'admin/audit?page=0', h)).status).toBe(400);
  });
});

describe('content the admin writes', () => {
  it('never lets a script reach the public page call', async () => {
    const h = (await admin()).headers;
    const saved = await call('PUT', 'admin/content/about', h, { html: '<p>Our story</p><script>alert("x")</script><img src="https://x.in/a.png" onerror="alert(1)">' });
    expect(saved.status).toBe(200);
    const about = expectContract(aboutUsResult, (await call('GET', 'admin/about-us')).body);
    expect(about.aboutUs).toContain('Our story');
    expect(about.aboutUs).not.toMatch(/<script|onerror|alert/i);
  });
});

describe('OpenAPI', () => {
  it('documents every admin console route', async () => {
    const paths = (await call('GET', 'docs/json')).body.paths as Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
    for (const [path, method] of [
      ['/api/admin/overview', 'get'],
      ['/api/admin/users', 'get'],
      ['/api/admin/users/{id}', 'get'],
      ['/api/admin/users/{id}/block', 'post'],
      ['/api/admin/users/{id}/unblock', 'post'],
      ['/api/admin/audit', 'get'],
    ] as const) {
      expect(paths[path]?.[method]?.summary, path).toBeTruthy();
      expect(paths[path]?.[method]?.security, path).toEqual([{ bearer: [] }]);
    }
  });
});
