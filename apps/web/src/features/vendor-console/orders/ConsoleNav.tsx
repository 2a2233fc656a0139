import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

const LINKS = [
  { to: '/vendor', label: 'Dashboard', end: true },
  { to: '/vendor/products', label: 'Products', end: false },
  { to: '/vendor/orders', label: 'Orders', end: false },
] as const;

/** The vendor console's frame: its name and the console nav (Dashboard, Products, Orders), then the page. */
export function ConsoleFrame({ title, children, badge }: { title: string; children: ReactNode; badge?: number }) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-6 md:py-10">
      <p className="text-xs font-semibold tracking-[0.2em] text-saffron-700 uppercase">Vendor console</p>
      <h1 className="font-display text-2xl text-brand-800 md:text-3xl">{title}</h1>
      <nav aria-label="Vendor console" className="mt-4 flex gap-2 overflow-x-auto border-b border-sand-100 pb-2">
        {LINKS.map((l) => (
          <NavLink
            key={l.to}
            to={l.to}
            end={l.end}
            className={({ isActive }) =>
              `inline-flex min-h-10 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold ${isActive ? 'bg-brand-700 text-white' : 'text-ink-700 hover:bg-brand-50 hover:text-brand-700'}`
            }
          >
            {l.label}
            {l.label === 'Orders' && badge ? (
              <span aria-label={`${badge} to ship`} className="rounded-full bg-saffron-500 px-2 py-0.5 text-xs text-white">
                {badge}
              </span>
            ) : null}
          </NavLink>
        ))}
      </nav>
      <div className="mt-5">{children}</div>
    </section>
  );
}
