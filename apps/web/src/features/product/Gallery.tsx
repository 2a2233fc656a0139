import { CAROUSEL_AUTOPLAY_MS } from '@statewise/contract/constants';
import { useState, type MouseEvent } from 'react';
import { Carousel } from '../../components/ui/Carousel.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Icon } from '../../components/ui/icons.tsx';
import { chevronLeft, chevronRight } from '../../components/ui/icon-paths.ts';
import { useIsDesktop } from '../../lib/media.ts';
import { zoom } from './icons.ts';

/**
 * The product's pictures (shopping §2 Product detail): on desktops a column of thumbnails beside the main
 * picture; on phones a swipeable carousel that autoplays every 2500 ms. Either opens the zoom view.
 */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const desktop = useIsDesktop();
  const [active, setActive] = useState(0);
  const [zoomAt, setZoomAt] = useState<number | null>(null);
  const current = Math.min(active, Math.max(0, images.length - 1));

  if (images.length === 0) return <div className="aspect-[3/4] w-full rounded-2xl bg-sand-100" aria-hidden="true" />;

  const picture = (src: string, i: number, eager: boolean) => (
    <img
      src={src}
      alt={`${name}, picture ${i + 1} of ${images.length}`}
      width={600}
      height={800}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className="aspect-[3/4] w-full rounded-2xl bg-sand-100 object-cover"
    />
  );

  return (
    <div>
      {desktop ? (
        <div className="flex gap-3">
          {images.length > 1 ? (
            <ul className="no-scrollbar flex max-h-[36rem] w-20 shrink-0 flex-col gap-2 overflow-y-auto" aria-label="Pictures">
              {images.map((src, i) => (
                <li key={src}>
                  <button
                    type="button"
                    onClick={() => setActive(i)}
                    onMouseEnter={() => setActive(i)}
                    aria-label={`Show picture ${i + 1}`}
                    aria-current={i === current ? 'true' : undefined}
                    className={`block overflow-hidden rounded-lg border-2 transition-colors ${i === current ? 'border-brand-700' : 'border-transparent hover:border-brand-200'}`}
                  >
                    <img src={src} alt="" width={600} height={800} loading="lazy" decoding="async" className="aspect-[3/4] w-full bg-sand-100 object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <button type="button" onClick={() => setZoomAt(current)} className="group relative block flex-1 cursor-zoom-in" aria-label="Zoom picture">
            {picture(images[current]!, current, true)}
            <span className="absolute right-3 bottom-3 rounded-full bg-white/90 p-2 text-ink-700 opacity-0 shadow transition-opacity group-hover:opacity-100">
              <Icon d={zoom} />
            </span>
          </button>
        </div>
      ) : (
        <Carousel label={`Pictures of ${name}`} dots autoplayMs={images.length > 1 ? CAROUSEL_AUTOPLAY_MS.product : undefined} className="-mx-4">
          {images.map((src, i) => (
            <button key={src} type="button" onClick={() => setZoomAt(i)} className="block w-full px-4" aria-label={`Zoom picture ${i + 1}`}>
              {picture(src, i, i === 0)}
            </button>
          ))}
        </Carousel>
      )}
      {zoomAt !== null ? <ZoomDialog images={images} name={name} start={zoomAt} onClose={() => setZoomAt(null)} /> : null}
    </div>
  );
}

/** The zoom view: the picture large, tap or click to magnify 2.5× where pointed, arrows and thumbnails to move. */
function ZoomDialog({ images, name, start, onClose }: { images: string[]; name: string; start: number; onClose: () => void }) {
  const [index, setIndex] = useState(start);
  const [origin, setOrigin] = useState<string | null>(null);
  const go = (dir: 1 | -1) => {
    setOrigin(null);
    setIndex((i) => (i + dir + images.length) % images.length);
  };
  const at = (e: MouseEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return `${(((e.clientX - r.left) / r.width) * 100).toFixed(1)}% ${(((e.clientY - r.top) / r.height) * 100).toFixed(1)}%`;
  };
  const arrow = 'absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-white/90 p-2 text-brand-800 shadow-md hover:bg-white';
  return (
    <Dialog open onClose={onClose} title={`Pictures of ${name}`} hideTitle size="sm:max-w-2xl">
      <div className="relative overflow-hidden rounded-xl bg-sand-100">
        <button
          type="button"
          className={`block w-full ${origin ? 'cursor-zoom-out' : 'cursor-zoom-in'}`}
          aria-label={origin ? 'Zoom out' : 'Zoom in'}
          onClick={(e) => setOrigin(origin ? null : at(e))}
          onMouseMove={(e) => origin && setOrigin(at(e))}
        >
          <img
            src={images[index]}
            alt={`${name}, picture ${index + 1} of ${images.length}`}
            width={600}
            height={800}
            className="aspect-[3/4] max-h-[70vh] w-full object-contain transition-transform duration-200"
            style={origin ? { transform: 'scale(2.5)', transformOrigin: origin } : undefined}
          />
        </button>
        {images.length > 1 ? (
          <>
            <button type="button" className={`${arrow} left-2`} onClick={() => go(-1)} aria-label="Previous picture">
              <Icon d={chevronLeft} />
            </button>
            <button type="button" className={`${arrow} right-2`} onClick={() => go(1)} aria-label="Next picture">
              <Icon d={chevronRight} />
            </button>
          </>
        ) : null}
      </div>
      {images.length > 1 ? (
        <div className="mt-3 flex justify-center gap-2">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() => {
                setOrigin(null);
                setIndex(i);
              }}
              aria-label={`Show picture ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              className={`w-12 overflow-hidden rounded-md border-2 ${i === index ? 'border-brand-700' : 'border-transparent'}`}
            >
              <img src={src} alt="" width={600} height={800} loading="lazy" className="aspect-[3/4] w-full object-cover" />
            </button>
          ))}
        </div>
      ) : null}
    </Dialog>
  );
}
