import { formatCount } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import type { ProductListBody, ProductListResult } from '@statewise/contract/schemas/catalogue';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ProductGrid } from '../../../components/ProductCard.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { api } from '../../../lib/api.ts';
import { useIsDesktop } from '../../../lib/media.ts';
import { catalogueKeys, useProductList } from '../api.ts';
import { pageCount } from './filters.ts';

export interface ProductResultsProps {
  /** The product/list body without page and pageSize. */
  body: Omit<ProductListBody, 'page' | 'pageSize'>;
  pageSize: number;
  /** The page in the address bar. */
  page: number;
  /** Desktop pagination: go to a page (the caller writes it to the address bar). */
  onPage: (page: number) => void;
  /** The address of a page of these results: the page numbers are then real links. */
  pageHref?: (page: number) => string;
  /** False while the filters are still being resolved (nothing is fetched). */
  enabled?: boolean;
  /** Shown under 'No Product Found' (e.g. a Clear filters button). */
  emptyAction?: ReactNode;
  /** The line under 'No Product Found'. */
  emptyHint?: string;
  /** No sidebar beside the grid: more columns on wide screens. */
  wide?: boolean;
}

// formatCount, not toLocaleString: the first Intl number format a page builds is tens of ms of a phone's CPU (format.ts)
const count = (n: number) => `${formatCount(n)} ${n === 1 ? 'product' : 'products'}`;

function Empty({ action, hint = 'Try fewer filters, or browse another category.' }: { action?: ReactNode; hint?: string }) {
  return (
    <div className="rounded-2xl bg-white px-6 py-16 text-center">
      <p className="font-display text-2xl text-brand-800">{MSG.noProductFound}</p>
      <p className="mt-2 text-sm text-ink-500">{hint}</p>
      {action ? <div className="mt-6 flex justify-center">{action}</div> : null}
    </div>
  );
}

function Failed({ retry }: { retry: () => void }) {
  return (
    <p className="rounded-2xl bg-white px-6 py-16 text-center text-ink-700">
      Products could not be loaded.{' '}
      <button type="button" className="font-semibold text-brand-700 underline" onClick={retry}>
        Try again
      </button>
    </p>
  );
}

/** Desktop: one page at a time with numbered pagination. */
function Paged({ body, pageSize, page, onPage, pageHref, enabled, emptyAction, emptyHint, wide }: Omit<ProductResultsProps, 'enabled'> & { enabled: boolean }) {
  const q = useProductList({ ...body, page, pageSize }, enabled);
  if (!q.data) return q.isError ? <Failed retry={() => q.refetch()} /> : <ProductGrid products={[]} loadingCount={pageSize} wide={wide} />;
  const { products, total } = q.data;
  const pages = pageCount(total, pageSize);
  if (total === 0) return <Empty action={emptyAction} hint={emptyHint} />;
  if (products.length === 0)
    return (
      <div className="rounded-2xl bg-white px-6 py-16 text-center">
        <p className="text-ink-700">There are only {pages} pages of results.</p>
        <Button className="mt-4" variant="outline" onClick={() => onPage(1)}>
          Back to page 1
        </Button>
      </div>
    );
  const first = (page - 1) * pageSize + 1;
  return (
    <div aria-busy={q.isPlaceholderData}>
      <p className="mb-3 text-sm text-ink-500" aria-live="polite">
        Showing {first}–{first + products.length - 1} of {count(total)}
      </p>
      <div className={q.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
        <ProductGrid products={products} wide={wide} />
      </div>
      <div className="mt-10">
        <Pagination page={page} pageCount={pages} onChange={onPage} hrefFor={pageHref} label="Result pages" />
      </div>
    </div>
  );
}

/** Phones: Load more appends the next page below the ones already shown. */
function Appending({ body, pageSize, page, enabled, emptyAction, emptyHint }: Omit<ProductResultsProps, 'onPage' | 'wide'>) {
  const client = useQueryClient();
  const q = useInfiniteQuery({
    queryKey: [...catalogueKeys.productList({ ...body, pageSize }), 'more', page],
    queryFn: ({ pageParam, signal }) => api<ProductListResult>('product/list', { method: 'POST', body: { ...body, pageSize, page: pageParam }, signal }),
    // the page the server drew (numbered, as from 768 px): a phone carries on from it instead of asking again
    initialData: () => {
      const first = client.getQueryData<ProductListResult>(catalogueKeys.productList({ ...body, page, pageSize }));
      return first ? { pages: [first], pageParams: [page] } : undefined;
    },
    initialPageParam: page,
    getNextPageParam: (last, _all, lastPage) => (lastPage * pageSize < last.total ? lastPage + 1 : undefined),
    enabled,
  });
  if (!q.data) return q.isError ? <Failed retry={() => q.refetch()} /> : <ProductGrid products={[]} loadingCount={pageSize} />;
  const total = q.data.pages[0]?.total ?? 0;
  const products = q.data.pages.flatMap((p) => p.products);
  if (total === 0) return <Empty action={emptyAction} hint={emptyHint} />;
  return (
    <div>
      <p className="mb-3 text-sm text-ink-500" aria-live="polite">
        {count(total)}
      </p>
      {/* a phone's first screen: two rows of two */}
      <ProductGrid products={products} loadingCount={q.isFetchingNextPage ? 2 : 0} firstScreen={4} />
      {q.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" size="lg" onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {q.isFetchNextPageError ? <p className="mt-3 text-center text-sm text-red-700">More products could not be loaded. Please try again.</p> : null}
    </div>
  );
}

/**
 * The product grid of listings, collections and search: numbered pages from 768 px up, Load more below it
 * (shopping §2 Listings), 'No Product Found' when nothing matches.
 */
export function ProductResults(props: ProductResultsProps) {
  const desktop = useIsDesktop();
  const enabled = props.enabled ?? true;
  return desktop ? <Paged {...props} enabled={enabled} /> : <Appending {...props} enabled={enabled} />;
}
