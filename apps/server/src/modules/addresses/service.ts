import { and, asc, eq, sql } from 'drizzle-orm';
import { ADDRESS_MAX, MSG, type AddressInput, type AddressPatch } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { addresses, type AddressRow } from '../../db/schema/index.ts';
import { onUserDeleted } from '../../lib/account-hooks.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { pincodeDirectory } from '../../lib/pincode/index.ts';
import { lockKey } from '../../lib/transaction.ts';

/**
 * Saved addresses (shopping §2 Saved addresses, §3 Address, §5): India only, at most ADDRESS_MAX per account,
 * each visible to its owner only (another account's address answers 404, never revealing it exists).
 * The pincode must be in the India Post directory; city and state are its district and state (API.md): when
 * left out they are filled from it, when given they must match (case, spacing and 'and'/'&' aside) and the
 * directory's spelling is stored.
 */

/** Compares place names loosely: case, spacing, and 'and' for '&' (the spec's state normalisation). */
const placeKey = (s: string) => s.trim().toLowerCase().replace(/\s+and\s+/g, ' & ').replace(/\s+/g, ' ');

/** City and state for a pincode; 400 for a pincode the directory lacks or a city/state that is not its. */
export function placeOfPincode(pincode: string, given: { city?: string; state?: string } = {}): { city: string; state: string } {
  const entry = pincodeDirectory().get(pincode);
  if (!entry) throw badRequest(MSG.pincodeNotFound, { pincode: MSG.pincodeNotFound });
  if (given.city !== undefined && placeKey(given.city) !== placeKey(entry.district)) throw badRequest(MSG.cityMismatch, { city: MSG.cityMismatch });
  if (given.state !== undefined && placeKey(given.state) !== placeKey(entry.state)) throw badRequest(MSG.stateMismatch, { state: MSG.stateMismatch });
  return { city: entry.district, state: entry.state };
}

/** GET address: oldest first, so the last is the newest (checkout preselects the last one). */
export function listAddresses(db: DbOrTx, userId: string): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id));
}

/** One of the user's addresses, or 404 'Address not found' (also for another user's). For orders too. */
export async function getAddress(db: DbOrTx, userId: string, id: string): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  if (!row) throw notFound(MSG.addressNotFound);
  return row;
}

/** POST address: 400 for a pincode not in the directory or a city/state not its; 409 past ADDRESS_MAX. */
export async function createAddress(db: DbOrTx, userId: string, input: AddressInput): Promise<AddressRow> {
  const place = placeOfPincode(input.pincode, input);
  const now = clock.now();
  const id = await db.transaction(async (tx) => {
    // One account's saves take turns, so two forms submitted at once cannot both pass the cap.
    await lockKey(tx, `addresses:${userId}`);
    const res = await tx.execute<{ id: string }>(sql`insert into addresses
        (user_id, first_name, last_name, street_address, email, mobile, pincode, city, state, country, landmark, shipping_note, created_at, updated_at)
      select ${userId}, ${input.firstName}, ${input.lastName}, ${input.streetAddress}, ${input.email ?? null}::text, ${input.mobile},
        ${input.pincode}, ${place.city}, ${place.state}, 'India', ${input.landmark}, ${input.shippingNote}, ${now}, ${now}
      where (select count(*) from addresses where user_id = ${userId}) < ${ADDRESS_MAX}::int
      returning id`);
    return res.rows[0]?.id;
  });
  if (!id) throw conflict(MSG.addressLimit);
  return getAddress(db, userId, id);
}

/**
 * PATCH address/{id}: changes the given fields. A new pincode without city and state refills them from it;
 * a city or state given alone must match the (new or kept) pincode. email null or '' removes it.
 */
export async function updateAddress(db: DbOrTx, userId: string, id: string, patch: AddressPatch): Promise<AddressRow> {
  const current = await getAddress(db, userId, id);
  const pincode = patch.pincode ?? current.pincode;
  const place = placeOfPincode(pincode, { city: patch.city, state: patch.state });
  const [row] = await db
    .update(addresses)
    .set({
      ...(patch.firstName !== undefined ? { firstName: patch.firstName } : {}),
      ...(patch.lastName !== undefined ? { lastName: patch.lastName } : {}),
      ...(patch.streetAddress !== undefined ? { streetAddress: patch.streetAddress } : {}),
      ...(patch.mobile !== undefined ? { mobile: patch.mobile } : {}),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.landmark !== undefined ? { landmark: patch.landmark } : {}),
      ...(patch.shippingNote !== undefined ? { shippingNote: patch.shippingNote } : {}),
      pincode,
      city: place.city,
      state: place.state,
      updatedAt: clock.now(),
    })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  if (!row) throw notFound(MSG.addressNotFound);
  return row;
}

/** DELETE address/{id}: 404 'Address not found' when it is not the user's. Orders keep their own copy. */
export async function deleteAddress(db: DbOrTx, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (!rows.length) throw notFound(MSG.addressNotFound);
}

// Saved addresses are personal data: they go with the account (accounts §4.7).
onUserDeleted('addresses:all', async (tx, user) => {
  await tx.delete(addresses).where(eq(addresses.userId, user.id));
});
