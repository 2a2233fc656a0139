import { z } from 'zod';
import { MSG } from '../messages.ts';
import { checkName, checkNewPassword, isEmail, normaliseMobile, OTP_PATTERN } from '../validation.ts';

/**
 * Request and response bodies of accounts §7 (Authentication, Profile) and the fixed paths of API.md.
 * Every contact call takes `{type:'mobile', mobile}` or `{type:'email', email}`; mobiles are normalised to
 * their ten digits and e-mails trimmed and lowercased before they reach a service.
 */

/** A mobile in any of the accepted spellings (numbers too, as old clients send them) → its ten digits. */
export const mobileNumber = (message: string = MSG.invalidMobileNumber) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    const mobile = normaliseMobile(String(v));
    if (!mobile) {
      ctx.addIssue({ code: 'custom', message, input: v });
      return z.NEVER;
    }
    return mobile;
  });

/** An e-mail, trimmed and lowercased, of the usual shape. */
export const emailAddress = (message: string = MSG.invalidEmail) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .refine((v) => isEmail(v), { error: message });

/** Exactly 6 digits; a number (the spec sends `otp as number`) is read as its 6-digit string. */
export const otpCode = z.union([z.string(), z.number()], { error: MSG.otpLength }).transform((v, ctx) => {
  const code = typeof v === 'number' ? (Number.isInteger(v) && v >= 0 && v <= 999_999 ? String(v).padStart(6, '0') : '') : v.trim();
  if (!OTP_PATTERN.test(code)) {
    ctx.addIssue({ code: 'custom', message: MSG.otpLength, input: v });
    return z.NEVER;
  }
  return code;
});

/** Adds the message of a plain check (validation.ts) as the issue, so schema and form say the same. */
const byCheck =
  <T>(check: (value: T) => string | null) =>
  (value: T, ctx: z.RefinementCtx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  };

/** A new password: the policy, said in the error (checkNewPassword). */
export const newPassword = z.string({ error: MSG.newPasswordRequired }).superRefine(byCheck(checkNewPassword));

/** A password to check (login, delete): only presence and a sane length. */
const passwordToCheck = (required: string) =>
  z.string({ error: required }).min(1, { error: required }).max(1024, { error: MSG.passwordTooLong });

/** A first or last name, trimmed (checkName). */
const personName = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .superRefine(byCheck((v: string) => checkName(v, required)));

export const contactType = z.enum(['mobile', 'email'], { error: MSG.contactTypeInvalid });
export type ContactType = z.infer<typeof contactType>;

/** `{type:'mobile', mobile}` or `{type:'email', email}`, plus the call's own fields. */
function withContact<S extends z.ZodRawShape>(extra: S, messages: { mobile?: string; email?: string } = {}) {
  return z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('mobile'), mobile: mobileNumber(messages.mobile), ...extra }),
      z.object({ type: z.literal('email'), email: emailAddress(messages.email), ...extra }),
    ],
    { error: MSG.contactTypeInvalid },
  );
}

/** The contact a body names, as services take it. */
export interface Contact {
  channel: ContactType;
  value: string;
}
export function contactOf(body: { type: 'mobile'; mobile: string } | { type: 'email'; email: string }): Contact {
  return body.type === 'mobile' ? { channel: 'mobile', value: body.mobile } : { channel: 'email', value: body.email };
}

// ---------- requests ----------

/** POST auth/request-otp (sign-up), auth/request-login-otp, auth/forget-password-request-otp, user/request-otp. */
export const contactBody = withContact({});
export type ContactBody = z.infer<typeof contactBody>;

/**
 * POST auth/verify-otp → data.token. `purpose` is optional: without it the most recently sent sign-up or
 * password-reset code for the contact is checked (the spec's body has no purpose; the code says which flow).
 */
export const verifyOtpBody = withContact({ otp: otpCode, purpose: z.enum(['signup', 'reset']).optional() });
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

/** POST auth/login-with-otp and POST user/verify-otp. */
export const otpLoginBody = withContact({ otp: otpCode });
export type OtpLoginBody = z.infer<typeof otpLoginBody>;

/** POST auth/password-login. */
export const passwordLoginBody = withContact({ password: passwordToCheck(MSG.passwordRequired) });
export type PasswordLoginBody = z.infer<typeof passwordLoginBody>;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());

/**
 * POST auth/register. `type` names the contact verified by `otpVerificationCode` (data.token of verify-otp);
 * the other contact is optional and, when given, kept unverified until the profile verifies it.
 */
export const registerBody = z
  .object({
    type: contactType,
    firstname: personName(MSG.firstNameRequired),
    lastname: personName(MSG.lastNameRequired),
    mobile: optional(mobileNumber(MSG.invalidMobile)),
    email: optional(emailAddress(MSG.invalidSignUpEmail)),
    otpVerificationCode: z.string({ error: MSG.verificationRequired }).trim().min(1, { error: MSG.verificationRequired }).max(200),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'mobile' && !body.mobile) ctx.addIssue({ code: 'custom', path: ['mobile'], message: MSG.invalidMobile });
    if (body.type === 'email' && !body.email) ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.invalidSignUpEmail });
  });
export type RegisterBody = z.infer<typeof registerBody>;

/** POST auth/reset-password {type mobile, mobile, otpVerificationCode, password}. */
export const resetPasswordBody = withContact({
  otpVerificationCode: z.string({ error: MSG.verificationRequired }).trim().min(1, { error: MSG.verificationRequired }).max(200),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST auth/deleteAccount {type mobile, mobile, password} (an e-mail-only account may send type email). */
export const deleteAccountBody = withContact({ password: passwordToCheck(MSG.newPasswordRequired) });
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** PATCH user (multipart text fields; `picture` is the file part). Mobile and e-mail only through the profile OTP. */
export const profilePatchFields = z.object({
  firstname: personName(MSG.firstNameRequired).optional(),
  lastname: personName(MSG.lastNameRequired).optional(),
});
export type ProfilePatchFields = z.infer<typeof profilePatchFields>;

/**
 * POST auth/social-login/exchange: the one-time code from the Google success address
 * (/auth/social-login/success/{code}/token/…), 43 url-safe characters (32 random bytes).
 */
export const socialLoginExchangeBody = z.object({
  code: z
    .string({ error: MSG.googleCodeExpired })
    .trim()
    .regex(/^[\w-]{43}$/, { error: MSG.googleCodeExpired }),
});
export type SocialLoginExchangeBody = z.infer<typeof socialLoginExchangeBody>;

// ---------- responses ----------

export const userRole = z.enum(['user', 'vendor', 'admin']);
export type Role = z.infer<typeof userRole>;

/** The profile of accounts §3, plus what the profile screens need to show Verify buttons and hints. */
export const userProfile = z.object({
  _id: z.string(),
  role: userRole,
  email: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  mobile: z.string().nullable(),
  picture: z.string(),
  emailVerified: z.boolean(),
  mobileVerified: z.boolean(),
  /** False for accounts made by OTP or Google until a password is set through Forgot Password. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof userProfile>;

/** data of every login: auth/login-with-otp, auth/register, auth/password-login. */
export const authResult = z.object({ accessToken: z.string(), user: userProfile });
export type AuthResult = z.infer<typeof authResult>;

/**
 * data of an OTP request. `otp` is the code in demo mode only (API.md); from auth/request-login-otp the value
 * 1 means "no account for this contact" (accounts §4.1). `resendAfter` is the countdown in seconds.
 */
export const otpSent = z.object({
  otp: z.number().int().optional(),
  message: z.string(),
  resendAfter: z.number().int(),
  expiresIn: z.number().int(),
});
export type OtpSent = z.infer<typeof otpSent>;

/** data of auth/verify-otp: the short-lived, one-use verification token, and what it is good for. */
export const verifiedOtp = z.object({ token: z.string(), purpose: z.enum(['signup', 'reset']), expiresIn: z.number().int() });
export type VerifiedOtp = z.infer<typeof verifiedOtp>;

/** data of auth/deleteAccount: `message.status` true means success (accounts §7). */
export const deleteAccountResult = z.object({ message: z.object({ status: z.literal(true), message: z.string() }) });

export const authProviders = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProviders>;
