import type { Order, OrderListResult } from '@statewise/contract/schemas/orders';
import { PAGE_SIZE } from '@statewise/contract/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob, saveBlob, apiEnvelope } from '../../lib/api.ts';
import { useSession } from '../auth/session.ts';

/** The buyer's orders (shopping §7: POST order/list, GET order/{id}, POST order/invoice/{orderId}). */
export type { Order };

export interface OrderFilters {
  /** 'YYYY/MM/DD' or ''. */
  startDate: string;
  /** One of the filter statuses, or '' for all. */
  orderStatus: string;
  page: number;
}

export const orderKeys = {
  all: ['order'] as const,
  list: (userId: string | null, f: OrderFilters) => ['order', 'list', userId, f] as const,
  one: (userId: string | null, id: string) => ['order', 'one', userId, id] as const,
};

/** POST order/list {startDate, orderStatus, page, pageSize 10} → {orders, count}. */
export function useOrders(filters: OrderFilters) {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: orderKeys.list(userId, filters),
    queryFn: ({ signal }) =>
      api<OrderListResult>('order/list', {
        method: 'POST',
        body: { startDate: filters.startDate, orderStatus: filters.orderStatus, page: filters.page, pageSize: PAGE_SIZE.orders },
        signal,
      }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}

/** GET order/{id}: one of the buyer's orders (404 for anyone else's). */
export function useOrder(id: string) {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: orderKeys.one(userId, id),
    queryFn: ({ signal }) => api<Order>(`order/${encodeURIComponent(id)}`, { signal }),
    enabled: isLoggedIn && id.length > 0,
    retry: (n, err) => n < 1 && !(err && 'status' in err && (err as { status: number }).status < 500),
  });
}

/**
 * POST order/invoice/{orderId} {productId} with the bearer token → the PDF, saved by the browser as Invoice.pdf
 * (fetch → blob → object URL → a download link). Throws ApiError with the server's sentence when refused.
 */
export async function downloadInvoice(orderId: string, productId: string | null): Promise<void> {
  saveBlob(await apiBlob(`order/invoice/${encodeURIComponent(orderId)}`, { method: 'POST', body: productId ? { productId } : {} }), 'Invoice.pdf');
}

/** POST order/cancel/{id} {vendorId?, reason?}: the order after the change, with the server's sentence. */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (body: { vendorId?: string; reason?: string }) => apiEnvelope<Order>(`order/cancel/${encodeURIComponent(id)}`, { method: 'POST', body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(orderKeys.one(userId, id), data);
      void queryClient.invalidateQueries({ queryKey: ['order', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
