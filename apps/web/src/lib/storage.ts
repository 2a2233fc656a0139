/**
 * The one module that touches the browser's storage (localStorage, and sessionStorage through tabStorage). Keys are the spec's (accounts §3, shopping §3); only auth state,
 * the guest cart (myData), the guest wishlist and the buy-now item persist (accounts §4.8).
 */
export const KEYS = {
  accessToken: 'accessToken',
  loginTime: 'loginTime',
  userID: 'userID',
  role: 'role',
  email: 'email',
  mobile: 'Mobile',
  emailEntered: 'Email',
  token: 'Token',
  type: 'Type',
  otp: 'OTP',
  forgotMobile: 'ForgotMobile',
  forgotOtpMobile: 'ForgotOTPMobile',
  forgotToken: 'ForgotToken',
  orderDetails: 'orderDetails',
  guestCart: 'myData',
  guestWishlist: 'guestWishlist',
  guestAddresses: 'guestAddresses',
  buyNow: 'buyNowItem',
} as const;
export type StorageKey = (typeof KEYS)[keyof typeof KEYS];

const listeners = new Set<(key: StorageKey | null) => void>();

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // private mode or blocked storage: behave as empty
  }
}

export const storage = {
  get(key: StorageKey): string | null {
    return safeStorage()?.getItem(key) ?? null;
  },
  set(key: StorageKey, value: string): void {
    safeStorage()?.setItem(key, value);
    listeners.forEach((l) => l(key));
  },
  remove(key: StorageKey): void {
    safeStorage()?.removeItem(key);
    listeners.forEach((l) => l(key));
  },
  getJson<T>(key: StorageKey, fallback: T): T {
    const raw = storage.get(key);
    if (raw === null) return fallback;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return fallback;
    }
  },
  setJson(key: StorageKey, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
  /** Log Out and account deletion: everything goes (accounts §2.4). */
  clearAll(): void {
    safeStorage()?.clear();
    listeners.forEach((l) => l(null));
  },
  /** Called with the changed key (null for clearAll); returns an unsubscribe. */
  subscribe(listener: (key: StorageKey | null) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Values kept for this tab only (sessionStorage): they must not outlive the tab nor be shared between tabs, as a
 * return path across an external sign-in page. Not auth state, so not in KEYS.
 */
export const tabStorage = {
  take(key: string): string | null {
    try {
      const v = window.sessionStorage.getItem(key);
      window.sessionStorage.removeItem(key);
      return v;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // blocked storage: the value is simply not kept
    }
  },
};
