import { z } from 'zod';

/**
 * GET user/checkSeller (accounts §3, §7): the signed-in person's seller record as a list whose first item is
 * used; empty when they never applied. registrationCompletionStep 1 is awaiting approval, 2 approved.
 */
export const sellerRecord = z.object({ registrationCompletionStep: z.union([z.literal(1), z.literal(2)]) });
export type SellerRecord = z.infer<typeof sellerRecord>;

export const checkSellerResult = z.array(sellerRecord).max(1);
export type CheckSellerResult = z.infer<typeof checkSellerResult>;
