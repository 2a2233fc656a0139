import { z } from 'zod';
import { ORDER, ORDER_FILTER_STATUSES, ORDER_PAYMENT_STATUSES, ORDER_STATUSES, PAGE_SIZE, PAYMENT_MODES, SIZES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { addressBody, postalAddress, type PostalAddress } from './address.ts';
import { mobileNumber, otpCode } from './auth.ts';
import { colorField, lineQuantity, productIdField, sizeField } from './cart.ts';
import { boolish, objectId, page, pageSize } from './common.ts';

/**
 * Checkout, orders and payments (shopping §2 Checkout, Guest checkout, Payment result, Orders; §3 order, order
 * product line, ordersVendorWise, buy-now item, order requests; §7 Orders and payment; API.md sandbox gateway).
 *
 * Whatever a client sends about money — prices, totals, wallet amounts, statuses, cartDetails — is ignored: lines
 * are priced from the catalogue at order time and the server computes every total.
 */

const unset = (v: unknown) => (v === '' || v === null ? undefined : v);

// ---------- requests ----------

/** A full address in an order request (guest checkout, or a signed-in shopper's unsaved address). */
export const orderAddressInput = addressBody.extend({
  /** Sent by the guest form; ignored: the server checks the guest token itself. */
  isOTPVerified: z.unknown().optional(),
});
export type OrderAddressInput = z.input<typeof orderAddressInput>;

/** Missing address → 'Please select address to checkout'. */
const missingAddress = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v);

/** Signed-in: the id of one of the caller's saved addresses, or a full address. */
export const orderAddressField = z.preprocess(
  missingAddress,
  z.union([objectId, orderAddressInput], { error: MSG.selectAddress }),
);
/** Guest: always a full address (guest addresses are local only). */
export const guestAddressField = z.preprocess(missingAddress, orderAddressInput);

/** What the shopper chose; `wallet` is never sent, the server sets it when wallet cash covers everything. */
export const paymentModeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['online', 'cod'], { error: MSG.paymentModeInvalid }),
);

const walletFlag = z.preprocess(unset, boolish.optional()).transform((v) => v ?? false);
const kindFlag = z.preprocess(unset, boolish.optional());

/** The verified guest mobile's token (data.token of guest/verify-otp); may come as the X-Guest-Token header instead. */
const guestTokenField = z.preprocess(unset, z.string().trim().min(1).max(200).optional());

/** One product line of a request. A guest cart line names its product `_id` (shopping §3); both are read. */
export const orderLineInput = z.preprocess(
  (v) => (v && typeof v === 'object' && !('productId' in v) && '_id' in v ? { ...v, productId: (v as { _id: unknown })._id } : v),
  z.object({
    productId: productIdField,
    quantity: z.preprocess((v) => (v === undefined || v === null || v === '' ? 1 : v), lineQuantity(MSG.quantityMax)),
    size: sizeField,
    color: colorField,
    /** Accepted and ignored: the catalogue says what kind of product it is. */
    isFreeSize: kindFlag,
    isColorOptions: kindFlag,
  }),
);
export type OrderLineInput = z.output<typeof orderLineInput>;

/** POST order/create: the signed-in shopper's cart. isWalletUse comes as a string ('true'/'false'). */
export const cartOrderBody = z.object({
  address: orderAddressField,
  paymentMode: paymentModeField,
  isWalletUse: walletFlag,
});
export type CartOrderBody = z.input<typeof cartOrderBody>;

const buyNowFields = {
  productId: productIdField,
  quantity: z.preprocess((v) => (v === undefined || v === null || v === '' ? 1 : v), lineQuantity(MSG.quantityMax)),
  /** Required when the product is sized ('Please select size'). */
  size: sizeField,
  /** Required when the product has colour options ('Please select color'). */
  color: colorField,
  isFreeSize: kindFlag,
  isColorOptions: kindFlag,
  /** A chat (temporary) product (tempProductId); signed-in buy-now only (guests get 400). */
  isTempProduct: z.preprocess(unset, boolish.optional()).transform((v) => v ?? false),
  tempProductId: z.preprocess(unset, z.string().max(100).optional()),
};

/** POST order/create/buyNow (signed in): one line, online or cod, wallet cash allowed. */
export const buyNowOrderBody = z.object({
  address: orderAddressField,
  paymentMode: paymentModeField,
  isWalletUse: walletFlag,
  ...buyNowFields,
});
export type BuyNowOrderBody = z.input<typeof buyNowOrderBody>;

/** POST order/create/guest-buy-now: one line, online only, the address's mobile verified by guestToken. */
export const guestBuyNowOrderBody = z.object({
  address: guestAddressField,
  paymentMode: paymentModeField,
  guestToken: guestTokenField,
  ...buyNowFields,
});
export type GuestBuyNowOrderBody = z.input<typeof guestBuyNowOrderBody>;

/**
 * POST order/create/guestOrder and order/create-guest-cart-order: the guest cart's lines (myData: `_id` or
 * productId, quantity, size, color; prices and other fields ignored). `cartDetails` (the guest cart's own totals)
 * is accepted and ignored.
 */
export const guestOrderBody = z.object({
  address: guestAddressField,
  paymentMode: paymentModeField,
  guestToken: guestTokenField,
  products: z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z
      .array(orderLineInput, { error: 'products must be a list' })
      .min(1, { error: MSG.cartEmpty })
      .max(ORDER.maxLines, { error: MSG.tooManyLines }),
  ),
  cartDetails: z.unknown().optional(),
});
export type GuestOrderBody = z.input<typeof guestOrderBody>;

/** 'YYYY/MM/DD' (or with dashes), a real calendar date; '' means no filter. */
const startDateField = z.preprocess(
  unset,
  z
    .string({ error: MSG.startDateInvalid })
    .trim()
    .regex(/^\d{4}[/-]\d{2}[/-]\d{2}$/, { error: MSG.startDateInvalid })
    .transform((v) => v.replaceAll('-', '/'))
    .refine((v) => {
      const [y, m, d] = v.split('/').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    }, { error: MSG.startDateInvalid })
    .optional(),
);

/** POST order/list. `orderStatus` '' or absent: every status but created. */
export const orderListBody = z.object({
  startDate: startDateField,
  orderStatus: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase()) : unset(v)),
    z.enum(ORDER_FILTER_STATUSES, { error: MSG.orderStatusInvalid }).optional(),
  ),
  page: page.default(1),
  pageSize: pageSize(PAGE_SIZE.orders),
});
export type OrderListBody = z.input<typeof orderListBody>;

export const orderIdParams = z.object({ id: objectId });

/**
 * POST order/confirmOrder (the spec does not show its payload; our reading): after the gateway sends the shopper
 * back, the web asks for the order's payment state. `orderId` is the order's _id. With Razorpay's in-page checkout
 * the handler's three fields may come along; they are verified (checkout signature) and recorded exactly once.
 */
/** A guest order's link token (order/create's data.guestOrderToken): random base64url. */
export const guestOrderTokenField = z.string().trim().min(20).max(100);

export const confirmOrderBody = z.object({
  orderId: objectId,
  /** A guest order's token: with it the answer carries the order itself (items, address), as for a buyer's own. */
  orderToken: z.preprocess(unset, guestOrderTokenField.optional()),
  razorpay_payment_id: z.string().trim().min(1).max(100).optional(),
  razorpay_order_id: z.string().trim().min(1).max(100).optional(),
  razorpay_signature: z.string().trim().min(1).max(200).optional(),
});
export type ConfirmOrderBody = z.input<typeof confirmOrderBody>;

/** POST order/retry-payment/{id}: a guest order's token proves it is the guest's (a signed-in buyer needs none). */
export const retryPaymentBody = z.object({ orderToken: z.preprocess(unset, guestOrderTokenField.optional()) });
export type RetryPaymentBody = z.input<typeof retryPaymentBody>;

/** POST guest/order: the order a guest's link names. */
export const guestOrderLinkBody = z.object({ token: z.preprocess(unset, z.string({ error: MSG.orderLinkInvalid }).trim().min(1, { error: MSG.orderLinkInvalid }).max(100, { error: MSG.orderLinkInvalid })) });
export type GuestOrderLinkBody = z.input<typeof guestOrderLinkBody>;

/** POST payments/sandbox/{paymentId}/complete, as the payment page's forms (or JSON) send it. */
export const sandboxCompleteBody = z.object({
  outcome: z.enum(['success', 'failure'], { error: MSG.paymentOutcomeInvalid }),
  /** HMAC of paymentId and outcome made by the payment page; a completion without it is refused (403). */
  signature: z.string({ error: MSG.paymentSignatureInvalid }).trim().min(1, { error: MSG.paymentSignatureInvalid }).max(200),
});
export const paymentIdParams = z.object({ paymentId: objectId });

// ---------- guest mobile verification (API.md fixed paths) ----------

/** POST guest/send-otp {type:'mobile', mobile}. */
const guestMobileType = z.literal('mobile', { error: "Please choose 'mobile' as the type" });
export const guestSendOtpBody = z.object({ type: guestMobileType, mobile: mobileNumber(MSG.invalidMobileNumber) });
export type GuestSendOtpBody = z.input<typeof guestSendOtpBody>;

/** POST guest/verify-otp {type:'mobile', mobile, otp} (otp as a number or a string of 6 digits). */
export const guestVerifyOtpBody = guestSendOtpBody.extend({ otp: otpCode });
export type GuestVerifyOtpBody = z.input<typeof guestVerifyOtpBody>;

/** data of guest/verify-otp: the token to send with the guest order (body guestToken or X-Guest-Token header). */
export const guestVerified = z.object({
  token: z.string(),
  status: z.literal(true),
  mobile: z.string(),
  /** Seconds the token stays usable (one order). */
  expiresIn: z.number().int(),
});
export type GuestVerified = z.infer<typeof guestVerified>;

// ---------- responses ----------

export const orderStatus = z.enum(ORDER_STATUSES);
export const orderPaymentStatus = z.enum(ORDER_PAYMENT_STATUSES);
export const paymentMode = z.enum(PAYMENT_MODES);

/** The address as it was when the order was placed (a copy, not a link to the address book). */
export const orderAddress = postalAddress;
export type OrderAddress = PostalAddress;

/** An order product line (shopping §3), priced at order time. */
export const orderLine = z.object({
  _id: z.string(),
  /** Null when the product has since been deleted from the catalogue. */
  productId: z.string().nullable(),
  slug: z.string(),
  name: z.string(),
  image: z.string(),
  /** The offered price paid per piece (whole rupees, taxes included). */
  price: z.number().int(),
  /** The list price per piece at order time. */
  mrp: z.number().int(),
  quantity: z.number().int(),
  size: z.enum(SIZES).nullable(),
  color: z.string().nullable(),
  isFreeSize: z.boolean(),
  isColorOptions: z.boolean(),
  isTempProduct: z.boolean(),
  tempProductId: z.string().nullable(),
  vendorId: z.string(),
  categoryId: z.string().nullable(),
  hsnCode: z.string().nullable(),
  /** GST percent of the line's category at order time (invoices). */
  gstRate: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** ordersVendorWise entry: one vendor's part of the order and its shipment. */
export const orderVendorGroup = z.object({
  _id: z.string(),
  vendorId: z.string(),
  brandName: z.string(),
  /** Tracking number, once shipped. */
  awsNumber: z.string().nullable(),
  courierPartner: z.string().nullable(),
  /** The courier's tracking page for awsNumber when the courier is one we know (vendor-orders COURIERS), else null. */
  trackingUrl: z.string().nullable(),
  status: orderStatus,
});

/** A refund as the order page shows it. */
export const orderRefund = z.object({
  vendorId: z.string(),
  walletAmount: z.number(),
  gatewayAmount: z.number(),
  gatewayMethod: z.enum(['wallet', 'razorpay', 'none']),
  status: z.enum(['pending', 'completed', 'failed']),
  createdAt: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefund>;

export const order = z.object({
  _id: z.string(),
  orderInitial: z.string(),
  /** The sequential order number; shown as orderInitial + orderId zero-padded to 4 (SW0012). */
  orderId: z.number().int(),
  orderNumber: z.string(),
  orderStatus,
  paymentMode,
  paymentStatus: orderPaymentStatus,
  createdAt: z.string(),
  /** Σ price × quantity. */
  orderSubTotal: z.number().int(),
  shippingCharges: z.number().int(),
  /** orderSubTotal + shippingCharges. */
  orderGrandTotal: z.number().int(),
  walletAmountUsed: z.number().int(),
  /** orderGrandTotal − walletAmountUsed: what the gateway (or the courier, cod) collects. */
  amountPayable: z.number().int(),
  /** While created: when an unpaid online payment expires. */
  paymentExpiresAt: z.string().nullable(),
  address: orderAddress,
  productDetails: z.array(orderLine),
  ordersVendorWise: z.array(orderVendorGroup),
  /** Money given back for cancelled parts (orders/cancel.ts), one per cancelled part. */
  refunds: z.array(orderRefund),
});
export type Order = z.infer<typeof order>;

/**
 * data of every order/create call. `url` is the payment page to send the browser to (data.url) when a payment is
 * needed; null when none is (cod, or wallet cash covering the whole order): the order is already pending.
 */
export const orderCreated = z.object({
  url: z.string().nullable(),
  paymentRequired: z.boolean(),
  orderId: z.string(),
  order,
  /**
   * A guest order's token, given only here: it reads the order again (guest/order, the /order-status#token link)
   * and retries its payment. Null for an account's order.
   */
  guestOrderToken: z.string().nullable(),
});
export type OrderCreated = z.infer<typeof orderCreated>;

export const orderListResult = z.object({ orders: z.array(order), count: z.number().int() });
export type OrderListResult = z.infer<typeof orderListResult>;

/** data of order/confirmOrder. `status` is true once the order is paid or needs no payment (the result page's status). */
/** When an order should arrive (shipping's estimate from the sellers' pickup PINs to the address, from the day it was paid). */
export const expectedDelivery = z.object({
  deliveryDays: z.number().int(),
  /** YYYY-MM-DD (India calendar). */
  deliveryDate: z.string(),
  /** 'Delivery by Tue, 25 Nov'. */
  deliveryText: z.string(),
});
export type ExpectedDelivery = z.infer<typeof expectedDelivery>;

export const orderConfirmation = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  orderStatus,
  paymentStatus: orderPaymentStatus,
  status: z.boolean(),
  /** The order is still held for its payment (created, within its 30 minutes): order/retry-payment/{id} starts a new one. */
  canRetryPayment: z.boolean(),
  /** While held: when the hold ends and the order is cancelled unless paid. */
  paymentExpiresAt: z.string().nullable(),
  /** The order itself, for its buyer only (the signed-in owner, or a guest sending the order's token); else null. */
  order: order.nullable(),
  /** For the buyer, while the order is on its way (paid, cash on delivery, confirmed or shipped). */
  expectedDelivery: expectedDelivery.nullable(),
});
export type OrderConfirmation = z.infer<typeof orderConfirmation>;

/** data of order/retry-payment/{id}: the payment page to send the browser to. */
export const paymentRetry = z.object({ url: z.string(), orderId: z.string(), paymentExpiresAt: z.string() });
export type PaymentRetry = z.infer<typeof paymentRetry>;

/**
 * POST order/cancel/{id}: the whole order, or with `vendorId` one vendor's part of it (the spec shows no cancel;
 * our reading of issue 9). The reason is optional and kept with the refund.
 */
export const cancelOrderBody = z.object({
  vendorId: objectId.optional(),
  reason: z.string().trim().max(300, { error: MSG.cancelReasonTooLong }).optional(),
});
export type CancelOrderBody = z.infer<typeof cancelOrderBody>;
