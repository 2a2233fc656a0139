import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MSG, type Contact } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import type { AuthUser } from '../../lib/auth.ts';
import { clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { issueOtp, verifyOtp, type IssuedOtp } from '../../lib/otp.ts';
import { claimContact, findByContact, getUser, isUniqueViolation, removeUploadedFile, type ClientMeta } from '../auth/service.ts';

/** Profile pictures are stored square, this many pixels a side, as WebP. */
const PICTURE_SIZE = 512;
/** Refuse decompression bombs: a 5 MB PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProfileChanges {
  firstname?: string;
  lastname?: string;
  /** Sent by forms that echo the read-only fields; accepted only when unchanged. */
  mobile?: string;
  email?: string;
  /** The uploaded picture's bytes (type and size already checked by the route). */
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

/** Resizes an uploaded image to a square WebP under DATA_DIR/uploads/profile; returns its /uploads URL. */
async function storePicture(ctx: Pick<AppContext, 'config'>, data: Buffer): Promise<string> {
  let webp: Buffer;
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw new AppError(415, MSG.pictureType);
    webp = await image
      .rotate() // honour the camera's EXIF orientation; the output carries no metadata
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    // not an image at all, truncated, or too many pixels
    throw new AppError(415, MSG.pictureUnreadable);
  }
  const dir = path.join(ctx.config.dataDir, 'uploads', 'profile');
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.webp`;
  await writeFile(path.join(dir, name), webp);
  return `/uploads/profile/${name}`;
}

/** PATCH user: names and picture; mobile and e-mail are read-only here (profile OTP adds them). */
export async function updateProfile(ctx: AppContext, caller: AuthUser, changes: ProfileChanges): Promise<UserRow> {
  const user = await getUser(ctx, caller.id);
  const errors = { ...checkContactEcho(user, 'mobile', changes.mobile), ...checkContactEcho(user, 'email', changes.email) };
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);

  const picture = changes.picture ? await storePicture(ctx, changes.picture) : undefined;
  const set: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() };
  if (changes.firstname !== undefined) set.firstname = changes.firstname;
  if (changes.lastname !== undefined) set.lastname = changes.lastname;
  if (picture) set.picture = picture;
  let updated: UserRow | undefined;
  try {
    [updated] = await ctx.db.update(users).set(set).where(eq(users.id, user.id)).returning();
  } catch (err) {
    if (picture) await unlink(path.join(ctx.config.dataDir, picture)).catch(() => undefined);
    throw err;
  }
  if (picture && user.picture !== picture) await removeUploadedFile(ctx, user.picture);
  return updated!;
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
