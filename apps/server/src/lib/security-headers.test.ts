import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/app.ts';
import { loginAs } from '../test/auth.ts';
import { buyNow, newShop, pathOf } from '../test/orders.ts';

/** A built web app of two files, enough for the server to serve pages. */
function fakeWebDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'statewise-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Statewise</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  return dist;
}

function expectSecurityHeaders(headers: Record<string, unknown>, referrer = 'strict-origin-when-cross-origin') {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  // the service worker and the web app manifest load from our own origin (ADR 052)
  expect(csp).toContain("worker-src 'self';");
  expect(csp).toContain("manifest-src 'self';");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe(referrer);
}

describe('security headers (sandbox provider, demo mode)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ WEB_DIST: fakeWebDist() });
  });
  afterAll(() => s.close());

  it('are on the home page, a deep link of the web app, a static asset and an API answer', async () => {
    for (const url of ['/', '/product/some-product', '/assets/app.js', '/api/health']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res.headers);
    }
  });

  it('are on the error answers too', async () => {
    expectSecurityHeaders((await s.app.inject({ method: 'GET', url: '/api/no-such-call' })).headers);
  });

  it('are on the payment page, which sends no referrer and cannot be framed', async () => {
    const shop = await newShop(s, { sizes: { m: 5 } });
    const buyer = await loginAs(s);
    const placed = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: 1 });
    const page = await s.app.inject({ method: 'GET', url: pathOf(placed.body.data.url) });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page.headers, 'no-referrer');
    expect(String(page.headers['content-security-policy'])).toContain("form-action 'self'");
  });

  it('keep plain-http demo pages working: no HSTS and no upgrade of requests to https', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });
});

describe('security headers with Razorpay in production', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      DATA_ENCRYPTION_KEY: 'a-production-data-key-of-at-least-32-characters',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_headers',
      RAZORPAY_KEY_SECRET: 'headers-secret',
      SMS_PROVIDER: 'msg91',
      SMS_AUTH_KEY: 'k',
      SMS_TEMPLATE_ID: 't',
      SMTP_URL: 'smtp://u:p@127.0.0.1:2525',
      MAIL_FROM: 'no-reply@statewise.test',
    });
  });
  afterAll(() => s.close());

  it('allow Razorpay Checkout and nothing else from outside, over https only', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(csp).toContain('frame-src https://api.razorpay.com https://checkout.razorpay.com');
    // Razorpay's script host is not a place a service worker may come from
    expect(csp).toContain("worker-src 'self';");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('serve the Razorpay page’s launcher as a script of our own, so the page has no inline script', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/payments/razorpay/checkout.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.body).toContain("JSON.parse(document.getElementById('rzp-options').textContent)");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
