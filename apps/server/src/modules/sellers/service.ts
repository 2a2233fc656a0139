import { eq } from 'drizzle-orm';
import type { CheckSellerResult } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { vendors } from '../../db/schema/index.ts';
import { toSellerRecord } from './serialize.ts';

/** The person's seller record: none when they never applied (one vendors row per user at most). */
export async function sellerRecords(db: DbOrTx, userId: string): Promise<CheckSellerResult> {
  const rows = await db.select({ registrationStep: vendors.registrationStep }).from(vendors).where(eq(vendors.userId, userId)).limit(1);
  return rows.map((r) => toSellerRecord(r.registrationStep));
}
