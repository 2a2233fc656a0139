import type { QueryClient } from '@tanstack/react-query';
import type { WishlistBulkAddResult } from '@statewise/contract/schemas/cart';
import { api } from '../../lib/api.ts';
import { onAfterLogin } from '../auth/after-login.ts';
import { refreshWishlist, wishlistAddBody } from './api.ts';
import { clearGuestWishlist, readGuestWishlist } from './guest-wishlist.ts';

/**
 * The guest wishlist merge at login (issue 4, "the guest wishlist likewise"; accounts §4.1 for the cart): the
 * entries kept in `guestWishlist` are bulk-added to the server wishlist (POST user/wishlist/bulkAdd, each entry
 * judged on its own), then the local list is emptied and the wishlist reloaded. When the call fails the local list
 * stays, so the next login tries again; nothing the guest picked is lost.
 */
export async function mergeGuestWishlist(queryClient: QueryClient): Promise<WishlistBulkAddResult | null> {
  const entries = readGuestWishlist();
  if (entries.length === 0) return null;
  const result = await api<WishlistBulkAddResult>('user/wishlist/bulkAdd', {
    method: 'POST',
    body: { items: entries.map((e) => wishlistAddBody({ productId: e.productId, isColorOptions: e.isColorOptions, color: e.color, image: e.image })) },
  });
  clearGuestWishlist();
  await refreshWishlist(queryClient);
  return result;
}

let registered = false;
/** Adds the merge to the after-login steps (once, however often it is called). */
export function registerGuestWishlistMerge(queryClient: QueryClient): void {
  if (registered) return;
  registered = true;
  onAfterLogin(async () => {
    await mergeGuestWishlist(queryClient);
  });
}
