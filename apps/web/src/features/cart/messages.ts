/**
 * Sentences only the web cart says (shopping §5, §8); what the server says too lives in the contract's MSG.
 */
export const CART_MSG = {
  // guest cart (shopping §5); 'Quantity cannot be less than 1' and 'Product is out of stock now' are MSG's
  itemLimitReached: 'Item limit reached',
  onlyTen: 'Only 10 quantity can be added',
  cantAddMore: 'Cant add more quantity',
  /** The guest cart holds at most CART_BULK_MAX lines: what one login can merge into the server cart. */
  guestCartFull: 'Your cart is full. Please remove an item to add another',
  // product page (shopping §8)
  unableToAdd: 'Unable to add product to cart',
  // the wishlist's add-to-cart says the 10 limit in its own words (shopping §5)
  wishlistCantAddMore: "Can't add more than 10 items",
  // the merge at login
  mergeFailed: 'We could not move your cart to your account just now. Your items are kept and will be added at your next login',
} as const;
