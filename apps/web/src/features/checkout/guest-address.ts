import { MSG } from '@statewise/contract/messages';
import type { OrderAddress } from '@statewise/contract/schemas/orders';
import { useSyncExternalStore } from 'react';
import { KEYS, storage } from '../../lib/storage.ts';
import { checkAddress, type AddressDraft, type AddressField } from '../addresses/validate.ts';

/**
 * Guest addresses (shopping §2 Guest checkout, §3 Address with isOTPVerified, §4 guest address OTP, §5 address form
 * (guest)): kept on this device only (key guestAddresses), never sent anywhere but with the guest's order.
 *
 * The mobile of an address is verified with guest/send-otp and guest/verify-otp; verify-otp gives a token that
 * the guest order carries (the server checks it itself, one order per token, 30 minutes). The token is kept with
 * the address it verified, so the address stays verified while the token is good.
 */
export interface GuestAddress extends OrderAddress {
  /** A local id (never a server id). */
  _id: string;
  isOTPVerified: boolean;
  /** data.token of guest/verify-otp for this mobile. */
  guestToken: string | null;
  /** When that token stops being accepted (ms since the epoch). */
  tokenExpiresAt: number | null;
}

/** The form's fields as typed: those of the signed-in form (draftFrom gives them for an address being edited). */
export type GuestAddressDraft = AddressDraft;
export type GuestField = AddressField | 'otp';

/** 'Entered Email is not valid' (the guest form's e-mail message, §5); e-mail itself is optional here. */
export const GUEST_EMAIL_INVALID = 'Entered Email is not valid';

/** The guest form's own sentences (§5), not shared with the server. */
export const GUEST_MSG = {
  streetRequired: 'Please enter street address',
  cityRequired: 'Please enter city',
  stateRequired: 'Please select state',
  countryRequired: 'Please select country',
} as const;

export interface GuestProblem {
  field: GuestField;
  message: string;
}

/**
 * The guest form's field order and its sentence (§5) for each field when the field is missing or malformed. Mobile
 * and pincode come first (issue 9: the pincode fills city and state, then the name and street follow), so the
 * problems are told in that order rather than the spec form's (first name, last name, street, mobile, city,
 * pincode, state, country); the sentences are the spec's. A field that is too long says MSG.fieldTooLong.
 */
const GUEST_CHECKS: ReadonlyArray<[AddressField, string]> = [
  ['mobile', MSG.invalidMobileNumber],
  ['pincode', MSG.invalidPincode],
  ['city', GUEST_MSG.cityRequired],
  ['state', GUEST_MSG.stateRequired],
  ['firstName', MSG.firstNameRequired],
  ['lastName', MSG.lastNameRequired],
  ['streetAddress', GUEST_MSG.streetRequired],
  ['country', GUEST_MSG.countryRequired],
  ['email', GUEST_EMAIL_INVALID],
  ['landmark', MSG.fieldTooLong],
  ['shippingNote', MSG.fieldTooLong],
];

/**
 * The guest address form's checks: the rules of the signed-in form (checkAddress: the contract's address schema —
 * required names, street, city and state, a 10-digit mobile, a 6-digit pincode, India, an optional valid e-mail,
 * the length limits), said with the guest form's sentences (§5) in the form's order: mobile, pincode, city,
 * state, first name, last name, street address, country, then e-mail, landmark, shipping note, and the mobile's
 * OTP verification last. The guest form also wants the country chosen (the schema reads a missing one as India).
 * Returns every problem in that order; the form shows each at its field and announces the first.
 */
export function checkGuestAddress(d: GuestAddressDraft, verified: boolean): GuestProblem[] {
  const check = checkAddress(d);
  const broken = check.ok ? {} : check.errors;
  const out: GuestProblem[] = [];
  for (const [field, message] of GUEST_CHECKS) {
    const found = field === 'country' && d.country.trim().toLowerCase() !== 'india' ? message : broken[field];
    if (found) out.push({ field, message: found === MSG.fieldTooLong ? found : message });
  }
  if (!verified) out.push({ field: 'otp', message: MSG.verifyPhone });
  return out;
}

/** True while the address's verification token is still accepted. */
export function isVerified(a: Pick<GuestAddress, 'isOTPVerified' | 'guestToken' | 'tokenExpiresAt'>, now: number): boolean {
  return a.isOTPVerified && Boolean(a.guestToken) && (a.tokenExpiresAt ?? 0) > now;
}

/** Verified right now (for event handlers). */
export const isVerifiedNow = (a: Pick<GuestAddress, 'isOTPVerified' | 'guestToken' | 'tokenExpiresAt'>) => isVerified(a, Date.now());

/** The address as an order request sends it (§3 Address; email omitted when empty). */
export function orderAddressOf(a: GuestAddress) {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    streetAddress: a.streetAddress,
    ...(a.email ? { email: a.email } : {}),
    mobile: a.mobile,
    pincode: a.pincode,
    city: a.city,
    state: a.state,
    country: a.country,
    landmark: a.landmark,
    shippingNote: a.shippingNote,
    isOTPVerified: a.isOTPVerified,
  };
}

// ---------- storage (guestAddresses) ----------

const isStr = (v: unknown): v is string => typeof v === 'string';

function parseOne(v: unknown): GuestAddress | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const pincode = typeof o.pincode === 'number' ? o.pincode : isStr(o.pincode) ? Number(o.pincode) : NaN;
  if (!isStr(o._id) || !isStr(o.firstName) || !isStr(o.lastName) || !isStr(o.streetAddress) || !isStr(o.mobile) || !Number.isInteger(pincode)) return null;
  return {
    _id: o._id,
    firstName: o.firstName,
    lastName: o.lastName,
    streetAddress: o.streetAddress,
    ...(isStr(o.email) && o.email ? { email: o.email } : {}),
    mobile: o.mobile,
    pincode,
    city: isStr(o.city) ? o.city : '',
    state: isStr(o.state) ? o.state : '',
    country: 'India',
    landmark: isStr(o.landmark) ? o.landmark : '',
    shippingNote: isStr(o.shippingNote) ? o.shippingNote : '',
    isOTPVerified: o.isOTPVerified === true,
    guestToken: isStr(o.guestToken) ? o.guestToken : null,
    tokenExpiresAt: typeof o.tokenExpiresAt === 'number' ? o.tokenExpiresAt : null,
  };
}

export function parseGuestAddresses(raw: string | null): GuestAddress[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.map(parseOne).filter((a): a is GuestAddress => a !== null) : [];
  } catch {
    return [];
  }
}

let cache: { raw: string | null; list: GuestAddress[] } = { raw: null, list: [] };
function read(): GuestAddress[] {
  const raw = storage.get(KEYS.guestAddresses);
  if (raw !== cache.raw) cache = { raw, list: parseGuestAddresses(raw) };
  return cache.list;
}

function write(list: GuestAddress[]) {
  if (list.length === 0) storage.remove(KEYS.guestAddresses);
  else storage.setJson(KEYS.guestAddresses, list);
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `g${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

export const guestAddresses = {
  read,
  /** Adds (no _id) or replaces (same _id); returns the stored address. */
  save(a: Omit<GuestAddress, '_id'> & { _id?: string }): GuestAddress {
    const list = read();
    const saved: GuestAddress = { ...a, _id: a._id ?? newId() };
    write(list.some((x) => x._id === saved._id) ? list.map((x) => (x._id === saved._id ? saved : x)) : [...list, saved]);
    return saved;
  },
  remove(id: string) {
    write(read().filter((a) => a._id !== id));
  },
  /** The payment result page (§2): saved guest addresses are reset. */
  clear: () => storage.remove(KEYS.guestAddresses),
};

const NONE: GuestAddress[] = [];
function subscribe(onChange: () => void) {
  const off = storage.subscribe((key) => {
    if (key === null || key === KEYS.guestAddresses) onChange();
  });
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === KEYS.guestAddresses) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    off();
    window.removeEventListener('storage', onStorage);
  };
}

/** The guest's saved addresses, following every change. */
export function useGuestAddresses(): GuestAddress[] {
  return useSyncExternalStore(subscribe, read, () => NONE);
}
