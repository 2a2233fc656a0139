/**
 * Where the floating support button stays away (accounts §2.1 hides it on watch-and-shop): the cart and checkout
 * pages, whose totals, Pay button and pincode checks it would cover, and the payment pages. Kept apart from
 * FloatingWidgets.tsx so the layout can decide without loading the button's chunk.
 */
const HIDDEN = new Set(['/cart', '/guestcheckoutcart', '/checkout', '/guestcheckout', '/guestcheckoutbuynow', '/buy-now/checkout', '/watch-and-shop']);

export function showsFloatingWidget(pathname: string): boolean {
  // the router matches paths case-insensitively and with or without a trailing slash
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
  return !HIDDEN.has(path) && !path.startsWith('/pay');
}
