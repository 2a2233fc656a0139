import type { AdminCatalogueItem, AdminProductList, AdminProductRow, CatalogueKind } from '@statewise/contract/schemas/admin-catalogue';
import type { VendorCard } from '@statewise/contract/schemas/catalogue';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api.ts';

/** The catalogue screens' calls (server module admin-catalogue). */
export const catalogueAdminKeys = {
  list: (kind: CatalogueKind) => ['admin', 'catalogue', kind] as const,
  products: (f: ProductFilters) => ['admin', 'catalogue', 'products', f] as const,
};

/**
 * After a change: this kind's list, the overview and audit log, and every public catalogue answer this tab holds
 * (menus, home strips), so going back to the shop shows the change without a reload.
 */
function refresh(qc: QueryClient, kind?: CatalogueKind) {
  if (kind) void qc.invalidateQueries({ queryKey: catalogueAdminKeys.list(kind) });
  void qc.invalidateQueries({ queryKey: ['admin', 'audit'] });
  void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'admin' && q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'profile' });
}

export function useCatalogueList(kind: CatalogueKind) {
  return useQuery({ queryKey: catalogueAdminKeys.list(kind), queryFn: ({ signal }) => api<AdminCatalogueItem[]>(`admin/catalogue/${kind}`, { signal }) });
}

/** Create (no id) or edit (id): the form's text fields and any picture files chosen. */
export function useSaveCatalogueItem(kind: CatalogueKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: FormData }) =>
      apiEnvelope<AdminCatalogueItem>(id ? `admin/catalogue/${kind}/${id}` : `admin/catalogue/${kind}`, { method: id ? 'PATCH' : 'POST', body: form }),
    onSuccess: () => refresh(qc, kind),
  });
}

export function useSetHidden(kind: CatalogueKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => api<AdminCatalogueItem>(`admin/catalogue/${kind}/${id}/visibility`, { method: 'PATCH', body: { hidden } }),
    onSuccess: () => refresh(qc, kind),
  });
}

export function useReorder(kind: CatalogueKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api<AdminCatalogueItem[]>(`admin/catalogue/${kind}/order`, { method: 'POST', body: { ids } }),
    // the list as the server now orders it, at once (no flash of the old order while it refetches)
    onSuccess: (list) => {
      qc.setQueryData(catalogueAdminKeys.list(kind), list);
      refresh(qc);
    },
  });
}

export function useDeleteCatalogueItem(kind: CatalogueKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ _id: string }>(`admin/catalogue/${kind}/${id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(qc, kind),
  });
}

export interface ProductFilters {
  q: string;
  trendingOnly: boolean;
  page: number;
}

export function useTrendingProducts(f: ProductFilters) {
  return useQuery({
    queryKey: catalogueAdminKeys.products(f),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(f.page) });
      if (f.q.trim()) q.set('q', f.q.trim());
      if (f.trendingOnly) q.set('trending', 'true');
      return api<AdminProductList>(`admin/catalogue/products?${q.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useSetTrending() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, trending }: { id: string; trending: boolean }) => api<AdminProductRow>(`admin/catalogue/products/${id}/trending`, { method: 'PATCH', body: { trending } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'catalogue', 'products'] });
      refresh(qc);
    },
  });
}

export const VENDOR_PICKER_PAGE_SIZE = 10;

export interface VendorChoice {
  /** The vendor's user id (what the vendor section stores). */
  id: string;
  name: string;
  slug: string;
  place: string;
  image: string;
}

/**
 * The approved vendors whose store or seller name has the words typed, by name, 10 a page: the public directory's
 * search (POST admin/vendors), so a vendor past the first hundred is one search away.
 */
export function useVendorSearch(search: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'catalogue', 'vendor-search', search, page],
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const body = { page, pageSize: VENDOR_PICKER_PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}) };
      const list = await api<{ vendors: VendorCard[]; total: number }>('admin/vendors', { method: 'POST', body, signal });
      return {
        total: list.total,
        vendors: list.vendors.map(
          (v): VendorChoice => ({ id: v.vendorId._id, name: v.vendorInfo.brandName || v.vendorInfo.sellerName, slug: v.vendorInfo.vendorSlug, place: v.place, image: v.image }),
        ),
      };
    },
  });
}

// ---------- festive offer products ----------

export const festiveKeys = {
  products: (offerId: string, page: number) => ['admin', 'catalogue', 'festive-products', offerId, page] as const,
  search: (q: string, page: number) => ['admin', 'catalogue', 'products', 'search', q, page] as const,
};

/** The products in a festive offer, by name, 20 a page. */
export function useFestiveOfferProducts(offerId: string, page: number) {
  return useQuery({
    queryKey: festiveKeys.products(offerId, page),
    queryFn: ({ signal }) => api<AdminProductList>(`admin/catalogue/festiveOffers/${offerId}/products?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Products whose name or vendor has the words typed (nothing asked until something is typed). */
export function useProductSearch(q: string, page: number) {
  return useQuery({
    queryKey: festiveKeys.search(q, page),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api<AdminProductList>(`admin/catalogue/products?${new URLSearchParams({ q: q.trim(), page: String(page) }).toString()}`, { signal }),
  });
}

/** Puts a product in the offer (add) or takes it out; refreshes the offer's list and its products count. */
export function useSetFestiveOfferProduct(offerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, add }: { productId: string; add: boolean }) =>
      add
        ? api<AdminProductRow>(`admin/catalogue/festiveOffers/${offerId}/products`, { method: 'POST', body: { productId } })
        : api<AdminProductRow>(`admin/catalogue/festiveOffers/${offerId}/products/${productId}`, { method: 'DELETE' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'catalogue', 'festive-products', offerId] });
      refresh(qc, 'festiveOffers');
    },
  });
}
