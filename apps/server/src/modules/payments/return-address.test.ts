import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { buyNow, newShop, pathOf, payInSandbox, post } from '../../test/orders.ts';

/**
 * The payment page's address (data.url) and the gateway's way back follow the address the shopper opened the app
 * at when PUBLIC_URL is not set: a browser keeps the session and the guest cart per address, so a payment begun at
 * 127.0.0.1 that came back at localhost would find them gone. PUBLIC_URL, when set, always wins.
 */

async function startedFrom(s: TestServer, headers: Record<string, string>) {
  const shop = await newShop(s, { sizes: { m: 5 } });
  const buyer = await loginAs(s);
  const res = await buyNow(s, { ...buyer.headers, ...headers }, { productId: shop.product.id, size: 'm' });
  expect(res.status).toBe(201);
  return { url: res.body.data.url as string, orderId: res.body.data.orderId as string, buyer };
}

const paymentPath = /^\/api\/payments\/sandbox\/[0-9a-f-]{36}$/;

describe('without PUBLIC_URL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ PUBLIC_URL: undefined, PORT: '3000' });
  });
  afterAll(() => s.close());

  it('sends the payer to the payment page at the address the app was opened at, and back there', async () => {
    for (const host of ['127.0.0.1:3000', 'localhost:3000', '192.168.1.20:8080']) {
      const { url, orderId } = await startedFrom(s, { host });
      expect(new URL(url).origin, host).toBe(`http://${host}`);
      expect(pathOf(url)).toMatch(paymentPath);
      // the way back is a path, so the browser stays at that address
      const back = await payInSandbox(s, url, 'success');
      expect(back.location).toBe(`/payment-confirmation?status=true&orderId=${orderId}`);
    }
  });

  it('does the same for a wallet recharge', async () => {
    const { headers } = await loginAs(s);
    const res = await post(s, '/wallet/recharge-wallet', { amount: 250 }, { ...headers, host: '127.0.0.1:3000' });
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/payments\/sandbox\//);
  });

  it('ignores forwarded scheme and host from a client that is not a trusted proxy', async () => {
    const { url } = await startedFrom(s, { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
    expect(new URL(url).origin).toBe('http://127.0.0.1:3000');
  });

  it('uses the default address for a Host that is not a plain host and port', async () => {
    const { url } = await startedFrom(s, { host: 'evil.example/phish?x=' });
    expect(new URL(url).origin).toBe('http://localhost:3000');
  });
});

describe('without PUBLIC_URL, behind a trusted proxy', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ PUBLIC_URL: undefined, TRUST_PROXY: 'true' });
  });
  afterAll(() => s.close());

  it("takes the proxy's forwarded scheme and host", async () => {
    const { url } = await startedFrom(s, { host: '10.0.0.5:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.in' });
    expect(new URL(url).origin).toBe('https://shop.example.in');
  });
});

describe('with PUBLIC_URL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ PUBLIC_URL: 'https://shop.example.in/' });
  });
  afterAll(() => s.close());

  it('always uses it, whatever address the request came to', async () => {
    const { url } = await startedFrom(s, { host: '127.0.0.1:3000' });
    expect(new URL(url).origin).toBe('https://shop.example.in');
    expect(pathOf(url)).toMatch(paymentPath);
  });
});
