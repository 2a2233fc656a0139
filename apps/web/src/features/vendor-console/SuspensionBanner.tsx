import type { VendorSuspension } from '@statewise/contract/schemas/moderation';
import { formatDate } from '@statewise/contract/format';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * Said at the top of every console screen while an admin has suspended the store (ADR 025): why, since when, and
 * what still works — the vendor signs in and serves the orders already placed.
 */
export function SuspensionBanner() {
  const q = useQuery({ queryKey: ['vendor', 'suspension'], queryFn: ({ signal }) => api<VendorSuspension>('vendor/suspension', { signal }), staleTime: 60_000 });
  if (!q.data?.suspended) return null;
  return (
    <div role="status" className="mt-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">Your store is suspended{q.data.suspendedAt ? ` since ${formatDate(q.data.suspendedAt)}` : ''}.</p>
      {q.data.reason ? <p className="mt-1">Reason: {q.data.reason}</p> : null}
      <p className="mt-1 text-red-800">
        Shoppers cannot see or buy your products until an admin restores the store. Orders already placed still need you: keep shipping them. To ask about it, write
        to us through Contact Us.
      </p>
    </div>
  );
}
