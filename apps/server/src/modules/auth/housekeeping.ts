import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpCodes, sessions, socialLoginCodes, verificationTokens } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';

const DAY_MS = 24 * 3600 * 1000;

/** How long rows are kept after they stop working: a week of sessions for "was that me?" support questions. */
export const KEEP_AFTER_EXPIRY = { sessions: 7 * DAY_MS, codes: DAY_MS } as const;

/** How often the sweep runs. */
export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes what no longer proves anything: sessions a week past their expiry (a revoked session expires on its
 * own date too), and OTP codes, verification tokens and Google sign-in codes a day past theirs (codes of a contact that comes back are
 * also cleared when its next code is sent). Each delete uses its table's expiry index. Gives what it removed.
 */
export async function purgeStaleAuthRows(db: Db): Promise<{ sessions: number; codes: number; tokens: number; googleCodes: number }> {
  const now = clock.now().getTime();
  const oldSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date(now - KEEP_AFTER_EXPIRY.sessions)))
    .returning({ id: sessions.id });
  const oldCodes = await db
    .delete(otpCodes)
    .where(lt(otpCodes.expiresAt, new Date(now - KEEP_AFTER_EXPIRY.codes)))
    .returning({ id: otpCodes.id });
  const oldTokens = await db
    .delete(verificationTokens)
    .where(lt(verificationTokens.expiresAt, new Date(now - KEEP_AFTER_EXPIRY.codes)))
    .returning({ id: verificationTokens.id });
  const oldGoogleCodes = await db
    .delete(socialLoginCodes)
    .where(lt(socialLoginCodes.expiresAt, new Date(now - KEEP_AFTER_EXPIRY.codes)))
    .returning({ id: socialLoginCodes.id });
  return { sessions: oldSessions.length, codes: oldCodes.length, tokens: oldTokens.length, googleCodes: oldGoogleCodes.length };
}
