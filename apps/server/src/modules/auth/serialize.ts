import type { AuthResult, OtpSent, Profile } from '@statewise/contract';
import { MSG } from '@statewise/contract';
import type { Config } from '../../config.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { IssuedOtp } from '../../lib/otp.ts';

/** The profile of accounts §3 (GET user, auth/me, data.user of every login). Never the password hash. */
export function toProfile(u: UserRow): Profile {
  return {
    _id: u.id,
    role: u.role,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    mobile: u.mobile,
    picture: u.picture,
    emailVerified: u.emailVerified,
    mobileVerified: u.mobileVerified,
    hasPassword: Boolean(u.passwordHash),
    createdAt: u.createdAt.toISOString(),
  };
}

export function toAuthResult(accessToken: string, user: UserRow): AuthResult {
  return { accessToken, user: toProfile(user) };
}

/**
 * data of an OTP request. The code is echoed as data.otp in demo mode only (API.md, Demo mode); in
 * production it only goes through the delivery provider.
 */
export function toOtpSent(config: Pick<Config, 'demoMode'>, issued: IssuedOtp): OtpSent {
  return {
    ...(config.demoMode ? { otp: Number(issued.code) } : {}),
    message: issued.resent ? MSG.otpResent : MSG.otpSent,
    resendAfter: issued.resendAfter,
    expiresIn: issued.expiresIn,
  };
}
