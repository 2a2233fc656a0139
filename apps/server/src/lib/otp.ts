import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { MSG, OTP, otpWaitMessage, underAttackMessage } from '@statewise/contract';
import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { otpCodes, verificationTokens, type OtpCodeRow, type VerificationTokenRow } from '../db/schema/index.ts';
import { clock } from './clock.ts';
import { AppError, badRequest, tooMany } from './errors.ts';
import type { OtpChannel, OtpDelivery, OtpPurpose } from './otp-delivery.ts';
import { RATE_LIMITS, type RateLimiter, type RateRule } from './rate-limit.ts';

export type { OtpChannel, OtpPurpose } from './otp-delivery.ts';

/**
 * One-time codes for every flow that needs one: sign-up, login, password reset, profile contact checks and
 * the guest checkout's mobile check. The rules (DESIGN.md, Security; accounts §4.6, §9):
 * - 6 digits, sent through the delivery provider, stored only as an HMAC keyed with the server secret;
 * - valid 10 minutes; a new code for the same contact and purpose retires the previous one (a profile code:
 *   only the same account's — another account asking for the same contact leaves it alone);
 * - at most 5 tries at a code from one address, then that address must request a new code (429); 30 wrong tries
 *   from all addresses together and the code is dead for everyone (ADR 046);
 * - a resend inside the UI's countdown (50 s for login, 60 s otherwise) answers 429 with the seconds left;
 * - rate limits on sending per IP, per contact, purpose and IP, and a higher ceiling per contact and purpose;
 *   on wrong codes per IP and per contact and purpose (RATE_LIMITS). A ceiling per contact is a proven attack
 *   from many places; it does not hold back an address that proved the contact before (provenSource), so a
 *   stranger cannot use up the owner's codes or tries.
 * A verified code can be exchanged for a short-lived, one-use verification token (auth/verify-otp).
 *
 * The guest checkout's calls (API.md: guest/send-otp, guest/verify-otp) are this, with purpose 'guest':
 *
 *   const issued = await issueOtp(ctx, { purpose: 'guest', channel: 'mobile', contact: mobile }, { ip: request.ip });
 *   return ok(toOtpSent(ctx.config, issued));                       // modules/auth/serialize.ts: data.otp in demo mode only
 *   await verifyOtp(ctx, { purpose: 'guest', channel: 'mobile', contact: mobile }, otp, { ip: request.ip });
 *   const { token } = await issueVerificationToken(ctx.db, { purpose: 'guest', channel: 'mobile', contact: mobile }, ttl);
 *   // later, inside the order's transaction:
 *   await consumeVerificationToken(tx, token, { purpose: 'guest', channel: 'mobile', contact: mobile });
 */

/** What a service needs from the app context (a transaction's `db` is not used here: tries must persist). */
export interface OtpContext {
  db: Db;
  config: Pick<Config, 'jwtSecret'>;
  otpDelivery: OtpDelivery;
  rateLimiter: RateLimiter;
}

export interface OtpTarget {
  purpose: OtpPurpose;
  channel: OtpChannel;
  /** Ten-digit mobile or lowercase e-mail (as the contract's schemas normalise them). */
  contact: string;
  /** The signed-in account a profile code belongs to. */
  userId?: string | null;
}

export interface IssuedOtp {
  /** The code: returned to the caller only so demo mode can echo it (never in production). */
  code: string;
  /** True when an earlier code for the same contact and purpose was still live (the web says "Re sent"). */
  resent: boolean;
  /** Seconds of the resend countdown. */
  resendAfter: number;
  expiresIn: number;
}

/** The resend countdown the UI shows: 50 s on the login code page, 60 s elsewhere (accounts §4.6). */
export function resendSeconds(purpose: OtpPurpose): number {
  return purpose === 'login' ? OTP.resendSeconds.login : OTP.resendSeconds.other;
}

function hashCode(secret: string, t: Pick<OtpTarget, 'purpose' | 'channel' | 'contact'>, code: string): string {
  return createHmac('sha256', secret).update(`otp:${t.purpose}:${t.channel}:${t.contact}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** 100000–999999: never a leading zero, so clients that send the code as a number lose nothing. */
function newCode(): string {
  return String(randomInt(100_000, 1_000_000));
}

/** The codes of one contact and purpose — and of one account, for a profile code (none for the others). */
function keyOf(t: { purpose: OtpPurpose | readonly OtpPurpose[]; channel: OtpChannel; contact: string; userId?: string | null }): SQL {
  const purposes = Array.isArray(t.purpose) ? t.purpose : [t.purpose as OtpPurpose];
  return and(
    eq(otpCodes.channel, t.channel),
    eq(otpCodes.contact, t.contact),
    inArray(otpCodes.purpose, purposes),
    t.userId ? eq(otpCodes.userId, t.userId) : isNull(otpCodes.userId),
  )!;
}

async function latestCode(db: DbOrTx, where: SQL): Promise<OtpCodeRow | undefined> {
  const [row] = await db.select().from(otpCodes).where(where).orderBy(desc(otpCodes.sentAt)).limit(1);
  return row;
}

type SendTarget = Pick<OtpTarget, 'purpose' | 'channel' | 'contact'>;
const contactSendKey = (t: SendTarget) => `otp:send:${t.purpose}:${t.channel}:${t.contact}`;
const callerSendKey = (t: SendTarget, ip: string) => `${contactSendKey(t)}:ip:${ip}`;
const contactWrongKey = (t: SendTarget) => `otp:wrong:${t.purpose}:${t.channel}:${t.contact}`;

// ---------- addresses that proved a contact ----------

/** How long an address that proved a contact counts as its owner's (past the per-contact ceilings). */
const PROOF_MS = 30 * 24 * 3600 * 1000;
const proofKey = (t: Pick<OtpTarget, 'channel' | 'contact'>, ip: string) => `proven:${t.channel}:${t.contact}:ip:${ip}`;

/**
 * Records that the caller at `ip` holds the contact: they typed a code sent to it (any purpose), or the password of
 * the account that verified it. Kept with the rate counters (in Redis when there is one; its keys are hashed).
 */
export async function rememberProvenSource(ctx: Pick<OtpContext, 'rateLimiter'>, t: Pick<OtpTarget, 'channel' | 'contact'>, ip: string): Promise<void> {
  await ctx.rateLimiter.remember(proofKey(t, ip), PROOF_MS);
}

/**
 * Whether the caller at `ip` proved the contact in the last 30 days. Such an address is held to its own limits
 * only: the ceilings per contact, reached by a guesser or bomber spread over many addresses, do not lock it out.
 */
async function provenSource(ctx: Pick<OtpContext, 'rateLimiter'>, t: Pick<OtpTarget, 'channel' | 'contact'>, ip: string): Promise<boolean> {
  return ctx.rateLimiter.remembers(proofKey(t, ip));
}

/**
 * 429 when the contact's ceiling (`rule`, counted from all addresses) is reached and the caller has not proven
 * the contact: the message says what the owner can do instead.
 */
export async function refuseUnprovenUnderAttack(
  ctx: Pick<OtpContext, 'rateLimiter'>,
  t: Pick<OtpTarget, 'channel' | 'contact'>,
  ip: string,
  ceiling: { key: string; rule: RateRule; say: Parameters<typeof underAttackMessage>[0] },
): Promise<void> {
  const seconds = await ctx.rateLimiter.wait(ceiling.key, ceiling.rule);
  if (seconds && !(await provenSource(ctx, t, ip))) throw tooMany(underAttackMessage(ceiling.say, seconds), seconds);
}

const otpAttackMessage = (purpose: OtpPurpose) => (purpose === 'login' ? 'otpLogin' : 'otp');

/** Counts an OTP-like request against the caller's IP without sending anything (e.g. a login code for an unknown contact). */
export async function countOtpRequest(ctx: Pick<OtpContext, 'rateLimiter'>, ip: string): Promise<void> {
  await ctx.rateLimiter.hit(`otp:ip:${ip}`, RATE_LIMITS.otpSendPerIp);
}

/** Creates and sends a code. Throws 429 inside the resend countdown or over a rate limit. */
export async function issueOtp(ctx: OtpContext, target: OtpTarget, meta: { ip: string }): Promise<IssuedOtp> {
  const now = clock.now();
  const cooldown = resendSeconds(target.purpose);
  const previous = await latestCode(ctx.db, keyOf(target));
  const live = previous && !previous.consumedAt && previous.expiresAt > now && previous.attempts < OTP.maxAttemptsAllSources;
  if (previous && !previous.consumedAt) {
    const left = Math.ceil((previous.sentAt.getTime() + cooldown * 1000 - now.getTime()) / 1000);
    if (left > 0) throw tooMany(otpWaitMessage(left), left);
  }
  // RATE_LIMITS says why each counter exists; the owner's own address is not held back by the ceiling
  const ipKey = `otp:ip:${meta.ip}`;
  await ctx.rateLimiter.check(ipKey, RATE_LIMITS.otpSendPerIp);
  await ctx.rateLimiter.check(callerSendKey(target, meta.ip), RATE_LIMITS.otpSendPerContactIp);
  await refuseUnprovenUnderAttack(ctx, target, meta.ip, {
    key: contactSendKey(target),
    rule: RATE_LIMITS.otpSendPerContact,
    say: otpAttackMessage(target.purpose),
  });
  await ctx.rateLimiter.add(ipKey, RATE_LIMITS.otpSendPerIp);
  await ctx.rateLimiter.add(callerSendKey(target, meta.ip), RATE_LIMITS.otpSendPerContactIp);
  await ctx.rateLimiter.add(contactSendKey(target), RATE_LIMITS.otpSendPerContact);

  const code = newCode();
  const expiresAt = new Date(now.getTime() + OTP.ttlSeconds * 1000);
  const row = await ctx.db.transaction(async (tx) => {
    const key = keyOf(target);
    // retire earlier codes for this contact and purpose (and account); forget ones long expired
    await tx.update(otpCodes).set({ consumedAt: now }).where(and(key, isNull(otpCodes.consumedAt)));
    await tx.delete(otpCodes).where(and(key, lt(otpCodes.expiresAt, new Date(now.getTime() - 24 * 3600 * 1000))));
    const [inserted] = await tx
      .insert(otpCodes)
      .values({
        purpose: target.purpose,
        channel: target.channel,
        contact: target.contact,
        userId: target.userId ?? null,
        codeHash: hashCode(ctx.config.jwtSecret, target, code),
        sentAt: now,
        expiresAt,
      })
      .returning({ id: otpCodes.id });
    return inserted!;
  });

  try {
    await ctx.otpDelivery.send({
      channel: target.channel,
      to: target.contact,
      code,
      purpose: target.purpose,
      validMinutes: OTP.ttlSeconds / 60,
    });
  } catch {
    // The code never went out: drop it so the countdown does not block a retry.
    await ctx.db.delete(otpCodes).where(eq(otpCodes.id, row.id));
    throw new AppError(503, MSG.otpDeliveryFailed);
  }
  return { code, resent: Boolean(live), resendAfter: cooldown, expiresIn: OTP.ttlSeconds };
}

/**
 * Checks a code and consumes it. Wrong → 400 (the try is counted, and stays counted); the fifth try from one
 * address, and any try from it after → 429 "request a new OTP" (other addresses may still try: a stranger's
 * guesses do not spoil the owner's code); the 30th wrong try from all addresses → the code is dead (429); the
 * contact's wrong codes from all addresses at their ceiling → 429 for addresses that have not proven it; expired
 * → 400; none pending → 400. Each with its own plain message and no hint about the code itself. `purpose` may
 * list several: the most recently sent live code among them is checked.
 */
export async function verifyOtp(
  ctx: OtpContext,
  target: Omit<OtpTarget, 'purpose'> & { purpose: OtpPurpose | readonly OtpPurpose[] },
  code: string,
  meta: { ip: string },
): Promise<OtpCodeRow> {
  const now = clock.now();
  const ipKey = `otp:wrong:ip:${meta.ip}`;
  await ctx.rateLimiter.check(ipKey, RATE_LIMITS.otpWrongPerIp);
  const row = await latestCode(ctx.db, keyOf(target));
  if (!row || row.consumedAt) throw badRequest(MSG.otpNotRequested, { otp: MSG.otpNotRequested });
  if (row.attempts >= OTP.maxAttemptsAllSources) throw tooMany(MSG.otpCodeUnderAttack);
  if (row.expiresAt <= now) throw badRequest(MSG.otpExpired, { otp: MSG.otpExpired });
  await refuseUnprovenUnderAttack(ctx, row, meta.ip, {
    key: contactWrongKey(row),
    rule: RATE_LIMITS.otpWrongPerContact,
    say: otpAttackMessage(row.purpose),
  });
  // Each try is counted before the comparison, per address and against the code, so that tries sent at once
  // cannot pass either limit together. (A right try is counted too; it uses the code up anyway.)
  const tries = await ctx.rateLimiter.add(`otp:tries:${row.id}:ip:${meta.ip}`, RATE_LIMITS.otpTriesPerCodeIp);
  if (tries > OTP.maxAttempts) throw tooMany(MSG.otpTooManyTries);
  const [counted] = await ctx.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, OTP.maxAttemptsAllSources)))
    .returning({ attempts: otpCodes.attempts });
  if (!counted) {
    // another request used the code up or killed it a moment ago
    const [state] = await ctx.db.select({ consumedAt: otpCodes.consumedAt }).from(otpCodes).where(eq(otpCodes.id, row.id));
    if (state && !state.consumedAt) throw tooMany(MSG.otpCodeUnderAttack);
    throw badRequest(MSG.otpNotRequested, { otp: MSG.otpNotRequested });
  }

  if (!sameHash(row.codeHash, hashCode(ctx.config.jwtSecret, row, code))) {
    await ctx.rateLimiter.add(ipKey, RATE_LIMITS.otpWrongPerIp);
    await ctx.rateLimiter.add(contactWrongKey(row), RATE_LIMITS.otpWrongPerContact);
    if (counted.attempts >= OTP.maxAttemptsAllSources) throw tooMany(MSG.otpCodeUnderAttack);
    if (tries >= OTP.maxAttempts) throw tooMany(MSG.otpTooManyTries);
    throw badRequest(MSG.otpInvalid, { otp: MSG.otpInvalid });
  }

  const [consumed] = await ctx.db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
    .returning();
  if (!consumed) throw badRequest(MSG.otpNotRequested, { otp: MSG.otpNotRequested });
  // The caller proved they hold the contact: their own counter starts again (the ceiling stays, against bombing),
  // and their address is the owner's from now on (past the ceilings per contact).
  await ctx.rateLimiter.reset(callerSendKey(row, meta.ip));
  await rememberProvenSource(ctx, row, meta.ip);
  return consumed;
}

// ---------- verification tokens ----------

/** What is stored of a verification token (and may name it in a rate-limit key): its SHA-256. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface VerifiedContact {
  purpose: OtpPurpose;
  channel: OtpChannel;
  contact: string;
  userId?: string | null;
}

/** A random, one-use token proving `contact` was verified for `purpose`; only its hash is stored. */
export async function issueVerificationToken(
  db: DbOrTx,
  verified: VerifiedContact,
  ttlSeconds: number = OTP.verificationTokenSeconds,
): Promise<{ token: string; expiresIn: number }> {
  const now = clock.now();
  const token = randomBytes(32).toString('base64url');
  await db.insert(verificationTokens).values({
    tokenHash: tokenHash(token),
    purpose: verified.purpose,
    channel: verified.channel,
    contact: verified.contact,
    userId: verified.userId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  // forget tokens that expired a day ago or more
  await db.delete(verificationTokens).where(lt(verificationTokens.expiresAt, new Date(now.getTime() - 24 * 3600 * 1000)));
  return { token, expiresIn: ttlSeconds };
}

/**
 * Checks a verification token for `expected` without using it: the same 400s as consumeVerificationToken.
 * For work that is costly to do before knowing the token is good (hashing a new password).
 */
export async function checkVerificationToken(db: DbOrTx, token: string, expected: VerifiedContact): Promise<VerificationTokenRow> {
  const [row] = await db.select().from(verificationTokens).where(eq(verificationTokens.tokenHash, tokenHash(token))).limit(1);
  if (!row || row.consumedAt || row.expiresAt <= clock.now() || row.purpose !== expected.purpose) {
    throw badRequest(MSG.verificationExpired);
  }
  if (row.channel !== expected.channel || row.contact !== expected.contact || (expected.userId && row.userId !== expected.userId)) {
    throw badRequest(MSG.verificationMismatch);
  }
  return row;
}

/**
 * Uses a verification token for `expected` (purpose, channel and contact must all match). Run it inside the
 * transaction of the work it authorises, so a failure later leaves the token usable. 400 when unknown,
 * used, expired, or for another contact.
 */
export async function consumeVerificationToken(db: DbOrTx, token: string, expected: VerifiedContact): Promise<VerificationTokenRow> {
  const now = clock.now();
  const row = await checkVerificationToken(db, token, expected);
  const [used] = await db
    .update(verificationTokens)
    .set({ consumedAt: now })
    .where(and(eq(verificationTokens.id, row.id), isNull(verificationTokens.consumedAt)))
    .returning();
  if (!used) throw badRequest(MSG.verificationExpired);
  return used;
}

/** Removes every pending code and token for these contacts (account deletion). */
export async function forgetContacts(db: DbOrTx, contacts: { channel: OtpChannel; contact: string }[]): Promise<void> {
  if (!contacts.length) return;
  await db
    .delete(otpCodes)
    .where(or(...contacts.map((c) => and(eq(otpCodes.channel, c.channel), eq(otpCodes.contact, c.contact)))));
  await db
    .delete(verificationTokens)
    .where(or(...contacts.map((c) => and(eq(verificationTokens.channel, c.channel), eq(verificationTokens.contact, c.contact)))));
}
