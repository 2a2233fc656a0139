import { ADMIN_PRODUCTS_PAGE_SIZE } from '@statewise/contract/schemas/admin-catalogue';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { responsiveImage } from '../../../lib/responsive-image.ts';
import { EmptyNote, fieldClass } from '../ui.tsx';
import { useSetTrending, useTrendingProducts } from './api.ts';

/** The Trending tab: find products by name (or list the trending ones) and mark or unmark each. */
export function TrendingPanel() {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState({ q: '', trendingOnly: true, page: 1 });
  const list = useTrendingProducts(filters);
  const toggle = useSetTrending();

  return (
    <div>
      <form
        role="search"
        className="mb-3 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ q: typed, trendingOnly: filters.trendingOnly && !typed.trim(), page: 1 });
        }}
      >
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
            Product name
          </label>
          <input id={id} type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} placeholder="Banarasi saree" className={fieldClass} />
        </div>
        <Button type="submit">Search</Button>
        <label className="flex min-h-11 items-center gap-2 text-sm text-ink-900">
          <input type="checkbox" checked={filters.trendingOnly} onChange={(e) => setFilters({ ...filters, trendingOnly: e.target.checked, page: 1 })} className="size-4 accent-brand-700" />
          Trending only
        </label>
      </form>
      {list.isPending ? (
        <Skeleton className="h-60 w-full rounded-2xl" />
      ) : list.isError ? (
        <RetryPanel message={list.error.message} onRetry={() => list.refetch()} />
      ) : list.data.products.length === 0 ? (
        <EmptyNote>{filters.trendingOnly ? 'No product is marked trending yet. Search for one to mark it.' : 'No product matches.'}</EmptyNote>
      ) : (
        <>
          <p className="mb-2 text-sm text-ink-500">
            {list.data.count} product{list.data.count === 1 ? '' : 's'}
          </p>
          <ul aria-label="Products" className="divide-y divide-sand-100 rounded-2xl border border-sand-100 bg-white shadow-sm">
            {list.data.products.map((p) => (
              <li key={p._id} aria-label={p.name} className="flex items-center gap-3 px-3 py-3 sm:px-4">
                {p.image ? (
                  <img {...responsiveImage(p.image, '56px')} alt="" loading="lazy" className="h-16 w-12 shrink-0 rounded-lg border border-sand-100 object-cover" />
                ) : (
                  <span aria-hidden className="h-16 w-12 shrink-0 rounded-lg bg-sand-100" />
                )}
                <div className="min-w-0 flex-1">
                  <Link to={`/product/${p.slug}`} className="line-clamp-2 font-semibold text-ink-900 hover:text-brand-700">
                    {p.name}
                  </Link>
                  <p className="text-xs text-ink-500">
                    {p.vendorName} · {p.categoryName}
                    {p.isActive ? '' : ' · unpublished'}
                  </p>
                </div>
                <Button
                  variant={p.isTrending ? 'primary' : 'ghost'}
                  size="sm"
                  aria-pressed={p.isTrending}
                  aria-label={`Trending: ${p.name}`}
                  disabled={toggle.isPending && toggle.variables?.id === p._id}
                  onClick={() =>
                    toggle.mutate({ id: p._id, trending: !p.isTrending }, { onSuccess: (r) => toast.success(r.isTrending ? 'Marked trending' : 'No longer trending'), onError: (e) => toast.error(e.message) })
                  }
                >
                  {p.isTrending ? '★ Trending' : '☆ Trending'}
                </Button>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <Pagination page={filters.page} pageCount={Math.ceil(list.data.count / ADMIN_PRODUCTS_PAGE_SIZE)} onChange={(page) => setFilters({ ...filters, page })} />
          </div>
        </>
      )}
    </div>
  );
}
