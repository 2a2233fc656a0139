import { useSyncExternalStore } from 'react';

/**
 * Anything can ask for the login dialog (a guest clicking wishlist, chat, wallet; `/?login=true`).
 * The dialog (mounted once in the layout) listens; after login it goes where the request said.
 */
export interface LoginRequest {
  /** Where to go after a successful login (default: stay). */
  redirectTo?: string;
  /** Kept from `/?login=true&chatId=`; after login the user lands on /chat/{chatId}. */
  chatId?: string;
  /**
   * What the guest was doing, for the after-login steps (after-login.ts) to carry on with: a buy-now (its checkout
   * is `redirectTo`), or Chat with Vendor (the chat with that vendor is created or opened; chat/start-chat.ts).
   */
  then?: LoginContinuation;
}

export type LoginContinuation = 'buy-now' | { chatWithVendor: string };

let current: LoginRequest | null = null;
const listeners = new Set<() => void>();

export function openLogin(request: LoginRequest = {}): void {
  current = request;
  listeners.forEach((l) => l());
}

export function closeLogin(): void {
  current = null;
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The open login request, or null when the dialog is closed. */
export function useLoginRequest(): LoginRequest | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
