import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@statewise/contract';
import { users } from '../../db/schema/index.ts';
import { onUserRegistered } from '../../lib/account-hooks.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
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

  s = await createTestServer({
    GOOGLE_CLIENT_ID: 'test-client',
    GOOGLE_CLIENT_SECRET: 'test-secret',
    GOOGLE_AUTH_URL: `${idpUrl}/authorize`,
    GOOGLE_TOKEN_URL: `${idpUrl}/token`,
    GOOGLE_USERINFO_URL: `${idpUrl}/userinfo`,
  });
  disabled = await createTestServer();
});
afterAll(async () => {
  await s.close();
  await disabled.close();
  await idp.close();
});

/** Runs the whole browser journey: our /auth/google → the IdP's consent → our callback. */
async function signIn(identity: Identity, tamper: { state?: string; dropCookie?: boolean } = {}) {
  nextIdentity = identity;
  const start = await s.app.inject({ method: 'GET', url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const consent = await fetch(start.headers.location!, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/google/callback');
  if (tamper.state !== undefined) back.searchParams.set('state', tamper.state);
  const callback = await s.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: tamper.dropCookie ? {} : { cookie },
  });
  return callback;
}

function parseSuccess(location: string) {
  const m = /^\/auth\/social-login\/success\/([^/]+)\/token\/([^/]+)\/userId\/([^/]+)\/role$/.exec(location);
  expect(m, location).not.toBeNull();
  return { token: decodeURIComponent(m![1]!), userId: m![2]!, role: m![3]! };
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
    const { token, userId, role } = parseSuccess(res.headers.location!);
    expect(role).toBe('user');
    expect(registered).toEqual([userId]);
    const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ _id: userId, email, emailVerified: true, firstname: 'Ananya', lastname: 'Iyer', mobile: null, picture: 'https://lh3.example/p.jpg' });
    // the flow cookie is cleared
    expect(String(res.headers['set-cookie'])).toContain('Max-Age=0');
  });

  it('finds the same account on the next sign-in', async () => {
    const first = parseSuccess((await signIn({ sub: 'google-repeat', email: uniqueEmail(), email_verified: true, given_name: 'R' })).headers.location!);
    const second = parseSuccess((await signIn({ sub: 'google-repeat', email: uniqueEmail(), email_verified: true, given_name: 'R' })).headers.location!);
    expect(second.userId).toBe(first.userId);
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
