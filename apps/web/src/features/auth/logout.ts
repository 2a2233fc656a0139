import type { QueryClient } from '@tanstack/react-query';
import { storage } from '../../lib/storage.ts';
import { authApi } from './api.ts';
import { closeLogin } from './login-prompt.ts';

/**
 * Log Out and account deletion (accounts §2.4, §4.7): local storage is cleared (token, role, guest cart… every
 * key), and so is every loaded query, so nothing of the person stays on screen.
 */
export function forgetEverything(queryClient: QueryClient): void {
  storage.clearAll();
  closeLogin();
  queryClient.clear();
}

/** POST auth/logout revokes the token on the server; the browser forgets it even when that call fails (offline). */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await authApi.logout();
  } catch (err) {
    console.error('logout', err);
  }
  forgetEverything(queryClient);
}

/**
 * Log Out from a page that needs a token: navigate away with this state, and AuthRoot (always mounted) logs out
 * once the new page is showing, so the guarded page never sees itself logged out and asks for a login.
 */
export const LOGOUT_STATE = { statewiseLogout: true } as const;

export function isLogoutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>).statewiseLogout === true;
}
