import { z } from 'zod';
import { objectId } from './common.ts';

/** POST order/invoice/{orderId} {productId} (shopping §7 Orders): the invoice PDF of the vendor that sold that product. */
export const invoiceParams = z.object({ orderId: objectId });
export const invoiceBody = z.object({
  /** A product of the order (or an order line's _id): its vendor's invoice. Absent: every vendor's, one page each. */
  productId: objectId.optional(),
});
