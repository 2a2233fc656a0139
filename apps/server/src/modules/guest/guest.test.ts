import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { uniqueMobile } from '../../test/factories.ts';
import { post } from '../../test/orders.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

describe('POST /api/guest/send-otp', () => {
  it("sends a code to the mobile ('Otp sent successfully'; data.otp in demo mode) and holds resends for 60 s", async () => {
    const mobile = uniqueMobile();
    const res = await post(s, '/guest/send-otp', { type: 'mobile', mobile });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Otp sent successfully');
    expect(String(res.body.data.otp)).toMatch(/^\d{6}$/);
    expect(res.body.data.resendAfter).toBe(60);
    const again = await post(s, '/guest/send-otp', { type: 'mobile', mobile });
    expect(again.status).toBe(429);
  });

  it('refuses a bad mobile or another contact type', async () => {
    const bad = await post(s, '/guest/send-otp', { type: 'mobile', mobile: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter valid mobile number');
    const email = await post(s, '/guest/send-otp', { type: 'email', email: 'a@b.co' });
    expect(email.status).toBe(400);
  });
});

describe('POST /api/guest/verify-otp', () => {
  it('gives a token bound to the mobile for a right code (sent as a number too), and refuses a wrong one', async () => {
    const mobile = uniqueMobile();
    const sent = await post(s, '/guest/send-otp', { type: 'mobile', mobile });
    const code = Number(sent.body.data.otp);
    const wrong = await post(s, '/guest/verify-otp', { type: 'mobile', mobile, otp: code === 999999 ? 100000 : code + 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid OTP. Please check the code and try again');
    const short = await post(s, '/guest/verify-otp', { type: 'mobile', mobile, otp: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('OTP must be of 6 digits');
    const ok = await post(s, '/guest/verify-otp', { type: 'mobile', mobile, otp: code });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: true, mobile, expiresIn: 1800 });
    expect(ok.body.data.token).toMatch(/^[\w-]{40,}$/);
    // the code was used
    expect((await post(s, '/guest/verify-otp', { type: 'mobile', mobile, otp: code })).status).toBe(400);
  });

  it('does not accept a sign-up code for the guest check', async () => {
    const mobile = uniqueMobile();
    const signup = await post(s, '/auth/request-otp', { type: 'mobile', mobile });
    const res = await post(s, '/guest/verify-otp', { type: 'mobile', mobile, otp: signup.body.data.otp });
    expect(res.status).toBe(400);
  });
});
