import { placeName, type VendorCard, type VendorDetails } from '@statewise/contract';
import type { vendors } from '../../db/schema/index.ts';

export type VendorRow = typeof vendors.$inferSelect;

/**
 * A vendor's public storefront details. Private business data (pickup pincode, street address, GSTIN, contacts)
 * never leaves the server: the fields are picked one by one.
 */
export function toVendorDetails(v: VendorRow): VendorDetails {
  return {
    _id: v.id,
    userId: v.userId,
    brandName: v.brandName,
    sellerName: v.sellerName,
    vendorSlug: v.slug,
    bio: v.bio,
    banner: v.banner,
    avatar: v.avatar,
    policy: v.policyHtml,
    sizeChart: v.sizeChart,
    place: v.city,
    state: v.state,
  };
}

/** "Jaipur, Rajasthan", or "Chandigarh" once where city and state are one (either part may be missing). */
export function placeOf(city: string, state: string): string {
  return placeName(city, state);
}

/** A vendor card (home vendor section and the 'Meet Our Stalwarts' directory). */
export function toVendorCard(r: {
  id: string;
  image: string;
  place: string;
  description: string;
  user: { id: string; firstname: string; lastname: string };
  vendor: Pick<VendorRow, 'sellerName' | 'slug' | 'brandName'>;
}): VendorCard {
  return {
    _id: r.id,
    image: r.image,
    place: r.place,
    description: r.description,
    vendorId: { _id: r.user.id, firstname: r.user.firstname, lastname: r.user.lastname },
    vendorInfo: { sellerName: r.vendor.sellerName, vendorSlug: r.vendor.slug, brandName: r.vendor.brandName },
  };
}
