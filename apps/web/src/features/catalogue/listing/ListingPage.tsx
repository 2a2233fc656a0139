import { PAGE_SIZE, SUBCATEGORY_CHIPS } from '@statewise/contract/constants';
import { formatINR } from '@statewise/contract/format';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../../app/NotFoundPage.tsx';
import { Button, buttonClass } from '../../../components/ui/Button.tsx';
import { Chip, RemovableChip } from '../../../components/ui/Chip.tsx';
import { Icon } from '../../../components/ui/icons.tsx';
import { filter } from '../../../components/ui/icon-paths.ts';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useIsDesktop } from '../../../lib/media.ts';
import { usePageHead } from '../../../lib/page-head.tsx';
import { useCategories, useFestiveOffers, useStates, useStyles } from '../api.ts';
import { FilterPanel, SortOptions, SORTS, sortId } from './FilterPanel.tsx';
import { activeFilterCount, changeFilters, listBody, listingHref, parseListing, resolveFilters, type ListingFilters, type ListingKind } from './filters.ts';
import { ProductResults } from './ProductResults.tsx';

const Dialog = lazy(() => import('../../../components/ui/Dialog.tsx').then((m) => ({ default: m.Dialog })));

/** The Sort button's icon: lines of falling length with a down arrow (kept here, out of the home page's icons). */
const sortLines = 'M4 6h10M4 12h7M4 18h4M18 5v14m-3-3l3 3 3-3';

/** The filter the route itself stands for; Clear all keeps it. */
const OWN: Record<ListingKind, Array<keyof ListingFilters>> = { products: ['category', 'subcategory'], style: ['style'], state: ['state', 'category'], search: ['search'] };

/**
 * Every listing route of shopping §2 Listings: /products/[category[/subcategory]], /shop-by-style/{style},
 * /shop-by-state/{state}[/{category}], and the search results /search?search=… with the same filters and sorts.
 * Filters live in the address bar (slugs, comma-separated sizes); tweaks replace the entry, pages push one. On
 * phones, Sort and Filter are two buttons: Sort opens a short sheet whose choice applies at once.
 */
export default function ListingPage({ kind }: { kind: ListingKind }) {
  const params = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const desktop = useIsDesktop();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sortOpen, setSortOpen] = useState(false);

  const parsed = useMemo(
    () => parseListing({ categorySlug: params.categorySlug, subCategorySlug: params.subCategorySlug, styleSlug: params.styleSlug, stateSlug: params.stateSlug }, query),
    [params.categorySlug, params.subCategorySlug, params.styleSlug, params.stateSlug, query],
  );
  // Lists are needed to turn slugs into ids; they are cached for all listing screens.
  const categories = useCategories();
  const styles = useStyles();
  const states = useStates();
  const festive = useFestiveOffers(Boolean(parsed.festiveCategory));
  const resolved = resolveFilters(parsed, { categories: categories.data, styles: styles.data, states: states.data, festiveOffers: festive.data });

  // A query slug that matches nothing is dropped; a path slug that matches nothing is a missing page.
  const filters: ListingFilters = { ...parsed };
  // only the search page has a text
  if (kind !== 'search') delete filters.search;
  for (const u of resolved.unknown) delete filters[u];
  // Links may carry ids (a banner's ?festiveCategory={id}); the address bar shows slugs.
  if (resolved.category) filters.category = resolved.category.slug;
  if (resolved.subcategory) filters.subcategory = resolved.subcategory.slug;
  if (resolved.style) filters.style = resolved.style.slug;
  if (resolved.state) filters.state = resolved.state.slug;
  if (resolved.festive) filters.festiveCategory = resolved.festive.slug;
  const pathUnknown =
    (params.categorySlug && resolved.unknown.includes('category')) ||
    (params.subCategorySlug && resolved.unknown.includes('subcategory')) ||
    (params.styleSlug && resolved.unknown.includes('style')) ||
    (params.stateSlug && resolved.unknown.includes('state'));
  const ready =
    (!filters.category && !filters.subcategory ? true : Boolean(categories.data)) &&
    (!filters.style || Boolean(styles.data)) &&
    (!filters.state || Boolean(states.data)) &&
    (!filters.festiveCategory || Boolean(festive.data || festive.isError));

  // The address bar always shows the active filters in one canonical form.
  const canonical = listingHref(kind, filters);
  const here = location.pathname + location.search;
  useEffect(() => {
    if (ready && !pathUnknown && decodeURIComponent(canonical) !== decodeURIComponent(here)) navigate(canonical, { replace: true });
  }, [ready, pathUnknown, canonical, here, navigate]);

  const { category, subcategory, style, state, festive: festiveOffer } = resolved;
  // '' while the name is still loading (a skeleton shows, never a wrong title)
  let title: string;
  if (kind === 'search') title = filters.search ? `Search: ${filters.search}` : 'Search';
  else if (kind === 'style') title = style?.name ?? '';
  else if (kind === 'state') title = state?.name ?? '';
  else if (filters.subcategory) title = subcategory?.subcategoryName ?? '';
  else if (filters.category) title = category?.name ?? '';
  else if (filters.festiveCategory) title = festiveOffer?.title ?? '';
  else title = activeFilterCount(filters) ? 'All Products' : 'New Arrivals';
  // Search engines keep a listing's own address (its page number included) and no filtered view of it; a search
  // with filters is not kept at all. The server answers any other spelling of a listing's address with a 301.
  const [canonicalPath = '/', canonicalQuery = ''] = canonical.split('?');
  const pageParam = new URLSearchParams(canonicalQuery).get('page');
  const extraFilters = activeFilterCount(filters) > (kind === 'search' ? 0 : Number(Boolean(params.categorySlug)) + Number(Boolean(params.subCategorySlug)) + Number(Boolean(params.styleSlug || params.stateSlug)));
  usePageHead({
    title,
    canonical: pageParam && pageParam !== '1' ? `${canonicalPath}?page=${pageParam}` : canonicalPath,
    noindex: kind === 'search' ? Boolean(filters.search && extraFilters) || !filters.search : extraFilters,
    redirect: ready && !pathUnknown && decodeURIComponent(canonical) !== decodeURIComponent(here) ? canonical : undefined,
  });

  if (pathUnknown) return <NotFoundPage />;

  const update = (change: Partial<ListingFilters>) => navigate(listingHref(kind, changeFilters(filters, change)), { replace: true });
  const goToPage = (page: number) => {
    navigate(listingHref(kind, { ...filters, page }));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const clearAll = () => {
    const kept: ListingFilters = { sizes: [], page: 1 };
    for (const k of OWN[kind]) if (filters[k] !== undefined) Object.assign(kept, { [k]: filters[k] });
    navigate(listingHref(kind, kept), { replace: true });
  };

  // Chips for what the shopper added; the route's own filter is the page itself (its title, banner, strip).
  const own = new Set<keyof ListingFilters>(OWN[kind]);
  const chips: Array<{ key: string; label: string; change: Partial<ListingFilters> }> = [];
  if (category && !own.has('category')) chips.push({ key: 'category', label: category.name, change: { category: undefined } });
  if (subcategory && !own.has('subcategory')) chips.push({ key: 'subcategory', label: subcategory.subcategoryName, change: { subcategory: undefined } });
  if (style && !own.has('style')) chips.push({ key: 'style', label: style.name, change: { style: undefined } });
  if (state && !own.has('state')) chips.push({ key: 'state', label: state.name, change: { state: undefined } });
  if (festiveOffer) chips.push({ key: 'festive', label: festiveOffer.title, change: { festiveCategory: undefined } });
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined)
    chips.push({
      key: 'price',
      label: filters.maxPrice !== undefined ? `${formatINR(filters.minPrice ?? 0)} – ${formatINR(filters.maxPrice)}` : `${formatINR(filters.minPrice ?? 0)} and above`,
      change: { minPrice: undefined, maxPrice: undefined },
    });
  if (filters.discount) chips.push({ key: 'discount', label: `${filters.discount}% or more off`, change: { discount: undefined } });
  for (const s of filters.sizes) chips.push({ key: `size-${s}`, label: `Size ${s.toUpperCase()}`, change: { sizes: filters.sizes.filter((x) => x !== s) } });
  const sort = SORTS.find((s) => s.id === sortId(filters));
  if (sort) chips.push({ key: 'sort', label: sort.label, change: { priceSort: undefined, sort: undefined } });

  const defaultSortLabel = kind === 'search' ? 'Best match' : 'Recommended';
  const filterCount = chips.filter((c) => c.key !== 'sort').length;
  const phoneButtons = (
    <div className="mt-4 grid grid-cols-2 gap-2">
      <Button variant="outline" size="sm" onClick={() => setSortOpen(true)} aria-haspopup="dialog">
        <Icon d={sortLines} className="size-4" />
        Sort
      </Button>
      <Button variant="outline" size="sm" onClick={() => setFiltersOpen(true)} aria-haspopup="dialog">
        <Icon d={filter} className="size-4" />
        Filter{filterCount ? ` (${filterCount})` : ''}
      </Button>
    </div>
  );
  const panelProps = { filters, resolved, categories: categories.data, styles: styles.data, states: states.data, onChange: update, defaultSortLabel };

  const { page: _page, pageSize: _size, ...body } = listBody(filters, resolved);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-5 md:px-6 md:pt-8">
      {kind === 'search' ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">Search results</p>
            <h1 className="font-display text-3xl break-words text-brand-800 md:text-4xl">“{filters.search}”</h1>
          </div>
        </div>
      ) : kind === 'state' ? (
        // The state's slogan banner is this page's header.
        <header className="relative overflow-hidden rounded-2xl bg-brand-800 text-white">
          {state ? <img src={state.image} alt="" width={800} height={600} className="absolute inset-y-0 right-0 h-full w-3/4 object-cover object-top opacity-80 md:w-1/2" /> : null}
          <div className="absolute inset-0 bg-gradient-to-r from-brand-800 via-brand-800/90 to-brand-800/10" />
          <div className="relative min-h-36 px-5 py-6 md:px-10 md:py-9">
            <p className="text-[11px] font-semibold tracking-[0.2em] text-saffron-300 uppercase">From the land of</p>
            <h1 className="mt-1 font-display text-3xl md:text-4xl">{state?.name ?? '\u00a0'}</h1>
            {state ? <p className="mt-2 max-w-xl font-display text-lg text-white/90 italic md:text-xl">“{state.slogan}”</p> : null}
            {category ? <p className="mt-3 inline-block rounded-full bg-white/15 px-3 py-1 text-sm">{category.name}</p> : null}
          </div>
        </header>
      ) : (
        <div className="flex items-end justify-between gap-3">
          {title ? <h1 className="font-display text-3xl text-brand-800 md:text-4xl">{title}</h1> : <Skeleton className="h-9 w-48" />}
        </div>
      )}
      {desktop ? null : phoneButtons}
      {kind !== 'state' && state ? (
        // a state chosen as a filter on another listing: its slogan
        <p className="mt-4 rounded-xl border-l-4 border-saffron-400 bg-white px-4 py-3 font-display text-brand-800 italic">
          <span className="font-semibold not-italic">{state.name}</span> — “{state.slogan}”
        </p>
      ) : null}

      {/* Mobile category strip; while the categories load, rows of the same height hold their place (no layout shift) */}
      {!desktop && !categories.data ? (
        <>
          <Skeleton className="mt-4 h-8 w-full rounded-full" />
          {parsed.category ? <Skeleton className="mt-3 h-8 w-3/4 rounded-full" /> : null}
        </>
      ) : null}
      {!desktop && categories.data ? (
        <div className="no-scrollbar -mx-4 mt-4 flex gap-2 overflow-x-auto px-4" role="group" aria-label="Categories">
          <Chip selected={!category} onClick={() => update({ category: undefined })}>
            All
          </Chip>
          {categories.data.map((c) => (
            <Chip key={c._id} selected={category?._id === c._id} onClick={() => update({ category: c.slug })}>
              {c.name}
            </Chip>
          ))}
        </div>
      ) : null}

      {/* Subcategory chips on phones (the desktop sidebar has them) */}
      {!desktop && category && category.subcategory.length ? (
        <div className="no-scrollbar -mx-4 mt-3 flex gap-2 overflow-x-auto px-4" role="group" aria-label={`${category.name} subcategories`}>
          {category.subcategory.slice(0, SUBCATEGORY_CHIPS).map((s) => (
            <Chip key={s._id} selected={subcategory?._id === s._id} onClick={() => update({ subcategory: subcategory?._id === s._id ? undefined : s.slug })}>
              {s.subcategoryName}
            </Chip>
          ))}
        </div>
      ) : null}

      {chips.length ? (
        <div className="mt-4 flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
          {chips.map((c) => (
            <RemovableChip key={c.key} label={c.label} onRemove={() => update(c.change)}>
              {c.label}
            </RemovableChip>
          ))}
          <button type="button" onClick={clearAll} className="ml-1 text-sm font-semibold text-brand-700 underline">
            Clear all
          </button>
        </div>
      ) : null}

      <div className="mt-5 gap-8 md:grid md:grid-cols-[15rem_1fr]">
        {desktop ? (
          <aside aria-label="Filters" className="self-start rounded-2xl bg-white px-4 shadow-sm">
            <FilterPanel {...panelProps} />
          </aside>
        ) : null}
        <div>
          <ProductResults
            body={body}
            page={filters.page}
            pageSize={PAGE_SIZE.listing}
            onPage={goToPage}
            pageHref={(page) => listingHref(kind, { ...filters, page })}
            enabled={ready}
            emptyAction={chips.length ? <Button onClick={clearAll}>Clear filters</Button> : kind === 'search' ? <BrowseNewArrivals /> : undefined}
            emptyHint={kind === 'search' && !chips.length ? 'Check the spelling, or try a broader word such as saree, kurta or jhumka.' : undefined}
          />
        </div>
      </div>

      {filtersOpen && !desktop ? (
        <Suspense fallback={null}>
          <Dialog open onClose={() => setFiltersOpen(false)} title="Filters">
            <FilterPanel {...panelProps} withSort={false} />
            <div className="sticky bottom-0 -mx-5 mt-2 flex gap-3 border-t border-sand-100 bg-white px-5 pt-3">
              <Button variant="outline" className="flex-1" onClick={clearAll}>
                Clear all
              </Button>
              <Button className="flex-1" onClick={() => setFiltersOpen(false)}>
                Show products
              </Button>
            </div>
          </Dialog>
        </Suspense>
      ) : null}
      {sortOpen && !desktop ? (
        <Suspense fallback={null}>
          <Dialog open onClose={() => setSortOpen(false)} title="Sort by" size="sm:max-w-sm">
            <div className="pb-1" role="radiogroup" aria-label="Sort by">
              <SortOptions
                filters={filters}
                defaultLabel={defaultSortLabel}
                onChange={(change) => {
                  update(change);
                  setSortOpen(false);
                }}
              />
            </div>
          </Dialog>
        </Suspense>
      ) : null}
    </div>
  );
}

/** The way on from a search that found nothing. */
function BrowseNewArrivals() {
  return (
    <Link to="/products/" className={buttonClass('outline')}>
      Browse new arrivals
    </Link>
  );
}
