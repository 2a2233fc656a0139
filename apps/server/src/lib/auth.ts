import { createHash } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { MSG, type Role } from '@statewise/contract';
import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { clock } from './clock.ts';
import { forbidden, unauthorized } from './errors.ts';

/**
 * Sessions, access tokens and the one route guard.
 *
 * An access token is a JWT (HS256, signed with JWT_SECRET) naming a user (`sub`) and a session row (`sid`).
 * Every authenticated request checks the signature and expiry, then the session row: a revoked or expired
 * session, or a deleted or blocked account, answers 401 whatever the token says. Logout revokes one session; a password
 * reset and account deletion revoke them all. The role comes from the users table, so an approval as vendor takes
 * effect without a new login.
 *
 * A token that passed those checks is remembered for SESSION_CACHE_TTL_MS (ADR 032), so a signed-in request costs
 * no signature check and no query while its answer is fresh. Everything here that ends a session or changes what the
 * check reads — revokeSession, revokeUserSessions, forgetUserSessions (a role change, an unblock) — forgets the
 * tokens at once in this process; another process hears of a revocation through the realtime server's Redis
 * channel (sessionsEnded, ADR 045), and honours it within the TTL at worst.
 *
 * Every protected route declares its roles with `requireAuth`:
 *
 *   app.get('/cart', { preHandler: requireAuth(ctx, ROLES.signedIn) }, ...)              // any signed-in role
 *   app.post('/community/pinPost/:id', { preHandler: requireAuth(ctx, ['admin']) }, ...)  // admin only → others 403
 *   app.get('/product/list', { preHandler: optionalAuth(ctx) }, ...)                      // guests welcome
 *
 * and reads the caller with `currentUser(request)` (or `request.user`, null for a guest).
 */

export type { Role } from '@statewise/contract';

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller after requireAuth/optionalAuth; null for a guest. */
    user: AuthUser | null;
  }
}

/** Sessions (and their tokens) last 30 days from login. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
const ISSUER = 'statewise';
const AUDIENCE = 'statewise-api';
/** last_seen_at is refreshed at most this often, so reads stay reads. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AuthContext = { db: Db; config: Pick<Config, 'jwtSecret'> };

const keys = new Map<string, Uint8Array>();
function signingKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    // a fixed-length key derived from the secret, separate from its other uses (OTP HMAC, OAuth cookie)
    key = createHash('sha256').update(`access-token:${secret}`).digest();
    keys.set(secret, key);
  }
  return key;
}

export interface SessionMeta {
  userAgent?: string | null;
  ip?: string | null;
}

export interface IssuedSession {
  accessToken: string;
  sessionId: string;
  expiresAt: Date;
}

/** Opens a session for `userId` and signs its access token. Pass a transaction to open it with other writes. */
export async function createSession(
  ctx: { db: DbOrTx; config: Pick<Config, 'jwtSecret'> },
  userId: string,
  meta: SessionMeta = {},
): Promise<IssuedSession> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  const [row] = await ctx.db
    .insert(sessions)
    .values({
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: (meta.userAgent ?? '').slice(0, 300),
      ip: (meta.ip ?? '').slice(0, 64),
    })
    .returning({ id: sessions.id });
  const accessToken = await signAccessToken(ctx.config.jwtSecret, { userId, sessionId: row!.id, issuedAt: now, expiresAt });
  return { accessToken, sessionId: row!.id, expiresAt };
}

export async function signAccessToken(
  secret: string,
  t: { userId: string; sessionId: string; issuedAt: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ sid: t.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(t.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(t.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(t.expiresAt.getTime() / 1000))
    .sign(signingKey(secret));
}

export type RevokeReason = 'logout' | 'password_reset' | 'account_deleted' | 'blocked';

/** Ends one session (logout) and closes its open sockets. Not inside a transaction: it is announced as it returns. */
export async function revokeSession(db: DbOrTx, sessionId: string, reason: RevokeReason): Promise<void> {
  forget((e) => e.user.sessionId === sessionId);
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  if (row) sessionsEnded({ userId: row.userId, sessionId });
  else forget((e) => e.user.sessionId === sessionId);
}

/**
 * Ends every session of a user (password reset, account deletion, an admin's block), optionally keeping one.
 * Inside a transaction, call sessionsEnded once it has committed: it forgets them here again and closes the person's
 * sockets on every process.
 */
export async function revokeUserSessions(db: DbOrTx, userId: string, reason: RevokeReason, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  forgetUserSessions(userId);
  await db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(...conditions));
  forgetUserSessions(userId);
}

// ---------- who hears that sessions ended (ADR 045) ----------

/** Sessions that just ended: one (`sessionId`), or every session of `userId`. */
export interface EndedSessions {
  userId: string;
  sessionId?: string;
}
const endedListeners = new Set<(ended: EndedSessions) => void>();

/**
 * Runs `listener` each time sessions end in this process (the realtime server closes their sockets here and tells the
 * other processes). Returns the way to stop listening.
 */
export function onSessionsEnded(listener: (ended: EndedSessions) => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/**
 * THE hook for every revocation, once it is committed (a socket that reconnected before the commit would be let in
 * again): forgets the ended sessions' tokens here and tells the listeners. revokeSession calls it itself; code that
 * revokes inside a transaction (revokeUserSessions) calls it after the commit, instead of forgetUserSessions.
 */
export function sessionsEnded(ended: EndedSessions): void {
  forgetEndedSessions(ended);
  for (const listener of endedListeners) {
    try {
      listener(ended);
    } catch {
      // the revocation has committed and must answer as done; its sockets still fail their next session check
    }
  }
}

/** Forgets the ended sessions' tokens only (what another process announced: its sockets are its own to close). */
export function forgetEndedSessions({ userId, sessionId }: EndedSessions): void {
  if (sessionId) forget((e) => e.user.sessionId === sessionId);
  else forgetUserSessions(userId);
}

// ---------- the session cache (ADR 032) ----------

/** How long a checked token is trusted without asking the database again: the bound for another process's revocation. */
export const SESSION_CACHE_TTL_MS = 5000;
const SESSION_CACHE_MAX = 20_000;

interface Checked {
  user: AuthUser;
  /** when the database last said yes (clock ms) */
  checkedAt: number;
  /** the token's or the session's expiry, whichever is first (clock ms) */
  expiresAt: number;
}
/** Token → the caller it stood for when last checked; oldest first (a Map keeps insertion order). */
const checked = new Map<string, Checked>();
/**
 * Bumped by every forget: a check that was reading the database while a session was revoked or an account changed
 * must not store what it read, which may be the state from before that write committed.
 */
let generation = 0;

function forget(match: (e: Checked) => boolean) {
  generation++;
  for (const [token, e] of checked) if (match(e)) checked.delete(token);
}

/**
 * Forget every remembered token of a user, so the next request reads the session and account afresh. Call it after
 * any write that changes what `authenticate` checks — a role change, a block or unblock, a deletion — and after the
 * transaction of such a write commits (a request in between may have read the old state).
 */
export function forgetUserSessions(userId: string): void {
  forget((e) => e.user.id === userId);
}

/** Forget every remembered token (tests that change accounts behind the services' back). */
export function forgetAllSessions(): void {
  forget(() => true);
}

function remembered(token: string, now: number): AuthUser | null {
  const e = checked.get(token);
  if (!e) return null;
  const age = now - e.checkedAt;
  if (age >= 0 && age < SESSION_CACHE_TTL_MS && now < e.expiresAt) return { ...e.user };
  checked.delete(token);
  return null;
}

function remember(token: string, e: Checked, startedAt: number) {
  if (startedAt !== generation) return;
  if (checked.size >= SESSION_CACHE_MAX) checked.delete(checked.keys().next().value!);
  checked.set(token, e);
}

/** The bearer token of a request, or null when there is none. */
function bearer(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : undefined; // undefined: a header that is not a bearer token
}

/**
 * The caller a token stands for. 401 (sessionExpired) for a tampered, expired or malformed token, a revoked
 * or expired session, or a deleted account.
 */
export async function authenticate(ctx: AuthContext, token: string): Promise<AuthUser> {
  const now = clock.now();
  const known = remembered(token, now.getTime());
  if (known) return known;
  const startedAt = generation;
  let sub: string | undefined;
  let sid: unknown;
  let exp: number | undefined;
  try {
    const { payload } = await jwtVerify(token, signingKey(ctx.config.jwtSecret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'sid', 'exp'],
    });
    sub = payload.sub;
    sid = payload.sid;
    exp = payload.exp;
  } catch {
    throw unauthorized(MSG.sessionExpired);
  }
  if (typeof sid !== 'string' || !UUID.test(sid) || !sub || !UUID.test(sub)) throw unauthorized(MSG.sessionExpired);
  const [row] = await ctx.db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      role: users.role,
      deletedAt: users.deletedAt,
      blockedAt: users.blockedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sid))
    .limit(1);
  // blocking revokes the sessions too; the flag here also covers a session opened in the instant before the block
  if (!row || row.userId !== sub || row.revokedAt || row.expiresAt <= now || row.deletedAt || row.blockedAt) throw unauthorized(MSG.sessionExpired);
  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sid));
  }
  const user: AuthUser = { id: row.userId, role: row.role, sessionId: sid };
  remember(token, { user, checkedAt: now.getTime(), expiresAt: Math.min(row.expiresAt.getTime(), (exp ?? 0) * 1000) }, startedAt);
  return user;
}

/**
 * THE guard: a preHandler that lets a request through only with a valid token and one of `roles` (every
 * protected route says whom it serves). No or bad token → 401; wrong role → 403. Sets `request.user`.
 */
export function requireAuth(ctx: AuthContext, roles: readonly Role[]): preHandlerAsyncHookHandler {
  return async function requireAuthHandler(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(request);
    if (token === null) throw unauthorized(MSG.unauthorized);
    if (token === undefined) throw unauthorized(MSG.sessionExpired);
    const user = await authenticate(ctx, token);
    request.user = user;
    if (!roles.includes(user.role)) throw forbidden();
  };
}

/**
 * For routes open to guests that behave differently for a signed-in caller: sets `request.user`, or null
 * without a token. A token that is present but invalid still answers 401 (so the web clears it and asks to
 * log in again) rather than silently treating the caller as a guest.
 */
export function optionalAuth(ctx: AuthContext): preHandlerAsyncHookHandler {
  return async function optionalAuthHandler(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(request);
    if (token === null) {
      request.user = null;
      return;
    }
    if (token === undefined) throw unauthorized(MSG.sessionExpired);
    request.user = await authenticate(ctx, token);
  };
}

/** The signed-in caller of a route guarded by requireAuth (401 if a route forgot its guard). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(MSG.unauthorized);
  return request.user;
}
