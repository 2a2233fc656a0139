import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';
import { authProviders, authResult, envelope, MSG, socialLoginExchangeBody } from '@statewise/contract';
import type { App, AppContext } from '../../context.ts';
import { clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { clientMeta } from './routes.ts';
import { toAuthResult } from './serialize.ts';
import { exchangeGoogleCode, findOrCreateGoogleAccount, GOOGLE_CODE_SECONDS, issueGoogleCode, type GoogleIdentity } from './service.ts';

/**
 * Google sign-in: OAuth 2.0 authorization code with PKCE (RFC 7636), behind GOOGLE_CLIENT_ID/SECRET.
 *
 * GET /api/auth/google makes a random `state` and PKCE verifier, keeps them in a short-lived (10 min),
 * encrypted, HttpOnly cookie scoped to /api/auth/google — so they are bound to this browser and no server
 * memory is needed (several processes work) — and redirects to Google. The callback checks the state
 * against the cookie, exchanges the code with the verifier (server to server), reads the userinfo, finds or
 * creates the account (service.findOrCreateGoogleAccount) and redirects to the spec's
 * /auth/social-login/success/{token}/token/{userId}/userId/{role}/role. Any failure redirects to
 * /auth/login?error=<message> instead, so the person lands on a page that says what happened.
 *
 * The {token} slot carries a one-time code, not an access token: an address is kept in history, written to
 * request logs and sent as Referer. The web app exchanges the code once, within two minutes, at
 * POST /api/auth/social-login/exchange, which opens the session and answers like a password login. The request
 * logger masks the code (lib/log-redact.ts).
 */

const COOKIE = 'sw_google_oauth';
const COOKIE_PATH = '/api/auth/google';
const FLOW_SECONDS = 600;
const tags = ['auth'];

const cookieKeys = new Map<string, Uint8Array>();
function cookieKey(secret: string): Uint8Array {
  let key = cookieKeys.get(secret);
  if (!key) {
    key = createHash('sha256').update(`google-oauth-cookie:${secret}`).digest();
    cookieKeys.set(secret, key);
  }
  return key;
}

export function googleEnabled(ctx: Pick<AppContext, 'config'>): boolean {
  return Boolean(ctx.config.google.clientId && ctx.config.google.clientSecret);
}

function callbackUrl(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.publicUrl}/api/auth/google/callback`;
}

function cookieHeader(ctx: Pick<AppContext, 'config'>, value: string, maxAge: number): string {
  const secure = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

function readCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return rest.join('=');
  }
  return null;
}

const tokenResponse = z.object({ access_token: z.string().min(1) });
const userInfo = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

class GoogleError extends Error {}

async function fetchJson(url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new GoogleError(`request to ${url} failed: ${(err as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) throw new GoogleError(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new GoogleError(`${url} did not answer JSON`);
  }
}

/** Exchanges the code (with the PKCE verifier) and reads who signed in. */
async function identify(ctx: AppContext, code: string, verifier: string): Promise<GoogleIdentity> {
  const g = ctx.config.google;
  const token = tokenResponse.safeParse(
    await fetchJson(g.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: callbackUrl(ctx),
        client_id: g.clientId!,
        client_secret: g.clientSecret!,
        code_verifier: verifier,
      }),
    }),
  );
  if (!token.success) throw new GoogleError('token response without access_token');
  const info = userInfo.safeParse(
    await fetchJson(g.userInfoUrl, { headers: { authorization: `Bearer ${token.data.access_token}`, accept: 'application/json' } }),
  );
  if (!info.success) throw new GoogleError('userinfo response without sub');
  const u = info.data;
  const [first = '', ...rest] = (u.name ?? '').trim().split(/\s+/);
  return {
    sub: u.sub,
    email: u.email?.trim().toLowerCase() || null,
    emailVerified: u.email_verified === true,
    firstname: (u.given_name ?? first).trim(),
    lastname: (u.family_name ?? rest.join(' ')).trim(),
    picture: u.picture ?? '',
  };
}

function fail(reply: FastifyReply, message: string = MSG.googleFailed): FastifyReply {
  return reply.redirect(`/auth/login?error=${encodeURIComponent(message)}`, 302);
}

export async function googleRoutes(app: App, ctx: AppContext): Promise<void> {
  app.get(
    '/auth/providers',
    { schema: { tags, summary: 'Sign-in providers configured on this server', response: { 200: envelope(authProviders) } } },
    async () => ok({ google: googleEnabled(ctx) }),
  );

  app.get('/auth/google', { schema: { tags, summary: 'Starts Google sign-in (302 to Google)' } }, async (_request, reply) => {
    if (!googleEnabled(ctx)) throw notFound(MSG.googleUnavailable);
    const state = randomBytes(24).toString('base64url');
    const verifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const now = Math.floor(clock.now().getTime() / 1000);
    const sealed = await new EncryptJWT({ state, verifier })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(now)
      .setExpirationTime(now + FLOW_SECONDS)
      .encrypt(cookieKey(ctx.config.jwtSecret));
    const url = new URL(ctx.config.google.authUrl);
    url.search = new URLSearchParams({
      client_id: ctx.config.google.clientId!,
      redirect_uri: callbackUrl(ctx),
      response_type: 'code',
      scope: 'openid email profile',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      prompt: 'select_account',
    }).toString();
    reply.header('set-cookie', cookieHeader(ctx, sealed, FLOW_SECONDS));
    reply.header('cache-control', 'no-store');
    return reply.redirect(url.toString(), 302);
  });

  app.get(
    '/auth/google/callback',
    {
      schema: {
        tags,
        summary: 'Google redirects here; 302 to /auth/social-login/success/… or /auth/login?error=…',
        querystring: z.object({
          code: z.string().max(4096).optional(),
          state: z.string().max(512).optional(),
          error: z.string().max(512).optional(),
        }),
      },
    },
    async (request, reply) => {
      reply.header('set-cookie', cookieHeader(ctx, '', 0));
      reply.header('cache-control', 'no-store');
      if (!googleEnabled(ctx)) return fail(reply, MSG.googleUnavailable);
      const { code, state, error } = request.query;
      if (error || !code || !state) return fail(reply);
      const sealed = readCookie(request);
      if (!sealed) return fail(reply);
      let flow: { state: string; verifier: string };
      try {
        const { payload } = await jwtDecrypt(sealed, cookieKey(ctx.config.jwtSecret), { currentDate: clock.now() });
        if (typeof payload.state !== 'string' || typeof payload.verifier !== 'string') return fail(reply);
        flow = { state: payload.state, verifier: payload.verifier };
      } catch {
        return fail(reply);
      }
      const a = Buffer.from(flow.state);
      const b = Buffer.from(state);
      if (a.length !== b.length || !timingSafeEqual(a, b)) return fail(reply);
      try {
        const identity = await identify(ctx, code, flow.verifier);
        const user = await findOrCreateGoogleAccount(ctx, identity);
        const oneTimeCode = await issueGoogleCode(ctx.db, user.id);
        return reply.redirect(`/auth/social-login/success/${oneTimeCode}/token/${user.id}/userId/${user.role}/role`, 302);
      } catch (err) {
        if (err instanceof GoogleError) {
          request.log.warn({ err: err.message }, 'google sign-in failed');
          return fail(reply);
        }
        if (err instanceof AppError) return fail(reply, err.message);
        throw err;
      }
    },
  );

  app.post(
    '/auth/social-login/exchange',
    {
      schema: {
        tags,
        summary: 'Exchanges the one-time code of the Google success address for a login (as password-login answers)',
        description:
          `The code is the {token} segment of /auth/social-login/success/{token}/token/{userId}/userId/{role}/role; ` +
          `good once, for ${GOOGLE_CODE_SECONDS} seconds. 400 for a malformed code, 401 for an unknown, used or expired one, ` +
          '429 after too many failures from one address.',
        body: socialLoginExchangeBody,
        response: { 200: envelope(authResult) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { accessToken, user } = await exchangeGoogleCode(ctx, request.body.code, clientMeta(request));
      return ok(toAuthResult(accessToken, user), MSG.loginSuccess);
    },
  );
}
