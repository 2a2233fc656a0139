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

/** The approved vendors (the public directory, first 100 by name) as [user id, store name] for the featured-vendor form. */
export function useVendorChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'catalogue', 'vendor-choices'],
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const list = await api<{ vendors: VendorCard[] }>('admin/vendors', { method: 'POST', body: { page: 1, pageSize: 100 }, signal });
      return list.vendors.map((v) => [v.vendorId._id, v.vendorInfo.brandName || v.vendorInfo.sellerName] as const);
    },
  });
}
