import { CART_BULK_MAX } from '@statewise/contract/constants';
import { KEYS, storage } from '../../lib/storage.ts';

/**
 * The guest wishlist, stored locally as `guestWishlist` (shopping §3). Spec reading: §4 says guests get a login
 * prompt on the wishlist toggle, and issue 4 says the guest wishlist is merged at login like the guest cart. Both
 * hold here: a guest's heart click keeps the product in `guestWishlist` AND opens the login dialog; at login the
 * entries are bulk-added to the server wishlist and the local list is emptied. A guest who closes the dialog keeps
 * the hearts until they log in. Only ids and the chosen colour are kept — prices and names are read fresh from the
 * server after the merge, never trusted from storage.
 */
export interface GuestWishlistEntry {
  productId: string;
  isColorOptions: boolean;
  color: string | null;
  image: string | null;
}

/** At most this many local entries: what one merge call takes, so storage never grows unbounded. */
export const GUEST_WISHLIST_MAX = CART_BULK_MAX;

function isEntry(v: unknown): v is GuestWishlistEntry {
  if (!v || typeof v !== 'object') return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.productId === 'string' &&
    e.productId.length > 0 &&
    typeof e.isColorOptions === 'boolean' &&
    (e.color === null || typeof e.color === 'string') &&
    (e.image === null || typeof e.image === 'string')
  );
}

/** The stored entries; anything malformed in storage (another app version, a hand edit) is skipped. */
export function readGuestWishlist(): GuestWishlistEntry[] {
  const raw = storage.getJson<unknown>(KEYS.guestWishlist, []);
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: GuestWishlistEntry[] = [];
  for (const item of raw) {
    if (isEntry(item) && !seen.has(item.productId)) {
      seen.add(item.productId);
      out.push(item);
    }
  }
  return out;
}

/** Adds (or replaces, keeping one entry per product as the server does) an entry. */
export function addGuestWishlist(entry: GuestWishlistEntry): void {
  const rest = readGuestWishlist().filter((e) => e.productId !== entry.productId);
  storage.setJson(KEYS.guestWishlist, [...rest, entry].slice(-GUEST_WISHLIST_MAX));
}

export function removeGuestWishlist(productId: string): void {
  storage.setJson(
    KEYS.guestWishlist,
    readGuestWishlist().filter((e) => e.productId !== productId),
  );
}

export function clearGuestWishlist(): void {
  storage.remove(KEYS.guestWishlist);
}
