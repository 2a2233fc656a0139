import { eq } from 'drizzle-orm';
import { MSG, type Contact } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import type { AuthUser } from '../../lib/auth.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { issueOtp, verifyOtp, type IssuedOtp } from '../../lib/otp.ts';
import { transaction } from '../../lib/transaction.ts';
import { claimContact, findByContact, getUser, isUniqueViolation, type ClientMeta } from '../auth/service.ts';
import { deleteUpload, storeImage } from '../media/uploads.ts';

/**
 * Profile pictures are stored square, WebP, up to this many pixels a side (and 320): the avatar is at most 112 CSS
 * pixels, so 640 covers screens of up to ~5× density.
 */
const PICTURE_SIZE = 640;

export interface ProfileChanges {
  firstname?: string;
  lastname?: string;
  /** Sent by forms that echo the read-only fields; accepted only when unchanged. */
  mobile?: string;
  email?: string;
  /** The uploaded picture's bytes (kind and size already checked by readUpload). */
  picture?: Buffer;
}

/**
 * The readable rule for a contact on PATCH user (accounts §2.5): once set it is read-only, and an empty one
 * can only be filled through the profile OTP. Echoing the current value back is fine.
 */
function checkContactEcho(user: UserRow, channel: 'mobile' | 'email', value: string | undefined): Record<string, string> {
  if (value === undefined || value === '') return {};
  const current = user[channel];
  const normalised = channel === 'email' ? value.trim().toLowerCase() : value.replace(/\D/g, '');
  if (current && normalised === current) return {};
  if (current) return { [channel]: channel === 'mobile' ? MSG.mobileReadOnly : MSG.emailReadOnly };
  return { [channel]: channel === 'mobile' ? MSG.mobileNeedsOtp : MSG.emailNeedsOtp };
}

/** PATCH user: names and picture; mobile and e-mail are read-only here (profile OTP adds them). */
export async function updateProfile(ctx: AppContext, caller: AuthUser, changes: ProfileChanges): Promise<UserRow> {
  const user = await getUser(ctx, caller.id);
  const errors = { ...checkContactEcho(user, 'mobile', changes.mobile), ...checkContactEcho(user, 'email', changes.email) };
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);

  const picture = changes.picture ? (await storeImage(ctx, changes.picture, { folder: 'profile', square: true, maxWidth: PICTURE_SIZE })).url : undefined;
  const set: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() };
  if (changes.firstname !== undefined) set.firstname = changes.firstname;
  if (changes.lastname !== undefined) set.lastname = changes.lastname;
  if (picture) set.picture = picture;
  let updated: UserRow;
  let previous: string;
  try {
    // The picture replaced is the one this write replaced, read under the row's lock: two changes at once each
    // remove the picture they replaced (the first's own new one, for the second), so none is left unnamed.
    ({ updated, previous } = await transaction(ctx.db, async (tx) => {
      const [locked] = await tx.select({ picture: users.picture }).from(users).where(eq(users.id, user.id)).for('update');
      const [row] = await tx.update(users).set(set).where(eq(users.id, user.id)).returning();
      return { updated: row!, previous: locked?.picture ?? '' };
    }));
  } catch (err) {
    await deleteUpload(ctx, picture);
    throw err;
  }
  if (picture && previous !== picture) await deleteUpload(ctx, previous);
  return updated;
}

/**
 * Whether `c` may be verified for this account: not already its verified contact, not replacing a verified
 * one (read-only once set), not another account's verified contact. An unverified contact (typed at sign-up)
 * may be verified, or replaced by verifying another one — it was never proven.
 */
async function checkProfileContact(ctx: AppContext, user: UserRow, c: Contact): Promise<void> {
  const current = user[c.channel];
  const verified = c.channel === 'mobile' ? user.mobileVerified : user.emailVerified;
  if (current && verified) {
    if (current === c.value) throw conflict(c.channel === 'mobile' ? MSG.mobileAlreadyVerified : MSG.emailAlreadyVerified);
    throw conflict(c.channel === 'mobile' ? MSG.mobileReadOnly : MSG.emailReadOnly);
  }
  const holder = await findByContact(ctx.db, c);
  if (holder && holder.id !== user.id && (c.channel === 'mobile' ? holder.mobileVerified : holder.emailVerified)) {
    throw conflict(c.channel === 'mobile' ? MSG.mobileTaken : MSG.emailTaken);
  }
}

/** POST user/request-otp: a code to verify a mobile or e-mail for the signed-in account. */
export async function requestProfileOtp(ctx: AppContext, caller: AuthUser, c: Contact, meta: ClientMeta): Promise<IssuedOtp> {
  const user = await getUser(ctx, caller.id);
  await checkProfileContact(ctx, user, c);
  return issueOtp(ctx, { purpose: 'profile', channel: c.channel, contact: c.value, userId: user.id }, meta);
}

/** POST user/verify-otp: checks the code and sets the contact on the profile, verified. */
export async function verifyProfileOtp(ctx: AppContext, caller: AuthUser, c: Contact, code: string, meta: ClientMeta): Promise<UserRow> {
  const user = await getUser(ctx, caller.id);
  await checkProfileContact(ctx, user, c);
  await verifyOtp(ctx, { purpose: 'profile', channel: c.channel, contact: c.value, userId: user.id }, code, meta);
  try {
    return await ctx.db.transaction(async (tx) => {
      await claimContact(tx, c, user.id);
      const now = clock.now();
      const [updated] = await tx
        .update(users)
        .set(c.channel === 'mobile' ? { mobile: c.value, mobileVerified: true, updatedAt: now } : { email: c.value, emailVerified: true, updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      return updated!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(c.channel === 'mobile' ? MSG.mobileTaken : MSG.emailTaken);
    throw err;
  }
}
