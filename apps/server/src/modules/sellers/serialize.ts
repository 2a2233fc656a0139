import type { SellerRecord } from '@statewise/contract';

/** A vendors row's registration step as the spec's seller record (1 awaiting approval, 2 approved). */
export function toSellerRecord(registrationStep: number): SellerRecord {
  return { registrationCompletionStep: registrationStep >= 2 ? 2 : 1 };
}
