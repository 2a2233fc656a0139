import { and, eq, inArray, isNull } from 'drizzle-orm';
import { MSG, type PincodeLookup } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { users, vendors } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { haversineKm, pincodeDirectory, type LatLon, type PincodeEntry } from '../../lib/pincode/index.ts';
import { estimateDelivery, type DeliveryEstimate } from './delivery.ts';

/** "Use my current location" finds nothing when the position is farther than this from every PIN (outside India). */
export const NEAREST_MAX_KM = 100;

/** India Post's body for a PIN it has; Message as India Post words it. */
function found(entry: PincodeEntry): PincodeLookup {
  return {
    Status: 'Success',
    Message: 'Number of pincode(s) found:1',
    PostOffice: [{ District: entry.district, State: entry.state, Country: 'India', Pincode: entry.pincode }],
  };
}

/** India Post answers an unknown PIN with 200 and this body. */
const NO_RECORDS: PincodeLookup = { Status: 'Error', Message: 'No records found', PostOffice: null };

/** GET pincode/{pincode}: the directory entry in India Post's shape. The caller has checked the 6 digits. */
export function lookupPincode(pincode: string): PincodeLookup {
  const entry = pincodeDirectory().get(pincode);
  return entry ? found(entry) : NO_RECORDS;
}

/** GET pincode/nearest: the PIN closest to a position, within NEAREST_MAX_KM. */
export function nearestPincode(point: LatLon): PincodeLookup {
  const hit = pincodeDirectory().nearest(point, NEAREST_MAX_KM);
  return hit ? found(hit.entry) : { Status: 'Error', Message: 'No pincode found near this location', PostOffice: null };
}

export interface DeliveryRequest {
  customerPincode: string;
  /** Vendor USER ids (products.vendor_id). */
  vendorIds: string[];
}

/**
 * POST shipment/single-product/get-delivary-date: days and date for a parcel from the vendors' pickup PINs to
 * the customer's PIN. With several vendors the farthest one decides. `now` is the server clock (lib/clock.ts).
 */
export async function deliveryDate(db: DbOrTx, req: DeliveryRequest, now: Date): Promise<DeliveryEstimate> {
  const directory = pincodeDirectory();
  const customer = directory.get(req.customerPincode);
  const customerAt = customer && directory.locate(customer.pincode);
  if (!customer || !customerAt) throw badRequest(MSG.deliveryNotAvailable, { customerPincode: MSG.deliveryNotAvailable });

  const ids = [...new Set(req.vendorIds)];
  const rows = await db
    .select({ userId: vendors.userId, pickupPincode: vendors.pickupPincode })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(and(inArray(vendors.userId, ids), isNull(users.deletedAt)));
  if (rows.length !== ids.length) throw notFound(MSG.vendorNotFound);

  let distanceKm = 0;
  const states = [customer.state];
  for (const row of rows) {
    const pickup = directory.locate(row.pickupPincode);
    // Vendor forms only accept 6-digit PINs, and locate() places any of those (by prefix if need be).
    if (!pickup) throw conflict(MSG.pickupPincodeMissing);
    const pickupState = directory.get(row.pickupPincode)?.state;
    if (pickupState) states.push(pickupState);
    distanceKm = Math.max(distanceKm, haversineKm(pickup.point, customerAt.point));
  }
  return estimateDelivery(distanceKm, states, now);
}
