import { z } from 'zod';
import { CART_BULK_MAX, QUANTITY, SIZES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { categoryRef, colorStock, productCard, sizeStock } from './catalogue.ts';
import { boolish, objectId, pincode } from './common.ts';

/**
 * The server cart and the wishlist (shopping §2 Cart, Wishlist; §3 server cart line, wishlist item; §7 Cart,
 * Wishlist). Which limit message each call gives:
 * - POST cart/add (product page, wishlist add-to-cart): 'Cant add more than 10 items' when the line would pass 10
 *   (400 for a body quantity above 10, 409 when merging into an existing line would pass it);
 * - PATCH cart/increment/{productId} (cart stepper +): 409 'Cant add more than 10 quantities';
 * - PATCH cart/update (quantity set): 400 'Quantity cannot be more than 10';
 * - below 1 anywhere: 'Quantity cannot be less than 1' (PATCH cart/decrement at 1 is a 409);
 * - past the stock of the size, colour or free-size quantity: 409 'Product is out of stock now' when none can be
 *   added, else 409 'Only N left in stock'.
 */

/** '' and null count as "not given" (the web keeps unset picks as empty strings). */
const unset = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A product id in a body: missing → 'Missing product Id', malformed → 'Invalid id'. */
export const productIdField = z.preprocess(unset, z.string({ error: MSG.productIdMissing }).trim().pipe(objectId));

/** A line quantity 1–10: a number or a numeric string (old clients); `maxMessage` names the call's limit message. */
export const lineQuantity = (maxMessage: string) =>
  z.union([z.number(), z.string()], { error: MSG.quantityWhole }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message, input: v });
      return z.NEVER;
    };
    if (!Number.isInteger(n)) return fail(MSG.quantityWhole);
    if (n < QUANTITY.min) return fail(MSG.quantityMin);
    if (n > QUANTITY.max) return fail(maxMessage);
    return n;
  });

/** A size in any case ('M' → 'm'); unset when empty. */
export const sizeField = z.preprocess(
  unset,
  z.string({ error: MSG.sizeUnavailable }).trim().toLowerCase().pipe(z.enum(SIZES, { error: MSG.sizeUnavailable })).optional(),
);
/** A colour name as the product lists it; unset when empty. */
export const colorField = z.preprocess(unset, z.string({ error: MSG.colorUnavailable }).trim().max(60, { error: MSG.colorUnavailable }).optional());
/** The picture the shopper was looking at; the server keeps it only when it is one of the product's (or colour's). */
export const imageField = z.preprocess(unset, z.string().trim().max(1000).optional());
/** Sent by old clients as 'true'/'false'; accepted and ignored: the catalogue says what kind of product it is. */
const kindFlag = z.preprocess(unset, boolish.optional());

// ---------- requests ----------
export const cartAddBody = z.object({
  productId: productIdField,
  quantity: z.preprocess(unset, lineQuantity(MSG.cartMaxItems).optional()).transform((q) => q ?? 1),
  /** Required for a sized product ('Please select size'). */
  size: sizeField,
  /** Required for a colour product ('Please select color'). */
  color: colorField,
  image: imageField,
  isFreeSize: kindFlag,
  isColorOptions: kindFlag,
});
export type CartAddBody = z.input<typeof cartAddBody>;
export type CartAddInput = z.output<typeof cartAddBody>;

export const cartUpdateBody = z.object({
  cartId: objectId,
  /** When given it must be the line's product (else 404). */
  productId: z.preprocess(unset, objectId.optional()),
  quantity: lineQuantity(MSG.quantityMax),
});
export type CartUpdateBody = z.input<typeof cartUpdateBody>;

export const cartDeleteBody = z.object({ cartId: objectId, productId: z.preprocess(unset, objectId.optional()) });
export type CartDeleteBody = z.input<typeof cartDeleteBody>;

/** Picks the line of a product for increment, decrement and remove; may be left out when the product has one line. */
export const cartVariantBody = z.object({ size: sizeField, color: colorField });
export type CartVariantBody = z.input<typeof cartVariantBody>;

export const cartProductParams = z.object({ productId: objectId });

/**
 * POST cart/bulkAdd (guest cart merge at login). Each entry is read like a cart/add body
 * ({productId, quantity, size, color, image, isFreeSize, isColorOptions}; other fields of the guest line are
 * ignored) and judged on its own, so one bad or sold-out line never fails the merge.
 */
export const cartBulkAddBody = z.object({
  products: z
    .array(z.unknown(), { error: 'products must be a list' })
    .max(CART_BULK_MAX, { error: MSG.cartTooManyAtOnce })
    .describe('Guest cart lines: {productId, quantity, size, color, image, isFreeSize, isColorOptions}'),
});
export type CartBulkAddBody = z.input<typeof cartBulkAddBody>;

export const shippingPriceBody = z.object({ pincode: z.preprocess(unset, pincode.optional()) });

// ---------- responses ----------
/** The product of a cart line, live from the catalogue at every read. */
export const cartLineProduct = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  images: z.array(z.string()),
  price: z.number().int(),
  offeredPrice: z.number().int(),
  discount: z.number().int(),
  isFreeSize: z.boolean(),
  isColorOptions: z.boolean(),
  freeSizeQty: z.number().int(),
  sizeInventory: z.array(sizeStock),
  colorInventory: z.array(colorStock),
  /** False when the vendor took the product off sale. */
  isActive: z.boolean(),
  /** True when it is off sale because an admin suspended its store (ADR 025); absent otherwise. */
  storeUnavailable: z.boolean().optional(),
  vendorId: z.string(),
  categoryId: categoryRef,
});

export const cartLine = z.object({
  _id: z.string(),
  productId: cartLineProduct,
  quantity: z.number().int(),
  /** Lowercase size of a sized product, else null. */
  size: z.enum(SIZES).nullable(),
  /** Colour of a colour product, else null. */
  color: z.string().nullable(),
  image: z.string(),
  isFreeSize: z.boolean(),
  isColorOptions: z.boolean(),
  /** The most this line may hold now: min(10, stock of its size, colour or free-size quantity); 0 when off sale. */
  availableQuantity: z.number().int(),
  /** The line cannot be bought as it stands (off sale, or fewer in stock than its quantity); left out of the totals. */
  outOfStock: z.boolean(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cartSummary = z.object({
  cartProducts: z.array(cartLine),
  shippingCharges: z.number().int(),
  /** Σ offeredPrice × quantity over the lines that can be bought (whole rupees, taxes included). */
  subTotal: z.number().int(),
  /** subTotal + shippingCharges. */
  grandTotal: z.number().int(),
  /** Σ (price − offeredPrice) × quantity over the same lines. */
  savings: z.number().int(),
});
export type CartSummary = z.infer<typeof cartSummary>;

/** POST cart/add: the cart after the add, and the line that was added to. */
export const cartAddResult = cartSummary.extend({ cartId: z.string(), quantity: z.number().int() });
export type CartAddResult = z.infer<typeof cartAddResult>;

export const cartCount = z.object({
  /** Lines in the cart (the header badge; as the guest cart counts its lines). */
  count: z.number().int(),
  /** Pieces over all lines. */
  quantity: z.number().int(),
});
export type CartCount = z.infer<typeof cartCount>;

export const bulkLineStatus = z.enum(['added', 'merged', 'capped', 'skipped']);
export const cartBulkLineResult = z.object({
  /** Position in the request's list. */
  index: z.number().int(),
  productId: z.string().nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  /**
   * added: a new line with all of it; merged: all of it went into an existing line; capped: less than asked was
   * added (stock or the limit of 10; the line keeps what it had); skipped: nothing added (see message).
   */
  status: bulkLineStatus,
  requested: z.number().int().nullable(),
  /** What the cart line holds after the merge (0 when there is none). */
  quantity: z.number().int(),
  message: z.string().nullable(),
});
export type CartBulkLineResult = z.infer<typeof cartBulkLineResult>;
export const cartBulkAddResult = cartSummary.extend({ results: z.array(cartBulkLineResult) });
export type CartBulkAddResult = z.infer<typeof cartBulkAddResult>;

export const shippingPriceResult = z.object({ ShippingCharges: z.number().int() });

// ---------- wishlist ----------
/** A wishlist card: a product card plus the stock the size/colour picker needs to disable empty options. */
export const wishlistProduct = productCard.extend({
  freeSizeQty: z.number().int(),
  sizeInventory: z.array(sizeStock),
  colorInventory: z.array(colorStock),
});
export const wishlistItem = z.object({
  _id: z.string(),
  productId: wishlistProduct,
  color: z.string().nullable(),
  image: z.string(),
  createdAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItem>;
export const wishlistResult = z.object({ wishlist: z.array(wishlistItem) });
export type WishlistResult = z.infer<typeof wishlistResult>;

export const wishlistAddBody = z.object({
  productId: productIdField,
  isColorOptions: kindFlag,
  /** Required for a colour product ('Please select color'). */
  color: colorField,
  image: imageField,
});
export type WishlistAddBody = z.input<typeof wishlistAddBody>;
export const wishlistRemoveBody = z.object({ productId: productIdField });
export type WishlistRemoveBody = z.input<typeof wishlistRemoveBody>;

/** POST user/wishlist/bulkAdd (guest wishlist merge at login): entries read like a wishlist add, each on its own. */
export const wishlistBulkAddBody = z.object({
  items: z
    .array(z.unknown(), { error: 'items must be a list' })
    .max(CART_BULK_MAX, { error: MSG.cartTooManyAtOnce })
    .describe('Guest wishlist entries: {productId, color, image, isColorOptions}'),
});
export type WishlistBulkAddBody = z.input<typeof wishlistBulkAddBody>;
export const wishlistBulkLineResult = z.object({
  index: z.number().int(),
  productId: z.string().nullable(),
  color: z.string().nullable(),
  /** added: new entry; exists: it was already there (colour and picture updated); skipped: see message. */
  status: z.enum(['added', 'exists', 'skipped']),
  message: z.string().nullable(),
});
export const wishlistBulkAddResult = wishlistResult.extend({ results: z.array(wishlistBulkLineResult) });
export type WishlistBulkAddResult = z.infer<typeof wishlistBulkAddResult>;
