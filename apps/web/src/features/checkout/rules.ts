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
