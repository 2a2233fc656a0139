import type { Review, ReviewCounts, ReviewList, ReviewTarget } from '@statewise/contract/schemas/reviews';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';
import { useSession } from '../auth/session.ts';

/** Reviews (shopping §7 Reviews) and the two reads of the write and update pages. */
export type { Review, ReviewCounts, ReviewList, ReviewTarget };

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (productId: string) => ['reviews', productId] as const,
  counts: (productId: string) => ['reviews', 'reviewsCount', productId] as const,
  mine: (userId: string | null, productId: string) => ['reviews', 'mine', userId, productId] as const,
  one: (userId: string | null, id: string) => ['reviews', 'review', userId, id] as const,
};

/** GET reviews/reviewsCount/{productId}: reviews per star, their total and average. */
export const useReviewCounts = (productId: string) =>
  useQuery({
    queryKey: reviewKeys.counts(productId),
    queryFn: ({ signal }) => api<ReviewCounts>(`reviews/reviewsCount/${productId}`, { signal }),
  });

/** GET reviews/{productId}, newest first, a page (10) at a time. */
export const useReviews = (productId: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: reviewKeys.list(productId),
    queryFn: ({ signal, pageParam }) => api<ReviewList>(`reviews/${productId}?page=${pageParam}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled,
  });

/** GET reviews/mine/{productId}: the product and the signed-in person's review of it (null when none). */
export function useMyReview(productId: string, enabled = true) {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: reviewKeys.mine(userId, productId),
    queryFn: ({ signal }) => api<ReviewTarget>(`reviews/mine/${productId}`, { signal }),
    enabled: enabled && isLoggedIn,
  });
}

/** GET reviews/review/{id}: one of the signed-in person's reviews with its product. */
export function useOwnReview(id: string) {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: reviewKeys.one(userId, id),
    queryFn: ({ signal }) => api<ReviewTarget>(`reviews/review/${encodeURIComponent(id)}`, { signal }),
    enabled: isLoggedIn && id.length > 0,
    retry: false,
  });
}

/** After a write: the product's reviews, counts and the rating on its page (product detail) are stale. */
function refreshAfterWrite(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['product', 'detail'] }),
  ]);
}

export interface ReviewInput {
  productId: string;
  rating: number;
  review: string;
}

/** POST reviews (a new review) or PATCH reviews (the caller's review, named by `_id`). */
export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewInput & { id?: string }) =>
      id
        ? apiEnvelope<Review>('reviews', { method: 'PATCH', body: { _id: id, ...body } })
        : apiEnvelope<Review>('reviews', { method: 'POST', body: { ...body } }),
    onSuccess: () => refreshAfterWrite(queryClient),
  });
}

/** DELETE reviews/{id}; the reviews refresh after it (spec §7). */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiEnvelope<null>(`reviews/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => refreshAfterWrite(queryClient),
  });
}

/** POST reviews/{id}/report: the product's vendor reports a review to the admins (ADR 025); once per review. */
export function useReportReview() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => apiEnvelope<{ _id: string }>(`reviews/${encodeURIComponent(id)}/report`, { method: 'POST', body: { reason } }),
  });
}
