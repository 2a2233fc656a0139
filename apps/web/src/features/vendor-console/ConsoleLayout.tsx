import { Suspense, useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useVendorDashboard } from './orders/api.ts';
import { SuspensionBanner } from './SuspensionBanner.tsx';

/** The console's sections; Orders carries the count of orders to ship. */
const NAV = [
  { to: '/vendor', label: 'Dashboard', end: true },
  { to: '/vendor/products', label: 'Products', end: false },
  { to: '/vendor/orders', label: 'Orders', end: false },
  { to: '/vendor/store', label: 'Store', end: false },
  { to: '/vendor/earnings', label: 'Earnings', end: false },
] as const;

/** The vendor console's frame: a title, the section nav (a row of tabs that scrolls on a phone) and the screen. */
export function ConsoleLayout() {
  const toShip = useVendorDashboard().data?.newOrders ?? 0;
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // on a phone the tabs scroll sideways: bring the open section's tab into view (Earnings is past the edge at 390 px);
  // again when the to-ship badge arrives, which widens the Orders tab and pushes the later tabs right
  useEffect(() => {
    const el = nav.current;
    const active = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (el && active) el.scrollLeft = Math.max(0, active.offsetLeft + active.offsetWidth - el.clientWidth + 16);
  }, [pathname, toShip]);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-5 md:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.2em] text-saffron-700 uppercase">Vendor console</p>
        </div>
      </div>
      <SuspensionBanner />
      <nav ref={nav} aria-label="Vendor console" className="relative mt-2 flex gap-1 overflow-x-auto border-b border-sand-100">
        {NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              `relative shrink-0 px-4 py-3 text-sm font-semibold tracking-wider uppercase ${
                isActive ? 'text-brand-700 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-saffron-500' : 'text-ink-500 hover:text-brand-700'
              }`
            }
          >
            {item.label}
            {item.label === 'Orders' && toShip ? (
              <span aria-label={`${toShip} to ship`} className="ml-2 rounded-full bg-saffron-500 px-2 py-0.5 text-xs text-white">
                {toShip}
              </span>
            ) : null}
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
