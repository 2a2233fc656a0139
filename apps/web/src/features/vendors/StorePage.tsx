import { PAGE_SIZE } from '@statewise/contract/constants';
import { placeName } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import type { VendorDetails } from '@statewise/contract/schemas/catalogue';
import { Link, useParams, useSearchParams } from 'react-router';
import { RetryNote } from '../../components/Page.tsx';
import { ProductGrid } from '../../components/ProductCard.tsx';
import { ShareMenu } from '../../components/ShareMenu.tsx';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageHead } from '../../lib/page-head.tsx';
import { responsiveImage } from '../../lib/responsive-image.ts';
import { pageCount } from '../catalogue/listing/filters.ts';
import { pageFrom, useVendorProducts, useVendorStore } from './api.ts';
import { ChatWithVendor } from './ChatWithVendor.tsx';

/**
 * The vendor store /store/{vendorSlug} (shopping §2 Vendor store): banner, brand name, seller name, bio, the share
 * popover, Chat With Vendor, and the store's products 16 a page with numbered pages (the page is in the address
 * bar, so a shared or reloaded link keeps it). An unknown store is a 'Store not found' screen, not an empty page.
 */
export default function StorePage() {
  const { vendorSlug = '' } = useParams();
  const store = useVendorStore(vendorSlug);
  const missing = store.isError && store.error instanceof ApiError && store.error.status === 404;
  usePageHead({
    title: store.data ? store.data.brandName || store.data.sellerName : store.isError ? 'Store not found' : '',
    ...(missing ? { status: 404, noindex: true } : { canonical: `/store/${store.data?.vendorSlug ?? vendorSlug}`, type: 'profile' as const }),
  });

  if (store.isError) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-display text-3xl text-brand-800">{missing ? 'Store not found' : 'This store could not be loaded'}</h1>
        <p className="mt-3 text-ink-700">
          {missing ? 'There is no store at this address. It may have moved, or the link may be mistyped.' : store.error.message}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {missing ? null : (
            <button type="button" className={buttonClass('primary')} onClick={() => store.refetch()}>
              Try again
            </button>
          )}
          <Link to="/stalwart-page" className={buttonClass(missing ? 'primary' : 'outline')}>
            Meet Our Stalwarts
          </Link>
        </div>
      </section>
    );
  }
  if (!store.data) return <StoreSkeleton />;
  if (store.data.suspended) return <StoreUnavailable vendor={store.data} />;
  return <Store vendor={store.data} />;
}

/** A store an admin has suspended (ADR 025): its name, and plainly that it is unavailable; no products, no chat. */
function StoreUnavailable({ vendor }: { vendor: VendorDetails }) {
  const name = vendor.brandName || vendor.sellerName;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" aria-labelledby="store-name">
      <p className="text-xs font-semibold tracking-[0.2em] text-saffron-700 uppercase">Store unavailable</p>
      <h1 id="store-name" className="mt-2 font-display text-3xl text-brand-800">
        {name}
      </h1>
      <p className="mt-3 text-ink-700">{MSG.storeUnavailable}. Its products cannot be bought for now. Orders already placed with it are still being served.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/stalwart-page" className={buttonClass('primary')}>
          Meet Our Stalwarts
        </Link>
        <Link to="/" className={buttonClass('outline')}>
          Keep shopping
        </Link>
      </div>
    </section>
  );
}

function Store({ vendor }: { vendor: VendorDetails }) {
  const [query, setQuery] = useSearchParams();
  const page = pageFrom(query.get('page'));
  const products = useVendorProducts(vendor.userId, page);
  const name = vendor.brandName || vendor.sellerName;
  const place = placeName(vendor.place, vendor.state);

  const goTo = (p: number) => {
    setQuery(p > 1 ? { page: String(p) } : {});
    document.getElementById('store-products')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="pb-12">
      <div className="mx-auto max-w-7xl md:px-6 md:pt-6">
        <div className="aspect-[2/1] overflow-hidden bg-sand-100 sm:aspect-[3/1] md:aspect-[4/1] md:rounded-2xl">
          {vendor.banner ? <img {...responsiveImage(vendor.banner, '(min-width: 1280px) 1232px, 100vw')} alt="" width={1600} height={400} className="size-full object-cover" /> : null}
        </div>
      </div>

      <section className="mx-auto max-w-7xl px-4 md:px-6" aria-labelledby="store-name">
        <div className="relative flex flex-col gap-4 md:flex-row md:items-start md:gap-6 md:px-4">
          <div className="-mt-10 size-20 shrink-0 overflow-hidden rounded-full bg-white shadow-md ring-4 ring-white md:-mt-14 md:size-28">
            {vendor.avatar ? <img {...responsiveImage(vendor.avatar, '112px')} alt="" width={200} height={200} className="size-full object-cover" /> : null}
          </div>
          <div className="min-w-0 flex-1 md:pt-4">
            <h1 id="store-name" className="font-display text-3xl leading-tight text-brand-800 md:text-4xl">
              {name}
            </h1>
            <p className="mt-1 text-sm text-ink-700">
              by <span className="font-semibold text-ink-900">{vendor.sellerName}</span>
              {place ? <span className="text-ink-500"> · {place}</span> : null}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 md:pt-5">
            {/* the actions sit at the right edge from 768 px: the menu opens leftwards there */}
            <ShareMenu text={`${name} on Statewise`} menuPosition="left-0 md:right-0 md:left-auto" />
            <ChatWithVendor vendorUserId={vendor.userId} />
          </div>
        </div>
        {vendor.bio ? <p className="mt-5 max-w-3xl text-[15px] leading-relaxed whitespace-pre-line text-ink-700 md:px-4" data-testid="store-bio">{vendor.bio}</p> : null}
      </section>

      <section id="store-products" className="mx-auto mt-10 max-w-7xl scroll-mt-28 px-4 md:px-6" aria-labelledby="store-products-title">
        <div className="mb-4 flex items-baseline justify-between gap-3">
          <h2 id="store-products-title" className="font-display text-2xl text-brand-800">
            Products
          </h2>
          {products.data && products.data.total > 0 ? (
            <p className="text-sm text-ink-500" aria-live="polite">
              {products.data.total.toLocaleString('en-IN')} {products.data.total === 1 ? 'product' : 'products'}
            </p>
          ) : null}
        </div>
        <StoreProducts
          query={products}
          page={page}
          onPage={goTo}
        />
      </section>
    </div>
  );
}

function StoreProducts({ query: q, page, onPage }: { query: ReturnType<typeof useVendorProducts>; page: number; onPage: (p: number) => void }) {
  if (!q.data) {
    if (q.isError)
      return (
        <RetryNote message="Products could not be loaded." onRetry={q.refetch} />
      );
    return <ProductGrid products={[]} loadingCount={8} />;
  }
  const { products, total } = q.data;
  const pages = pageCount(total, PAGE_SIZE.listing);
  if (total === 0)
    return (
      <div className="rounded-2xl bg-white px-6 py-16 text-center">
        <p className="font-display text-2xl text-brand-800">{MSG.noProductFound}</p>
        <p className="mt-2 text-sm text-ink-500">This store has no products on sale right now.</p>
      </div>
    );
  if (products.length === 0)
    return (
      <div className="rounded-2xl bg-white px-6 py-16 text-center">
        <p className="text-ink-700">This store has only {pages} {pages === 1 ? 'page' : 'pages'} of products.</p>
        <button type="button" className={buttonClass('outline', 'md', 'mt-4')} onClick={() => onPage(1)}>
          Back to page 1
        </button>
      </div>
    );
  return (
    <div aria-busy={q.isPlaceholderData}>
      <div className={q.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
        <ProductGrid products={products} />
      </div>
      <div className="mt-10">
        <Pagination page={page} pageCount={pages} onChange={onPage} label="Store pages" />
      </div>
    </div>
  );
}

function StoreSkeleton() {
  return (
    <div aria-busy="true" className="pb-12">
      <div className="mx-auto max-w-7xl md:px-6 md:pt-6">
        <Skeleton className="aspect-[2/1] w-full rounded-none sm:aspect-[3/1] md:aspect-[4/1] md:rounded-2xl" />
      </div>
      <div className="mx-auto max-w-7xl px-4 md:px-6">
        <Skeleton className="-mt-10 size-20 rounded-full md:-mt-14 md:ml-4 md:size-28" />
        <Skeleton className="mt-4 h-8 w-64" />
        <Skeleton className="mt-2 h-4 w-48" />
        <div className="mt-10">
          <ProductGrid products={[]} loadingCount={8} />
        </div>
      </div>
    </div>
  );
}
