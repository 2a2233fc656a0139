import type { SellerRecord } from '@statewise/contract/schemas/sellers';

/**
 * Where a person stands as a would-be seller (accounts §2.1, §2.4, §4.9; docs/decisions/014), decided once for the
 * account hub tile, the mobile menu item and the /seller page:
 * - `noEmail`: no profile e-mail yet — alert and go to /edit-profile-user;
 * - `apply`: never applied — /auth/vendor-registration;
 * - `finishDetails`: step one given, step two not yet — a link to /auth/vendor-registration-second;
 * - `underReview`: complete and pending — greyed, '* Waiting for approval';
 * - `rejected`: the admin's reason and Apply again;
 * - `approved`: a vendor (or a record at step 2).
 */
export type SellerState = 'noEmail' | 'apply' | 'finishDetails' | 'underReview' | 'rejected' | 'approved';

export function sellerState(email: string | null | undefined, record: SellerRecord | null): SellerState {
  if (record?.registrationCompletionStep === 2 || record?.application?.status === 'approved') return 'approved';
  if (!email) return 'noEmail';
  if (!record) return 'apply';
  const app = record.application;
  if (app?.status === 'rejected') return 'rejected';
  if (app && !app.detailsSubmitted) return 'finishDetails';
  return 'underReview';
}

/**
 * The vendor's Profile tile (accounts §4.9): a non-empty seller record opens step two in edit mode, a complete one
 * (step 2) the staff profile editor.
 */
export function vendorProfilePath(record: SellerRecord | null): string {
  return record && record.registrationCompletionStep !== 2 ? '/auth/vendor-registration-second?edit=1' : '/edit-profile';
}
