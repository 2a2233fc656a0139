import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { MSG, type Contact, type RegisterBody } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes, socialLoginCodes, users, verificationTokens, type UserRow } from '../../db/schema/index.ts';
import { runUserDeleted, runUserRegistered } from '../../lib/account-hooks.ts';
import { createSession, revokeSession, revokeUserSessions, sessionsEnded, type AuthUser, type SessionMeta } from '../../lib/auth.ts';
import { clock } from '../../lib/clock.ts';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import {
  checkVerificationToken,
  consumeVerificationToken,
  countOtpRequest,
  forgetContacts,
  issueOtp,
  issueVerificationToken,
  refuseUnprovenUnderAttack,
  rememberProvenSource,
  tokenHash,
  verifyOtp,
  type IssuedOtp,
} from '../../lib/otp.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import { deleteUpload } from '../media/uploads.ts';

/** What the HTTP layer tells a service about the caller's connection (rate limits, session records). */
export interface ClientMeta extends SessionMeta {
  ip: string;
}

export type SignedIn = { accessToken: string; user: UserRow };

// ---------- finding accounts ----------

const contactColumn = (c: Contact) => (c.channel === 'mobile' ? users.mobile : users.email);

/** The live account holding this contact, verified or not. */
export async function findByContact(db: DbOrTx, c: Contact): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(contactColumn(c), c.value), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * The live account that has PROVEN this contact. OTP login and password recovery only reach an account
 * through a verified contact: an OTP to an address someone typed into their sign-up form unverified must
 * not open their account to whoever reads that inbox.
 */
export async function findByVerifiedContact(db: DbOrTx, c: Contact): Promise<UserRow | undefined> {
  const row = await findByContact(db, c);
  return row && row[c.channel === 'mobile' ? 'mobileVerified' : 'emailVerified'] ? row : undefined;
}

/**
 * Makes `c` free for an account that has just verified it: an account holding it without having verified
 * it loses it (a verified claim beats a typed one). A verified holder other than `exceptUserId` → 409.
 */
export async function claimContact(tx: DbOrTx, c: Contact, exceptUserId?: string): Promise<void> {
  const holder = await findByContact(tx, c);
  if (!holder || holder.id === exceptUserId) return;
  if (holder[c.channel === 'mobile' ? 'mobileVerified' : 'emailVerified']) {
    throw conflict(c.channel === 'mobile' ? MSG.mobileTaken : MSG.emailTaken);
  }
  await tx
    .update(users)
    .set(c.channel === 'mobile' ? { mobile: null, mobileVerified: false, updatedAt: clock.now() } : { email: null, emailVerified: false, updatedAt: clock.now() })
    .where(eq(users.id, holder.id));
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Every way in (password, OTP, sign-up, Google) opens its session here, so a blocked account is refused in one place. */
async function signIn(ctx: AppContext, db: DbOrTx, user: UserRow, meta: ClientMeta): Promise<SignedIn> {
  if (user.blockedAt) throw forbidden(MSG.accountBlocked);
  const session = await createSession({ db, config: ctx.config }, user.id, meta);
  return { accessToken: session.accessToken, user };
}

// ---------- OTP requests ----------

/** POST auth/request-otp: a sign-up code. A contact that already belongs to an account → 409. */
export async function requestSignupOtp(ctx: AppContext, c: Contact, meta: ClientMeta): Promise<IssuedOtp> {
  if (await findByVerifiedContact(ctx.db, c)) throw conflict(c.channel === 'mobile' ? MSG.accountExistsMobile : MSG.accountExistsEmail);
  return issueOtp(ctx, { purpose: 'signup', channel: c.channel, contact: c.value }, meta);
}

/**
 * POST auth/request-login-otp. For a contact with no account the answer is `{noAccount: true}`, which the
 * route sends as data.otp = 1 — the spec's signal for the dialog to switch to sign-up (accounts §4.1) — in
 * production too.
 *
 * Account enumeration, our reading: this flow by design tells the caller whether a contact is registered
 * (so does sign-up's "already exists", which every sign-up form must say). Hiding it here would break the
 * spec's dialog and protect nothing. What we do protect: no code is created or sent for an unknown contact,
 * the answer for an unknown contact costs the caller's IP the same OTP budget as a real send (so the API
 * cannot be used to test contacts in bulk), and nothing beyond "registered or not" is revealed — never a
 * name, a role or whether a password is set.
 */
export async function requestLoginOtp(ctx: AppContext, c: Contact, meta: ClientMeta): Promise<IssuedOtp | { noAccount: true }> {
  const user = await findByVerifiedContact(ctx.db, c);
  if (!user) {
    await countOtpRequest(ctx, meta.ip);
    return { noAccount: true };
  }
  // no code for an account that could not use it
  if (user.blockedAt) throw forbidden(MSG.accountBlocked);
  return issueOtp(ctx, { purpose: 'login', channel: c.channel, contact: c.value }, meta);
}

/** POST auth/forget-password-request-otp: a reset code, only to a verified contact of an account. */
export async function requestResetOtp(ctx: AppContext, c: Contact, meta: ClientMeta): Promise<IssuedOtp> {
  const user = await findByVerifiedContact(ctx.db, c);
  if (!user) {
    await countOtpRequest(ctx, meta.ip);
    throw notFound(c.channel === 'mobile' ? MSG.noAccountMobile : MSG.noAccountEmail);
  }
  return issueOtp(ctx, { purpose: 'reset', channel: c.channel, contact: c.value }, meta);
}

// ---------- OTP verification ----------

/**
 * POST auth/verify-otp: checks a sign-up or reset code and gives the verification token (data.token) that
 * auth/register or auth/reset-password then needs. Without `purpose` the contact's most recent pending
 * sign-up or reset code is checked.
 */
export async function verifyOtpForToken(
  ctx: AppContext,
  c: Contact,
  code: string,
  purpose: 'signup' | 'reset' | undefined,
  meta: ClientMeta,
): Promise<{ token: string; purpose: 'signup' | 'reset'; expiresIn: number }> {
  const row = await verifyOtp(ctx, { purpose: purpose ?? ['signup', 'reset'], channel: c.channel, contact: c.value }, code, meta);
  const verifiedFor = row.purpose === 'reset' ? 'reset' : 'signup';
  const { token, expiresIn } = await issueVerificationToken(ctx.db, { purpose: verifiedFor, channel: c.channel, contact: c.value });
  return { token, purpose: verifiedFor, expiresIn };
}

/** POST auth/login-with-otp. */
export async function loginWithOtp(ctx: AppContext, c: Contact, code: string, meta: ClientMeta): Promise<SignedIn> {
  await verifyOtp(ctx, { purpose: 'login', channel: c.channel, contact: c.value }, code, meta);
  // the account may have gone between the code and now
  const user = await findByVerifiedContact(ctx.db, c);
  if (!user) throw unauthorized(MSG.otpNoAccount);
  return signIn(ctx, ctx.db, user, meta);
}

// ---------- sign-up ----------

/**
 * POST auth/register. One transaction: the verification token is used, the verified contact claimed, the
 * account created, the sign-up steps of other features run (the wallet's new-user reward) and a session
 * opened. Any failure leaves the token usable for another try.
 */
export async function register(ctx: AppContext, body: RegisterBody, meta: ClientMeta): Promise<SignedIn> {
  const verified: Contact = body.type === 'mobile' ? { channel: 'mobile', value: body.mobile! } : { channel: 'email', value: body.email! };
  const other: Contact | null =
    body.type === 'mobile' ? (body.email ? { channel: 'email', value: body.email } : null) : body.mobile ? { channel: 'mobile', value: body.mobile } : null;
  try {
    return await ctx.db.transaction(async (tx) => {
      await consumeVerificationToken(tx, body.otpVerificationCode, { purpose: 'signup', channel: verified.channel, contact: verified.value });
      if (await findByVerifiedContact(tx, verified)) {
        throw conflict(verified.channel === 'mobile' ? MSG.accountExistsMobile : MSG.accountExistsEmail);
      }
      await claimContact(tx, verified);
      if (other && (await findByContact(tx, other))) throw conflict(other.channel === 'mobile' ? MSG.mobileTaken : MSG.emailTaken);
      const now = clock.now();
      const [user] = await tx
        .insert(users)
        .values({
          role: 'user',
          firstname: body.firstname,
          lastname: body.lastname,
          mobile: body.mobile ?? null,
          email: body.email ?? null,
          mobileVerified: verified.channel === 'mobile',
          emailVerified: verified.channel === 'email',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await runUserRegistered(tx, user!);
      return signIn(ctx, tx, user!, meta);
    });
  } catch (err) {
    // two sign-ups for one contact at the same moment: the second meets the unique index
    if (isUniqueViolation(err)) throw conflict(verified.channel === 'mobile' ? MSG.accountExistsMobile : MSG.accountExistsEmail);
    throw err;
  }
}

// ---------- password ----------

let dummyHash: Promise<string> | null = null;
/** A real argon2 hash to check against when there is no account, so "unknown" and "wrong" take as long. */
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword('statewise-timing-equaliser-0');
  return dummyHash;
}

const loginContactKey = (c: Contact) => `login:contact:${c.channel}:${c.value}`;
const loginCallerKey = (c: Contact, ip: string) => `${loginContactKey(c)}:ip:${ip}`;

/**
 * Checks a contact's password under the login rate limits (RATE_LIMITS, ADR 046): failures per contact and
 * address lock only that address, so a stranger's wrong passwords cost the owner nothing; the ceiling per contact
 * from all addresses (a guesser spread over many) refuses every address that has not proven the contact, and
 * says what to do instead. Unknown contact, no password set and wrong password all fail the same way (`null`),
 * in about the same time.
 */
async function checkPassword(ctx: AppContext, c: Contact, password: string, meta: ClientMeta): Promise<UserRow | null> {
  const contactKey = loginContactKey(c);
  const callerKey = loginCallerKey(c, meta.ip);
  const ipKey = `login:ip:${meta.ip}`;
  await ctx.rateLimiter.check(callerKey, RATE_LIMITS.loginFailPerContactIp);
  await ctx.rateLimiter.check(ipKey, RATE_LIMITS.loginFailPerIp);
  await refuseUnprovenUnderAttack(ctx, { channel: c.channel, contact: c.value }, meta.ip, {
    key: contactKey,
    rule: RATE_LIMITS.loginFailPerContact,
    say: 'password',
  });
  const user = await findByContact(ctx.db, c);
  const ok = await verifyPassword(user?.passwordHash ?? (await timingDummy()), password);
  if (!user || !user.passwordHash || !ok) {
    await ctx.rateLimiter.add(callerKey, RATE_LIMITS.loginFailPerContactIp);
    await ctx.rateLimiter.add(contactKey, RATE_LIMITS.loginFailPerContact);
    await ctx.rateLimiter.add(ipKey, RATE_LIMITS.loginFailPerIp);
    return null;
  }
  // The ceiling per contact is not reset: the guesser elsewhere is still guessing.
  await ctx.rateLimiter.reset(callerKey);
  // The password proves the contact only when the account has verified it (a typed one may be someone else's).
  if (user[c.channel === 'mobile' ? 'mobileVerified' : 'emailVerified']) {
    await rememberProvenSource(ctx, { channel: c.channel, contact: c.value }, meta.ip);
  }
  return user;
}

/**
 * POST auth/password-login. Any contact of the account works, verified or not: the password is the proof.
 * Unknown contact and wrong password give the same 401.
 */
export async function passwordLogin(ctx: AppContext, c: Contact, password: string, meta: ClientMeta): Promise<SignedIn> {
  const user = await checkPassword(ctx, c, password, meta);
  if (!user) throw unauthorized(c.channel === 'mobile' ? MSG.invalidMobileLogin : MSG.invalidEmailLogin);
  return signIn(ctx, ctx.db, user, meta);
}

/**
 * POST auth/reset-password: sets the new password and ends every session of the account. Rate-limited per
 * address and per token, and the token is checked before the new password is hashed: hashing is slow on
 * purpose and must not be free to ask for.
 */
export async function resetPassword(ctx: AppContext, c: Contact, verificationToken: string, password: string, meta: ClientMeta): Promise<void> {
  await ctx.rateLimiter.hit(`reset:ip:${meta.ip}`, RATE_LIMITS.resetPasswordPerIp);
  await ctx.rateLimiter.hit(`reset:token:${tokenHash(verificationToken)}`, RATE_LIMITS.resetPasswordPerToken);
  const expected = { purpose: 'reset', channel: c.channel, contact: c.value } as const;
  await checkVerificationToken(ctx.db, verificationToken, expected);
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction(async (tx) => {
    await consumeVerificationToken(tx, verificationToken, expected);
    const user = await findByVerifiedContact(tx, c);
    if (!user) throw notFound(c.channel === 'mobile' ? MSG.noAccountMobile : MSG.noAccountEmail);
    await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'password_reset');
    return user.id;
  });
  sessionsEnded({ userId });
  // The caller proved the contact with the reset code (verifyOtp remembered their address): their own failures
  // are forgotten; the ceiling per contact stays, so a guesser elsewhere cannot start over on the new password.
  await ctx.rateLimiter.reset(loginCallerKey(c, meta.ip));
}

// ---------- sessions ----------

/** POST auth/logout: ends the session of the token used. */
export async function logout(ctx: AppContext, caller: AuthUser): Promise<void> {
  await revokeSession(ctx.db, caller.sessionId, 'logout');
}

export async function getUser(ctx: Pick<AppContext, 'db'>, userId: string): Promise<UserRow> {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw unauthorized(MSG.sessionExpired);
  return row;
}

// ---------- account deletion ----------

/**
 * POST auth/deleteAccount {type mobile, mobile, password}. The contact and password confirm the account;
 * when a token comes along it must be that same account. Anything that does not confirm → 403 'Invalid
 * User' (never 401: a wrong password here must not log the person out).
 *
 * The row stays, so orders, reviews and posts that point at it stay consistent; what identifies the person
 * goes: names (replaced by "Deleted user"), mobile, e-mail, picture (and its file), password, Google link,
 * pending codes and tokens; every session is revoked. Other features clean their own personal data through
 * onUserDeleted in the same transaction.
 */
export async function deleteAccount(ctx: AppContext, c: Contact, password: string, caller: AuthUser | null, meta: ClientMeta): Promise<void> {
  const user = await checkPassword(ctx, c, password, meta);
  if (!user || (caller && caller.id !== user.id)) throw forbidden(MSG.invalidUser);
  const now = clock.now();
  await ctx.db.transaction(async (tx) => {
    await runUserDeleted(tx, user);
    const contacts: { channel: 'mobile' | 'email'; contact: string }[] = [];
    if (user.mobile) contacts.push({ channel: 'mobile', contact: user.mobile });
    if (user.email) contacts.push({ channel: 'email', contact: user.email });
    await forgetContacts(tx, contacts);
    await tx.delete(otpCodes).where(eq(otpCodes.userId, user.id));
    await tx.delete(verificationTokens).where(eq(verificationTokens.userId, user.id));
    await revokeUserSessions(tx, user.id, 'account_deleted');
    await tx
      .update(users)
      .set({
        firstname: 'Deleted',
        lastname: 'user',
        mobile: null,
        email: null,
        mobileVerified: false,
        emailVerified: false,
        passwordHash: null,
        picture: '',
        googleSub: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
  });
  sessionsEnded({ userId: user.id });
  await deleteUpload(ctx, user.picture);
}

// ---------- used by Google sign-in ----------

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  firstname: string;
  lastname: string;
  picture: string;
}

/**
 * The account for a Google identity: the one linked to its `sub`; else the account that verified the same
 * e-mail (now linked); else a new account (an unverified holder of that e-mail loses it, as in sign-up).
 * No session yet: the callback hands the browser a one-time code (issueGoogleCode) and the session is opened
 * when the web app exchanges it (exchangeGoogleCode).
 */
export async function findOrCreateGoogleAccount(ctx: AppContext, g: GoogleIdentity): Promise<UserRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [linked] = await tx
        .select()
        .from(users)
        .where(and(eq(users.googleSub, g.sub), isNull(users.deletedAt)))
        .limit(1);
      if (linked) return linked;
      const email: Contact | null = g.email && g.emailVerified ? { channel: 'email', value: g.email.toLowerCase() } : null;
      if (email) {
        const owner = await findByVerifiedContact(tx, email);
        if (owner) {
          const [updated] = await tx.update(users).set({ googleSub: g.sub, updatedAt: clock.now() }).where(eq(users.id, owner.id)).returning();
          return updated!;
        }
        await claimContact(tx, email);
      }
      const now = clock.now();
      const [created] = await tx
        .insert(users)
        .values({
          role: 'user',
          firstname: g.firstname.slice(0, 50),
          lastname: g.lastname.slice(0, 50),
          email: email?.value ?? null,
          emailVerified: Boolean(email),
          googleSub: g.sub,
          picture: /^https:\/\//.test(g.picture) ? g.picture.slice(0, 500) : '',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await runUserRegistered(tx, created!);
      return created!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, MSG.googleFailed);
    throw err;
  }
}

/** How long the code of the Google success address can be exchanged: the redirect and one call, with slack. */
export const GOOGLE_CODE_SECONDS = 120;

/**
 * A random one-time code standing for "this browser just signed in to `userId` with Google": it travels in the
 * success address (kept in history, seen by logs and Referer), so it is short-lived, good once, and stored only
 * as its SHA-256. Codes a day past their expiry are swept here and by the housekeeping.
 */
export async function issueGoogleCode(db: DbOrTx, userId: string): Promise<string> {
  const now = clock.now();
  const code = randomBytes(32).toString('base64url');
  await db.insert(socialLoginCodes).values({
    codeHash: tokenHash(code),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + GOOGLE_CODE_SECONDS * 1000),
  });
  await db.delete(socialLoginCodes).where(lt(socialLoginCodes.expiresAt, new Date(now.getTime() - 24 * 3600 * 1000)));
  return code;
}

/**
 * POST auth/social-login/exchange: uses the code (one UPDATE, so two exchanges at once cannot both win) and
 * opens the session, as a password login would. Unknown, used or expired codes, and a deleted account, are
 * 401; failures count against the caller's address (429 past the limit).
 */
export async function exchangeGoogleCode(ctx: AppContext, code: string, meta: ClientMeta): Promise<SignedIn> {
  const ipKey = `google-code:ip:${meta.ip}`;
  await ctx.rateLimiter.check(ipKey, RATE_LIMITS.googleCodeFailPerIp);
  const now = clock.now();
  const signedIn = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(socialLoginCodes)
      .set({ consumedAt: now })
      .where(and(eq(socialLoginCodes.codeHash, tokenHash(code)), isNull(socialLoginCodes.consumedAt), gt(socialLoginCodes.expiresAt, now)))
      .returning({ userId: socialLoginCodes.userId });
    if (!used) return null;
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
      .limit(1);
    return user ? signIn(ctx, tx, user, meta) : null;
  });
  if (!signedIn) {
    await ctx.rateLimiter.add(ipKey, RATE_LIMITS.googleCodeFailPerIp);
    throw unauthorized(MSG.googleCodeExpired);
  }
  return signedIn;
}
