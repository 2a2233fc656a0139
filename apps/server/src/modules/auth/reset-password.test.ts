import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@statewise/contract';
import { hashPassword } from '../../lib/password.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { travel } from '../../test/auth.ts';
import { newUser, uniqueMobile } from '../../test/factories.ts';

// The real hashing, watched: a refused reset must not have paid for a password hash.
vi.mock(import('../../lib/password.ts'), async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());
afterEach(() => {
  travel.reset();
  vi.mocked(hashPassword).mockClear();
});

let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function post(url: string, payload: object, ip = freshIp()) {
  const res = await s.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() };
}

/** A reset token for a new account's mobile, through the API. */
async function resetToken() {
  const user = await newUser(s.db);
  const sent = await post('/auth/forget-password-request-otp', { type: 'mobile', mobile: user.mobile });
  const verified = await post('/auth/verify-otp', { type: 'mobile', mobile: user.mobile, otp: sent.body.data.otp, purpose: 'reset' });
  return { user, token: verified.body.data.token as string };
}

const reset = (mobile: string | null, token: string, ip?: string) =>
  post('/auth/reset-password', { type: 'mobile', mobile, otpVerificationCode: token, password: 'NewPass456' }, ip);

describe('POST /api/auth/reset-password', () => {
  it('checks the token before hashing the new password', async () => {
    const user = await newUser(s.db);
    const res = await reset(user.mobile, 'not-a-token-anyone-was-given');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.verificationExpired);
    const { user: other, token } = await resetToken();
    const mismatch = await reset(uniqueMobile(), token);
    expect(mismatch.body.message).toBe(MSG.verificationMismatch);
    expect(hashPassword).not.toHaveBeenCalled();

    expect((await reset(other.mobile, token)).status).toBe(200);
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });

  it('limits attempts from one address to 30 in 15 minutes, then answers 429 with the wait', async () => {
    const ip = freshIp();
    const user = await newUser(s.db);
    for (let i = 0; i < 30; i++) expect((await reset(user.mobile, `guess-${i}`, ip)).status).toBe(400);
    const over = await reset(user.mobile, 'guess-30', ip);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too many password reset attempts. Please try again in 15 minutes');
    // the owner, elsewhere, is not held up
    const { user: owner, token } = await resetToken();
    expect((await reset(owner.mobile, token)).status).toBe(200);
    travel(15 * 60);
    expect((await reset(user.mobile, 'guess-31', ip)).status).toBe(400);
  });

  it('limits tries with one token to 5, from any address', async () => {
    const { user, token } = await resetToken();
    for (let i = 0; i < 5; i++) expect((await reset(uniqueMobile(), token)).status).toBe(400);
    const over = await reset(user.mobile, token);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many password reset attempts\. Please try again in \d+ minutes$/);
    expect(hashPassword).not.toHaveBeenCalled();
  });
});
