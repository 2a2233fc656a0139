import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { PRODUCTION_ENV } from '../../test/production-env.ts';
import { captureOtps } from '../../test/auth.ts';
import { newUser, uniqueMobile } from '../../test/factories.ts';

/** NODE_ENV=production: codes go only through the delivery provider and are never in a response (API.md). */
const delivery = captureOtps();
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer(PRODUCTION_ENV, { otpDelivery: delivery });
});
afterAll(() => s.close());

const post = async (url: string, payload: object) => {
  const res = await s.app.inject({ method: 'POST', url: `/api${url}`, payload });
  return { status: res.statusCode, body: res.json() };
};

describe('OTPs in production', () => {
  it('runs outside demo mode', () => {
    expect(s.config.demoMode).toBe(false);
  });

  it('sends the sign-up code through the provider and never returns it', async () => {
    const mobile = uniqueMobile();
    const res = await post('/auth/request-otp', { type: 'mobile', mobile });
    expect(res.status).toBe(200);
    expect(res.body.data).not.toHaveProperty('otp');
    expect(res.body.data).toMatchObject({ message: 'Otp sent successfully', resendAfter: 60 });
    const sent = delivery.sent.at(-1)!;
    expect(sent).toMatchObject({ channel: 'mobile', to: mobile, purpose: 'signup', validMinutes: 10 });
    expect(JSON.stringify(res.body)).not.toContain(sent.code);
    const verified = await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.code });
    expect(verified.status).toBe(200);
  });

  it('logs in with the delivered login code', async () => {
    const user = await newUser(s.db);
    const res = await post('/auth/request-login-otp', { type: 'email', email: user.email! });
    expect(res.body.data.otp).toBeUndefined();
    const code = delivery.lastCode(user.email!)!;
    expect(delivery.sent.at(-1)!.purpose).toBe('login');
    const login = await post('/auth/login-with-otp', { type: 'email', email: user.email!, otp: code });
    expect(login.status).toBe(200);
  });

  it('still answers otp = 1 for an unregistered contact (the spec signal, which reveals no code)', async () => {
    const res = await post('/auth/request-login-otp', { type: 'mobile', mobile: uniqueMobile() });
    expect(res.body.data.otp).toBe(1);
  });

  it('answers 503 when the provider fails, and lets the person retry at once', async () => {
    const mobile = uniqueMobile();
    delivery.failNext = true;
    const failed = await post('/auth/request-otp', { type: 'mobile', mobile });
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('We could not send the OTP right now. Please try again in a moment');
    const retry = await post('/auth/request-otp', { type: 'mobile', mobile });
    expect(retry.status).toBe(200);
  });
});
