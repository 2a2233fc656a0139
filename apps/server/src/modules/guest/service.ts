import type { GuestVerified } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import { issueOtp, issueVerificationToken, verifyOtp, type IssuedOtp } from '../../lib/otp.ts';

/** A guest verification token lasts this long: enough to finish the checkout, no more. */
export const GUEST_TOKEN_SECONDS = 30 * 60;

/** POST guest/send-otp: a 'guest' code for the mobile (resend countdown, rate limits and expiry of lib/otp.ts). */
export function sendGuestOtp(ctx: AppContext, mobile: string, ip: string): Promise<IssuedOtp> {
  return issueOtp(ctx, { purpose: 'guest', channel: 'mobile', contact: mobile }, { ip });
}

/** POST guest/verify-otp: checks the code and hands out the one-use token bound to this mobile. */
export async function verifyGuestOtp(ctx: AppContext, mobile: string, code: string, ip: string): Promise<GuestVerified> {
  const target = { purpose: 'guest' as const, channel: 'mobile' as const, contact: mobile };
  await verifyOtp(ctx, target, code, { ip });
  const { token, expiresIn } = await issueVerificationToken(ctx.db, target, GUEST_TOKEN_SECONDS);
  return { token, status: true, mobile, expiresIn };
}
