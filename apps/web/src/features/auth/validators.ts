import { MSG } from '@statewise/contract/messages';
import { checkEmail, checkMobile, checkName, parseLoginInput } from '@statewise/contract/validation';

/**
 * The web's own form checks of accounts §5 on top of the contract's (checkMobile, checkEmail, checkOtp,
 * checkNewPassword… in @statewise/contract/validation, the rules and messages the server validates with):
 * the login field with the dialog's or the page's sentence, and the sign-up details form as a whole.
 */

export type ContactType = 'mobile' | 'email';
export interface Contact {
  type: ContactType;
  /** Normalised: ten digits for a mobile, trimmed lowercase for an e-mail. */
  value: string;
}

/** The login field takes a mobile or an e-mail; anything else gets the dialog's or the page's sentence. */
export function parseContact(input: string, where: 'dialog' | 'page' = 'dialog'): { contact: Contact } | { error: string } {
  const parsed = parseLoginInput(input);
  if (!parsed) return { error: where === 'dialog' ? MSG.invalidLoginInputDialog : MSG.invalidLoginInputPage };
  return { contact: parsed.type === 'mobile' ? { type: 'mobile', value: parsed.mobile } : { type: 'email', value: parsed.email } };
}

/** Sign-up details (accounts §4.2, §5): names required; the contact not used to sign up is optional but must be valid. */
export interface SignUpDetails {
  firstname: string;
  lastname: string;
  mobile: string;
  email: string;
}
export function checkSignUpDetails(d: SignUpDetails, verified: ContactType): Partial<Record<keyof SignUpDetails, string>> {
  const errors: Partial<Record<keyof SignUpDetails, string>> = {};
  const first = checkName(d.firstname, MSG.firstNameRequired);
  if (first) errors.firstname = first;
  const last = checkName(d.lastname, MSG.lastNameRequired);
  if (last) errors.lastname = last;
  const mobile = verified === 'mobile' || d.mobile.trim() ? checkMobile(d.mobile, MSG.invalidMobile) : null;
  if (mobile) errors.mobile = mobile;
  const email = verified === 'email' || d.email.trim() ? checkEmail(d.email, MSG.invalidSignUpEmail) : null;
  if (email) errors.email = email;
  return errors;
}

export function hasErrors(errors: Record<string, string | null | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
