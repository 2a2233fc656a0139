import type { AdminCancelBody, AdminMoveBody, AdminOrderDetail, AdminOrderList } from '@statewise/contract/schemas/admin-orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api.ts';

/** The admin console's orders (server: modules/admin-orders): search, one order, move a part, cancel. */
export const adminOrderKeys = {
  list: (f: OrderFilters) => ['admin', 'orders', 'list', f] as const,
  one: (id: string) => ['admin', 'orders', 'one', id] as const,
};

export interface OrderFilters {
  q: string;
  /** A status, or '' for every order. */
  status: string;
  from: string;
  to: string;
  page: number;
}

export function useAdminOrders(f: OrderFilters) {
  return useQuery({
    queryKey: adminOrderKeys.list(f),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(f.page) });
      if (f.q.trim()) q.set('q', f.q.trim());
      if (f.status) q.set('status', f.status);
      if (f.from) q.set('from', f.from);
      if (f.to) q.set('to', f.to);
      return api<AdminOrderList>(`admin/orders?${q.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: adminOrderKeys.one(id),
    queryFn: ({ signal }) => api<AdminOrderDetail>(`admin/orders/${encodeURIComponent(id)}`, { signal }),
    retry: (n, err) => n < 1 && !(err && 'status' in err && (err as { status: number }).status < 500),
  });
}

/** Move a part or cancel (the order or a part): the answer is the order after the change. */
export function useAdminOrderAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: ({ action: 'move' } & AdminMoveBody) | ({ action: 'cancel' } & AdminCancelBody)) => {
      const { action, ...body } = a;
      return apiEnvelope<AdminOrderDetail>(`admin/orders/${encodeURIComponent(id)}/${action}`, { method: 'POST', body });
    },
    onSuccess: ({ data }) => {
      qc.setQueryData(adminOrderKeys.one(id), data);
      void qc.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
      // the overview's figures, the audit log and the buyer's account page read orders too
      void qc.invalidateQueries({ queryKey: ['admin', 'overview'] });
      void qc.invalidateQueries({ queryKey: ['admin', 'audit'] });
      void qc.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
}
