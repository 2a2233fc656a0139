import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';

/** The console's sections. Orders is built by its own feature at /vendor/orders. */
const NAV = [
  { to: '/vendor/products', label: 'Products' },
  { to: '/vendor/orders', label: 'Orders' },
] as const;

/** The vendor console's frame: a title, the section nav (a row of tabs that scrolls on a phone) and the screen. */
export function ConsoleLayout() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-5 md:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.2em] text-saffron-700 uppercase">Vendor console</p>
        </div>
      </div>
      <nav aria-label="Vendor console" className="mt-2 flex gap-1 overflow-x-auto border-b border-sand-100">
        {NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className={({ isActive }) =>
              `relative shrink-0 px-4 py-3 text-sm font-semibold tracking-wider uppercase ${
                isActive ? 'text-brand-700 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-saffron-500' : 'text-ink-500 hover:text-brand-700'
              }`
            }
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className="pt-5">
        <Suspense fallback={<div className="h-64 animate-pulse rounded-2xl bg-sand-100/60" />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
