import type { CartBulkAddResult, CartBulkLineResult } from '@statewise/contract/schemas/cart';
import { MSG } from '@statewise/contract/messages';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../lib/api.ts';
import { onAfterLogin, type AfterLoginContext } from '../auth/after-login.ts';
import { cartKeys, refreshCart } from './api.ts';
import { guestCart, readGuestCart, type GuestCartLine } from './guest-cart.ts';
import { CART_MSG } from './messages.ts';

/**
 * The guest cart merge at login (shopping §4 "guest cart after login", accounts §4.1 and §4.3): the myData lines
 * are bulk-added to the server cart (POST cart/bulkAdd, each line judged on its own by the server, with the
 * catalogue's prices and stock), then the guest cart is emptied and the cart reloaded. Lines the server limited
 * (stock, 10 per line) or could not add are named in a toast. When the call fails the guest cart stays, so the
 * next login tries again; nothing the guest picked is lost.
 */

/** The guest cart pages: a guest who logs in there goes on to /cart. */
const GUEST_CART_PAGES = ['/guestCheckoutCart', '/guestCheckout'];

/** One bulkAdd entry per guest line, as §7 lists it (isFreeSize and isColorOptions as strings). */
export function bulkAddBody(lines: GuestCartLine[]) {
  return {
    products: lines.map((l) => ({
      productId: l._id,
      quantity: l.quantity,
      size: l.size ?? '',
      color: l.color ?? '',
      image: l.image ?? '',
      isFreeSize: String(l.isFreeSize),
      isColorOptions: String(l.isColorOptions),
    })),
  };
}

/** 'Chanderi Kurta (M): 3 of 5 added — Only 3 left in stock' for each line the server limited or skipped. */
export function describeShortfalls(lines: GuestCartLine[], results: CartBulkLineResult[]): string[] {
  const out: string[] = [];
  for (const r of results) {
    if (r.status !== 'capped' && r.status !== 'skipped') continue;
    const line = lines[r.index];
    const option = line?.size ? ` (${line.size.toUpperCase()})` : line?.color ? ` (${line.color})` : '';
    const name = `${line?.name ?? 'An item'}${option}`;
    const what = r.status === 'capped' ? `only ${r.quantity} in your cart` : 'not added';
    out.push(`${name}: ${what}${r.message ? ` — ${r.message}` : ''}`);
  }
  return out;
}

export async function mergeGuestCart(queryClient: QueryClient, userId: string): Promise<CartBulkAddResult | null> {
  const lines = readGuestCart();
  if (lines.length === 0) return null;
  const result = await api<CartBulkAddResult>('cart/bulkAdd', { method: 'POST', body: bulkAddBody(lines) });
  guestCart.clear();
  const { results, ...summary } = result;
  queryClient.setQueryData(cartKeys.summary(userId), summary);
  await refreshCart(queryClient);
  const shortfalls = describeShortfalls(lines, results);
  if (shortfalls.length) toast.warning(MSG.cartMergedCapped, { description: shortfalls.join('\n'), duration: 10_000 });
  return result;
}

/** The after-login step: merge, then send a guest who was on a guest cart page (or used the login page) to /cart. */
export async function afterLoginMerge(queryClient: QueryClient, ctx: AfterLoginContext): Promise<string | undefined> {
  // Admins have no shopping cart (accounts §4.3: admins go to /); their guest lines stay where they are.
  if (ctx.role === 'admin') return undefined;
  const hadLines = readGuestCart().length > 0;
  try {
    await mergeGuestCart(queryClient, ctx.userId);
  } catch (err) {
    console.error('guest cart merge', err);
    toast.error(CART_MSG.mergeFailed);
    return undefined;
  }
  if (GUEST_CART_PAGES.includes(ctx.pathname)) return '/cart';
  // The login page (§4.3): with guest cart items the user goes on to /cart.
  if (ctx.source === 'page' && hadLines) return '/cart';
  return undefined;
}

let registered = false;
/** Adds the merge to the after-login steps (once, however often it is called). */
export function registerGuestCartMerge(queryClient: QueryClient): void {
  if (registered) return;
  registered = true;
  onAfterLogin((ctx) => afterLoginMerge(queryClient, ctx));
}
