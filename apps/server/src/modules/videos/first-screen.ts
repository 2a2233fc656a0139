import type { FastifyRequest } from 'fastify';
import { PAGE_SIZE, uploadedImageAt, uploadedImageWidths } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import { insertBefore } from '../../lib/html.ts';
import type { HtmlTransform } from '../../lib/spa.ts';
import { listVideos } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** How long a first page is reused for the next visitors of the same address (an admin's change shows after this). */
const MEMO_MS = 5_000;
const MEMO_MAX = 200;

/**
 * /watch-and-shop's first screen from the HTML (issue 14, ADR 030): the feed's first page as POST video/list answers
 * it for this address (`?video=`, `?category=`), in the `first-data` block the web reads (lib/first-data.ts), and the
 * first poster preloaded (its smallest width, as the page shows it). The page then puts the first <video> on screen as
 * soon as its code runs, without a round trip to the API first. A failure only loses the head start.
 */
export function watchAndShopTransforms(ctx: Pick<AppContext, 'db'>): HtmlTransform[] {
  // The page's HTML is asked for far more often than videos change: the answer is kept a few seconds per address.
  const memo = new Map<string, { at: number; list: Promise<Awaited<ReturnType<typeof listVideos>>> }>();
  const firstPage = (videoId: string | null, categoryId: string | null) => {
    const key = `${videoId ?? ''}|${categoryId ?? ''}`;
    const now = Date.now();
    const hit = memo.get(key);
    if (hit && now - hit.at < MEMO_MS) return hit.list;
    if (memo.size >= MEMO_MAX) memo.clear();
    const list = listVideos(ctx.db, { page: 1, pageSize: PAGE_SIZE.videoFeed, videoId, categoryId });
    memo.set(key, { at: now, list });
    list.catch(() => memo.delete(key));
    return list;
  };
  const transform: HtmlTransform = async (html: string, request: FastifyRequest) => {
    const [pathname = '', query = ''] = request.url.split('?');
    if (!/^\/watch-and-shop\/?$/i.test(pathname)) return undefined;
    try {
      const params = new URLSearchParams(query);
      const videoId = params.get('video');
      const categoryId = params.get('category');
      if ((videoId && !UUID.test(videoId)) || (categoryId && !UUID.test(categoryId))) return undefined;
      const list = await firstPage(videoId, categoryId);
      const block = JSON.stringify({ 'video/list': { categoryId, videoId, list } }).replace(/</g, '\\u003c');
      const tags = [`<script type="application/json" id="first-data">${block}</script>`];
      const poster = list.videos[0]?.poster;
      if (poster && poster.startsWith('/') && !poster.startsWith('//')) {
        // the smallest width, as FeedVideo shows it: a light placeholder until the first frame
        const smallest = uploadedImageWidths(poster)?.[0];
        tags.unshift(`<link rel="preload" as="image" href="${attr(smallest ? uploadedImageAt(poster, smallest) : poster)}" fetchpriority="high">`);
      }
      return insertBefore(html, '</head>', `  ${tags.join('\n    ')}\n  `);
    } catch (err) {
      request.log.warn({ err }, 'watch-and-shop first screen could not be built');
      return undefined;
    }
  };
  return [transform];
}
