import type {
  CommunityComment,
  CommunityCommentPage,
  CommunityFeed,
  CommunityLikeResult,
  CommunityMembers,
  CommunityPost,
  CommunityProductHit,
  CommunityReply,
  CommunityReplyPage,
  CommunityVendorHit,
} from '@statewise/contract/community';
import { PAGE_SIZE } from '@statewise/contract/constants';
import type { Banner } from '@statewise/contract/schemas/catalogue';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';
import { useSession } from '../auth/session.ts';

/**
 * TanStack Query hooks for the community calls of accounts §7 Community (types only from the contract, so zod stays
 * out of the browser bundle). The feed is one infinite query per signed-in person (or guest); likes, pins and
 * deletes write their answer into every cached page, comments and replies are their own lists per post.
 */
export type { CommunityComment, CommunityPost, CommunityProductHit, CommunityReply, CommunityVendorHit };

export const communityKeys = {
  all: ['community'] as const,
  feeds: ['community', 'feed'] as const,
  feed: (who: string) => ['community', 'feed', who] as const,
  post: (id: string) => ['community', 'post', id] as const,
  comments: (postId: string) => ['community', 'comments', postId] as const,
  replies: (postId: string, commentId: string, parentId: string | null) => ['community', 'replies', postId, commentId, parentId] as const,
  members: ['community', 'members'] as const,
  trending: ['community', 'trending'] as const,
  banners: ['communityBanner', 'list'] as const,
  products: (userId: string | null, search: string) => ['community', 'products', userId, search] as const,
  vendors: (search: string) => ['community', 'vendors', search] as const,
};

interface FeedPageParam {
  page: number;
  cursor: string | null;
}

/**
 * POST community/allFeeds (signed in) or community/allFeedsWithoutLogin (guest), 10 a page, pinned first (accounts
 * §4.10). Pages follow the server's cursor; the feed stops at an empty page (or when the server says there is no more).
 * A 401 clears auth in lib/api.ts; the key then changes to the guest's and the feed reloads as a guest.
 */
export function useFeed() {
  const { isLoggedIn, userId } = useSession();
  const who = isLoggedIn ? (userId ?? 'me') : 'guest';
  return useInfiniteQuery({
    queryKey: communityKeys.feed(who),
    queryFn: ({ pageParam, signal }) =>
      api<CommunityFeed>(isLoggedIn ? 'community/allFeeds' : 'community/allFeedsWithoutLogin', {
        method: 'POST',
        body: { page: pageParam.page, pageSize: PAGE_SIZE.communityFeed, ...(pageParam.cursor ? { cursor: pageParam.cursor } : {}), ...(userId && isLoggedIn ? { userId } : {}) },
        signal,
      }),
    initialPageParam: { page: 1, cursor: null } as FeedPageParam,
    getNextPageParam: nextFeedPage,
  });
}

/** The page after `last`, or undefined when the feed has ended: an empty page, or the server's last page. */
export function nextFeedPage(last: CommunityFeed): FeedPageParam | undefined {
  if (last.posts.length === 0 || last.hasMore === false) return undefined;
  return { page: last.page + 1, cursor: last.nextCursor };
}

/** GET community/members: the title's members count. */
export const useMembers = () =>
  useQuery({ queryKey: communityKeys.members, queryFn: ({ signal }) => api<CommunityMembers>('community/members', { signal }), staleTime: 10 * 60_000, retry: false });

/** The trending list (desktop): POST community/trending. Failures are logged only (accounts §8). */
export const useTrendingPosts = (enabled: boolean) =>
  useQuery({
    queryKey: communityKeys.trending,
    queryFn: ({ signal }) => api<CommunityPost[]>('community/trending', { method: 'POST', body: {}, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

/** POST communityBanner/list: the community's banners (the catalogue's banners call, community placement). */
export const useCommunityBanners = () =>
  useQuery({ queryKey: communityKeys.banners, queryFn: ({ signal }) => api<Banner[]>('communityBanner/list', { method: 'POST', body: {}, signal }), staleTime: 10 * 60_000 });

/** GET community/postDetails/{id}: data is a list whose first item is the post (the spec's data.data[0]). */
export function usePostDetails(id: string) {
  const { userId } = useSession();
  return useQuery({
    queryKey: [...communityKeys.post(id), userId],
    queryFn: async ({ signal }) => {
      const list = await api<CommunityPost[]>(`community/postDetails/${encodeURIComponent(id)}`, { signal });
      const post = list[0];
      if (!post) throw new Error('Post not found');
      return post;
    },
    enabled: id.length > 0,
    retry: false,
  });
}

type FeedData = InfiniteData<CommunityFeed, FeedPageParam>;

/** Applies `change` to the post wherever the feed caches it (every person's feed, the preview, the post page). */
function updatePost(client: QueryClient, id: string, change: (p: CommunityPost) => CommunityPost | null) {
  client.setQueriesData<FeedData>({ queryKey: communityKeys.feeds }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.flatMap((p) => {
              if (p._id !== id) return [p];
              const next = change(p);
              return next ? [next] : [];
            }),
          })),
        }
      : data,
  );
  client.setQueriesData<CommunityPost>({ queryKey: communityKeys.post(id) }, (p) => (p ? (change(p) ?? p) : p));
  client.setQueryData<CommunityPost[]>(communityKeys.trending, (list) => list?.flatMap((p) => (p._id === id ? (change(p) ? [change(p)!] : []) : [p])));
}

/** POST community/post/like/{id} or dislike/{id}; the answer's count and isLiked go into the cached post (§4.10). */
export function useLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: { id: string; like: boolean }) =>
      api<CommunityLikeResult>(`community/post/${like ? 'like' : 'dislike'}/${encodeURIComponent(id)}`, { method: 'POST', body: {} }),
    onSuccess: (res) => updatePost(client, res._id, (p) => ({ ...p, isLiked: res.isLiked, NumberOfLikes: res.NumberOfLikes })),
  });
}

/** POST community/pinPost/{id} or unpinPost/{id} (admin): the feed reloads, as pinned posts come first. */
export function usePin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pin }: { id: string; pin: boolean }) => apiEnvelope<{ _id: string; pinned: boolean }>(`community/${pin ? 'pinPost' : 'unpinPost'}/${encodeURIComponent(id)}`, { method: 'POST', body: {} }),
    onSuccess: ({ data }) => {
      updatePost(client, data._id, (p) => ({ ...p, pinned: data.pinned }));
      return client.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}

/** PATCH community/post/delete/{id}: the post leaves every list. */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiEnvelope<{ _id: string }>(`community/post/delete/${encodeURIComponent(id)}`, { method: 'PATCH', body: {} }),
    onSuccess: (_res, id) => {
      updatePost(client, id, () => null);
      void client.invalidateQueries({ queryKey: ['community', 'preview'] });
      void client.invalidateQueries({ queryKey: communityKeys.trending });
    },
  });
}

/** POST community/{postId}/reports {reason, postId[, commentId, nestedCommentId]}: 201 Post Reported Successfully. */
export function useReport() {
  return useMutation({
    mutationFn: ({ postId, ...body }: { postId: string; reason: string; commentId?: string; nestedCommentId?: string }) =>
      apiEnvelope<{ _id: string; hidden: boolean }>(`community/${encodeURIComponent(postId)}/reports`, { method: 'POST', body: { ...body, postId } }),
  });
}

/* ------------------------------------------------------------------ comments and replies */

/** POST community/post/comments/all/{postId} {pageSize 20, page}: pages while a page comes back full (§4.10). */
export function useComments(postId: string, enabled: boolean) {
  const { userId } = useSession();
  return useInfiniteQuery({
    queryKey: [...communityKeys.comments(postId), userId],
    queryFn: ({ pageParam, signal }) =>
      api<CommunityCommentPage>(`community/post/comments/all/${encodeURIComponent(postId)}`, { method: 'POST', body: { pageSize: PAGE_SIZE.comments, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.comments.length === PAGE_SIZE.comments && last.page * PAGE_SIZE.comments < last.total ? last.page + 1 : undefined),
    enabled,
  });
}

/** POST community/post/nestedComment/all/{postId} {commentId[, parentId], pageSize 20, page}: a comment's replies, or a reply's. */
export function useReplies(postId: string, commentId: string, parentId: string | null, enabled: boolean) {
  const { userId } = useSession();
  return useInfiniteQuery({
    queryKey: [...communityKeys.replies(postId, commentId, parentId), userId],
    queryFn: ({ pageParam, signal }) =>
      api<CommunityReplyPage>(`community/post/nestedComment/all/${encodeURIComponent(postId)}`, {
        method: 'POST',
        body: { commentId, ...(parentId ? { parentId } : {}), pageSize: PAGE_SIZE.comments, page: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * PAGE_SIZE.comments < last.total ? last.page + 1 : undefined),
    enabled,
  });
}

/** What a comment composer sends, by its mode (accounts §4.10: new comment, reply, edit comment, edit reply). */
export type CommentWrite =
  | { mode: 'comment'; comment: string; productId: string[]; offerProductId?: string; offerTempProductId?: string }
  | { mode: 'reply'; comment: string; commentId: string; parentId?: string }
  | { mode: 'edit-comment'; comment: string; commentId: string; productId: string[]; offerProductId?: string | null; offerTempProductId?: string | null }
  | { mode: 'edit-reply'; comment: string; commentId: string; nestedCommentId: string };

/** The four composer writes, then the post's comments (and its count on the card) reload. */
export function useWriteComment(postId: string) {
  const client = useQueryClient();
  const p = encodeURIComponent(postId);
  return useMutation({
    mutationFn: (w: CommentWrite): Promise<{ data: CommunityComment | CommunityReply; message?: string }> => {
      switch (w.mode) {
        case 'comment':
          return apiEnvelope<CommunityComment>(`community/post/comments/${p}`, {
            method: 'POST',
            body: {
              comment: w.comment,
              postID: postId,
              productId: w.productId,
              ...(w.offerProductId ? { offerProductId: w.offerProductId } : {}),
              ...(w.offerTempProductId ? { offerTempProductId: w.offerTempProductId } : {}),
            },
          });
        case 'edit-comment':
          return apiEnvelope<CommunityComment>(`community/post/comments/${p}`, {
            method: 'PATCH',
            body: {
              comment: w.comment,
              commentId: w.commentId,
              productId: w.productId,
              ...(w.offerProductId !== undefined ? { offerProductId: w.offerProductId } : {}),
              ...(w.offerTempProductId !== undefined ? { offerTempProductId: w.offerTempProductId } : {}),
            },
          });
        case 'reply':
          return apiEnvelope<CommunityReply>(`community/post/nestedComment/${p}`, {
            method: 'POST',
            body: { comment: w.comment, commentId: w.commentId, postId, ...(w.parentId ? { parentId: w.parentId } : {}) },
          });
        case 'edit-reply':
          return apiEnvelope<CommunityReply>(`community/post/editNestedComment/${p}`, {
            method: 'PATCH',
            body: { comment: w.comment, commentId: w.commentId, nestedCommentId: w.nestedCommentId },
          });
      }
    },
    onSuccess: (_res, w) => {
      if (w.mode === 'comment') updatePost(client, postId, (post) => ({ ...post, commentsCount: post.commentsCount + 1 }));
      return refreshComments(client, postId);
    },
  });
}

function refreshComments(client: QueryClient, postId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: communityKeys.comments(postId) }),
    client.invalidateQueries({ queryKey: ['community', 'replies', postId] }),
  ]);
}

/** PATCH .../deleteComment/{postId} {commentId} or .../deleteNestedComment/{postId} {commentId, nestedCommentId}. */
export function useDeleteComment(postId: string) {
  const client = useQueryClient();
  const p = encodeURIComponent(postId);
  return useMutation({
    mutationFn: (d: { commentId: string; nestedCommentId?: string }) =>
      d.nestedCommentId
        ? apiEnvelope<{ _id: string }>(`community/post/deleteNestedComment/${p}`, { method: 'PATCH', body: { commentId: d.commentId, nestedCommentId: d.nestedCommentId } })
        : apiEnvelope<{ _id: string }>(`community/post/deleteComment/${p}`, { method: 'PATCH', body: { commentId: d.commentId } }),
    onSuccess: (_res, d) => {
      if (!d.nestedCommentId) updatePost(client, postId, (post) => ({ ...post, commentsCount: Math.max(0, post.commentsCount - 1) }));
      return refreshComments(client, postId);
    },
  });
}

/* ------------------------------------------------------------------ tagging and posting */

/** POST community/products/search {userId?, search}: a vendor's own products (an admin names the vendor). */
export function useProductSearch(search: string, userId: string | null) {
  const term = search.trim();
  return useQuery<CommunityProductHit[]>({
    queryKey: communityKeys.products(userId, term),
    queryFn: ({ signal }) =>
      api<{ products: CommunityProductHit[] }>('community/products/search', { method: 'POST', body: { search: term, ...(userId ? { userId } : {}) }, signal }).then((d) => d.products),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** POST community/vendors/search {search, userType all} (admin): the vendors to post for; the spec reads data[0].data. */
export function useVendorSearch(search: string, enabled: boolean) {
  return useQuery<CommunityVendorHit[]>({
    queryKey: communityKeys.vendors(search.trim()),
    queryFn: ({ signal }) =>
      api<Array<{ data: CommunityVendorHit[] }>>('community/vendors/search', { method: 'POST', body: { search: search.trim(), userType: 'all' }, signal }).then((d) => d[0]?.data ?? []),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The multipart creations and edits (accounts §7): one call each, by path; the feeds reload after. */
export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, method, form }: { path: string; method: 'POST' | 'PATCH'; form: FormData }) => apiEnvelope<CommunityPost>(path, { method, body: form }),
    onSuccess: () => client.invalidateQueries({ queryKey: communityKeys.all }),
  });
}
