import { z } from 'zod';
import { ADDRESS_LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { isEmail } from '../validation.ts';

/**
 * Saved addresses (shopping §3 Address, §5, §7 Address). One set of messages: the signed-in add/edit drawer's
 * ('Firstname is required', 'Mobile number must be 10 digits', 'Pincode must be 6 digits', 'Enter a valid email
 * address'), checked in the drawer's order: first name, last name, mobile, street address, pincode, city, state,
 * then country, e-mail, landmark and shipping note. The first failing field is the error's headline.
 *
 * `addressForm` is what the web's forms validate (city and state required: they come from the pincode lookup and
 * are cleared when it fails). The API (`addressBody`) also accepts a body without city and state and fills them
 * from the pincode; when given they must be the pincode's district and state (API.md). That the pincode exists is
 * the server's check ('No places found for this pincode').
 */

const unset = (v: unknown) => (v === null ? undefined : v);

const requiredText = (required: string, max: number) =>
  z.preprocess(unset, z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: MSG.fieldTooLong }));

/** Digits only, as the drawer's inputs allow; a JSON number is read as its digits. */
const digits = (required: string, invalid: string, length: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' && Number.isInteger(v) ? String(v) : v),
    z
      .string({ error: invalid })
      .trim()
      .min(1, { error: required, abort: true })
      .regex(new RegExp(`^\\d{${length}}$`), { error: invalid }),
  );

const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: MSG.fieldTooLong }).trim().max(max, { error: MSG.fieldTooLong }));

/** India only; missing means India. Stored and returned as 'India'. */
const country = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? 'India' : v),
  z
    .string({ error: MSG.countryIndiaOnly })
    .trim()
    .refine((c) => c.toLowerCase() === 'india', { error: MSG.countryIndiaOnly })
    .transform(() => 'India' as const),
);

/** An e-mail, lowercased. */
const emailText = z
  .string({ error: MSG.addressEmailInvalid })
  .trim()
  .toLowerCase()
  .max(ADDRESS_LIMITS.email, { error: MSG.addressEmailInvalid })
  .refine((e) => e === '' || isEmail(e), { error: MSG.addressEmailInvalid })
  .transform((e) => e || undefined);

/** Optional e-mail; empty means none. */
const email = z.preprocess((v) => (v === null || v === '' ? undefined : v), emailText.optional());

export const addressFields = {
  firstName: requiredText(MSG.firstNameIsRequired, ADDRESS_LIMITS.name),
  lastName: requiredText(MSG.lastNameIsRequired, ADDRESS_LIMITS.name),
  mobile: digits(MSG.mobileIsRequired, MSG.mobileTenDigits, 10),
  streetAddress: requiredText(MSG.streetIsRequired, ADDRESS_LIMITS.street),
  pincode: digits(MSG.pincodeIsRequired, MSG.pincodeSixDigits, 6),
  city: requiredText(MSG.cityIsRequired, 100),
  state: requiredText(MSG.stateIsRequired, 100),
  country,
  email,
  landmark: optionalText(ADDRESS_LIMITS.landmark),
  shippingNote: optionalText(ADDRESS_LIMITS.shippingNote),
};

/** The web's add/edit address form (signed-in drawer, /add-address, /edit-address/{id}). */
export const addressForm = z.object(addressFields);
export type AddressFormInput = z.input<typeof addressForm>;
export type AddressFormValues = z.output<typeof addressForm>;

/** POST address: as the form, but city and state may be left out (filled from the pincode). */
export const addressBody = z.object({
  ...addressFields,
  city: z.preprocess((v) => (v === '' ? undefined : v), addressFields.city.optional()),
  state: z.preprocess((v) => (v === '' ? undefined : v), addressFields.state.optional()),
});
export type AddressBody = z.input<typeof addressBody>;
export type AddressInput = z.output<typeof addressBody>;

/**
 * PATCH address/{id}: any of the fields; the result must still be a valid address. A new pincode without city
 * and state refills them. email '' or null removes the e-mail.
 */
export const addressPatchBody = z.object({
  firstName: addressFields.firstName.optional(),
  lastName: addressFields.lastName.optional(),
  mobile: addressFields.mobile.optional(),
  streetAddress: addressFields.streetAddress.optional(),
  pincode: addressFields.pincode.optional(),
  city: addressBody.shape.city,
  state: addressBody.shape.state,
  country: z.preprocess((v) => (v === null ? undefined : v), country.optional()),
  email: z.union([z.literal('').transform(() => null), z.null(), emailText.transform((e) => e ?? null)]).optional(),
  landmark: addressFields.landmark.optional(),
  shippingNote: addressFields.shippingNote.optional(),
});
export type AddressPatchBody = z.input<typeof addressPatchBody>;
export type AddressPatch = z.output<typeof addressPatchBody>;

/**
 * An address as the API answers it, without an id (shopping §3 Address): what a saved address holds and what an
 * order keeps a copy of (orderAddress).
 */
export const postalAddress = z.object({
  firstName: z.string(),
  lastName: z.string(),
  streetAddress: z.string(),
  /** Omitted when the address has none. */
  email: z.string().optional(),
  mobile: z.string(),
  /** Six digits, as a number (shopping §3). */
  pincode: z.number().int(),
  /** The pincode's district. */
  city: z.string(),
  state: z.string(),
  country: z.literal('India'),
  landmark: z.string(),
  shippingNote: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddress>;

/** A saved address. */
export const address = z.object({
  _id: z.string(),
  ...postalAddress.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof address>;
