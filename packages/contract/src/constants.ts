/** Business constants of the spec (shopping §9, accounts §9). One place, shared by server and web. */

export const PAGE_SIZE = {
  listing: 16,
  vendorDirectory: 16,
  topSellingGrid: 8,
  videoFeed: 10,
  orders: 10,
  communityFeed: 10,
  comments: 20,
  reviews: 10,
} as const;

/** Any list call refuses a bigger page (API.md, Paging). */
export const MAX_PAGE_SIZE = 100;

/** How many products GET product/topSelling and product/trendingProducts give without ?limit. */
export const PRODUCT_STRIP_DEFAULT = 48;

export const QUANTITY = { min: 1, max: 10 } as const;
/** Lines a guest-cart merge (cart/bulkAdd) or guest-wishlist merge may send at once. */
export const CART_BULK_MAX = 50;
/** Products a wishlist may hold. */
export const WISHLIST_MAX = 200;
/** Saved addresses per account (MSG.addressLimit says the number). */
export const ADDRESS_MAX = 20;
/** Address field lengths. */
export const ADDRESS_LIMITS = { name: 50, street: 200, landmark: 100, shippingNote: 300, email: 254 } as const;
/** Products GET cart/similarProducts gives at most. */
export const CART_SIMILAR_MAX = 10;

export const SIZES = ['xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'] as const;
export type Size = (typeof SIZES)[number];

export const PRICE_RANGE = { min: 0, max: 50000 } as const;
export const DISCOUNT_OPTIONS = [10, 20, 30, 40, 50] as const;

export const SUBCATEGORY_CHIPS = 8;
export const SHOP_BY_INITIAL_CARDS = 12;
export const SEARCH_SUGGESTIONS_MAX = 10;
export const SUGGESTION_NAME_MAX = 55;
export const SUGGESTION_BOX_MAX_HEIGHT = 300;

export const DEBOUNCE_MS = { search: 300, pincode: 500 } as const;
export { CAROUSEL_AUTOPLAY_MS, HOME_STAGGER_MS, MOBILE_BREAKPOINT } from './ui.ts';

export const OTP_LENGTH = 6;
/**
 * OTP rules (accounts §4.6, §9; DESIGN Security; ADR 046): valid 10 minutes; 5 wrong tries from one address end
 * that address's tries at the code, 30 from all addresses together end the code; resend countdown.
 */
export const OTP = {
  ttlSeconds: 10 * 60,
  /** Wrong tries one address may make at one code; then it must ask for a new one (a stranger's guesses cost only them). */
  maxAttempts: 5,
  /** Wrong tries at one code from all addresses together: a guesser spread over many addresses, so the code dies. */
  maxAttemptsAllSources: 30,
  /** The UI's resend countdown, which the server enforces: 50 s on the login code, 60 s elsewhere. */
  resendSeconds: { login: 50, other: 60 },
  /** How long a verified OTP's token (data.token of auth/verify-otp) may be used. */
  verificationTokenSeconds: 15 * 60,
} as const;
/** Password policy for new passwords (sign-up by reset, reset): at least 8 characters, a letter and a digit. */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 128 } as const;
export const NAME_MAX_LENGTH = 50;
/** Profile pictures: at most 5 MB, JPEG, PNG or WebP; stored as WebP. */
export const PROFILE_PICTURE = { maxBytes: 5 * 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/webp'] } as const;
export const MOBILE_LENGTH = 10;
export const PINCODE_LENGTH = 6;

/**
 * Who may call what (shopping §6, accounts §6): every protected route names its roles. Feature routes open to
 * every account use `signedIn`; vendor and admin consoles name theirs.
 */
export const ROLES = {
  signedIn: ['user', 'vendor', 'admin'],
} as const satisfies Record<string, readonly ('user' | 'vendor' | 'admin')[]>;

export const WALLET = {
  rechargeMin: 100,
  rechargeMax: 10000,
  newUserReward: 200,
  cashMinBalance: 300,
  cashMinOrderTotal: 500,
} as const;

export const COVERAGE = { states: '15+', vendors: '72K', orders: '1.5M' } as const;

/** The Combo category holds vendor-made chat products; it never shows in category lists. */
export const COMBO_CATEGORY_SLUG = 'combo';

/** Reviews (shopping §2 Reviews, §5): a 1–5 star rating and a comment of at most this many characters. */
export const REVIEW = { minRating: 1, maxRating: 5, maxLength: 2000 } as const;

// ---------- orders, payments, wallet (shopping §3, §4, §9) ----------

/** Every status an order can have. `created` = placed, awaiting its online payment (hidden from order lists). */
export const ORDER_STATUSES = ['created', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The statuses a shopper filters by (shopping §4). */
export const ORDER_FILTER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const satisfies readonly OrderStatus[];

/**
 * THE order state machine: the statuses each status may move to. `created` → `pending` is a completed payment
 * (or none needed), `created` → `cancelled` a failed or expired one; the rest is the vendor console's work.
 * Anything not listed is refused (409).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['pending', 'cancelled'],
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** How the shopper pays. `wallet` is set by the server when wallet cash covers the whole order. */
export const PAYMENT_MODES = ['online', 'cod', 'wallet'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/**
 * An order's payment state: pending (awaiting the gateway), paid, cod (to collect on delivery), failed,
 * expired (30 minutes unpaid), refund_pending (paid through the gateway, then cancelled: the refund goes back
 * through the gateway), refunded (cancelled; what was paid came back to the wallet), cancelled (a cod order cancelled).
 */
export const ORDER_PAYMENT_STATUSES = ['pending', 'paid', 'cod', 'failed', 'expired', 'refund_pending', 'refunded', 'cancelled'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

export const ORDER = {
  /** orderInitial: the prefix of every order number (SW0012). */
  initial: 'SW',
  /** An online payment not completed within this many minutes is abandoned: the order is cancelled, its stock released. */
  paymentTimeoutMinutes: 30,
  /** Distinct lines in one order. */
  maxLines: 50,
  /** Unpaid (created) orders one buyer may hold at once, so nobody can lock up stock by starting payments. */
  maxUnpaidOrders: 5,
  /**
   * Cash-on-delivery orders not yet delivered or cancelled, and their pieces, one buyer may have at once: they
   * hold stock without any money paid, so like unpaid online orders they are capped (issue 9).
   */
  maxOpenCodOrders: 5,
  maxOpenCodPieces: 20,
  /** The states in which a buyer may still cancel an order or a vendor's part of it (before shipping). */
  buyerCancellable: ['pending', 'confirmed'],
} as const;

export const WALLET_TRANSACTION_TYPES = ['credit', 'debit'] as const;
export const WALLET_TRANSACTION_STATUSES = ['completed', 'pending', 'failed'] as const;
/** How many transactions GET wallet/fetchBalance lists (the most recent). */
export const WALLET_TRANSACTIONS_SHOWN = 100;
