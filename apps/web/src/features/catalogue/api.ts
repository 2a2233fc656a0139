import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Banner,
  Category,
  CrazyDeal,
  FestiveOffer,
  ProductCard,
  ProductListBody,
  ProductListResult,
  State,
  Style,
  Subcategory,
  SubcategoryCard,
  Suggestion,
  VendorCard,
} from '@statewise/contract/schemas/catalogue';
import { api } from '../../lib/api.ts';

/**
 * TanStack Query hooks for the catalogue calls of shopping spec §7 (types only from the contract, so zod stays
 * out of the browser bundle). Reference lists (categories, styles, states) change rarely: they stay fresh for
 * ten minutes and are shared by the header, home, shop-by and listing screens.
 */
const REFERENCE_STALE_MS = 10 * 60_000;

const post = <T>(path: string, body: Record<string, unknown> = {}) => (ctx: { signal: AbortSignal }) => api<T>(path, { method: 'POST', body, signal: ctx.signal });
const get = <T>(path: string) => (ctx: { signal: AbortSignal }) => api<T>(path, { signal: ctx.signal });

export const catalogueKeys = {
  categories: ['category', 'list'] as const,
  styles: ['style', 'list'] as const,
  states: ['state', 'list'] as const,
  festiveOffers: ['festiveOffer', 'list', 'active'] as const,
  banners: ['banner', 'list'] as const,
  subcategoryCards: ['subcategory-cards'] as const,
  vendorSection: ['vendor-section'] as const,
  crazyDeals: ['crazydeals'] as const,
  topSelling: ['product', 'topSelling'] as const,
  trending: ['product', 'trendingProducts'] as const,
  productList: (body: ProductListBody) => ['product', 'list', body] as const,
  suggestions: (search: string) => ['product', 'search-sugggestion', search] as const,
};

/** `enabled` lets the home page stagger its loads (HOME_STAGGER_MS) and the header fetch on demand. */
export const useCategories = (enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.categories,
    queryFn: post<Category[]>('category/list'),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
/** GET subcategory/category-by-id/{categoryId}: one category's subcategories (hidden categories too), once one is chosen. */
export const useSubcategoriesOf = (categoryId: string | null) =>
  useQuery({
    queryKey: ['subcategory', 'category-by-id', categoryId] as const,
    queryFn: get<Subcategory[]>(`subcategory/category-by-id/${encodeURIComponent(categoryId ?? '')}`),
    staleTime: REFERENCE_STALE_MS,
    enabled: !!categoryId,
  });
export const useStyles = (enabled = true) =>
  useQuery({ queryKey: catalogueKeys.styles, queryFn: post<Style[]>('style/list'), staleTime: REFERENCE_STALE_MS, enabled });
export const useStates = (enabled = true) =>
  useQuery({ queryKey: catalogueKeys.states, queryFn: post<State[]>('state/list'), staleTime: REFERENCE_STALE_MS, enabled });
export const useFestiveOffers = (enabled = true) =>
  useQuery({ queryKey: catalogueKeys.festiveOffers, queryFn: post<FestiveOffer[]>('festiveOffer/list', { status: 'active' }), staleTime: REFERENCE_STALE_MS, enabled });

export const useBanners = (enabled = true) =>
  useQuery({ queryKey: catalogueKeys.banners, queryFn: post<Banner[]>('banner/list'), enabled });
export const useSubcategoryCards = (enabled = true) =>
  useQuery({ queryKey: catalogueKeys.subcategoryCards, queryFn: get<SubcategoryCard[]>('subcategory-cards'), enabled });
export const useVendorSection = (enabled = true) => useQuery({ queryKey: catalogueKeys.vendorSection, queryFn: get<VendorCard[]>('vendor-section'), enabled });
export const useCrazyDeals = (enabled = true) => useQuery({ queryKey: catalogueKeys.crazyDeals, queryFn: get<CrazyDeal[]>('crazydeals'), enabled });
/** The home page's strips: the first dozen; the full collections page through product/list. */
const STRIP = 12;
export const useTopSelling = (enabled = true) => useQuery({ queryKey: catalogueKeys.topSelling, queryFn: get<ProductCard[]>(`product/topSelling?limit=${STRIP}`), enabled });
export const useTrending = (enabled = true) => useQuery({ queryKey: catalogueKeys.trending, queryFn: get<ProductCard[]>(`product/trendingProducts?limit=${STRIP}`), enabled });

/** One page of POST product/list; the previous page stays on screen while the next loads. */
export const useProductList = (body: ProductListBody, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.productList(body),
    queryFn: post<ProductListResult>('product/list', body as Record<string, unknown>),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST product/search-sugggestion (the spec's spelling): at most 10 products by name. */
export const useSuggestions = (search: string) =>
  useQuery({
    queryKey: catalogueKeys.suggestions(search),
    queryFn: post<Suggestion[]>('product/search-sugggestion', { search }),
    enabled: search.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
