import type { Address } from '@statewise/contract';
import type { AddressRow } from '../../db/schema/index.ts';

/** An address in the spec's shape (shopping §3): pincode as a number, email omitted when there is none. */
export function toAddress(r: AddressRow): Address {
  return {
    _id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    streetAddress: r.streetAddress,
    ...(r.email ? { email: r.email } : {}),
    mobile: r.mobile,
    pincode: Number(r.pincode),
    city: r.city,
    state: r.state,
    country: 'India',
    landmark: r.landmark,
    shippingNote: r.shippingNote,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
