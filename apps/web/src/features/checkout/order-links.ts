/**
 * A guest order's link token (order/create's data.guestOrderToken), kept for this tab only (sessionStorage) from
 * placing the order until the payment result page shows the link: the guest saves the link, the browser does not
 * keep it. The link puts the token after a '#', so it never reaches a server log or a Referer header.
 */

const KEY = 'sw-guest-order-tokens';
/** A tab rarely holds more than a couple of orders in flight; older ones drop off. */
const KEEP = 5;

type Tokens = Record<string, string>;

function read(): Tokens {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Tokens) : {};
  } catch {
    return {};
  }
}

export function rememberOrderToken(orderId: string, token: string): void {
  try {
    const entries = Object.entries(read()).filter(([id]) => id !== orderId);
    entries.push([orderId, token]);
    window.sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries.slice(-KEEP))));
  } catch {
    // blocked storage: the page simply shows no link
  }
}

export function orderTokenFor(orderId: string | null): string | null {
  return orderId ? (read()[orderId] ?? null) : null;
}

/** The link that opens a guest's order again (OrderStatusPage). */
export const orderStatusLink = (token: string, origin: string = window.location.origin) => `${origin}/order-status#${token}`;

/** The token of the link the page was opened with (/order-status#token). */
export const tokenFromHash = (hash: string) => decodeURIComponent(hash.replace(/^#/, '')).trim();
