import type { AdminOverview } from '@statewise/contract/schemas/admin';
import { Suspense, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useAdminOverview } from './api.ts';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
  /** The overview count shown beside it (what waits for the admin there). */
  count?: (o: AdminOverview) => number;
}

/** The console's sections in groups; a new screen is one line here and one route in routes.tsx. */
const NAV: Array<{ group: string; items: NavItem[] }> = [
  {
    group: '',
    items: [
      { to: '/admin', label: 'Overview', end: true },
      { to: '/admin/moderation', label: 'Moderation inbox', count: (o) => o.moderationInbox },
    ],
  },
  {
    group: 'Sellers',
    items: [
      { to: '/admin/seller-applications', label: 'Seller applications', count: (o) => o.pendingSellerApplications },
      { to: '/admin/vendors', label: 'Vendors' },
      { to: '/admin/commissions', label: 'Commissions' },
    ],
  },
  {
    group: 'Catalogue',
    items: [
      { to: '/admin/catalogue', label: 'Catalogue' },
      { to: '/admin/videos', label: 'Watch & Shop' },
    ],
  },
  {
    group: 'Content',
    items: [
      { to: '/admin/pages', label: 'Pages' },
      { to: '/admin/faq', label: 'FAQ' },
      { to: '/admin/chatbot-questions', label: 'Unanswered questions', count: (o) => o.openChatbotQuestions },
      { to: '/admin/social-links', label: 'Social links' },
    ],
  },
  {
    group: 'People',
    items: [
      { to: '/admin/contact-requests', label: 'Contact inbox', count: (o) => o.newContactRequests },
      { to: '/admin/users', label: 'Users' },
    ],
  },
  { group: 'Sales', items: [{ to: '/admin/orders', label: 'Orders' }] },
  { group: 'Records', items: [{ to: '/admin/audit', label: 'Audit log' }] },
];

const ALL = NAV.flatMap((g) => g.items);

/** The section the address is in: the longest nav path it starts with. */
export function currentItem(pathname: string): NavItem | undefined {
  return [...ALL].sort((a, b) => b.to.length - a.to.length).find((i) => (i.end ? pathname === i.to || pathname === `${i.to}/` : pathname.startsWith(i.to)));
}

function NavLinks({ overview, onPick }: { overview: AdminOverview | undefined; onPick?: () => void }) {
  return (
    <>
      {NAV.map((g) => (
        <div key={g.group || 'top'} className="mb-3 last:mb-0">
          {g.group ? <p className="px-3 pb-1 text-[11px] font-semibold tracking-[0.18em] text-ink-500 uppercase">{g.group}</p> : null}
          <ul>
            {g.items.map((item) => {
              const n = overview && item.count ? item.count(overview) : 0;
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    onClick={onPick}
                    className={({ isActive }) =>
                      `flex min-h-10 items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm ${
                        isActive ? 'bg-brand-50 font-semibold text-brand-800' : 'text-ink-700 hover:bg-sand-100/60 hover:text-brand-700'
                      }`
                    }
                  >
                    <span>{item.label}</span>
                    {n > 0 ? (
                      <span aria-label={`${n} waiting`} className="rounded-full bg-saffron-500 px-2 py-0.5 text-xs font-semibold text-white">
                        {n}
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </>
  );
}

/**
 * The admin console's frame (DESIGN "Consoles"): the sections in a side nav on a desktop and behind a compact menu
 * button on a phone, the screen beside or below. The nav's counts come from admin/overview.
 */
export function AdminLayout() {
  const overview = useAdminOverview().data;
  const { pathname } = useLocation();
  // The phone's menu is open for the address it was opened at: moving to another section (or Back) closes it.
  const [menuAt, setMenuAt] = useState<string | null>(null);
  const menuOpen = menuAt === pathname;
  const setMenuOpen = (open: boolean) => setMenuAt(open ? pathname : null);
  const here = currentItem(pathname);
  // the inbox holds the applications and questions: counted once
  const waiting = overview ? overview.moderationInbox + overview.newContactRequests : 0;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-5 md:py-8">
      <p className="text-xs font-semibold tracking-[0.2em] text-saffron-700 uppercase">Admin console</p>

      {/* phone: one button naming the section, opening the list */}
      <div className="relative mt-2 md:hidden">
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="admin-menu"
          onClick={() => setMenuOpen(!menuOpen)}
          className="flex min-h-11 w-full items-center justify-between rounded-xl border border-sand-100 bg-white px-4 text-sm font-semibold text-brand-800 shadow-sm"
        >
          <span>
            <span className="sr-only">Admin menu: </span>
            {here?.label ?? 'Menu'}
            {waiting > 0 ? <span className="ml-2 rounded-full bg-saffron-500 px-2 py-0.5 text-xs text-white">{waiting}</span> : null}
          </span>
          <svg viewBox="0 0 24 24" className={`size-5 transition ${menuOpen ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
        {menuOpen ? (
          <nav id="admin-menu" aria-label="Admin console" className="absolute inset-x-0 top-full z-30 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-sand-100 bg-white p-2 shadow-xl">
            <NavLinks overview={overview} onPick={() => setMenuOpen(false)} />
          </nav>
        ) : null}
      </div>

      <div className="mt-3 md:mt-4 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8">
        <nav aria-label="Admin console" className="sticky top-24 hidden self-start rounded-2xl border border-sand-100 bg-white p-2 shadow-sm md:block">
          <NavLinks overview={overview} />
        </nav>
        <div className="min-w-0 pt-2 md:pt-0">
          <Suspense fallback={<div className="h-64 animate-pulse rounded-2xl bg-sand-100/60" />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
