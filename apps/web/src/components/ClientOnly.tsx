import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => {};

/**
 * False on the server and while the browser hydrates a server-rendered page (its first render must draw what the
 * server drew), true from the render right after and on every render of a page opened inside the app.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}

/**
 * Screens that belong to the person at this device (cart, checkout, account, consoles): the server draws only
 * `fallback`, so one person's page is never in HTML another can be served, and the browser draws the screen once
 * it has taken the page over.
 */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
