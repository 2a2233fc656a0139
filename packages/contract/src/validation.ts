/**
 * Input rules of accounts §5 as plain functions and patterns — no zod, safe for any web bundle. The zod
 * schemas in schemas/auth.ts are built from these, so the web's form checks and the server's agree: the
 * check* functions give a rule's message (the one the server answers with) or null.
 */
import { MOBILE_LENGTH, NAME_MAX_LENGTH, OTP_LENGTH, PASSWORD_POLICY } from './constants.ts';
import { MSG } from './messages.ts';

/** 10 digits, optional parentheses around the first three, optional separators - . or space (accounts §5, Phone). */
export const PHONE_PATTERN = /^\(?(\d{3})\)?[-. ]?(\d{3})[-. ]?(\d{4})$/;

/** Lowercase e-mail, the usual shape (accounts §5, E-mail). */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** The ten digits of a phone in any accepted spelling ("(987) 654-3210", "987.654.3210"), or null. */
export function normaliseMobile(input: string): string | null {
  const m = PHONE_PATTERN.exec(input.trim());
  return m ? `${m[1]}${m[2]}${m[3]}` : null;
}

/** True for a lowercase e-mail of the usual shape (after trimming). Callers lowercase first where the form does. */
export function isEmail(input: string): boolean {
  const v = input.trim();
  return v.length <= 254 && EMAIL_PATTERN.test(v);
}

/** The password policy: at least 8 characters with a letter and a digit (at most 128). */
export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= PASSWORD_POLICY.minLength &&
    password.length <= PASSWORD_POLICY.maxLength &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}

/** The login field takes a mobile or an e-mail; e-mails are compared lowercased. Null when it is neither. */
export function parseLoginInput(input: string): { type: 'mobile'; mobile: string } | { type: 'email'; email: string } | null {
  const mobile = normaliseMobile(input);
  if (mobile) return { type: 'mobile', mobile };
  const email = input.trim().toLowerCase();
  return email.includes('@') && isEmail(email) ? { type: 'email', email } : null;
}

/** Keeps only digits, at most `max` (mobile inputs take 10, code and pincode inputs 6). */
export function digitsOnly(input: string, max: number = MOBILE_LENGTH): string {
  return input.replace(/\D/g, '').slice(0, max);
}

// ---------- form checks: the message of the first rule broken, or null ----------

/** A mobile in an accepted spelling; the screen's own sentence when it has one. */
export function checkMobile(input: string, message: string = MSG.invalidMobileNumber): string | null {
  return normaliseMobile(input) ? null : message;
}

/** E-mails are checked lowercased and trimmed, as the server stores them. */
export function checkEmail(input: string, message: string = MSG.invalidEmail): string | null {
  return isEmail(input.trim().toLowerCase()) ? null : message;
}

export function checkOtp(input: string): string | null {
  return OTP_PATTERN.test(input.trim()) ? null : MSG.otpLength;
}

/** A password to check (login): present, not judged. */
export function checkPasswordPresent(input: string): string | null {
  return input.length > 0 ? null : MSG.passwordRequired;
}

/** A new password: present, then the policy (at least 8 characters, a letter and a digit, at most 128). */
export function checkNewPassword(input: string): string | null {
  if (!input) return MSG.newPasswordRequired;
  return meetsPasswordPolicy(input) ? null : input.length > PASSWORD_POLICY.maxLength ? MSG.passwordTooLong : MSG.passwordPolicy;
}

export function checkConfirmPassword(password: string, confirm: string): string | null {
  if (!confirm) return MSG.confirmPasswordRequired;
  return password === confirm ? null : MSG.passwordsDoNotMatch;
}

/** A person's name: not blank (the caller's sentence), at most 50 characters once trimmed. */
export function checkName(input: string, required: string): string | null {
  const v = input.trim();
  if (!v) return required;
  return v.length > NAME_MAX_LENGTH ? MSG.nameTooLong : null;
}
