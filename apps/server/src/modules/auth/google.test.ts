import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authResult, MSG } from '@statewise/contract';
import { sessions, socialLoginCodes, users } from '../../db/schema/index.ts';
import { onUserRegistered } from '../../lib/account-hooks.ts';
import { tokenHash } from '../../lib/otp.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { travel } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newUser, uniqueEmail } from '../../test/factories.ts';

/**
 * Google sign-in against a local fake identity provider: a small HTTP server on a random port playing
 * Google's authorize, token and userinfo endpoints, checking the client secret, the redirect URI and the
 * PKCE verifier the way Google does.
 */
interface Identity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

let idp: FastifyInstance;
let idpUrl: string;
let nextIdentity: Identity;
let tokenEndpointFails = false;
const codes = new Map<string, { challenge: string; redirectUri: string; identity: Identity }>();
const accessTokens = new Map<string, Identity>();

let s: TestServer;
let disabled: TestServer;
/** A server that writes its log (level info) here, to read what a request line shows. */
let logged: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  idp = Fastify();
  idp.get('/authorize', async (req, reply) => {
    const q = req.query as Record<string, string>;
    if (q.client_id !== 'test-client' || q.code_challenge_method !== 'S256' || !q.code_challenge || q.response_type !== 'code') {
      return reply.status(400).send({ error: 'invalid_request' });
    }
    const code = randomBytes(12).toString('hex');
    codes.set(code, { challenge: q.code_challenge, redirectUri: q.redirect_uri!, identity: nextIdentity });
    return reply.redirect(`${q.redirect_uri}?${new URLSearchParams({ code, state: q.state! })}`, 302);
  });
  idp.post('/token', async (req, reply) => {
    const b = req.body as Record<string, string>;
    const grant = codes.get(b.code!);
    if (tokenEndpointFails) return reply.status(500).send({ error: 'server_error' });
    const challenge = createHash('sha256').update(b.code_verifier ?? '').digest('base64url');
    if (
      !grant ||
      b.grant_type !== 'authorization_code' ||
      b.client_id !== 'test-client' ||
      b.client_secret !== 'test-secret' ||
      b.redirect_uri !== grant.redirectUri ||
      challenge !== grant.challenge
    ) {
      return reply.status(400).send({ error: 'invalid_grant' });
    }
    codes.delete(b.code!);
    const accessToken = randomBytes(16).toString('hex');
    accessTokens.set(accessToken, grant.identity);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: 3599, id_token: 'unused' };
  });
  idp.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  idp.get('/userinfo', async (req, reply) => {
    const identity = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!identity) return reply.status(401).send({ error: 'invalid_token' });
    return identity;
  });
  await idp.listen({ port: 0, host: '127.0.0.1' });
  idpUrl = `http://127.0.0.1:${(idp.server.address() as AddressInfo).port}`;

  const google = {
    GOOGLE_CLIENT_ID: 'test-client',
    GOOGLE_CLIENT_SECRET: 'test-secret',
    GOOGLE_AUTH_URL: `${idpUrl}/authorize`,
    GOOGLE_TOKEN_URL: `${idpUrl}/token`,
    GOOGLE_USERINFO_URL: `${idpUrl}/userinfo`,
  };
  s = await createTestServer(google);
  disabled = await createTestServer();
  logged = await createTestServer({ ...google, LOG_LEVEL: 'info' }, { logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(async () => {
  await s.close();
  await disabled.close();
  await logged.close();
  await idp.close();
});

/** Runs the whole browser journey: our /auth/google → the IdP's consent → our callback. */
async function signIn(identity: Identity, tamper: { state?: string; dropCookie?: boolean } = {}, server: TestServer = s) {
  nextIdentity = identity;
  const start = await server.app.inject({ method: 'GET', url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const consent = await fetch(start.headers.location!, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/google/callback');
  if (tamper.state !== undefined) back.searchParams.set('state', tamper.state);
  const callback = await server.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: tamper.dropCookie ? {} : { cookie },
  });
  return callback;
}

/** The spec's success address: its {token} slot holds the one-time code. */
function parseSuccess(location: string) {
  const m = /^\/auth\/social-login\/success\/([^/]+)\/token\/([^/]+)\/userId\/([^/]+)\/role$/.exec(location);
  expect(m, location).not.toBeNull();
  return { code: decodeURIComponent(m![1]!), userId: m![2]!, role: m![3]! };
}

function exchange(code: string, server: TestServer = s) {
  return server.app.inject({ method: 'POST', url: '/api/auth/social-login/exchange', payload: { code } });
}

/** Signs in through Google and exchanges the code, as the web app does: the access token and the address's parts. */
async function signInAndExchange(identity: Identity) {
  const success = parseSuccess((await signIn(identity)).headers.location!);
  const res = await exchange(success.code);
  expect(res.statusCode, res.body).toBe(200);
  return { ...success, token: res.json().data.accessToken as string };
}

describe('GET /api/auth/providers', () => {
  it('says Google is available when a client id is set, and not otherwise', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/providers' })).json().data).toEqual({ google: true });
    expect((await disabled.app.inject({ method: 'GET', url: '/api/auth/providers' })).json().data).toEqual({ google: false });
  });
});

describe('GET /api/auth/google', () => {
  it('answers 404 when Google is not configured', async () => {
    const res = await disabled.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.googleUnavailable);
  });

  it('redirects to Google with state, an S256 code challenge and a short-lived HttpOnly cookie', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/auth/google' });
    const url = new URL(res.headers.location!);
    expect(`${url.origin}${url.pathname}`).toBe(`${idpUrl}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'test-client',
      redirect_uri: 'http://localhost:3000/api/auth/google/callback',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sw_google_oauth=[^;]+; Path=\/api\/auth\/google; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // the cookie is sealed: neither the state nor the verifier can be read from it
    expect(cookie).not.toContain(url.searchParams.get('state')!);
  });
});

describe('GET /api/auth/google/callback', () => {
  it('creates an account for a new Google identity and lands on the success route', async () => {
    const email = uniqueEmail();
    const registered: string[] = [];
    onUserRegistered('test:google', async (_tx, user) => {
      registered.push(user.id);
    });
    const res = await signIn({ sub: 'google-new-1', email, email_verified: true, given_name: 'Ananya', family_name: 'Iyer', picture: 'https://lh3.example/p.jpg' });
    expect(res.statusCode).toBe(302);
    const { code, userId, role } = parseSuccess(res.headers.location!);
    expect(role).toBe('user');
    expect(registered).toEqual([userId]);
    const { accessToken: token } = expectContract(authResult, (await exchange(code)).json());
    const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ _id: userId, email, emailVerified: true, firstname: 'Ananya', lastname: 'Iyer', mobile: null, picture: 'https://lh3.example/p.jpg' });
    // the flow cookie is cleared
    expect(String(res.headers['set-cookie'])).toContain('Max-Age=0');
  });

  it('finds the same account on the next sign-in', async () => {
    const first = await signInAndExchange({ sub: 'google-repeat', email: uniqueEmail(), email_verified: true, given_name: 'R' });
    const second = await signInAndExchange({ sub: 'google-repeat', email: uniqueEmail(), email_verified: true, given_name: 'R' });
    expect(second.userId).toBe(first.userId);
    expect(second.code).not.toBe(first.code);
    expect(second.token).not.toBe(first.token);
  });

  it('links an existing account that verified the same e-mail, keeping its role', async () => {
    const vendor = await newUser(s.db, { role: 'vendor' });
    const res = await signIn({ sub: 'google-vendor', email: vendor.email!.toUpperCase(), email_verified: true });
    const { userId, role } = parseSuccess(res.headers.location!);
    expect(userId).toBe(vendor.id);
    expect(role).toBe('vendor');
    const [row] = await s.db.select().from(users).where(eq(users.id, vendor.id));
    expect(row!.googleSub).toBe('google-vendor');
  });

  it('does not link to an account by an e-mail Google has not verified', async () => {
    const user = await newUser(s.db);
    const { userId } = parseSuccess((await signIn({ sub: 'google-unverified', email: user.email!, email_verified: false })).headers.location!);
    expect(userId).not.toBe(user.id);
    const [created] = await s.db.select().from(users).where(eq(users.id, userId));
    expect(created!.email).toBeNull();
  });

  it('refuses a callback whose state does not match the cookie', async () => {
    const res = await signIn({ sub: 'google-x', email: uniqueEmail(), email_verified: true }, { state: 'forged-state-forged-state-forged1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/auth/login?error=${encodeURIComponent(MSG.googleFailed)}`);
  });

  it('refuses a callback without the flow cookie (another browser)', async () => {
    const res = await signIn({ sub: 'google-y', email: uniqueEmail(), email_verified: true }, { dropCookie: true });
    expect(res.headers.location).toMatch(/^\/auth\/login\?error=/);
  });

  it('sends the person back to login when they cancel at Google or Google fails', async () => {
    const cancelled = await s.app.inject({ method: 'GET', url: '/api/auth/google/callback?error=access_denied' });
    expect(cancelled.statusCode).toBe(302);
    expect(cancelled.headers.location).toMatch(/^\/auth\/login\?error=/);
    tokenEndpointFails = true;
    try {
      const res = await signIn({ sub: 'google-z', email: uniqueEmail(), email_verified: true });
      expect(res.headers.location).toBe(`/auth/login?error=${encodeURIComponent(MSG.googleFailed)}`);
    } finally {
      tokenEndpointFails = false;
    }
  });

  it('does not sign in a deleted account again by its Google identity', async () => {
    const first = parseSuccess((await signIn({ sub: 'google-deleted', email: uniqueEmail(), email_verified: true })).headers.location!);
    await s.db.update(users).set({ deletedAt: new Date(), googleSub: null, email: null }).where(eq(users.id, first.userId));
    const again = parseSuccess((await signIn({ sub: 'google-deleted', email: uniqueEmail(), email_verified: true })).headers.location!);
    expect(again.userId).not.toBe(first.userId);
  });
});

describe('the Google success address and POST /api/auth/social-login/exchange', () => {
  afterEach(() => travel.reset());

  it('carries a one-time code in the token slot, never an access token, and stores only its hash', async () => {
    const res = await signIn({ sub: 'google-code-1', email: uniqueEmail(), email_verified: true });
    const { code, userId } = parseSuccess(res.headers.location!);
    expect(code).toMatch(/^[\w-]{43}$/);
    // not a bearer token: the API refuses it, and no session exists before the exchange
    const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${code}` } });
    expect(me.statusCode).toBe(401);
    expect(await s.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    const [row] = await s.db.select().from(socialLoginCodes).where(eq(socialLoginCodes.userId, userId));
    expect(row!.codeHash).toBe(tokenHash(code));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(120_000);
  });

  it('exchanges the code once for the same answer as a password login', async () => {
    const email = uniqueEmail();
    const { code, userId } = parseSuccess((await signIn({ sub: 'google-code-2', email, email_verified: true, given_name: 'Meera' })).headers.location!);
    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    expect(body.message).toBe(MSG.loginSuccess);
    const data = expectContract(authResult, body);
    expect(data.user).toMatchObject({ _id: userId, role: 'user', email, firstname: 'Meera' });
    const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${data.accessToken}` } });
    expect(me.json().data._id).toBe(userId);
    expect(await s.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);

    const second = await exchange(code);
    expect(second.statusCode).toBe(401);
    expect(second.json()).toMatchObject({ success: false, message: MSG.googleCodeExpired });
    expect(await s.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
  });

  it('lets only one of two simultaneous exchanges of a code win', async () => {
    const { code } = parseSuccess((await signIn({ sub: 'google-code-race', email: uniqueEmail(), email_verified: true })).headers.location!);
    const answers = await Promise.all([exchange(code), exchange(code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a code after its two minutes', async () => {
    const { code } = parseSuccess((await signIn({ sub: 'google-code-3', email: uniqueEmail(), email_verified: true })).headers.location!);
    travel(121);
    const res = await exchange(code);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.googleCodeExpired);
  });

  it('refuses a code whose account was deleted before the exchange', async () => {
    const { code, userId } = parseSuccess((await signIn({ sub: 'google-code-4', email: uniqueEmail(), email_verified: true })).headers.location!);
    await s.db.update(users).set({ deletedAt: new Date(), googleSub: null }).where(eq(users.id, userId));
    expect((await exchange(code)).statusCode).toBe(401);
  });

  it('answers 400 for a missing or malformed code and 401 for an unknown one', async () => {
    const missing = await s.app.inject({ method: 'POST', url: '/api/auth/social-login/exchange', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.googleCodeExpired);
    expect((await exchange('not a code')).statusCode).toBe(400);
    expect((await exchange('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')).statusCode).toBe(400);
    expect((await exchange(randomBytes(32).toString('base64url'))).statusCode).toBe(401);
  });

  it('answers 429 after 30 failed exchanges from one address', async () => {
    const limited = await createTestServer({ GOOGLE_CLIENT_ID: 'test-client', GOOGLE_CLIENT_SECRET: 'test-secret' });
    try {
      for (let i = 0; i < 30; i++) expect((await exchange(randomBytes(32).toString('base64url'), limited)).statusCode).toBe(401);
      const refused = await exchange(randomBytes(32).toString('base64url'), limited);
      expect(refused.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('never writes the code, the Google code or its state to the request log', async () => {
    logLines.length = 0;
    nextIdentity = { sub: 'google-logged', email: uniqueEmail(), email_verified: true };
    const start = await logged.app.inject({ method: 'GET', url: '/api/auth/google' });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const back = new URL((await fetch(start.headers.location!, { redirect: 'manual' })).headers.get('location')!);
    const callback = await logged.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
    const location = callback.headers.location!;
    const { code, userId } = parseSuccess(location);
    // the browser then opens the success page and the page exchanges the code
    await logged.app.inject({ method: 'GET', url: location });
    const exchanged = await exchange(code, logged);
    expect(exchanged.statusCode).toBe(200);
    const accessToken = exchanged.json().data.accessToken as string;

    const lines = logLines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string } });
    const urls = lines.flatMap((l) => (l.msg === 'incoming request' && l.req ? [l.req.url] : []));
    expect(urls).toContain(`/auth/social-login/success/[redacted]/token/${userId}/userId/user/role`);
    expect(urls).toContain('/api/auth/google/callback?code=[redacted]&state=[redacted]');
    expect(urls).toContain('/api/auth/social-login/exchange');
    const all = logLines.join('\n');
    for (const secret of [code, encodeURIComponent(code), back.searchParams.get('code')!, back.searchParams.get('state')!, accessToken]) {
      expect(all).not.toContain(secret);
    }
  });
});
