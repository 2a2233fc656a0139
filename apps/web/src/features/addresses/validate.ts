import { addressForm, type AddressFormValues, type PostalAddress } from '@statewise/contract/schemas/address';

/** The fields of both address forms (signed-in and guest, shopping §5), as typed (strings). */
export interface AddressDraft {
  firstName: string;
  lastName: string;
  mobile: string;
  email: string;
  streetAddress: string;
  landmark: string;
  shippingNote: string;
  pincode: string;
  city: string;
  state: string;
  country: string;
}
export type AddressField = keyof AddressDraft;

export const EMPTY_DRAFT: AddressDraft = {
  firstName: '',
  lastName: '',
  mobile: '',
  email: '',
  streetAddress: '',
  landmark: '',
  shippingNote: '',
  pincode: '',
  city: '',
  state: '',
  country: 'India',
};

/** The draft of an address being edited (a saved one, or a guest's), or an empty one. */
export function draftFrom(a: PostalAddress | null | undefined): AddressDraft {
  if (!a) return { ...EMPTY_DRAFT };
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    mobile: a.mobile,
    email: a.email ?? '',
    streetAddress: a.streetAddress,
    landmark: a.landmark ?? '',
    shippingNote: a.shippingNote ?? '',
    pincode: String(a.pincode),
    city: a.city,
    state: a.state,
    country: 'India',
  };
}

/**
 * A new address's draft filled with the account's own name and mobile (checkout's Add New Address, issue 9): most
 * people order for themselves. A mobile that is not 10 digits (none, or an old one) is left for the person to type.
 */
export function draftForAccount(account: { firstname: string; lastname: string; mobile: string | null } | null | undefined): AddressDraft {
  if (!account) return { ...EMPTY_DRAFT };
  return {
    ...EMPTY_DRAFT,
    firstName: account.firstname.trim(),
    lastName: account.lastname.trim(),
    mobile: account.mobile && /^\d{10}$/.test(account.mobile) ? account.mobile : '',
  };
}

export type AddressCheck =
  | { ok: true; values: AddressFormValues }
  | { ok: false; errors: Partial<Record<AddressField, string>>; first: AddressField };

/**
 * Checks a draft with the contract's address form schema (the signed-in drawer's messages of shopping §5, in its
 * order: first name, last name, mobile, street address, pincode, city, state, country, e-mail, landmark, shipping
 * note). Each field gets its first message; `first` is the first failing field in that order, which gets focus.
 */
export function checkAddress(draft: AddressDraft): AddressCheck {
  const parsed = addressForm.safeParse(draft);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: Partial<Record<AddressField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField | undefined;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  const order = Object.keys(addressForm.shape) as AddressField[];
  const first = order.find((f) => errors[f]) ?? (Object.keys(errors)[0] as AddressField);
  return { ok: false, errors, first };
}
