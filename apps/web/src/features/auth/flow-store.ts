import { KEYS, storage } from '../../lib/storage.ts';
import type { Contact } from './validators.ts';

/**
 * What a multi-page code flow carries from one /auth page to the next, under the spec's stored keys (accounts §3):
 * Type + Mobile or Email (the contact), OTP (the code the demo server echoed, for the hint), Token (sign-up
 * verification token); ForgotMobile, ForgotOTPMobile (demo code) and ForgotToken for password recovery.
 * Each flow clears its keys when it ends.
 */
export const contactFlow = {
  save(contact: Contact, demoCode: string | null): void {
    storage.set(KEYS.type, contact.type);
    if (contact.type === 'mobile') {
      storage.set(KEYS.mobile, contact.value);
      storage.remove(KEYS.emailEntered);
    } else {
      storage.set(KEYS.emailEntered, contact.value);
      storage.remove(KEYS.mobile);
    }
    contactFlow.setCode(demoCode);
    storage.remove(KEYS.token);
  },
  contact(): Contact | null {
    const type = storage.get(KEYS.type);
    if (type === 'mobile') {
      const value = storage.get(KEYS.mobile);
      return value ? { type, value } : null;
    }
    if (type === 'email') {
      const value = storage.get(KEYS.emailEntered);
      return value ? { type, value } : null;
    }
    return null;
  },
  code(): string | null {
    return storage.get(KEYS.otp);
  },
  setCode(code: string | null): void {
    if (code) storage.set(KEYS.otp, code);
    else storage.remove(KEYS.otp);
  },
  /** The sign-up verification token from auth/verify-otp (accounts §4.4). */
  saveToken(token: string): void {
    storage.set(KEYS.token, token);
    storage.remove(KEYS.otp);
  },
  token(): string | null {
    return storage.get(KEYS.token);
  },
  clear(): void {
    for (const k of [KEYS.type, KEYS.mobile, KEYS.emailEntered, KEYS.otp, KEYS.token]) storage.remove(k);
  },
};

export const forgotFlow = {
  /** The spec's key is ForgotMobile; it also holds an e-mail, told apart by its '@' (no mobile has one). */
  save(contact: Contact, demoCode: string | null): void {
    storage.set(KEYS.forgotMobile, contact.value);
    forgotFlow.setCode(demoCode);
    storage.remove(KEYS.forgotToken);
  },
  contact(): Contact | null {
    const value = storage.get(KEYS.forgotMobile);
    if (!value) return null;
    return { type: value.includes('@') ? 'email' : 'mobile', value };
  },
  code(): string | null {
    return storage.get(KEYS.forgotOtpMobile);
  },
  setCode(code: string | null): void {
    if (code) storage.set(KEYS.forgotOtpMobile, code);
    else storage.remove(KEYS.forgotOtpMobile);
  },
  saveToken(token: string): void {
    storage.set(KEYS.forgotToken, token);
    storage.remove(KEYS.forgotOtpMobile);
  },
  token(): string | null {
    return storage.get(KEYS.forgotToken);
  },
  clear(): void {
    for (const k of [KEYS.forgotMobile, KEYS.forgotOtpMobile, KEYS.forgotToken]) storage.remove(k);
  },
};
