import { COMBO_CATEGORY_SLUG, QUANTITY } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import { orderTotalEnough, walletBalanceEnough, walletCashAmount } from '@statewise/contract/wallet-cash';

/**
 * The checkout's rules as pure functions (shopping §2 Checkout, §4 logged-in checkout and wallet cash, §9), so
 * they are tested without a browser and the screens only draw what they say.
 */

/** The three steps of /checkout and /buy-now/checkout. */
export const CHECKOUT_STEPS = ['Address', 'Order Summary', 'Payment'] as const;
export type CheckoutStep = 0 | 1 | 2;

/**
 * How a step's section shows (issue 9, one step open at a time): the current step is open; a step before it is
 * done and collapses to a one-line summary with Change; a step after it shows only its title.
 */
export type SectionState = 'open' | 'done' | 'later';
export function sectionState(index: CheckoutStep, current: CheckoutStep): SectionState {
  return index === current ? 'open' : index < current ? 'done' : 'later';
}

/**
 * The checkouts count pieces everywhere ("3 items" is 3 pieces, whether one line of 3 or three lines of 1), so the
 * order summary, the price details and the tracking event say the same number.
 */
export function piecesOf(lines: ReadonlyArray<{ quantity: number }>): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}

/** '1 item', '3 items'. */
export const itemsText = (pieces: number) => `${pieces} ${pieces === 1 ? 'item' : 'items'}`;

/**
 * Whether the pay action can be pressed (§5 checkout without an address): not until an address is chosen, and the
 * button then says why — its label asks for the address and the spec's sentence stands under it.
 */
export function payBlock(p: { addressId: string | null; addressCount: number }): { label: string; reason: string } | null {
  if (p.addressId) return null;
  return { label: p.addressCount === 0 ? 'Add an address to pay' : 'Select an address to pay', reason: MSG.selectAddress };
}

/** The payment methods the signed-in checkouts offer: online, and cash on delivery within the COD cap (cart and buy-now). */
export const SIGNED_IN_PAYMENT_MODES = ['online', 'cod'] as const;

/**
 * Where the stepper goes after a refused order (§4: back to the Order Summary, step 1). A refusal by the COD cap
 * (too many cash-on-delivery orders or pieces on their way, 429) keeps the shopper at Payment, where the message
 * stands next to the methods and Online Payment is one tap away.
 */
export function stepAfterRefusal(p: { status: number | null; message: string; paymentMode: 'online' | 'cod' }): CheckoutStep {
  const codCap = p.paymentMode === 'cod' && p.status === 429 && (p.message === MSG.tooManyCodOrders || p.message === MSG.tooManyCodPieces);
  return codCap ? 2 : 1;
}

/**
 * Where the checkout starts (§2): with saved addresses the last one (the newest: GET address lists them oldest
 * first) is preselected and the shopper starts at the Order Summary (1); with none, at the Address step (0).
 */
export function initialCheckout(addresses: ReadonlyArray<{ _id: string }>): { step: CheckoutStep; addressId: string | null } {
  const last = addresses[addresses.length - 1];
  return last ? { step: 1, addressId: last._id } : { step: 0, addressId: null };
}

/**
 * The selected address after the list changed (an address added, edited or deleted elsewhere): the same one
 * while it exists, else the last one, else none.
 */
export function keepSelection(addresses: ReadonlyArray<{ _id: string }>, selected: string | null): string | null {
  if (selected && addresses.some((a) => a._id === selected)) return selected;
  return addresses[addresses.length - 1]?._id ?? null;
}

export type WalletCash =
  | { usable: true; amount: number; reason: null }
  | { usable: false; amount: 0; reason: string };

/**
 * Wallet cash (§4, §9) as the checkout shows it: the contract's rule (walletCashAmount, the server's too), with the
 * reason it cannot be used. The balance is checked first, so a shopper with too little in the wallet hears about
 * the wallet, not the order.
 */
export function walletCash(balance: number | null | undefined, payable: number, unspentReward = 0): WalletCash {
  // below ₹300 only the unspent new-user reward may pay (wallet-cash.ts)
  if (balance === null || balance === undefined || (!walletBalanceEnough(balance) && Math.min(unspentReward, balance) <= 0)) {
    return { usable: false, amount: 0, reason: MSG.walletMinBalance };
  }
  if (!orderTotalEnough(payable)) return { usable: false, amount: 0, reason: MSG.walletMinOrderTotal };
  return { usable: true, amount: walletCashAmount(balance, payable, unspentReward), reason: null };
}

/** The price summary of the checkout: what the wallet covers and what is left to pay. */
export function checkoutTotals(p: { subTotal: number; shippingCharges: number; walletBalance: number | null | undefined; useWallet: boolean; unspentReward?: number }) {
  const grandTotal = p.subTotal + p.shippingCharges;
  const cash = walletCash(p.walletBalance, grandTotal, p.unspentReward ?? 0);
  const walletUsed = p.useWallet && cash.usable ? cash.amount : 0;
  return { grandTotal, walletUsed, payable: grandTotal - walletUsed, cash };
}

/** A product of the Combo category (vendor-made sets) shows its number of products, not a quantity stepper. */
export const isCombo = (category: { slug?: string | null } | null | undefined) => category?.slug === COMBO_CATEGORY_SLUG;

/**
 * The buy-now quantity limit: 1 to 10 (§9), and never more than the stock of the chosen size, colour or free
 * size, as the product page last saw it (the server checks the stock again when the order is placed).
 */
export function buyNowLimit(stock: number): number {
  return Math.max(QUANTITY.min, Math.min(QUANTITY.max, stock));
}

/** Where "pay" goes after the order call: the gateway's page, or straight to the result (cod, wallet-paid). */
export function afterOrder(result: { url: string | null; orderId: string }): { kind: 'gateway'; url: string } | { kind: 'placed'; to: string } {
  if (result.url) return { kind: 'gateway', url: result.url };
  return { kind: 'placed', to: `/payment-confirmation?status=true&orderId=${encodeURIComponent(result.orderId)}` };
}

/**
 * Buy it now for someone not signed in (§2 Watch and shop, §4): from the video feed they are asked to log in first
 * and continue to /buy-now/checkout afterwards; anywhere else they use the guest buy-now checkout. Signed in,
 * everyone goes to /buy-now/checkout.
 */
export function buyNowRoute(p: { isLoggedIn: boolean; source: 'product' | 'feed' }): { kind: 'go'; to: string } | { kind: 'login'; redirectTo: string } {
  if (p.isLoggedIn) return { kind: 'go', to: '/buy-now/checkout' };
  if (p.source === 'feed') return { kind: 'login', redirectTo: '/buy-now/checkout' };
  return { kind: 'go', to: '/guestCheckoutBuyNow' };
}
