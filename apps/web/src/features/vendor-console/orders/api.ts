import type { VendorDashboard, VendorOrderDetail, VendorOrderList } from '@statewise/contract/schemas/vendor-orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob, saveBlob, apiEnvelope } from '../../../lib/api.ts';

/** The vendor console's orders and dashboard (issue 10: GET vendor/orders, vendor/orders/{id}, vendor/dashboard and the moves). */
export const vendorOrderKeys = {
  all: ['vendor-orders'] as const,
  list: (f: VendorOrderFilters) => ['vendor-orders', 'list', f] as const,
  one: (id: string) => ['vendor-orders', 'one', id] as const,
  dashboard: ['vendor-orders', 'dashboard'] as const,
};

export interface VendorOrderFilters {
  /** A part status, or '' for all. */
  status: string;
  search: string;
  page: number;
}

export function useVendorOrders(f: VendorOrderFilters) {
  return useQuery({
    queryKey: vendorOrderKeys.list(f),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(f.page) });
      if (f.status) q.set('status', f.status);
      if (f.search.trim()) q.set('search', f.search.trim());
      return api<VendorOrderList>(`vendor/orders?${q.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useVendorOrder(id: string) {
  return useQuery({
    queryKey: vendorOrderKeys.one(id),
    queryFn: ({ signal }) => api<VendorOrderDetail>(`vendor/orders/${encodeURIComponent(id)}`, { signal }),
    retry: (n, err) => n < 1 && !(err && 'status' in err && (err as { status: number }).status < 500),
  });
}

export function useVendorDashboard() {
  return useQuery({ queryKey: vendorOrderKeys.dashboard, queryFn: ({ signal }) => api<VendorDashboard>('vendor/dashboard', { signal }) });
}

export type VendorAction =
  | { action: 'confirm' }
  | { action: 'ship'; courierPartner: string; awsNumber: string }
  | { action: 'deliver' }
  | { action: 'cancel'; reason: string };

/** POST vendor/orders/{id}/{confirm|ship|deliver|cancel}: the part after the move, with the server's sentence. */
export function useVendorOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: VendorAction) => apiEnvelope<VendorOrderDetail>(`vendor/orders/${encodeURIComponent(id)}/${action}`, { method: 'POST', body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(vendorOrderKeys.one(id), data);
      void queryClient.invalidateQueries({ queryKey: ['vendor-orders', 'list'] });
      void queryClient.invalidateQueries({ queryKey: vendorOrderKeys.dashboard });
    },
  });
}

/** GET vendor/orders/{id}/invoice → the PDF of the vendor's part, saved as Invoice.pdf. */
export async function downloadVendorInvoice(orderId: string): Promise<void> {
  saveBlob(await apiBlob(`vendor/orders/${encodeURIComponent(orderId)}/invoice`), 'Invoice.pdf');
}
