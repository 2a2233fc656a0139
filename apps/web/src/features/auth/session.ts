import { useSyncExternalStore } from 'react';
import { KEYS, storage } from '../../lib/storage.ts';

export type Role = 'user' | 'vendor' | 'admin';

export interface Session {
  token: string | null;
  role: Role | null;
  userId: string | null;
  isLoggedIn: boolean;
}

let cached: Session | null = null;

function read(): Session {
  const token = storage.get(KEYS.accessToken);
  const roleRaw = storage.get(KEYS.role);
  const role = roleRaw === 'user' || roleRaw === 'vendor' || roleRaw === 'admin' ? roleRaw : null;
  const userId = storage.get(KEYS.userID);
  if (cached && cached.token === token && cached.role === role && cached.userId === userId) return cached;
  cached = { token, role, userId, isLoggedIn: Boolean(token) };
  return cached;
}

function subscribe(onChange: () => void): () => void {
  const unsubscribe = storage.subscribe(onChange);
  // another tab logging in or out
  const onStorage = () => onChange();
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** What a server-rendered page shows: nobody is signed in (the server never puts one person's data in a page). */
const GUEST: Session = { token: null, role: null, userId: null, isLoggedIn: false };

/**
 * The signed-in person as the stored auth state says (token, role, user id). While a server-rendered page hydrates,
 * the guest's (as the server drew it); the stored person right after, in the same task.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, read, () => GUEST);
}

export function getSession(): Session {
  return read();
}

/** Stores a successful login (accounts spec §4.3: token, login time, user id and role). */
export function saveSession(s: { accessToken: string; userId: string; role: Role; email?: string | null }): void {
  storage.set(KEYS.accessToken, s.accessToken);
  storage.set(KEYS.loginTime, String(Date.now()));
  storage.set(KEYS.userID, s.userId);
  storage.set(KEYS.role, s.role);
  if (s.email) storage.set(KEYS.email, s.email);
}

/** Log Out, account deletion or a 401: the stored auth state goes. */
export function clearSession(): void {
  for (const key of [KEYS.accessToken, KEYS.loginTime, KEYS.userID, KEYS.role, KEYS.email]) storage.remove(key);
}
