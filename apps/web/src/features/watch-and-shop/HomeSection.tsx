import { formatINR } from '@statewise/contract/format';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { responsiveImage } from '../../lib/responsive-image.ts';
import { shortName, useHomeVideo } from './api.ts';

/**
 * The home page's watch-and-shop section (shopping §2 Home: after community, before shop by style): one video
 * (video/list with page size 1), its poster first and nothing of the video loaded until it scrolls into view, where
 * it plays muted; its products beside it; everything links to /watch-and-shop with this video first. Its own lazy
 * chunk (HomeMore), so the home route's first JavaScript stays within budget.
 */
export default function WatchAndShopHomeSection({ enabled }: { enabled: boolean }) {
  const { data } = useHomeVideo(enabled);
  const video = data?.videos[0];
  const box = useRef<HTMLAnchorElement>(null);
  const player = useRef<HTMLVideoElement>(null);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new IntersectionObserver(([e]) => setInView(Boolean(e?.isIntersecting && e.intersectionRatio >= 0.5)), { threshold: [0, 0.5] });
    observer.observe(el);
    return () => observer.disconnect();
  }, [video?._id]);

  useEffect(() => {
    const el = player.current;
    if (!el) return;
    // mounted only in view (autoPlay starts it); paused when scrolled away, played again when back
    if (inView) el.play().catch(() => undefined);
    else el.pause();
  }, [inView]);

  if (data && !video) return null;
  const to = video ? `/watch-and-shop?video=${video._id}` : '/watch-and-shop';
  const poster = video?.poster ? responsiveImage(video.poster, '(min-width: 768px) 280px, 60vw') : null;

  return (
    <section className="mx-auto mt-10 max-w-7xl px-4 md:mt-14 md:px-6" aria-labelledby="home-watch-and-shop">
      <div className="mb-4 flex items-end justify-between gap-4 md:mb-6">
        <div>
          <p className="text-[11px] font-semibold tracking-[0.18em] text-saffron-700 uppercase">Shoppable videos</p>
          <h2 id="home-watch-and-shop" className="font-display text-2xl text-brand-800 md:text-[2rem]">
            Watch &amp; Shop
          </h2>
        </div>
        <Link to="/watch-and-shop" className="shrink-0 text-sm font-semibold text-brand-700 hover:underline">
          View all
        </Link>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Link ref={box} to={to} className="relative block aspect-[9/16] w-[60%] max-w-[280px] shrink-0 overflow-hidden rounded-2xl bg-ink-900 shadow-md" aria-label={video ? `Watch ${video.title || 'the video'}` : 'Watch & Shop'}>
          {poster ? <img {...poster} alt="" width={720} height={1280} loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover" /> : null}
          {video && inView ? <video ref={player} src={video.video} autoPlay muted playsInline loop preload="metadata" className="absolute inset-0 size-full object-cover" aria-hidden="true" /> : null}
          <span className="absolute inset-x-3 bottom-3 rounded-full bg-saffron-400 py-2 text-center text-sm font-bold text-ink-900">Watch &amp; Shop</span>
        </Link>
        {video?.productId.length ? (
          <ul className="grid flex-1 grid-cols-2 gap-3 lg:grid-cols-3">
            {video.productId.slice(0, 6).map((p) => (
              <li key={p._id}>
                <Link to={`/product/${p.slug}`} className="flex items-center gap-3 rounded-xl bg-white p-2 shadow-sm hover:shadow-md">
                  {p.images[0] ? <img src={p.images[0]} alt="" width={60} height={80} loading="lazy" className="h-20 w-15 shrink-0 rounded-lg bg-sand-100 object-cover" /> : null}
                  <span className="min-w-0">
                    <span className="block truncate text-sm text-ink-900" title={p.name}>
                      {shortName(p.name)}
                    </span>
                    <span className="block text-sm font-semibold text-brand-800">{formatINR(p.offeredPrice)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
