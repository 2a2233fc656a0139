import { DEBOUNCE_MS, PAGE_SIZE } from '@statewise/contract/constants';
import type { VendorCard } from '@statewise/contract/schemas/catalogue';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RetryNote } from '../../components/Page.tsx';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Icon, search as searchIcon } from '../../components/ui/icons.tsx';
import { pin } from '../../components/ui/icon-paths.ts';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import { pageCount } from '../catalogue/listing/filters.ts';
import { pageFrom, useVendorDirectory } from './api.ts';
import { ChatWithVendor } from './ChatWithVendor.tsx';

const TITLE = 'Meet Our Stalwarts';

/**
 * The vendor directory /stalwart-page (shopping §2 Vendor store, accounts §2.7): vendor cards with Check Out
 * Products (to /store/{vendorSlug}) and Chat with Vendor, 16 a page with numbered pages, and a search box over
 * brand and seller names. Page and search live in the address bar (?page=, ?q= — not ?search=, which the header search box reads).
 */
export default function StalwartPage() {
  usePageTitle(TITLE);
  const [query, setQuery] = useSearchParams();
  const page = pageFrom(query.get('page'));
  const search = (query.get('q') ?? '').trim().slice(0, 100);
  const [typed, setTyped] = useState(search);
  // What this page last wrote to ?q=; any other change (Back, a link) is mirrored into the box.
  const [seen, setSeen] = useState({ search, pushed: search });
  if (seen.search !== search) {
    setSeen({ search, pushed: seen.pushed });
    if (search !== seen.pushed) setTyped(search);
  }
  const directory = useVendorDirectory(page, search);

  // Typing searches after a pause (the search debounce of shopping §9); a new search starts at page 1.
  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const t = setTimeout(() => {
      setSeen((s) => ({ ...s, pushed: next }));
      setQuery(next ? { q: next } : {}, { replace: true });
    }, DEBOUNCE_MS.search);
    return () => clearTimeout(t);
  }, [typed, search, setQuery]);

  const goTo = (p: number) => {
    const next = new URLSearchParams();
    if (search) next.set('q', search);
    if (p > 1) next.set('page', String(p));
    setQuery(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const total = directory.data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE.vendorDirectory);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 md:px-6 md:pt-10">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">Makers & sellers</p>
          <h1 className="font-display text-3xl text-brand-800 md:text-4xl">{TITLE}</h1>
          <p className="mt-1 text-sm text-ink-500">The weavers, potters, painters and families behind the pieces on Statewise.</p>
        </div>
        <form role="search" className="relative w-full md:max-w-xs" onSubmit={(e) => (e.preventDefault(), setQuery(typed.trim() ? { q: typed.trim() } : {}))}>
          <label htmlFor="stalwart-search" className="sr-only">
            Search sellers
          </label>
          <Icon d={searchIcon} className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-500" />
          <input
            id="stalwart-search"
            type="search"
            value={typed}
            maxLength={100}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Search by brand or seller"
            className="block w-full rounded-full border border-ink-500/40 bg-white py-2.5 pr-4 pl-10 text-base text-ink-900 outline-none placeholder:text-ink-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
          />
        </form>
      </div>

      <div className="mt-8">
        {directory.data ? (
          total === 0 ? (
            <div className="rounded-2xl bg-white px-6 py-16 text-center">
              <p className="font-display text-2xl text-brand-800">No sellers found</p>
              <p className="mt-2 text-sm text-ink-500">{search ? `No brand or seller matches “${search}”.` : 'Sellers will appear here once they are approved.'}</p>
              {search ? (
                <button type="button" className={buttonClass('outline', 'md', 'mt-6')} onClick={() => (setTyped(''), setQuery({}))}>
                  Show all sellers
                </button>
              ) : null}
            </div>
          ) : directory.data.vendors.length === 0 ? (
            <div className="rounded-2xl bg-white px-6 py-16 text-center">
              <p className="text-ink-700">There are only {pages} pages of sellers.</p>
              <button type="button" className={buttonClass('outline', 'md', 'mt-4')} onClick={() => goTo(1)}>
                Back to page 1
              </button>
            </div>
          ) : (
            <div aria-busy={directory.isPlaceholderData}>
              <p className="mb-3 text-sm text-ink-500" aria-live="polite">
                {total.toLocaleString('en-IN')} {total === 1 ? 'seller' : 'sellers'}
              </p>
              <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-4 ${directory.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
                {directory.data.vendors.map((v, i) => (
                  <li key={v._id}>
                    <StalwartCard vendor={v} eager={i < 4} />
                  </li>
                ))}
              </ul>
              <div className="mt-10">
                <Pagination page={page} pageCount={pages} onChange={goTo} label="Seller pages" />
              </div>
            </div>
          )
        ) : directory.isError ? (
          <RetryNote message="Sellers could not be loaded." onRetry={directory.refetch} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i} className="rounded-2xl bg-white p-4">
                <Skeleton className="aspect-[3/2] w-full" />
                <Skeleton className="mt-3 h-5 w-2/3" />
                <Skeleton className="mt-2 h-4 w-1/2" />
                <Skeleton className="mt-3 h-10 w-full" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function StalwartCard({ vendor: v, eager }: { vendor: VendorCard; eager: boolean }) {
  const store = `/store/${encodeURIComponent(v.vendorInfo.vendorSlug)}`;
  const brand = v.vendorInfo.brandName || v.vendorInfo.sellerName;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-[0_1px_3px_rgb(31_26_28/0.08)]" aria-label={brand}>
      <Link to={store} tabIndex={-1} aria-hidden="true" className="block">
        <img src={v.image} alt="" width={600} height={400} loading={eager ? 'eager' : 'lazy'} decoding="async" className="aspect-[3/2] w-full bg-sand-100 object-cover" />
      </Link>
      <div className="flex flex-1 flex-col p-4">
        <h2 className="font-display text-xl leading-tight text-brand-800">
          <Link to={store} className="hover:underline">
            {brand}
          </Link>
        </h2>
        <p className="mt-0.5 text-sm text-ink-900">{v.vendorInfo.sellerName}</p>
        {v.place ? (
          <p className="mt-1 flex items-center gap-1 text-xs text-ink-500">
            <Icon d={pin} className="size-3.5" />
            {v.place}
          </p>
        ) : null}
        {v.description ? <p className="mt-2 line-clamp-3 text-sm text-ink-700">{v.description}</p> : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Link to={store} className={buttonClass('primary', 'sm', 'flex-1 whitespace-nowrap')}>
            Check Out Products
          </Link>
          <ChatWithVendor vendorUserId={v.vendorId._id} label="Chat with Vendor" variant="outline" size="sm" className="flex-1 whitespace-nowrap" />
        </div>
      </div>
    </article>
  );
}
