import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { bag, chat, heart, Icon, menu, user, wallet } from '../components/ui/icons.tsx';
import { useSession } from '../features/auth/session.ts';
import { openCartDrawer, useCartDrawerOpen } from '../features/cart/cart-drawer.ts';
import { useBadgeCounts, type BadgeKey } from './badges.tsx';
import { loginFirst } from './login-first.ts';
import { SearchBox } from './SearchBox.tsx';
import { Wordmark } from './Wordmark.tsx';

// The phone menu loads when opened; the desktop menu bar shows from 768 px (its chunk loads at every width).
const MobileMenu = lazy(() => import('./MobileMenu.tsx'));
const DesktopNav = lazy(() => import('./DesktopNav.tsx'));
// The cart icon opens the cart drawer (shopping §2 Cart); its code loads when it first opens.
const CartDrawer = lazy(() => import('../features/cart/CartDrawer.tsx'));

interface IconAction {
  key: BadgeKey;
  label: string;
  /** an icon path from components/ui/icons */
  icon: string;
  to: string;
  needsLogin: boolean;
}

export function Header() {
  const { isLoggedIn, role } = useSession();
  const counts = useBadgeCounts();
  const [menuOpen, setMenuOpen] = useState(false);
  const cartOpen = useCartDrawerOpen();

  const actions: IconAction[] = [
    { key: 'profile', label: 'Profile', icon: user, to: '/profile', needsLogin: true },
    { key: 'wishlist', label: 'Wishlist', icon: heart, to: '/wishlist', needsLogin: true },
    { key: 'cart', label: 'Cart', icon: bag, to: isLoggedIn ? '/cart' : '/guestCheckoutCart', needsLogin: false },
    ...(role === 'vendor' ? [] : [{ key: 'wallet', label: 'Wallet', icon: wallet, to: '/wallet', needsLogin: true } as const]),
    { key: 'chat', label: 'Chats', icon: chat, to: '/chat-list', needsLogin: true },
  ];

  return (
    <header className="sticky top-0 z-40 bg-white/95 shadow-[0_1px_0_rgb(122_31_61/0.08)] backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 gap-y-2 px-3 py-2 md:flex-nowrap md:gap-x-6 md:px-6 md:py-3">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          className="-ml-1.5 rounded-full p-1.5 text-ink-700 hover:bg-sand-100 md:hidden"
        >
          <Icon d={menu} className="size-6" />
        </button>
        <Wordmark />
        <SearchBox className="order-last w-full md:order-none md:max-w-xl md:flex-1" />
        <nav aria-label="Your account" className="-mr-1 ml-auto flex items-center">
          {actions.map((a) => {
            const count = counts[a.key];
            return (
              <Link
                key={a.key}
                to={a.to}
                onClick={
                  a.key === 'cart'
                    ? (e) => {
                        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // a new tab gets the cart page
                        e.preventDefault();
                        openCartDrawer();
                      }
                    : a.needsLogin
                      ? loginFirst(isLoggedIn, a.to)
                      : undefined
                }
                aria-haspopup={a.key === 'cart' ? 'dialog' : undefined}
                aria-label={count ? `${a.label}, ${count}` : a.label}
                title={a.label}
                className="relative rounded-full p-[5px] text-ink-700 transition-colors hover:bg-sand-100 hover:text-brand-700 sm:p-2"
              >
                <Icon d={a.icon} className="size-[22px]" />
                {count ? (
                  <span className="absolute top-0 right-0 flex h-4 min-w-4 items-center justify-center rounded-full bg-saffron-400 px-1 text-[10px] leading-none font-bold text-ink-900 ring-2 ring-white">
                    {count > 99 ? '99+' : count}
                  </span>
                ) : null}
              </Link>
            );
          })}
        </nav>
      </div>

      {/* shown by the stylesheet, not by script: a server-rendered page has the right header at every width */}
      <div className="hidden md:block">
        <Suspense fallback={<div className="h-11 border-t border-sand-100" />}>
          <DesktopNav />
        </Suspense>
      </div>

      {cartOpen ? (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      ) : null}

      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
