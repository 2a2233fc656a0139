import { PAGE_SIZE } from '@statewise/contract/constants';
import type { ShopVideo, VideoList, VideoProduct } from '@statewise/contract/schemas/videos';
import type { ProductDetail } from '@statewise/contract/schemas/catalogue';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/*
 * The watch-and-shop calls (shopping §7): POST video/list (10 a page, 1 on home; the selected video first) and GET
 * video/trendingVideos, and the feed's two counters (ADR 030).
 */
export const videoKeys = {
  all: ['videos'] as const,
  feed: (categoryId: string | null, videoId: string | null) => ['videos', 'feed', categoryId, videoId] as const,
  home: ['videos', 'home'] as const,
  trending: ['videos', 'trending'] as const,
};

const list = (body: Record<string, unknown>, signal: AbortSignal) => api<VideoList>('video/list', { method: 'POST', body, signal });

/** The feed, page by page; `videoId` (the one chosen elsewhere) comes first. */
export function useVideoFeed(categoryId: string | null, videoId: string | null) {
  return useInfiniteQuery({
    queryKey: videoKeys.feed(categoryId, videoId),
    queryFn: ({ pageParam, signal }) =>
      list({ page: pageParam, pageSize: PAGE_SIZE.videoFeed, ...(categoryId ? { categoryId } : {}), ...(videoId ? { videoId } : {}) }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE.videoFeed < last.total ? pages.length + 1 : undefined),
    staleTime: 60_000,
  });
}

/** The home page's one video. */
export const useHomeVideo = (enabled: boolean) =>
  useQuery({ queryKey: videoKeys.home, queryFn: ({ signal }) => list({ page: 1, pageSize: 1 }, signal), enabled, staleTime: 60_000 });

/** The most watched videos; the desktop side list shows their first three products. */
export const useTrendingVideos = (enabled: boolean) =>
  useQuery({ queryKey: videoKeys.trending, queryFn: ({ signal }) => api<ShopVideo[]>('video/trendingVideos', { signal }), enabled, staleTime: 60_000 });

/** Counters are best effort: a failure is not the shopper's concern. */
export const countView = (videoId: string) => void api(`video/${videoId}/view`, { method: 'POST' }).catch(() => undefined);
export const countCartAdd = (videoId: string) => void api(`video/${videoId}/cart-add`, { method: 'POST' }).catch(() => undefined);

/** A mapped product as the cart and buy-now take it (the feed does not carry descriptions or meta tags). */
export function asProductDetail(p: VideoProduct): ProductDetail {
  const { highlightMs: _h, ...rest } = p;
  return { ...rest, description: '', metaDescription: '', metaKeyword: [], salesCount: 0 };
}

/** Names in the feed are cut at 20 characters (shopping §2). */
export function shortName(name: string, max = 20): string {
  return name.length > max ? `${name.slice(0, max).trimEnd()}…` : name;
}

/** The product whose highlight time was passed last at `ms` into the video, or -1 before any. */
export function highlightedIndex(products: readonly Pick<VideoProduct, 'highlightMs'>[], ms: number): number {
  let best = -1;
  let bestAt = -1;
  products.forEach((p, i) => {
    if (p.highlightMs !== null && p.highlightMs <= ms && p.highlightMs >= bestAt) {
      best = i;
      bestAt = p.highlightMs;
    }
  });
  return best;
}
