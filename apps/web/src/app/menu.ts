import type { Role } from '../features/auth/session.ts';

/** The header menu of accounts spec §2.1, in its order. CATEGORIES is drawn by the header itself. */
export interface MenuItem {
  label: string;
  to: string;
  /** Only in the mobile drawer. */
  mobileOnly?: boolean;
  /** A guest choosing it gets the login dialog, then lands here. */
  needsLogin?: boolean;
  /** Who sees it (default everyone). `null` is a guest. */
  visibleTo?: (role: Role | null) => boolean;
}

export const MENU_BEFORE_CATEGORIES: MenuItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Community', to: '/community' },
  { label: 'Watch & Shop', to: '/watch-and-shop' },
  { label: 'New Arrivals', to: '/products/' },
];

export const MENU_AFTER_CATEGORIES: MenuItem[] = [
  { label: 'Styles', to: '/shop-by/style' },
  { label: 'Regions', to: '/shop-by/region' },
  { label: 'Contact Us', to: '/contact-us', mobileOnly: true },
  // The seller application screen (accounts §4.9) decides what a user sees there: the form, or Waiting for approval.
  { label: 'Become a Seller', to: '/seller', mobileOnly: true, needsLogin: true, visibleTo: (r) => r !== 'admin' && r !== 'vendor' },
  { label: 'Wallet', to: '/wallet', needsLogin: true, visibleTo: (r) => r !== 'vendor' },
  { label: 'Profile', to: '/profile', visibleTo: (r) => r === 'user' },
];

export const visible = (item: MenuItem, role: Role | null) => !item.visibleTo || item.visibleTo(role);
