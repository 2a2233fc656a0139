import type { AdminStore, AdminStoreList } from '@statewise/contract/schemas/moderation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api.ts';

/** The admin's Vendors screen (ADR 025): stores to search, suspend with a reason and restore. */
export interface StoreFilters {
  q: string;
  state: '' | 'live' | 'suspended';
  page: number;
}

export const storeKeys = {
  all: ['admin', 'stores'] as const,
  list: (f: StoreFilters) => ['admin', 'stores', f] as const,
};

export function useAdminStores(f: StoreFilters) {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.state) params.set('state', f.state);
  if (f.page > 1) params.set('page', String(f.page));
  const qs = params.toString();
  return useQuery({
    queryKey: storeKeys.list(f),
    queryFn: ({ signal }) => api<AdminStoreList>(`admin/stores${qs ? `?${qs}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Suspends (with a reason) or restores a store; the list, the overview and the audit log refresh. */
export function useStoreAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: string; suspend: true; reason: string } | { id: string; suspend: false }) =>
      apiEnvelope<AdminStore>(`admin/stores/${a.id}/${a.suspend ? 'suspend' : 'restore'}`, { method: 'POST', ...(a.suspend ? { body: { reason: a.reason } } : {}) }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: storeKeys.all });
      void qc.invalidateQueries({ queryKey: ['admin', 'overview'] });
      void qc.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
