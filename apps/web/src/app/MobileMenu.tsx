import { MSG } from '@statewise/contract/messages';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Drawer } from '../components/ui/Drawer.tsx';
import { Icon } from '../components/ui/icons.tsx';
import { chevronDown } from '../components/ui/icon-paths.ts';
import { useCategories } from '../features/catalogue/api.ts';
import { useSession } from '../features/auth/session.ts';
import { useQuery } from '@tanstack/react-query';
import type { CheckSellerResult } from '@statewise/contract/schemas/sellers';
import { api } from '../lib/api.ts';
import { loginFirst } from './login-first.ts';
import { MENU_AFTER_CATEGORIES, MENU_BEFORE_CATEGORIES, visible, type MenuItem } from './menu.ts';

const row = 'flex w-full items-center justify-between px-5 py-3.5 text-sm font-semibold tracking-[0.08em] uppercase';

/** The phone menu: the header's items in a drawer, with CATEGORIES expanding to subcategories. */
export default function MobileMenu({ onClose }: { onClose: () => void }) {
  const { isLoggedIn, role, userId } = useSession();
  const [catsOpen, setCatsOpen] = useState(false);
  const [openCategory, setOpenCategory] = useState<string | null>(null);
  const { data: categories, isPending } = useCategories(catsOpen);
  // Accounts §2.1: a user whose application waits for the admin sees Waiting for approval under BECOME A SELLER.
  // The account hub's query (profile/api.ts useSellerRecord), written here so this chunk pulls in no other chunk.
  const seller = useQuery({
    queryKey: ['seller-record', userId],
    enabled: isLoggedIn && role === 'user',
    queryFn: async () => (await api<CheckSellerResult>('user/checkSeller'))[0] ?? null,
  });
  const app = seller.data?.application;
  const waiting = seller.data?.registrationCompletionStep === 1 && (!app || (app.status === 'pending' && app.detailsSubmitted));

  const item = (i: MenuItem) => (
    <li key={i.to}>
      <NavLink
        to={i.to}
        end={i.to === '/'}
        onClick={(e) => {
          loginFirst(isLoggedIn, i.to)(e);
          onClose();
        }}
        className={({ isActive }) => `${row} ${isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-900 hover:bg-sand-100'}`}
      >
        {i.to === '/seller' && waiting ? (
          <span className="flex flex-col">
            {i.label}
            <span className="mt-0.5 text-xs font-medium tracking-normal text-saffron-700 normal-case">{MSG.sellerWaiting}</span>
          </span>
        ) : (
          i.label
        )}
      </NavLink>
    </li>
  );

  return (
    <Drawer open onClose={onClose} title="Menu">
      <nav aria-label="Main">
        <ul className="divide-y divide-sand-100">
          {MENU_BEFORE_CATEGORIES.map(item)}
          <li>
            <button type="button" className={`${row} text-ink-900 hover:bg-sand-100`} aria-expanded={catsOpen} onClick={() => setCatsOpen((o) => !o)}>
              Categories
              <Icon d={chevronDown} className={`size-4 transition-transform ${catsOpen ? 'rotate-180' : ''}`} />
            </button>
            {catsOpen ? (
              <ul className="bg-white pb-2">
                {isPending ? <li className="px-7 py-3 text-sm text-ink-500">Loading categories…</li> : null}
                {categories?.map((c) => (
                  <li key={c._id}>
                    <div className="flex items-center">
                      <Link to={`/products/${c.slug}`} onClick={onClose} className="flex-1 px-7 py-2.5 text-[15px] text-ink-900 hover:text-brand-700">
                        {c.name}
                      </Link>
                      {c.subcategory.length ? (
                        <button
                          type="button"
                          aria-expanded={openCategory === c._id}
                          aria-label={`${c.name} subcategories`}
                          onClick={() => setOpenCategory((o) => (o === c._id ? null : c._id))}
                          className="mr-3 rounded-full p-2 text-ink-500 hover:bg-sand-100"
                        >
                          <Icon d={chevronDown} className={`size-4 transition-transform ${openCategory === c._id ? 'rotate-180' : ''}`} />
                        </button>
                      ) : null}
                    </div>
                    {openCategory === c._id ? (
                      <ul className="mb-1 ml-7 border-l-2 border-saffron-300">
                        {c.subcategory.map((s) => (
                          <li key={s._id}>
                            <Link to={`/products/${c.slug}/${s.slug}`} onClick={onClose} className="block px-4 py-2 text-sm text-ink-700 hover:text-brand-700">
                              {s.subcategoryName}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
          {MENU_AFTER_CATEGORIES.filter((i) => visible(i, role)).map(item)}
        </ul>
      </nav>
    </Drawer>
  );
}
