import { lazy, Suspense, useEffect, useId, useSyncExternalStore, type ComponentType } from 'react';

/**
 * Count badges on the header's icon buttons. Features feed them without touching the header: a feature writes a
 * tiny component that calls its own count hook and `useBadgeReport(key, count)`, and adds it to `badgeSources`
 * below (wrap it in React.lazy to keep it out of the first load). A key's badge is the sum of what its sources
 * report; a source reports 0 or undefined when the count is not its business (e.g. the guest cart once logged in).
 */
export type BadgeKey = 'cart' | 'wishlist' | 'chat' | 'wallet' | 'profile';
export type BadgeCounts = Partial<Record<BadgeKey, number>>;

const reports = new Map<string, { key: BadgeKey; count: number }>();
const listeners = new Set<() => void>();
let snapshot: BadgeCounts = {};

function publish() {
  const next: BadgeCounts = {};
  for (const { key, count } of reports.values()) next[key] = (next[key] ?? 0) + count;
  snapshot = next;
  listeners.forEach((l) => l());
}

/** Reports this component's count for a badge while it is mounted. */
export function useBadgeReport(key: BadgeKey, count: number | undefined): void {
  const id = useId();
  useEffect(() => {
    if (count === undefined || count <= 0) return;
    reports.set(id, { key, count });
    publish();
    return () => {
      reports.delete(id);
      publish();
    };
  }, [id, key, count]);
}

/** The current counts, for the header. */
export function useBadgeCounts(): BadgeCounts {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
    () => snapshot,
  );
}

/** The cart's count of pieces: GET cart/count signed in, the guest cart (myData) otherwise; loaded after the first paint. */
const LazyCartBadge = lazy(() => import('./layout-extras.ts').then((m) => ({ default: m.CartBadge })));
function CartBadge() {
  return (
    <Suspense fallback={null}>
      <LazyCartBadge />
    </Suspense>
  );
}

/** The wishlist's count (and its guest-wishlist merge at login), loaded after the first paint. */
const LazyWishlistBadge = lazy(() => import('./layout-extras.ts').then((m) => ({ default: m.WishlistBadge })));
function WishlistBadge() {
  return (
    <Suspense fallback={null}>
      <LazyWishlistBadge />
    </Suspense>
  );
}

/** Unread chat messages (GET chat/get-msg-count), loaded after the first paint; never the chat's socket. */
const LazyChatBadge = lazy(() => import('./layout-extras.ts').then((m) => ({ default: m.ChatBadge })));
function ChatBadge() {
  return (
    <Suspense fallback={null}>
      <LazyChatBadge />
    </Suspense>
  );
}

/** Every badge source, mounted once by the layout. Later features add theirs here. */
export const badgeSources: ComponentType[] = [CartBadge, WishlistBadge, ChatBadge];

export function BadgeSources() {
  return badgeSources.map((Source, i) => <Source key={i} />);
}
