/**
 * Cart and order money, in whole rupees (prices are inclusive of taxes: 'Shipping & Taxes are inclusive').
 *
 * ## Shipping rule
 * Shipping is free on every order delivered in India, whatever its size, weight, value or vendors: the spec
 * shows shipping as Free in guest checkout and the price summary, and the cart says 'Shipping & Taxes are
 * inclusive' (shopping §2 Cart, §9). `shippingCharges` is the ONE place this rule lives; the cart summary,
 * POST cart/shippingPrice and order creation (cart, buy-now and guest orders) all call it, so a future rule
 * (e.g. a charge below an order value) changes here and everywhere at once.
 */

export interface PricedLine {
  quantity: number;
  /** Unit price the shopper pays (product.offeredPrice). */
  offeredPrice: number;
  /** Unit list price (product.price). */
  price: number;
}

/** Shipping for an order (or cart) of these lines, in whole rupees: free (0) in India, see the rule above. */
export function shippingCharges(_lines: readonly PricedLine[]): number {
  return 0;
}

export interface Totals {
  /** Σ offeredPrice × quantity. */
  subTotal: number;
  /** Σ (price − offeredPrice) × quantity. */
  savings: number;
  shippingCharges: number;
  /** subTotal + shippingCharges. */
  grandTotal: number;
}

/** The totals of API.md "Cart summary" for lines that can be bought. */
export function totalsOf(lines: readonly PricedLine[]): Totals {
  let subTotal = 0;
  let savings = 0;
  for (const l of lines) {
    subTotal += l.offeredPrice * l.quantity;
    savings += Math.max(0, l.price - l.offeredPrice) * l.quantity;
  }
  const shipping = shippingCharges(lines);
  return { subTotal, savings, shippingCharges: shipping, grandTotal: subTotal + shipping };
}
