import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorImportReport, VendorProduct, VendorProductList, VendorStockBody } from '@statewise/contract/schemas/vendor-products';
import { api, apiBlob, apiEnvelope, saveBlob } from '../../../lib/api.ts';

/** The vendor console's product calls (GET/POST/PATCH/DELETE /api/vendor/my-products…). */

export interface ProductFilters {
  search: string;
  status: 'all' | 'published' | 'unpublished';
  stock: '' | 'low' | 'out';
  /** '' for every category. */
  categoryId: string;
  page: number;
}

const root = ['vendor', 'my-products'] as const;

export function useMyProducts(f: ProductFilters) {
  const params = new URLSearchParams({ status: f.status, page: String(f.page) });
  if (f.search) params.set('search', f.search);
  if (f.stock) params.set('stock', f.stock);
  if (f.categoryId) params.set('categoryId', f.categoryId);
  return useQuery({
    queryKey: [...root, 'list', f],
    queryFn: () => api<VendorProductList>(`vendor/my-products?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useMyProduct(id: string | undefined) {
  return useQuery({ queryKey: [...root, 'one', id], enabled: Boolean(id), queryFn: () => api<VendorProduct>(`vendor/my-products/${id}`) });
}

/** After any write the console's lists, and the shop's cached catalogue, are stale. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: root });
    void queryClient.invalidateQueries({ queryKey: ['product'] });
  };
}

/** POST (new) or PATCH (edit) the multipart form. */
export function useSaveProduct(id: string | undefined) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (form: FormData) => apiEnvelope<VendorProduct>(id ? `vendor/my-products/${id}` : 'vendor/my-products', { method: id ? 'PATCH' : 'POST', body: form }),
    onSuccess: refresh,
  });
}

export function useSetStock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VendorStockBody }) => apiEnvelope<VendorProduct>(`vendor/my-products/${id}/stock`, { method: 'PATCH', body: { ...body } }),
    onSuccess: refresh,
  });
}

export function usePublish() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, publish }: { id: string; publish: boolean }) => apiEnvelope<VendorProduct>(`vendor/my-products/${id}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

export function useDeleteProduct() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiEnvelope<{ _id: string }>(`vendor/my-products/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** Downloads the import template (a signed-in call, so fetched and saved rather than linked). */
export async function downloadImportTemplate(): Promise<void> {
  saveBlob(await apiBlob('vendor/my-products/import/template'), 'statewise-products-template.csv');
}

/** POST the CSV: a dry run checks only; otherwise every row is written or none (422 carries the report). */
export function useImportProducts() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return apiEnvelope<VendorImportReport>(`vendor/my-products/import${dryRun ? '?dryRun=1' : ''}`, { method: 'POST', body: form });
    },
    onSuccess: (_res, vars) => {
      if (!vars.dryRun) refresh();
    },
  });
}
