import type { VideoProduct } from '@statewise/contract/schemas/videos';
import { SHOP_VIDEO_MSG, VIDEO_TRENDING_SIDE } from '@statewise/contract/videos';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Price } from '../../components/Price.tsx';
import { useIsDesktop } from '../../lib/media.ts';
import { usePageTitle } from '../../lib/page-head.tsx';
import { countView, shortName, useTrendingVideos, useVideoFeed } from './api.ts';
import { FeedVideo, type Nearness } from './FeedVideo.tsx';

// Shop Now brings the cart and checkout code: its own chunk, fetched once the first video plays (or on the first tap),
// so it never shares the phone's bandwidth with the first video.
const loadShopNow = () => import('./ShopNowPanel.tsx');
const ShopNowPanel = lazy(() => loadShopNow().then((m) => ({ default: m.ShopNowPanel })));

/** How many videos after the one on screen may preload their first seconds. */
const PRELOAD_AHEAD = 2;
/** Videos drawn around the one on screen (the others are empty slots of the same height). */
const MOUNTED_AROUND = 3;
/** Load the next page when this few videos are left. */
const MORE_WHEN_LEFT = 3;

/**
 * Watch and shop /watch-and-shop (shopping §2, §4, §5; issue 14, ADR 030): a vertical feed the full height of the
 * screen, one video per snap; the video on screen plays (muted until the shopper taps), the rest wait. `?video=`
 * moves that video to the front (the home section links so); `?category=` narrows the feed. Desktop adds the
 * trending products side list (the first 3). The floating widgets stay off this route (app/floating-widget.ts).
 */
export default function WatchAndShopPage() {
  usePageTitle('Watch & Shop');
  const [params] = useSearchParams();
  const videoId = params.get('video');
  const categoryId = params.get('category');
  const feed = useVideoFeed(categoryId, videoId);
  const videos = useMemo(() => feed.data?.pages.flatMap((p) => p.videos) ?? [], [feed.data]);
  const isDesktop = useIsDesktop();

  const scroller = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<string>('calc(100dvh - 4rem)');
  const [active, setActive] = useState(0);
  const [muted, setMuted] = useState(true);
  const [shop, setShop] = useState<{ video: number; product: number } | null>(null);
  const viewed = useRef(new Set<string>());
  // Until the first video shows its first frame, it alone uses the network (ADR 030).
  const [settled, setSettled] = useState(false);
  const onFirstFrame = useCallback(() => setSettled(true), []);
  useEffect(() => {
    // a browser that will not autoplay must not keep the rest waiting
    const t = window.setTimeout(() => setSettled(true), 4000);
    return () => window.clearTimeout(t);
  }, []);

  // The feed fills the screen below the header: measured before the first paint, so nothing moves after.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setHeight(`calc(100dvh - ${Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY))}px)`);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // The video most in view is the active one.
  useEffect(() => {
    const root = scroller.current;
    if (!root || !videos.length) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting && e.intersectionRatio >= 0.6) setActive(Number((e.target as HTMLElement).dataset.feedSlot));
        }
      },
      { root, threshold: [0.6] },
    );
    root.querySelectorAll('[data-feed-slot]').forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [videos.length]);

  // A view is counted once per video and visit; the next page comes before the end is reached.
  const activeId = videos[active]?._id;
  useEffect(() => {
    // counted once the first frame is out, so the count never competes with it
    if (!settled || !activeId || viewed.current.has(activeId)) return;
    viewed.current.add(activeId);
    countView(activeId);
  }, [activeId, settled]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && active >= videos.length - MORE_WHEN_LEFT) void fetchNextPage();
  }, [active, videos.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // once the first video plays, fetch Shop Now's code while the shopper watches
  useEffect(() => {
    if (!settled) return;
    const t = window.setTimeout(() => void loadShopNow(), 1000);
    return () => window.clearTimeout(t);
  }, [settled]);

  const trending = useTrendingVideos(isDesktop && settled);

  const toggleMute = useCallback(() => setMuted((m) => !m), []);
  const nearness = (i: number): Nearness => (i === active ? 'active' : settled && i > active && i <= active + PRELOAD_AHEAD ? 'next' : 'far');

  const sideProducts = useMemo(() => {
    const seen = new Set<string>();
    const out: VideoProduct[] = [];
    for (const v of trending.data ?? []) {
      for (const p of v.productId) {
        if (seen.has(p._id)) continue;
        seen.add(p._id);
        out.push(p);
      }
    }
    return out.slice(0, VIDEO_TRENDING_SIDE);
  }, [trending.data]);

  const shopVideo = shop ? videos[shop.video] : undefined;

  return (
    <div className="mx-auto flex max-w-7xl justify-center gap-8 md:px-6">
      <h1 className="sr-only">Watch &amp; Shop</h1>
      <div
        ref={scroller}
        style={{ height }}
        className="no-scrollbar relative w-full snap-y snap-mandatory overflow-y-auto overscroll-contain bg-ink-900 md:my-4 md:aspect-[9/16] md:w-auto md:max-w-[min(100%,460px)] md:rounded-2xl"
        aria-label="Videos"
        tabIndex={-1}
      >
        {videos.map((v, i) => (
          // every video keeps its slot (the feed's height, a snap point); only those near the one on screen are drawn
          <div key={v._id} data-feed-slot={i} className="h-full w-full snap-start snap-always">
            {Math.abs(i - active) <= MOUNTED_AROUND ? (
              <FeedVideo
                video={v}
                index={i}
                nearness={nearness(i)}
                muted={muted}
                onToggleMute={toggleMute}
                onShop={(product) => setShop({ video: i, product })}
                onFirstFrame={onFirstFrame}
                settled={settled}
              />
            ) : null}
          </div>
        ))}
        {feed.isPending ? <div className="h-full w-full animate-pulse bg-ink-700" aria-busy="true" /> : null}
        {feed.isError && !videos.length ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center text-white">
            <p>The videos could not be loaded.</p>
            <button type="button" onClick={() => feed.refetch()} className="font-semibold text-saffron-300 underline">
              Try again
            </button>
          </div>
        ) : null}
        {feed.isSuccess && !videos.length ? <p className="flex h-full items-center justify-center px-6 text-center text-lg text-white">{SHOP_VIDEO_MSG.noVideos}</p> : null}
      </div>
      {isDesktop ? (
        <aside className="mt-4 hidden w-72 shrink-0 md:block" aria-labelledby="trending-side">
          <h2 id="trending-side" className="font-display text-2xl text-brand-800">
            Trending products
          </h2>
          <ul className="mt-4 space-y-3">
            {sideProducts.map((p) => (
              <li key={p._id}>
                <Link to={`/product/${p.slug}`} className="flex gap-3 rounded-xl bg-white p-2 shadow-sm hover:shadow-md">
                  {p.images[0] ? <img src={p.images[0]} alt="" width={72} height={96} loading="lazy" className="h-24 w-18 shrink-0 rounded-lg bg-sand-100 object-cover" /> : null}
                  <span className="min-w-0 py-1">
                    <span className="block text-sm font-medium text-ink-900" title={p.name}>
                      {shortName(p.name)}
                    </span>
                    <Price price={p.price} offeredPrice={p.offeredPrice} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
      {shop && shopVideo ? (
        <Suspense fallback={null}>
          <ShopNowPanel key={`${shop.video}:${shop.product}`} videoId={shopVideo._id} products={shopVideo.productId} initial={shop.product} onClose={() => setShop(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
