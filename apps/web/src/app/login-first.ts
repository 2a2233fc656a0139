import type { MouseEvent } from 'react';
import { openLogin } from '../features/auth/login-prompt.ts';

/** A click handler for links that need an account: a guest gets the login dialog, then lands on `to`. */
export function loginFirst(isLoggedIn: boolean, to: string) {
  return (e: MouseEvent) => {
    if (isLoggedIn) return;
    e.preventDefault();
    openLogin({ redirectTo: to });
  };
}
