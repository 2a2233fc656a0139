import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorStore } from '@statewise/contract/schemas/vendor-store';
import { api, apiEnvelope } from '../../../lib/api.ts';

/** The vendor console's store settings (GET/PATCH /api/vendor/store). */

const key = ['vendor', 'store', 'own'] as const;

export function useMyStore() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api<VendorStore>('vendor/store', { signal }) });
}

/** PATCH the multipart form; the shop's store page and product pages (size chart, policy) are stale after it. */
export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiEnvelope<VendorStore>('vendor/store', { method: 'PATCH', body: form }),
    onSuccess: (res) => {
      queryClient.setQueryData(key, res.data);
      void queryClient.invalidateQueries({ queryKey: ['vendor', 'slug'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'vendors'] });
    },
  });
}
