import { tabStorage } from '../../lib/storage.ts';

/**
 * Google sign-in leaves the app (our /api/auth/google → Google → our callback → the success page), so "go back
 * one page" (accounts §2.1) would land on Google's consent screen. We keep the page the user started from for
 * this tab only and return there instead.
 */
const KEY = 'statewise.socialReturn';

export function rememberSocialReturn(path: string): void {
  tabStorage.set(KEY, path);
}

/** The remembered page (once), or null: the success page then falls back to home. */
export function takeSocialReturn(): string | null {
  return tabStorage.take(KEY);
}
