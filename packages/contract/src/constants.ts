/** Business constants of the spec (shopping §9, accounts §9). One place, shared by server and web. */

export const PAGE_SIZE = {
  listing: 16,
  vendorDirectory: 16,
  topSellingGrid: 8,
  videoFeed: 10,
  orders: 10,
  communityFeed: 10,
  comments: 20,
} as const;

/** Any list call refuses a bigger page (API.md, Paging). */
export const MAX_PAGE_SIZE = 100;

export const QUANTITY = { min: 1, max: 10 } as const;

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
export const HOME_STAGGER_MS = 150;
export const CAROUSEL_AUTOPLAY_MS = { banner: 5000, product: 2500 } as const;
export const MOBILE_BREAKPOINT = 768;

export const OTP_LENGTH = 6;
export const MOBILE_LENGTH = 10;
export const PINCODE_LENGTH = 6;

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
