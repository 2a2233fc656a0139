import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { notificationOutbox, sellerApplications, users } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { notifierFor, type Notification, type Notifier } from '../../lib/notify.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { anAddress, buyNow, newShop, payInSandbox, post } from '../../test/orders.ts';
import { dispatchNotifications, MAX_ATTEMPTS } from './outbox.ts';

const sent: Notification[] = [];
let failing = false;
let smsFailing = false;
const notifier: Notifier = {
  name: 'capture',
  async send(n) {
    if (failing) throw new Error('mail server said no');
    if (smsFailing && n.channel === 'sms') throw new Error('SMS gateway said no');
    sent.push(n);
  },
};
const log = { warn: () => {}, info: () => {}, error: () => {} } as never;

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer({}, { notifier });
});
afterAll(() => s.close());
afterEach(() => {
  vi.restoreAllMocks();
  failing = false;
  smsFailing = false;
});

const ctx = () => ({ db: s.db, notifier, config: s.config });
const to = (email: string | null) => sent.filter((n) => n.to.email === email);
const texted = (mobile: string | null) => sent.filter((n) => n.channel === 'sms' && n.to.mobile === mobile);
const outboxOf = (userId: string) => s.db.select().from(notificationOutbox).where(eq(notificationOutbox.userId, userId));

describe('new-order notifications to vendors', () => {
  it('tell each vendor of a cash-on-delivery order once, with only their own lines and where to act', async () => {
    const a = await newShop(s, { name: 'Leheriya saree', sizes: { m: 5 } });
    const b = await newShop(s, { name: 'Kalamkari dupatta', sizes: { m: 5 } });
    const buyer = await loginAs(s);
    await post(s, '/cart/add', { productId: a.product.id, size: 'm', quantity: 2 }, buyer.headers);
    await post(s, '/cart/add', { productId: b.product.id, size: 'm', quantity: 1 }, buyer.headers);
    const res = await post(s, '/order/create', { address: anAddress(), paymentMode: 'cod', isWalletUse: 'false' }, buyer.headers);
    expect(res.status, res.body.message).toBe(201);
    const orderId = res.body.data.orderId as string;

    await dispatchNotifications(ctx(), log);
    await vi.waitFor(() => expect(to(a.vendor.user.email)).toHaveLength(1));
    const mail = to(a.vendor.user.email)[0]!;
    expect(mail.kind).toBe('vendor-new-order');
    expect(mail.subject).toMatch(/^New order SW/);
    expect(mail.text).toContain('Leheriya saree (M) × 2');
    expect(mail.text).toContain('₹3,000 (cash on delivery)');
    expect(mail.text).toContain(`http://localhost:3000/vendor/orders/${orderId}`);
    expect(mail.text).not.toContain('Kalamkari');
    await vi.waitFor(() => expect(to(b.vendor.user.email)).toHaveLength(1));
    expect(to(b.vendor.user.email)[0]!.text).toContain('Kalamkari dupatta (M) × 1');

    // sent is sent: a later round sends nothing again
    await dispatchNotifications(ctx(), log);
    expect(to(a.vendor.user.email)).toHaveLength(1);
    const [row] = await outboxOf(a.vendor.userId);
    expect(row!.sentAt).not.toBeNull();
  });

  it('wait for an online order to be paid, and say nothing of one that never is', async () => {
    const paid = await newShop(s, { sizes: { m: 5 } });
    const unpaid = await newShop(s, { sizes: { m: 5 } });
    const buyer = await loginAs(s);
    const first = await buyNow(s, buyer.headers, { productId: paid.product.id, size: 'm' }, { paymentMode: 'online' });
    const second = await buyNow(s, buyer.headers, { productId: unpaid.product.id, size: 'm' }, { paymentMode: 'online' });
    expect(await outboxOf(paid.vendor.userId)).toHaveLength(0);

    expect((await payInSandbox(s, first.body.data.url, 'success')).status).toBe(303);
    expect((await payInSandbox(s, second.body.data.url, 'failure')).status).toBe(303);
    await dispatchNotifications(ctx(), log);
    await vi.waitFor(() => expect(to(paid.vendor.user.email)).toHaveLength(1));
    expect(to(paid.vendor.user.email)[0]!.text).toContain('(paid online)');
    expect(await outboxOf(unpaid.vendor.userId)).toHaveLength(0);
  });

  it('retry a failed send later, and give up after the last attempt, keeping the error', async () => {
    const shop = await newShop(s, { sizes: { m: 5 } });
    const buyer = await loginAs(s);
    expect((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' })).status).toBe(201);

    failing = true;
    await dispatchNotifications(ctx(), log);
    await vi.waitFor(async () => expect((await outboxOf(shop.vendor.userId))[0]!.lastError).toBe('mail server said no'), { timeout: 5000 });
    let [row] = await outboxOf(shop.vendor.userId);
    expect(row!.sentAt).toBeNull();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // a minute later the mail server answers again
    failing = false;
    const later = new Date(row!.nextAttemptAt.getTime() + 1000);
    vi.spyOn(clock, 'now').mockReturnValue(later);
    await dispatchNotifications(ctx(), log);
    await vi.waitFor(() => expect(to(shop.vendor.user.email)).toHaveLength(1));
    [row] = await outboxOf(shop.vendor.userId);
    expect(row!.sentAt).not.toBeNull();
    expect(row!.attempts).toBe(2);

    // another order whose mail keeps failing is marked failed at the last attempt
    expect((await buyNow(s, (await loginAs(s)).headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' })).status).toBe(201);
    failing = true;
    const pending = (await outboxOf(shop.vendor.userId)).find((r) => !r.sentAt)!;
    await s.db.update(notificationOutbox).set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: later }).where(eq(notificationOutbox.id, pending.id));
    await dispatchNotifications(ctx(), log);
    const [failed] = await s.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, pending.id));
    expect(failed!.failedAt).not.toBeNull();
    expect(failed!.lastError).toBe('mail server said no');
    expect(to(shop.vendor.user.email)).toHaveLength(1);
  });
});

/** A stand-in for MSG91's flow API on a local port: keeps each request's body and answers success. */
async function fakeMsg91() {
  const seen: Array<{ url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'success', message: 'queued' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('new-order SMS to vendors', () => {
  const smsRows = (userId: string) =>
    s.db.select().from(notificationOutbox).where(and(eq(notificationOutbox.userId, userId), eq(notificationOutbox.kind, 'vendor-new-order-sms')));

  it('queue one SMS per vendor per order, beside the e-mail, and text the order number, pieces and amount, nothing of the buyer', async () => {
    const a = await newShop(s, { name: 'Leheriya saree', sizes: { m: 5 } });
    const b = await newShop(s, { name: 'Kalamkari dupatta', sizes: { m: 5 } });
    const buyer = await loginAs(s);
    await post(s, '/cart/add', { productId: a.product.id, size: 'm', quantity: 2 }, buyer.headers);
    await post(s, '/cart/add', { productId: b.product.id, size: 'm', quantity: 1 }, buyer.headers);
    const address = anAddress({ firstName: 'Rukmini', lastName: 'Bhatt', streetAddress: '7 Tripolia Bazaar' });
    const res = await post(s, '/order/create', { address, paymentMode: 'cod', isWalletUse: 'false' }, buyer.headers);
    expect(res.status, res.body.message).toBe(201);
    expect(await smsRows(a.vendor.userId)).toHaveLength(1);
    expect(await smsRows(b.vendor.userId)).toHaveLength(1);

    await dispatchNotifications(ctx(), log);
    await dispatchNotifications(ctx(), log);
    expect(texted(a.vendor.user.mobile)).toHaveLength(1);
    const sms = texted(a.vendor.user.mobile)[0]!;
    expect(sms.kind).toBe('vendor-new-order');
    expect(sms.text).toMatch(/^Statewise: new order SW\d+, 2 pieces, Rs 3,000 \(cash on delivery\)\./);
    expect(sms.vars).toEqual({ order: expect.stringMatching(/^SW\d+$/), pieces: '2', amount: 'Rs 3,000' });
    for (const secret of ['Rukmini', 'Bhatt', 'Tripolia', address.mobile, buyer.user.mobile!, buyer.user.email!]) expect(JSON.stringify(sms)).not.toContain(secret);
    expect(texted(b.vendor.user.mobile)).toHaveLength(1);
    expect(texted(b.vendor.user.mobile)[0]!.vars).toMatchObject({ pieces: '1', amount: 'Rs 1,500' });
    expect((await smsRows(a.vendor.userId))[0]!.sentAt).not.toBeNull();
  });

  it('retry a failed SMS on its own: the e-mail already sent is not sent again', async () => {
    const shop = await newShop(s, { sizes: { m: 5 } });
    const buyer = await loginAs(s);
    expect((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' })).status).toBe(201);

    smsFailing = true;
    await dispatchNotifications(ctx(), log);
    expect(to(shop.vendor.user.email)).toHaveLength(1);
    expect(texted(shop.vendor.user.mobile)).toHaveLength(0);
    const [row] = await smsRows(shop.vendor.userId);
    expect(row!.lastError).toBe('SMS gateway said no');

    smsFailing = false;
    vi.spyOn(clock, 'now').mockReturnValue(new Date(row!.nextAttemptAt.getTime() + 1000));
    await dispatchNotifications(ctx(), log);
    expect(texted(shop.vendor.user.mobile)).toHaveLength(1);
    expect(to(shop.vendor.user.email)).toHaveLength(1);
  });

  it('go to the store calling number when the account has no verified mobile, and to no one without a number', async () => {
    const shop = await newShop(s, { sizes: { m: 5 } });
    const buyer = await loginAs(s);
    await s.db.update(users).set({ mobileVerified: false }).where(eq(users.id, shop.vendor.userId));
    await s.db.insert(sellerApplications).values({ userId: shop.vendor.userId, status: 'approved', brandName: 'Shop', sellerName: 'Seller', slug: `shop-${shop.vendor.userId}`, callingNumber: '9123456780' });
    expect((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' })).status).toBe(201);
    await dispatchNotifications(ctx(), log);
    expect(texted('9123456780')).toHaveLength(1);

    const silent = await newShop(s, { sizes: { m: 5 } });
    await s.db.update(users).set({ mobile: null }).where(eq(users.id, silent.vendor.userId));
    expect((await buyNow(s, buyer.headers, { productId: silent.product.id, size: 'm' }, { paymentMode: 'cod' })).status).toBe(201);
    await dispatchNotifications(ctx(), log);
    const [row] = await smsRows(silent.vendor.userId);
    expect(row!.sentAt).not.toBeNull(); // nothing to send: done, not retried
    expect(sent.filter((n) => n.channel === 'sms' && n.to.name === silent.vendor.user.firstname)).toHaveLength(0);
  });

  it('go through MSG91 with SMS_ORDER_TEMPLATE_ID, and not at all through a gateway without it', async () => {
    const api = await fakeMsg91();
    try {
      const base = { DATA_DIR: s.config.dataDir, SMS_PROVIDER: 'msg91', SMS_AUTH_KEY: 'key-7', SMS_TEMPLATE_ID: 'otp-tpl', SMS_API_URL: api.url };
      const withTemplate = loadConfig({ ...base, SMS_ORDER_TEMPLATE_ID: 'order-tpl-3' });
      const quiet = { info: () => {}, warn: () => {} } as never;
      const shop = await newShop(s, { sizes: { m: 5 } });
      const buyer = await loginAs(s);
      expect((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: 3 }, { paymentMode: 'cod' })).status).toBe(201);
      await dispatchNotifications({ db: s.db, config: withTemplate, notifier: notifierFor(withTemplate, quiet) }, log);
      const toShop = api.seen.filter((r) => JSON.stringify(r.body).includes(`91${shop.vendor.user.mobile}`));
      expect(toShop).toHaveLength(1);
      expect(toShop[0]!.url).toBe('/api/v5/flow/');
      expect(toShop[0]!.headers.authkey).toBe('key-7');
      expect(toShop[0]!.body).toEqual({
        template_id: 'order-tpl-3',
        short_url: '0',
        recipients: [{ mobiles: `91${shop.vendor.user.mobile}`, order: expect.stringMatching(/^SW\d+$/), pieces: '3', amount: 'Rs 4,500' }],
      });

      const noTemplate = loadConfig(base);
      const other = await newShop(s, { sizes: { m: 5 } });
      expect((await buyNow(s, buyer.headers, { productId: other.product.id, size: 'm' }, { paymentMode: 'cod' })).status).toBe(201);
      const before = api.seen.length;
      await dispatchNotifications({ db: s.db, config: noTemplate, notifier: notifierFor(noTemplate, quiet) }, log);
      expect(api.seen).toHaveLength(before);
      expect((await smsRows(other.vendor.userId))[0]!.sentAt).not.toBeNull();
    } finally {
      await api.close();
    }
  });
});
