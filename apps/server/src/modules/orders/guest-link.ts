import { createHash, randomBytes } from 'node:crypto';

/**
 * A guest order's link (issue 9): a random 256-bit token given once, to the guest who placed the order (in the
 * order/create answer), and kept only as its SHA-256. It reads the order (guest/order), shows the confirmation
 * in full (order/confirmOrder) and retries its payment (order/retry-payment/{id}). The web puts it after a `#`
 * (/order-status#token), so it never reaches a server log or a Referer header.
 */

/** A fresh token and the hash to store. */
export function newGuestOrderToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashGuestOrderToken(token) };
}

export function hashGuestOrderToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
