/**
 * Registers the service worker that apps/web/pwa.ts builds into /sw.js (ADR 052): it keeps recently seen pictures and
 * shows the offline page when a page cannot load. Registered once the page has loaded, so its download and its
 * precaching never compete with the first screen. Not in the dev server, which builds no worker, nor in a browser
 * without service workers (the site simply works as before there).
 */
export function registerServiceWorker(win: Window = window, enabled = import.meta.env.PROD): void {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!enabled || !container) return;
  // A failed registration (private mode, storage turned off) leaves the site as it is: nothing to tell the shopper.
  const register = () => void container.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
