import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationOutbox } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import type { Notification, Notifier } from '../../lib/notify.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { anAddress, buyNow, newShop, payInSandbox, post } from '../../test/orders.ts';
import { dispatchNotifications, MAX_ATTEMPTS } from './outbox.ts';

const sent: Notification[] = [];
let failing = false;
const notifier: Notifier = {
  name: 'capture',
  async send(n) {
    if (failing) throw new Error('mail server said no');
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
});

const ctx = () => ({ db: s.db, notifier, config: s.config });
const to = (email: string | null) => sent.filter((n) => n.to.email === email);
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
