import type { CommissionCategory, CommissionList, EarningsMonthResult, EarningsStatement } from '@statewise/contract/schemas/earnings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob, apiEnvelope, saveBlob } from '../../../lib/api.ts';

/** Earnings (issue 10, ADR 017): GET vendor/earnings, vendor/earnings/statement, vendor/earnings/csv; the admin's rates. */
export const earningsKeys = {
  month: (month: string, page: number) => ['vendor-earnings', 'month', month, page] as const,
  year: (year: number) => ['vendor-earnings', 'year', year] as const,
  commissions: ['admin-commissions'] as const,
};

export function useMonthEarnings(month: string, page: number) {
  return useQuery({
    queryKey: earningsKeys.month(month, page),
    queryFn: ({ signal }) => api<EarningsMonthResult>(`vendor/earnings?${new URLSearchParams({ month, page: String(page) }).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useYearStatement(year: number) {
  return useQuery({
    queryKey: earningsKeys.year(year),
    queryFn: ({ signal }) => api<EarningsStatement>(`vendor/earnings/statement?year=${year}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET vendor/earnings/csv?month= → the month's statement, saved as statewise-earnings-YYYY-MM.csv. */
export async function downloadMonthCsv(month: string): Promise<void> {
  saveBlob(await apiBlob(`vendor/earnings/csv?month=${encodeURIComponent(month)}`), `statewise-earnings-${month}.csv`);
}

export function useCommissions() {
  return useQuery({ queryKey: earningsKeys.commissions, queryFn: ({ signal }) => api<CommissionList>('admin/commissions', { signal }) });
}

/** PATCH admin/commissions/{categoryId} {percent}: the category with its new rate, and the server's sentence. */
export function useSetCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, percent }: { categoryId: string; percent: string }) =>
      apiEnvelope<CommissionCategory>(`admin/commissions/${encodeURIComponent(categoryId)}`, { method: 'PATCH', body: { percent } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<CommissionList>(earningsKeys.commissions, (old) => (old ? { categories: old.categories.map((c) => (c._id === data._id ? data : c)) } : old));
    },
  });
}
