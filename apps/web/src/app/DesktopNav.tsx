import { lazy, Suspense, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '../components/ui/icons.tsx';
import { chevronDown } from '../components/ui/icon-paths.ts';
import { useSession } from '../features/auth/session.ts';
import { loginFirst } from './login-first.ts';
import { MENU_AFTER_CATEGORIES, MENU_BEFORE_CATEGORIES, visible, type MenuItem } from './menu.ts';

const CategoriesPanel = lazy(() => import('./CategoriesPanel.tsx'));

const item = 'relative py-3 text-[11px] font-semibold tracking-[0.08em] whitespace-nowrap uppercase transition-colors lg:text-[13px]';

/** The header's menu bar from 768 px (accounts §2.1), with the CATEGORIES dropdown. Phones use MobileMenu. */
export default function DesktopNav() {
  const { isLoggedIn, role } = useSession();
  const [catOpen, setCatOpen] = useState(false);
  const catButton = useRef<HTMLButtonElement>(null);
  // Hovering opens the menu; a click that lands just after the hover opened it must not close it again.
  const hoverOpenedAt = useRef(0);

  const navLink = (i: MenuItem) => (
    <NavLink
      key={i.to}
      to={i.to}
      end
      onClick={i.needsLogin ? loginFirst(isLoggedIn, i.to) : undefined}
      className={({ isActive }) =>
        `${item} ${isActive ? 'text-brand-700 after:absolute after:inset-x-0 after:bottom-1.5 after:h-0.5 after:bg-saffron-400' : 'text-ink-700 hover:text-brand-700'}`
      }
    >
      {i.label}
    </NavLink>
  );
  const closeCategories = (refocus: boolean) => {
    setCatOpen(false);
    if (refocus) catButton.current?.focus();
  };

  return (
    <div className="relative border-t border-sand-100" onMouseLeave={() => setCatOpen(false)}>
      <nav aria-label="Main" className="mx-auto flex h-11 max-w-7xl items-center justify-center gap-5 px-6 lg:gap-9">
        {MENU_BEFORE_CATEGORIES.map(navLink)}
        <button
          ref={catButton}
          type="button"
          aria-expanded={catOpen}
          aria-controls="header-categories"
          onClick={() => {
            if (catOpen && Date.now() - hoverOpenedAt.current < 500) return;
            setCatOpen(!catOpen);
          }}
          onMouseEnter={() => {
            if (catOpen) return;
            hoverOpenedAt.current = Date.now();
            setCatOpen(true);
          }}
          className={`${item} flex items-center gap-1 text-ink-700 hover:text-brand-700`}
        >
          Categories
          <Icon d={chevronDown} className={`size-3.5 transition-transform ${catOpen ? 'rotate-180' : ''}`} />
        </button>
        {MENU_AFTER_CATEGORIES.filter((i) => !i.mobileOnly && visible(i, role)).map(navLink)}
      </nav>
      {catOpen ? (
        <Suspense fallback={null}>
          <CategoriesPanel id="header-categories" onClose={closeCategories} />
        </Suspense>
      ) : null}
    </div>
  );
}
