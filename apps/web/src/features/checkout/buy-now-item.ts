import { QUANTITY } from '@statewise/contract/constants';
import { useSyncExternalStore } from 'react';
import { KEYS, storage } from '../../lib/storage.ts';
import { tracking } from '../../lib/tracking.ts';
import { openLogin } from '../auth/login-prompt.ts';
import { lineStock } from '../cart/guest-cart.ts';
import { saveBuyNowItem, type BuyNowItem } from '../product/buy-now.ts';
import { buyNowLimit, buyNowRoute } from './rules.ts';

/**
 * The stored buy-now item (shopping §3, key buyNowItem) as the buy-now checkouts read it, and the one way to start
 * a buy-now from any screen (`startBuyNow`), so the product page and the video feed follow the same rule.
 */
export type { BuyNowItem };

/** A stored item that still has what the checkout needs, or null (nothing stored, or an unreadable shape). */
export function parseBuyNowItem(raw: string | null): BuyNowItem | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Partial<BuyNowItem>;
  const p = o.productDetail;
  if (!p || typeof p !== 'object' || typeof p._id !== 'string' || typeof p.offeredPrice !== 'number' || typeof p.name !== 'string') return null;
  const quantity = typeof o.quantity === 'number' && Number.isFinite(o.quantity) ? Math.trunc(o.quantity) : QUANTITY.min;
  return {
    productDetail: { ...p, sizeInventory: p.sizeInventory ?? [], colorInventory: p.colorInventory ?? [], images: p.images ?? [] },
    productId: p._id,
    quantity: Math.min(QUANTITY.max, Math.max(QUANTITY.min, quantity)),
    isFreeSize: Boolean(p.isFreeSize),
    isColorOptions: Boolean(p.isColorOptions),
    size: typeof o.size === 'string' && o.size ? o.size : null,
    color: typeof o.color === 'string' && o.color ? o.color : null,
    isTempProduct: o.isTempProduct === true,
    ...(o.isTempProduct === true && typeof o.numberOfProducts === 'number' && o.numberOfProducts >= 1 ? { numberOfProducts: Math.trunc(o.numberOfProducts) } : {}),
  };
}

let cache: { raw: string | null; item: BuyNowItem | null } = { raw: null, item: null };
function read(): BuyNowItem | null {
  const raw = storage.get(KEYS.buyNow);
  if (raw !== cache.raw) cache = { raw, item: parseBuyNowItem(raw) };
  return cache.item;
}

function subscribe(onChange: () => void) {
  return storage.subscribe((key) => {
    if (key === null || key === KEYS.buyNow) onChange();
  });
}

/** The buy-now item, following changes (the quantity stepper writes it back). */
export function useBuyNowItem(): BuyNowItem | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** The stock of the item's chosen size, colour or free size, as the product page last saw it. */
export function buyNowStock(item: BuyNowItem): number {
  // a chat product holds no stock: the limit is the quantity limit
  if (item.isTempProduct) return QUANTITY.max;
  const p = item.productDetail;
  return lineStock({
    isFreeSize: p.isFreeSize,
    freeSizeQty: p.freeSizeQty,
    isColorOptions: p.isColorOptions,
    color: item.color,
    colorInventory: p.colorInventory,
    size: item.size,
    sizeInventory: p.sizeInventory,
  });
}

/** The buy-now stepper: 1 to 10, and within the stock seen; the item is stored again. */
export function setBuyNowQuantity(item: BuyNowItem, quantity: number): void {
  const next = Math.min(buyNowLimit(buyNowStock(item)), Math.max(QUANTITY.min, Math.trunc(quantity)));
  saveBuyNowItem({ ...item, quantity: next });
}

/** After the order went through: the item is not bought twice by a reload. */
export const clearBuyNowItem = () => storage.remove(KEYS.buyNow);

/**
 * BUY IT NOW from any screen (§4): keeps the item, fires the initiate-checkout event (INR) and goes to the buy-now
 * checkout; a guest in the video feed logs in first and continues there afterwards (buyNowRoute).
 *
 *   startBuyNow(buildBuyNowItem(product, choice), { source: 'feed', isLoggedIn, navigate });
 */
export function startBuyNow(item: BuyNowItem, opts: { source: 'product' | 'feed'; isLoggedIn: boolean; navigate: (to: string) => void }): void {
  saveBuyNowItem(item);
  tracking.initiateCheckout({ value: item.productDetail.offeredPrice * item.quantity, items: item.quantity });
  const route = buyNowRoute(opts);
  if (route.kind === 'login') openLogin({ then: 'buy-now', redirectTo: route.redirectTo });
  else opts.navigate(route.to);
}
