import type { ModerationDecisionBody, ModerationInbox } from '@statewise/contract/schemas/moderation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api.ts';

/** The moderation inbox (ADR 025): items of every kind waiting for a decision. */
export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  list: (kind: string, page: number) => ['admin', 'moderation', kind, page] as const,
};

export function useModerationInbox(kind: string, page: number) {
  const params = new URLSearchParams();
  if (kind) params.set('kind', kind);
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return useQuery({
    queryKey: moderationKeys.list(kind, page),
    queryFn: ({ signal }) => api<ModerationInbox>(`admin/moderation${qs ? `?${qs}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Decides one item; the inbox, the screen of its kind, the overview and the audit log refresh. */
export function useModerationDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, ...body }: ModerationDecisionBody & { kind: string; id: string }) =>
      apiEnvelope<null>(`admin/moderation/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`, { method: 'POST', body }),
    // every admin screen may show the item (applications, questions, FAQ, overview, audit log): refresh them all
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** How long an item has waited: "just now", "25 min", "3 h", "4 days". */
export function waitedFor(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}
