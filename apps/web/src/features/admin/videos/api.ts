import type { AdminProductList } from '@statewise/contract/schemas/admin-catalogue';
import type { AdminVideo } from '@statewise/contract/schemas/videos';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api.ts';

/** The admin's watch-and-shop videos (server module videos, admin calls). */
export const videoAdminKeys = { list: ['admin', 'videos'] as const };

function refresh(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: videoAdminKeys.list });
  void qc.invalidateQueries({ queryKey: ['admin', 'audit'] });
  // the shop's feed and home section show the change without a reload
  void qc.invalidateQueries({ queryKey: ['videos'] });
}

/** Every video; polled every 3 s while one is still being processed, so its state follows the transcode. */
export function useAdminVideos() {
  return useQuery({
    queryKey: videoAdminKeys.list,
    queryFn: ({ signal }) => api<AdminVideo[]>('admin/videos', { signal }),
    refetchInterval: (q) => (q.state.data?.some((v) => v.state === 'queued' || v.state === 'processing') ? 3000 : false),
  });
}

export function useUploadVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiEnvelope<AdminVideo>('admin/videos', { method: 'POST', body: form }),
    onSuccess: () => refresh(qc),
  });
}

export function useEditVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; title?: string; categoryId?: string; hidden?: boolean }) => api<AdminVideo>(`admin/videos/${id}`, { method: 'PATCH', body }),
    onSuccess: () => refresh(qc),
  });
}

export function useSetVideoProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, products }: { id: string; products: { productId: string; highlightAt: number | null }[] }) =>
      api<AdminVideo>(`admin/videos/${id}/products`, { method: 'PUT', body: { products } }),
    onSuccess: () => refresh(qc),
  });
}

export function useReorderVideos() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api<AdminVideo[]>('admin/videos/order', { method: 'POST', body: { ids } }),
    onSuccess: (list) => {
      qc.setQueryData(videoAdminKeys.list, list);
      refresh(qc);
    },
  });
}

export function useDeleteVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ _id: string }>(`admin/videos/${id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(qc),
  });
}

/** The product picker's search (the catalogue console's product search, 20 a page). */
export function useProductSearch(q: string) {
  return useQuery({
    queryKey: ['admin', 'videos', 'product-search', q],
    enabled: q.trim().length >= 2,
    queryFn: ({ signal }) => api<AdminProductList>(`admin/catalogue/products?${new URLSearchParams({ q: q.trim(), page: '1' }).toString()}`, { signal }),
    staleTime: 30_000,
  });
}
