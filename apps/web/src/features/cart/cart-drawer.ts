import { useSyncExternalStore } from 'react';

/**
 * Whether the header's cart drawer is open. Tiny on purpose: the header imports it on every page, the drawer's
 * own code loads only when it opens. A successful add to the cart opens it (shopping §2 Cart).
 */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  listeners.forEach((l) => l());
}

export const openCartDrawer = () => set(true);
export const closeCartDrawer = () => set(false);

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
