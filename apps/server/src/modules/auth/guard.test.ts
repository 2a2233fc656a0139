import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLES } from '@statewise/contract';
import { sessions, users } from '../../db/schema/index.ts';
import {
  authenticate,
  forgetUserSessions,
  optionalAuth,
  requireAuth,
  revokeSession,
  revokeUserSessions,
  SESSION_CACHE_TTL_MS,
  signAccessToken,
} from '../../lib/auth.ts';
import { registerErrorHandling } from '../../lib/errors.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs, tokenFor, travel } from '../../test/auth.ts';
import { newUser } from '../../test/factories.ts';

/**
 * The one guard helper, tested on routes registered the way every feature registers them: a tiny app with
 * the real error handler and the real database, so roles, 401 and 403 are checked without waiting for the
 * vendor and admin features.
 */
let s: TestServer;
let app: FastifyInstance;
beforeAll(async () => {
  s = await createTestServer();
  app = Fastify();
  registerErrorHandling(app);
  app.decorateRequest('user', null);
  const ctx = { db: s.db, config: s.config };
  app.get('/any', { preHandler: requireAuth(ctx, ROLES.signedIn) }, async (req) => ({ user: req.user }));
  app.get('/vendor', { preHandler: requireAuth(ctx, ['vendor']) }, async (req) => ({ role: req.user!.role }));
  app.get('/admin', { preHandler: requireAuth(ctx, ['admin']) }, async (req) => ({ role: req.user!.role }));
  app.get('/staff', { preHandler: requireAuth(ctx, ['vendor', 'admin']) }, async (req) => ({ role: req.user!.role }));
  app.get('/maybe', { preHandler: optionalAuth(ctx) }, async (req) => ({ user: req.user }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await s.close();
});
afterEach(() => travel.reset());

const get = async (url: string, authorization?: string) => {
  const res = await app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  return { status: res.statusCode, body: res.json() };
};

describe('requireAuth roles', () => {
  it('lets any signed-in role through a route for every role, and sets request.user', async () => {
    const { user, token } = await loginAs(s);
    const res = await get('/any', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, role: 'user' });
    expect(res.body.user.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 403 to a user on a vendor or admin route', async () => {
    const { token } = await loginAs(s);
    for (const url of ['/vendor', '/admin', '/staff']) {
      const res = await get(url, `Bearer ${token}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: MSG.forbidden });
    }
  });

  it('lets each declared role through and no other', async () => {
    const vendor = await loginAs(s, { role: 'vendor' });
    const admin = await loginAs(s, { role: 'admin' });
    expect((await get('/vendor', `Bearer ${vendor.token}`)).status).toBe(200);
    expect((await get('/admin', `Bearer ${vendor.token}`)).status).toBe(403);
    expect((await get('/admin', `Bearer ${admin.token}`)).status).toBe(200);
    expect((await get('/vendor', `Bearer ${admin.token}`)).status).toBe(403);
    expect((await get('/staff', `Bearer ${vendor.token}`)).body.role).toBe('vendor');
    expect((await get('/staff', `Bearer ${admin.token}`)).body.role).toBe('admin');
  });

  it('reads the role from the account (an approval needs no new login): at once when told, else within the cache TTL', async () => {
    const { user, token } = await loginAs(s);
    expect((await get('/vendor', `Bearer ${token}`)).status).toBe(403);
    await s.db.update(users).set({ role: 'vendor' }).where(eq(users.id, user.id));
    // a change behind the services' back (another process) is seen once the remembered check runs out
    expect((await get('/vendor', `Bearer ${token}`)).status).toBe(403);
    travel(SESSION_CACHE_TTL_MS / 1000);
    expect((await get('/vendor', `Bearer ${token}`)).status).toBe(200);
    // the services of this process say so, and the next request sees it
    await s.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    forgetUserSessions(user.id);
    expect((await get('/admin', `Bearer ${token}`)).status).toBe(200);
  });
});

describe('the session cache (ADR 032)', () => {
  it('refuses a revoked session on the very next request, in this process', async () => {
    const { user, token } = await loginAs(s);
    const other = await tokenFor(s, user);
    expect((await get('/any', `Bearer ${token}`)).status).toBe(200);
    expect((await get('/any', `Bearer ${other}`)).status).toBe(200);
    const sid = (await get('/any', `Bearer ${token}`)).body.user.sessionId as string;
    await revokeSession(s.db, sid, 'logout');
    expect((await get('/any', `Bearer ${token}`)).status).toBe(401);
    expect((await get('/any', `Bearer ${other}`)).status).toBe(200);
    await revokeUserSessions(s.db, user.id, 'blocked');
    expect((await get('/any', `Bearer ${other}`)).status).toBe(401);
  });

  it('honours a revocation it was not told about (another process) within the TTL', async () => {
    const { user, token } = await loginAs(s);
    expect((await get('/any', `Bearer ${token}`)).status).toBe(200);
    await s.db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'logout' }).where(eq(sessions.userId, user.id));
    expect((await get('/any', `Bearer ${token}`)).status).toBe(200);
    travel(SESSION_CACHE_TTL_MS / 1000);
    expect((await get('/any', `Bearer ${token}`)).status).toBe(401);
  });

  it('does not keep a check that was reading the database when a session or account changed', async () => {
    const { user, token } = await loginAs(s);
    const reading = authenticate({ db: s.db, config: s.config }, token);
    // e.g. a block whose transaction commits while this check reads the old state
    forgetUserSessions(user.id);
    expect((await reading).id).toBe(user.id);
    await s.db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'blocked' }).where(eq(sessions.userId, user.id));
    expect((await get('/any', `Bearer ${token}`)).status).toBe(401);
  });
});

describe('requireAuth tokens', () => {
  it('answers 401 without a token', async () => {
    const res = await get('/any');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG.unauthorized);
  });

  it('answers 401 to a header that is not a bearer token', async () => {
    const { token } = await loginAs(s);
    for (const header of [token, `Basic ${token}`, 'Bearer', 'Bearer a b']) {
      expect((await get('/any', header)).status).toBe(401);
    }
  });

  it('answers 401 to a tampered token', async () => {
    const { token } = await loginAs(s);
    const [head, payload, sig] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const admin = await newUser(s.db, { role: 'admin' });
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: admin.id })).toString('base64url');
    const flipped = sig.slice(0, -2) + (sig.at(-2) === 'A' ? 'B' : 'A') + sig.at(-1);
    for (const bad of [`${head}.${forged}.${sig}`, `${head}.${payload}.${flipped}`, 'garbage', `${head}.${payload}.`]) {
      const res = await get('/any', `Bearer ${bad}`);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(MSG.sessionExpired);
    }
  });

  it("answers 401 to a token signed with another secret or with alg 'none'", async () => {
    const user = await newUser(s.db);
    const other = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('statewise')
      .setAudience('statewise-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await get('/any', `Bearer ${other}`)).status).toBe(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: user.id, sid: 'x' })).toString('base64url')}.`;
    expect((await get('/any', `Bearer ${none}`)).status).toBe(401);
  });

  it('answers 401 to a validly signed token whose session does not exist', async () => {
    const user = await newUser(s.db);
    const token = await signAccessToken(s.config.jwtSecret, {
      userId: user.id,
      sessionId: '00000000-0000-4000-8000-000000000000',
      issuedAt: new Date(),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect((await get('/any', `Bearer ${token}`)).status).toBe(401);
  });

  it('answers 401 once the token has expired (30 days)', async () => {
    const user = await newUser(s.db);
    const token = await tokenFor(s, user);
    travel(29 * 24 * 3600);
    expect((await get('/any', `Bearer ${token}`)).status).toBe(200);
    travel(24 * 3600 + 1);
    const res = await get('/any', `Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG.sessionExpired);
  });

  it('answers 401 for a deleted account', async () => {
    const { user, token } = await loginAs(s);
    await s.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await get('/any', `Bearer ${token}`)).status).toBe(401);
  });
});

describe('optionalAuth', () => {
  it('treats a caller without a token as a guest', async () => {
    const res = await get('/maybe');
    expect(res.status).toBe(200);
    expect(res.body.user).toBeNull();
  });

  it('knows a signed-in caller', async () => {
    const { user, token } = await loginAs(s);
    expect((await get('/maybe', `Bearer ${token}`)).body.user.id).toBe(user.id);
  });

  it('answers 401 to a bad token instead of silently treating it as a guest', async () => {
    expect((await get('/maybe', 'Bearer nope')).status).toBe(401);
  });
});
