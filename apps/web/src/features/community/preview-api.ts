import type { CommunityFeed } from '@statewise/contract/community';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * The newest few posts for the home page's community section (guest feed, no auth needed). Apart from api.ts so the
 * home section's chunk carries only this query, not the feed's mutations.
 */
export const useFeedPreview = (size: number) =>
  useQuery({
    queryKey: ['community', 'preview', size] as const,
    queryFn: ({ signal }) => api<CommunityFeed>('community/allFeedsWithoutLogin', { method: 'POST', body: { page: 1, pageSize: size }, signal }),
    staleTime: 60_000,
  });
