import { MSG } from '@statewise/contract/messages';
import type { WishlistItem, WishlistResult } from '@statewise/contract/schemas/cart';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { toast } from '../../lib/toast.ts';
import { api, ApiError, apiEnvelope } from '../../lib/api.ts';
import { KEYS, storage } from '../../lib/storage.ts';
import { openLogin } from '../auth/login-prompt.ts';
import { useSession } from '../auth/session.ts';
import { addGuestWishlist, readGuestWishlist, removeGuestWishlist, type GuestWishlistEntry } from './guest-wishlist.ts';

/**
 * The wishlist (shopping §2 Wishlist, §3 wishlist item, §4 wishlist toggle, §7 Wishlist).
 *
 * Other features use exactly two hooks from here (stable signatures):
 *
 *   const wishlist = useWishlist();
 *   wishlist.has(product._id)        // is the heart filled? (signed in: the server list; guest: guestWishlist)
 *   wishlist.count                   // how many products are on it
 *   wishlist.items                   // signed in: the server's items with their products; guest: []
 *
 *   const { toggle, add, remove, isPending } = useToggleWishlist();
 *   await toggle({ product, color, image })   // → 'added' | 'removed' | 'refused'
 *   await add({ product, color, image })      // "Move to wishlist": never removes; → 'added' | 'refused'
 *   await remove(productId)                   // → 'removed' | 'refused'
 *
 * `product` needs `_id` and `isColorOptions` (a ProductCard or ProductDetail will do). Colour products need the
 * chosen colour (and its image); without one the call refuses with 'Please select color' (§5). The promise never
 * rejects: failures are shown as a toast and resolve 'refused', so callers can simply `void toggle(...)`.
 * Guests: the entry is kept in the local guestWishlist (merged at login, see guest-wishlist.ts) and the login
 * dialog opens (§4 "guests get a login prompt"). Successes are toasted unless `{ quiet: true }` is passed.
 */

export type { WishlistItem };
/** The product inside a wishlist item: a product card plus the stock the size picker needs. */
export type WishlistProduct = WishlistItem['productId'];

export interface WishlistInput {
  product: { _id: string; isColorOptions: boolean };
  color?: string | null;
  image?: string | null;
}

export type WishlistOutcome = 'added' | 'removed' | 'refused';

export interface WishlistOptions {
  /** No success toast (the caller says something itself). Errors are always shown. */
  quiet?: boolean;
}

/** Said to a guest whose heart click was kept locally while the login dialog opens. */
const GUEST_SAVED = 'Log in to keep this in your wishlist';

export const wishlistKeys = {
  all: ['user', 'wishlist'] as const,
  list: (userId: string | null) => ['user', 'wishlist', userId] as const,
};

/** GET user/wishlist: the list is under `wishlist` (§7). */
export const fetchWishlist = (signal?: AbortSignal) => api<WishlistResult>('user/wishlist', { signal }).then((d) => d.wishlist);

/** The POST user/wishlist body of §3: isColorOptions as a string, colour and image for colour products. */
export function wishlistAddBody(input: { productId: string; isColorOptions: boolean; color?: string | null; image?: string | null }) {
  return {
    productId: input.productId,
    isColorOptions: String(input.isColorOptions),
    ...(input.isColorOptions ? { color: input.color ?? '', image: input.image ?? '' } : {}),
  };
}

/** The server's list for the signed-in person, or null for a guest. */
function useServerWishlist() {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: wishlistKeys.list(userId),
    queryFn: ({ signal }) => fetchWishlist(signal),
    enabled: isLoggedIn,
  });
}

let guestRaw: string | null = null;
let guestSnapshot: GuestWishlistEntry[] = [];
function guestEntries(): GuestWishlistEntry[] {
  const raw = storage.get(KEYS.guestWishlist);
  if (raw !== guestRaw) {
    guestRaw = raw;
    guestSnapshot = readGuestWishlist();
  }
  return guestSnapshot;
}
const EMPTY: GuestWishlistEntry[] = [];

export interface WishlistState {
  /** Signed in: the server's items; guest: [] (the wishlist page needs a login). */
  items: WishlistItem[];
  /** Product ids on the list. */
  productIds: ReadonlySet<string>;
  has: (productId: string) => boolean;
  count: number;
  isGuest: boolean;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/** The wishlist of whoever is looking: the server's when signed in, the local guestWishlist otherwise. */
export function useWishlist(): WishlistState {
  const { isLoggedIn } = useSession();
  const q = useServerWishlist();
  const guest = useSyncExternalStore(storage.subscribe, guestEntries, () => EMPTY);
  const items = useMemo(() => (isLoggedIn ? (q.data ?? []) : []), [isLoggedIn, q.data]);
  const productIds = useMemo(
    () => new Set(isLoggedIn ? items.map((i) => i.productId._id) : guest.map((e) => e.productId)),
    [isLoggedIn, items, guest],
  );
  const { refetch } = q;
  return {
    items,
    productIds,
    has: (id) => productIds.has(id),
    count: productIds.size,
    isGuest: !isLoggedIn,
    isLoading: isLoggedIn && q.isPending,
    isError: isLoggedIn && q.isError,
    refetch: () => void refetch(),
  };
}

/** After any change: the wishlist refreshes (§4 "the wishlist refreshes after success"). */
export const refreshWishlist = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: wishlistKeys.all });

function fail(err: unknown): 'refused' {
  toast.error(err instanceof Error ? err.message : MSG.serverError);
  return 'refused';
}

/** Add, remove and toggle; see the top of this file for the contract. */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  const { isLoggedIn, userId } = useSession();

  const addMutation = useMutation({
    mutationFn: (input: WishlistInput) =>
      apiEnvelope<WishlistResult>('user/wishlist', {
        method: 'POST',
        body: wishlistAddBody({ productId: input.product._id, isColorOptions: input.product.isColorOptions, color: input.color, image: input.image }),
      }),
    // Both calls answer with the list after the change: shown at once, no second request.
    onSuccess: (res) => queryClient.setQueryData(wishlistKeys.list(userId), res.data.wishlist),
    onError: () => refreshWishlist(queryClient),
  });
  const removeMutation = useMutation({
    mutationFn: (productId: string) => apiEnvelope<WishlistResult>('user/wishlist', { method: 'PATCH', body: { productId } }),
    onSuccess: (res) => queryClient.setQueryData(wishlistKeys.list(userId), res.data.wishlist),
    onError: () => refreshWishlist(queryClient),
  });

  const isListed = useCallback(
    (productId: string) => {
      if (!isLoggedIn) return readGuestWishlist().some((e) => e.productId === productId);
      const list = queryClient.getQueryData<WishlistItem[]>(wishlistKeys.list(userId));
      return Boolean(list?.some((i) => i.productId._id === productId));
    },
    [isLoggedIn, queryClient, userId],
  );

  const add = useCallback(
    async (input: WishlistInput, opts: WishlistOptions = {}): Promise<'added' | 'refused'> => {
      if (input.product.isColorOptions && !input.color) return fail(new Error(MSG.selectColor));
      if (!isLoggedIn) {
        addGuestWishlist({
          productId: input.product._id,
          isColorOptions: input.product.isColorOptions,
          color: input.product.isColorOptions ? (input.color ?? null) : null,
          image: input.product.isColorOptions ? (input.image ?? null) : null,
        });
        if (!opts.quiet) toast.success(GUEST_SAVED);
        openLogin();
        return 'added';
      }
      try {
        const res = await addMutation.mutateAsync(input);
        if (!opts.quiet) toast.success(res.message || MSG.wishlistAdded);
        return 'added';
      } catch (err) {
        // (Adding a product already on the list is a 200 that updates its colour; 409 means the list is full.)
        return fail(err);
      }
    },
    [addMutation, isLoggedIn],
  );

  const remove = useCallback(
    async (productId: string, opts: WishlistOptions = {}): Promise<'removed' | 'refused'> => {
      if (!isLoggedIn) {
        removeGuestWishlist(productId);
        if (!opts.quiet) toast.success(MSG.wishlistRemoved);
        return 'removed';
      }
      try {
        const res = await removeMutation.mutateAsync(productId);
        if (!opts.quiet) toast.success(res.message || MSG.wishlistRemoved);
        return 'removed';
      } catch (err) {
        // 'This product is not in your wishlist' (another tab removed it): that is what was asked for.
        if (err instanceof ApiError && err.status === 404) {
          void refreshWishlist(queryClient);
          return 'removed';
        }
        return fail(err);
      }
    },
    [isLoggedIn, queryClient, removeMutation],
  );

  const toggle = useCallback(
    (input: WishlistInput, opts: WishlistOptions = {}): Promise<WishlistOutcome> =>
      isListed(input.product._id) ? remove(input.product._id, opts) : add(input, opts),
    [add, isListed, remove],
  );

  return { toggle, add, remove, isPending: addMutation.isPending || removeMutation.isPending };
}
