import type { ShopVideo } from '@statewise/contract/schemas/videos';
import { memo, useEffect, useRef, useState } from 'react';
import { formatINR } from '@statewise/contract/format';
import { uploadedImageAt, uploadedImageWidths } from '@statewise/contract/media';
import { highlightedIndex, shortName } from './api.ts';

/** How far a video is from the one on screen decides what it may load (ADR 030). */
export type Nearness = 'active' | 'next' | 'far';

/**
 * One video of the feed, the full height of the feed: the poster first (a picture of the same box, so nothing
 * moves), the video over it once its first frame is shown. Only the active video plays (muted unless the shopper
 * unmuted); the next one or two preload only their metadata and first seconds (`preload="metadata"`), all others
 * load nothing (`preload="none"`). The products' carousel sits at the bottom; a product whose highlight time has
 * come moves forward. Marks `sw-video-frame:{index}` when its first frame is presented (bench/watch-and-shop).
 */
export const FeedVideo = memo(function FeedVideo({
  video,
  index,
  nearness,
  muted,
  onToggleMute,
  onShop,
  onFirstFrame,
  settled,
}: {
  video: ShopVideo;
  index: number;
  nearness: Nearness;
  muted: boolean;
  onToggleMute: () => void;
  onShop: (productIndex: number) => void;
  /** Called once this video's first frame is on screen. */
  onFirstFrame?: (index: number) => void;
  /** False until the first video of the page shows its first frame: until then nothing else loads (its thumbnails, other posters). */
  settled: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const carousel = useRef<HTMLUListElement>(null);
  const active = nearness === 'active';

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (active) {
      el.play().catch(() => {
        // a browser that refuses autoplay shows the poster and a tap starts it
      });
    } else if (!el.paused) el.pause();
  }, [active]);

  useEffect(() => {
    const el = ref.current;
    if (!el || shown) return;
    const markFrame = () => {
      setShown(true);
      performance.mark(`sw-video-frame:${index}`);
      onFirstFrame?.(index);
    };
    // the first frame actually presented where the browser can tell; else the moment playback starts
    const onPlaying = () => {
      if ('requestVideoFrameCallback' in el) el.requestVideoFrameCallback(() => markFrame());
      else markFrame();
    };
    el.addEventListener('playing', onPlaying, { once: true });
    return () => el.removeEventListener('playing', onPlaying);
  }, [index, shown, onFirstFrame]);

  const hasHighlights = video.productId.some((p) => p.highlightMs !== null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasHighlights) return;
    const onTime = () => setHighlight(highlightedIndex(video.productId, el.currentTime * 1000));
    el.addEventListener('timeupdate', onTime);
    return () => el.removeEventListener('timeupdate', onTime);
  }, [hasHighlights, video.productId]);

  useEffect(() => {
    if (highlight < 0 || !active) return;
    const item = carousel.current?.children[highlight] as HTMLElement | undefined;
    const list = carousel.current;
    if (item && list) list.scrollTo({ left: item.offsetLeft - list.offsetLeft - 8, behavior: 'smooth' });
  }, [highlight, active]);

  // The poster is a placeholder for the fraction of a second before the first frame: its smallest width (about 10 KB),
  // so it never takes the bandwidth the video's first bytes need (ADR 030).
  const poster = video.poster ? { src: uploadedImageAt(video.poster, uploadedImageWidths(video.poster)?.[0] ?? 0) } : null;
  const label = video.title || `Video ${index + 1}`;

  return (
    <article className="relative h-full w-full overflow-hidden bg-ink-900" aria-label={label} data-video-index={index} data-active={active || undefined}>
      {poster && (index === 0 || settled) ? (
        <img
          {...poster}
          alt=""
          width={video.width ?? 720}
          height={video.height ?? 1280}
          loading={index === 0 ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : undefined}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
      <video
        ref={ref}
        src={video.video}
        muted={muted}
        playsInline
        loop
        disablePictureInPicture
        preload={active ? 'auto' : nearness === 'next' ? 'metadata' : 'none'}
        width={video.width ?? 720}
        height={video.height ?? 1280}
        onClick={onToggleMute}
        className={`absolute inset-0 size-full object-cover transition-opacity duration-200 ${shown ? 'opacity-100' : 'opacity-0'}`}
        aria-label={`${label} (video)`}
      />
      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-3 bg-gradient-to-b from-ink-900/60 to-transparent p-3 pb-8">
        <p className="line-clamp-2 text-sm font-semibold text-white drop-shadow">{video.title}</p>
        <button
          type="button"
          onClick={onToggleMute}
          aria-label={muted ? 'Unmute' : 'Mute'}
          aria-pressed={!muted}
          className="pointer-events-auto flex size-10 shrink-0 items-center justify-center rounded-full bg-ink-900/55 text-white backdrop-blur-sm"
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M4 9h4l5-4v14l-5-4H4z" />
            {muted ? <path d="M17 9l5 6m0-6l-5 6" /> : <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />}
          </svg>
        </button>
      </div>
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink-900/85 via-ink-900/50 to-transparent px-3 pt-10 pb-3">
        {video.productId.length ? (
          <ul ref={carousel} className="no-scrollbar flex snap-x gap-2 overflow-x-auto pb-2" aria-label={`Products in ${label}`}>
            {video.productId.map((p, i) => (
              <li key={p._id} className="w-48 shrink-0 snap-start">
                <button
                  type="button"
                  onClick={() => onShop(i)}
                  className={`flex w-full items-center gap-2 rounded-xl bg-white/95 p-1.5 text-left transition-transform ${i === highlight ? 'scale-[1.03] ring-2 ring-saffron-400' : ''}`}
                >
                  {/* the thumbnails wait for the first video's first frame; their box is there from the start */}
                  <span className="h-12 w-9 shrink-0 overflow-hidden rounded-md bg-sand-100">
                    {p.images[0] && settled ? <img src={p.images[0]} alt="" width={36} height={48} loading="lazy" fetchPriority="low" className="size-full object-cover" /> : null}
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate text-xs font-medium text-ink-900" title={p.name}>
                      {shortName(p.name)}
                    </span>
                    <span className="block text-xs font-semibold text-brand-800">{formatINR(p.offeredPrice)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <button
          type="button"
          onClick={() => onShop(Math.max(highlight, 0))}
          disabled={!video.productId.length}
          className="h-11 w-full rounded-full bg-saffron-400 text-sm font-bold tracking-wide text-ink-900 shadow disabled:opacity-50"
        >
          Shop Now
        </button>
      </div>
    </article>
  );
});
