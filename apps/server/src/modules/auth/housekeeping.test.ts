import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, sessions, verificationTokens } from '../../db/schema/index.ts';
import { SESSION_TTL_SECONDS } from '../../lib/auth.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs, travel } from '../../test/auth.ts';
import { uniqueMobile } from '../../test/factories.ts';
import { purgeStaleAuthRows } from './housekeeping.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());
afterEach(() => travel.reset());

const post = (url: string, payload: object) => s.app.inject({ method: 'POST', url: `/api${url}`, payload });

describe('purgeStaleAuthRows', () => {
  it('removes sessions a week past their expiry, revoked or not, and keeps the rest', async () => {
    const old = await loginAs(s);
    const revoked = await loginAs(s);
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: revoked.headers });
    travel(SESSION_TTL_SECONDS + 7 * 24 * 3600 + 60);
    const fresh = await loginAs(s);

    await purgeStaleAuthRows(s.db);
    const left = await s.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(inArray(sessions.userId, [old.user.id, revoked.user.id, fresh.user.id]));
    expect(left.map((r) => r.userId)).toEqual([fresh.user.id]);
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: fresh.headers })).statusCode).toBe(200);
  });

  it('keeps a session that ended less than a week ago', async () => {
    const recent = await loginAs(s);
    travel(SESSION_TTL_SECONDS + 6 * 24 * 3600);
    await purgeStaleAuthRows(s.db);
    expect(await s.db.select().from(sessions).where(eq(sessions.userId, recent.user.id))).toHaveLength(1);
  });

  it('removes codes and verification tokens a day past their expiry, and keeps live ones', async () => {
    const stale = uniqueMobile();
    const sent = await post('/auth/request-otp', { type: 'mobile', mobile: stale });
    await post('/auth/verify-otp', { type: 'mobile', mobile: stale, otp: sent.json().data.otp });
    travel(24 * 3600 + 15 * 60);
    const live = uniqueMobile();
    await post('/auth/request-otp', { type: 'mobile', mobile: live });

    const removed = await purgeStaleAuthRows(s.db);
    expect(removed.codes).toBeGreaterThanOrEqual(1);
    expect(removed.tokens).toBeGreaterThanOrEqual(1);
    expect(await s.db.select().from(otpCodes).where(eq(otpCodes.contact, stale))).toHaveLength(0);
    expect(await s.db.select().from(verificationTokens).where(eq(verificationTokens.contact, stale))).toHaveLength(0);
    expect(await s.db.select().from(otpCodes).where(eq(otpCodes.contact, live))).toHaveLength(1);
  });
});
