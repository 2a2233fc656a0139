import { MSG } from '@statewise/contract/messages';
import { describe, expect, it } from 'vitest';
import { afterOrder, buyNowLimit, buyNowRoute, checkoutTotals, initialCheckout, isCombo, itemsText, keepSelection, payBlock, piecesOf, sectionState, stepAfterRefusal, walletCash } from './rules.ts';

const a = (id: string) => ({ _id: id });

describe('initialCheckout (the step preselection)', () => {
  it('starts at the Address step with nothing selected when there are no saved addresses', () => {
    expect(initialCheckout([])).toEqual({ step: 0, addressId: null });
  });

  it('preselects the last saved address and starts at the Order Summary', () => {
    expect(initialCheckout([a('first'), a('second'), a('newest')])).toEqual({ step: 1, addressId: 'newest' });
  });

  it('preselects the only address there is', () => {
    expect(initialCheckout([a('only')])).toEqual({ step: 1, addressId: 'only' });
  });
});

describe('keepSelection', () => {
  it('keeps the chosen address while it exists', () => {
    expect(keepSelection([a('x'), a('y')], 'x')).toBe('x');
  });

  it('falls back to the last address when the chosen one is gone', () => {
    expect(keepSelection([a('x'), a('y')], 'deleted')).toBe('y');
  });

  it('selects nothing when no address is left', () => {
    expect(keepSelection([], 'x')).toBeNull();
  });
});

describe('walletCash (the wallet-cash rule)', () => {
  it('refuses a balance under ₹300 with its tooltip', () => {
    expect(walletCash(299, 2000)).toEqual({ usable: false, amount: 0, reason: MSG.walletMinBalance });
    expect(MSG.walletMinBalance).toBe('Wallet balance must be at least ₹300 to use');
  });

  it('refuses an order total under ₹500 with its tooltip', () => {
    expect(walletCash(1000, 499)).toEqual({ usable: false, amount: 0, reason: MSG.walletMinOrderTotal });
    expect(MSG.walletMinOrderTotal).toBe('Order total must exceed ₹500 to use wallet');
  });

  it('names the balance first when both are too low', () => {
    expect(walletCash(100, 100).reason).toBe(MSG.walletMinBalance);
  });

  it('accepts exactly ₹300 in the wallet and an order of exactly ₹500', () => {
    expect(walletCash(300, 500)).toEqual({ usable: true, amount: 300, reason: null });
  });

  it('uses the lesser of the balance and the payable amount', () => {
    expect(walletCash(400, 1299)).toEqual({ usable: true, amount: 400, reason: null });
    expect(walletCash(5000, 1299)).toEqual({ usable: true, amount: 1299, reason: null });
  });

  it('is not usable before the balance has loaded', () => {
    expect(walletCash(null, 2000).usable).toBe(false);
    expect(walletCash(undefined, 2000).usable).toBe(false);
  });
});

describe('checkoutTotals', () => {
  it('takes wallet cash off the payable amount only when switched on and allowed', () => {
    expect(checkoutTotals({ subTotal: 1200, shippingCharges: 0, walletBalance: 400, useWallet: false })).toMatchObject({ grandTotal: 1200, walletUsed: 0, payable: 1200 });
    expect(checkoutTotals({ subTotal: 1200, shippingCharges: 0, walletBalance: 400, useWallet: true })).toMatchObject({ walletUsed: 400, payable: 800 });
    expect(checkoutTotals({ subTotal: 450, shippingCharges: 0, walletBalance: 400, useWallet: true })).toMatchObject({ walletUsed: 0, payable: 450 });
  });

  it('lets wallet cash cover a whole order', () => {
    expect(checkoutTotals({ subTotal: 600, shippingCharges: 0, walletBalance: 1000, useWallet: true })).toMatchObject({ walletUsed: 600, payable: 0 });
  });

  it('counts shipping in the total the rule looks at', () => {
    expect(checkoutTotals({ subTotal: 480, shippingCharges: 40, walletBalance: 400, useWallet: true })).toMatchObject({ grandTotal: 520, walletUsed: 400, payable: 120 });
  });
});

describe('afterOrder', () => {
  it('follows data.url to the payment page when there is one', () => {
    expect(afterOrder({ url: 'http://x/api/payments/sandbox/1', orderId: 'o1' })).toEqual({ kind: 'gateway', url: 'http://x/api/payments/sandbox/1' });
  });

  it('goes to the confirmation when no payment is needed (cod, wallet-paid)', () => {
    expect(afterOrder({ url: null, orderId: 'o 1' })).toEqual({ kind: 'placed', to: '/payment-confirmation?status=true&orderId=o%201' });
  });
});

describe('buyNowRoute', () => {
  it('sends a signed-in shopper to the buy-now checkout from anywhere', () => {
    expect(buyNowRoute({ isLoggedIn: true, source: 'feed' })).toEqual({ kind: 'go', to: '/buy-now/checkout' });
    expect(buyNowRoute({ isLoggedIn: true, source: 'product' })).toEqual({ kind: 'go', to: '/buy-now/checkout' });
  });

  it('asks a guest in the video feed to log in, then continues to the buy-now checkout', () => {
    expect(buyNowRoute({ isLoggedIn: false, source: 'feed' })).toEqual({ kind: 'login', redirectTo: '/buy-now/checkout' });
  });

  it('sends a guest elsewhere to the guest buy-now checkout', () => {
    expect(buyNowRoute({ isLoggedIn: false, source: 'product' })).toEqual({ kind: 'go', to: '/guestCheckoutBuyNow' });
  });
});

describe('buy-now items', () => {
  it('limits the quantity to 1–10 and the stock', () => {
    expect(buyNowLimit(3)).toBe(3);
    expect(buyNowLimit(50)).toBe(10);
    expect(buyNowLimit(0)).toBe(1);
  });

  it('treats the combo category as Combo', () => {
    expect(isCombo({ slug: 'combo' })).toBe(true);
    expect(isCombo({ slug: 'sarees' })).toBe(false);
    expect(isCombo(null)).toBe(false);
  });
});

describe('sectionState (one step open at a time)', () => {
  it('opens only the current step, marks earlier ones done and later ones closed', () => {
    expect([0, 1, 2].map((i) => sectionState(i as 0 | 1 | 2, 1))).toEqual(['done', 'open', 'later']);
    expect([0, 1, 2].map((i) => sectionState(i as 0 | 1 | 2, 0))).toEqual(['open', 'later', 'later']);
    expect([0, 1, 2].map((i) => sectionState(i as 0 | 1 | 2, 2))).toEqual(['done', 'done', 'open']);
  });
});

describe('piecesOf and itemsText (item counts agree everywhere)', () => {
  it('counts pieces, not lines: one line of 2 and one of 1 is 3 items', () => {
    expect(itemsText(piecesOf([{ quantity: 2 }, { quantity: 1 }]))).toBe('3 items');
  });

  it('says item for one piece', () => {
    expect(itemsText(piecesOf([{ quantity: 1 }]))).toBe('1 item');
  });
});

describe('payBlock (Pay waits for an address)', () => {
  it('lets the shopper pay once an address is chosen', () => {
    expect(payBlock({ addressId: 'a1', addressCount: 1 })).toBeNull();
  });

  it('asks for an address, with the spec sentence, when none is saved', () => {
    expect(payBlock({ addressId: null, addressCount: 0 })).toEqual({ label: 'Add an address to pay', reason: MSG.selectAddress });
  });

  it('asks to select one when addresses exist but none is chosen', () => {
    expect(payBlock({ addressId: null, addressCount: 2 })).toEqual({ label: 'Select an address to pay', reason: MSG.selectAddress });
  });
});

describe('stepAfterRefusal', () => {
  it('goes back to the Order Summary after a refused order (§4)', () => {
    expect(stepAfterRefusal({ status: 409, message: 'Product is out of stock now', paymentMode: 'online' })).toBe(1);
    expect(stepAfterRefusal({ status: null, message: MSG.serverError, paymentMode: 'cod' })).toBe(1);
  });

  it('stays at Payment when the COD cap refused cash on delivery', () => {
    expect(stepAfterRefusal({ status: 429, message: MSG.tooManyCodOrders, paymentMode: 'cod' })).toBe(2);
    expect(stepAfterRefusal({ status: 429, message: MSG.tooManyCodPieces, paymentMode: 'cod' })).toBe(2);
  });
});
