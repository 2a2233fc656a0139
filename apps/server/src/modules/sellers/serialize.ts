import { maskLast4, type SellerApplication, type SellerRecord, type VendorCategory } from '@statewise/contract';
import type { SellerApplicationRow } from '../../db/schema/index.ts';

export interface ApplicationWithPeople {
  row: SellerApplicationRow;
  user: { id: string; firstname: string; lastname: string; email: string | null; mobile: string | null };
  categories: { id: string; name: string }[];
}

const step = (row: Pick<SellerApplicationRow, 'status'>): 1 | 2 => (row.status === 'approved' ? 2 : 1);

/**
 * A masked number from its last 4 characters and its length class: PAN is always 10 characters; an account number's
 * length is not kept (it would narrow guesses), so it shows as 8 X's and the last 4.
 */
const masked = (last4: string | null, length: number) => (last4 ? maskLast4('X'.repeat(Math.max(0, length - last4.length)) + last4) : '');

/** The seller record of GET user/checkSeller (and of the two registration answers): step and where it stands. */
export function toSellerRecord(row: SellerApplicationRow): SellerRecord {
  return {
    registrationCompletionStep: step(row),
    application: {
      status: row.status,
      detailsSubmitted: row.detailsSubmittedAt !== null,
      decisionNote: row.decisionNote,
      decidedAt: row.decidedAt?.toISOString() ?? null,
    },
  };
}

/** An application as the admin reads it. PAN and bank account leave the server as their last 4 characters only. */
export function toSellerApplication({ row, user, categories }: ApplicationWithPeople): SellerApplication {
  const details = row.detailsSubmittedAt !== null;
  return {
    _id: row.id,
    status: row.status,
    registrationCompletionStep: step(row),
    user: { _id: user.id, firstname: user.firstname, lastname: user.lastname, email: user.email, mobile: user.mobile },
    brandName: row.brandName,
    sellerName: row.sellerName,
    vendorSlug: row.slug,
    vendorCategory: row.vendorCategories as VendorCategory[],
    productCategory: categories.map((c) => ({ _id: c.id, name: c.name })),
    panNumber: masked(row.panLast4, 10),
    facebookProfileLink: row.facebookLink,
    callingNumber: row.callingNumber,
    whatsappNumber: row.whatsappNumber,
    avatar: row.avatar,
    detailsSubmitted: details,
    isGSTRegistered: row.gstRegistered === null ? null : row.gstRegistered ? 'Yes' : 'No',
    gstNumber: row.gstin,
    billing:
      row.gstRegistered && row.billingAddress !== null
        ? {
            address: row.billingAddress,
            city: row.billingCity ?? '',
            pincode: row.billingPincode ?? '',
            state: row.billingState ?? '',
            country: row.billingCountry ?? '',
          }
        : null,
    shipping:
      row.shippingAddress !== null
        ? {
            address: row.shippingAddress,
            city: row.shippingCity ?? '',
            pincode: row.shippingPincode ?? '',
            state: row.shippingState ?? '',
            country: row.shippingCountry ?? '',
          }
        : null,
    bank:
      row.bankHolderName !== null
        ? { holderName: row.bankHolderName, accountNumber: masked(row.bankAccountLast4, 12), ifsc: row.bankIfsc ?? '', branchName: row.bankBranch ?? '' }
        : null,
    checks: row.checks,
    decisionNote: row.decisionNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
