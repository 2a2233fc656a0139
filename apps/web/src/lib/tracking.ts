/**
 * The one tracking module (spec: page view after each route change, add-to-cart and initiate-checkout
 * events in INR). It does nothing unless a pixel id is configured, so no third-party script loads by default.
 */
type Fbq = (...args: unknown[]) => void;
declare global {
  interface Window {
    fbq?: Fbq;
    __STATEWISE_PIXEL_ID__?: string;
  }
}

const sent: Array<{ event: string; params?: Record<string, unknown> }> = [];

function pixel(): Fbq | null {
  if (typeof window === 'undefined' || !window.__STATEWISE_PIXEL_ID__) return null;
  return window.fbq ?? null;
}

function track(event: string, params?: Record<string, unknown>): void {
  sent.push({ event, params });
  if (sent.length > 50) sent.shift();
  pixel()?.('track', event, params);
}

export const tracking = {
  pageView: (path: string) => track('PageView', { path }),
  addToCart: (p: { id: string; name: string; value: number; quantity: number }) =>
    track('AddToCart', { content_ids: [p.id], content_name: p.name, value: p.value * p.quantity, currency: 'INR', quantity: p.quantity }),
  initiateCheckout: (p: { value: number; items: number }) => track('InitiateCheckout', { value: p.value, num_items: p.items, currency: 'INR' }),
  /** Recent events, for tests. */
  recent: () => [...sent],
};
