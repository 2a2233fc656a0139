import { z } from 'zod';
import { ORDER_FILTER_STATUSES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { objectId, page, pageSize } from './common.ts';
import { orderPaymentStatus, orderStatus, paymentMode } from './orders.ts';

/**
 * The vendor console's orders and dashboard (issue 10, shopping §2 Orders, §3 ordersVendorWise): a vendor sees and
 * moves only its own part of each order (one ordersVendorWise entry and its lines).
 */

// ---------- couriers and tracking links ----------

/**
 * Couriers we know the tracking page of: {awb} is replaced by the tracking number (URL-encoded). A courier not in
 * this table is still accepted (the vendor types its name); the buyer then sees the number without a link.
 */
export const COURIERS = [
  { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{awb}' },
  { name: 'Blue Dart', trackingUrl: 'https://www.bluedart.com/tracking?trackFor=0&trackNo={awb}' },
  { name: 'DTDC', trackingUrl: 'https://www.dtdc.in/tracking.asp?strCnno={awb}' },
  { name: 'India Post', trackingUrl: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?ConsignmentNo={awb}' },
  { name: 'Ekart', trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{awb}' },
  { name: 'Xpressbees', trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}' },
  { name: 'Shadowfax', trackingUrl: 'https://tracker.shadowfax.in/#/track/{awb}' },
  { name: 'Ecom Express', trackingUrl: 'https://ecomexpress.in/tracking/?awb_field={awb}' },
] as const;

const courierKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The tracking page of a parcel, or null for an unknown courier or a missing number. Matches names loosely (BlueDart, blue dart). */
export function trackingUrlFor(courierPartner: string | null | undefined, awsNumber: string | null | undefined): string | null {
  if (!courierPartner || !awsNumber) return null;
  const key = courierKey(courierPartner);
  const known = COURIERS.find((c) => courierKey(c.name) === key);
  return known ? known.trackingUrl.replace('{awb}', encodeURIComponent(awsNumber)) : null;
}

// ---------- requests ----------

export const VENDOR_ORDERS_PAGE_SIZE = 20;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET vendor/orders query. */
export const vendorOrderListQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(ORDER_FILTER_STATUSES).optional()),
  /** An order number (SW0012, 12) or part of the buyer's name. */
  search: z.preprocess(blankToUndefined, z.string().trim().max(80).optional()),
  page: page.default(1),
  pageSize: pageSize(VENDOR_ORDERS_PAGE_SIZE),
});
export type VendorOrderListQuery = z.output<typeof vendorOrderListQuery>;

export const vendorOrderParams = z.object({ orderId: objectId });

/** POST vendor/orders/{orderId}/ship. */
export const vendorShipBody = z.object({
  courierPartner: z
    .string({ error: MSG.courierRequired })
    .trim()
    .min(1, { error: MSG.courierRequired })
    .max(60, { error: MSG.courierTooLong }),
  awsNumber: z
    .string({ error: MSG.trackingNumberRequired })
    .trim()
    .min(1, { error: MSG.trackingNumberRequired })
    .regex(/^[A-Za-z0-9-]{4,40}$/, { error: MSG.trackingNumberInvalid }),
});
export type VendorShipBody = z.input<typeof vendorShipBody>;

/** POST vendor/orders/{orderId}/cancel. */
export const vendorCancelBody = z.object({
  reason: z
    .string({ error: MSG.vendorCancelReasonRequired })
    .trim()
    .min(1, { error: MSG.vendorCancelReasonRequired })
    .max(300, { error: MSG.cancelReasonTooLong }),
});
export type VendorCancelBody = z.input<typeof vendorCancelBody>;

// ---------- answers ----------

export const vendorOrderLine = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  price: z.number(),
  quantity: z.number(),
  size: z.string().nullable(),
  color: z.string().nullable(),
});

/** One vendor's part of an order, as its vendor sees it: the buyer's name and city only (the address in the detail). */
export const vendorOrderSummary = z.object({
  /** The order's id (the console's URLs use it). */
  orderId: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  buyerName: z.string(),
  city: z.string(),
  /** This vendor's part. */
  status: orderStatus,
  /** The whole order's status (it follows its parts). */
  orderStatus,
  paymentMode,
  paymentStatus: orderPaymentStatus,
  /** Σ price × quantity of this vendor's lines, rupees. */
  partTotal: z.number(),
  lines: z.array(vendorOrderLine),
  awsNumber: z.string().nullable(),
  courierPartner: z.string().nullable(),
  trackingUrl: z.string().nullable(),
});
export type VendorOrderSummary = z.infer<typeof vendorOrderSummary>;

export const vendorOrderList = z.object({
  orders: z.array(vendorOrderSummary),
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type VendorOrderList = z.infer<typeof vendorOrderList>;

/** The detail adds what the parcel's label needs: the delivery address and the mobile to call on delivery. */
export const vendorOrderDetail = vendorOrderSummary.extend({
  shippingAddress: z.object({
    name: z.string(),
    streetAddress: z.string(),
    landmark: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
    mobile: z.string(),
    shippingNote: z.string(),
  }),
  cancelReason: z.string().nullable(),
});
export type VendorOrderDetail = z.infer<typeof vendorOrderDetail>;

export const vendorDashboard = z.object({
  today: z.object({ orders: z.number(), sales: z.number() }),
  month: z.object({ orders: z.number(), sales: z.number() }),
  /** Parts confirmed and not yet shipped: the console's "new orders" badge. */
  newOrders: z.number(),
  countsByStatus: z.record(z.string(), z.number()),
  lowStock: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      image: z.string(),
      /** Which size, colour or "Free size" runs lowest, and how many pieces it has left. */
      variant: z.string(),
      left: z.number(),
    }),
  ),
  recentOrders: z.array(vendorOrderSummary),
});
export type VendorDashboard = z.infer<typeof vendorDashboard>;
