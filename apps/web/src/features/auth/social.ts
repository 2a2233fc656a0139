/**
 * Google sign-in leaves the app (our /api/auth/google → Google → our callback → the success page), so "go back
 * one page" (accounts §2.1) would land on Google's consent screen. We keep the page the user started from for
 * this tab only (sessionStorage, not the persisted localStorage of lib/storage.ts) and return there instead.
 */
const KEY = 'statewise.socialReturn';

export function rememberSocialReturn(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // blocked storage: the success page falls back to home
  }
}

/** The remembered page (once), or null. */
export function takeSocialReturn(): string | null {
  try {
    const v = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return v;
  } catch {
    return null;
  }
}
