import { Children, useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from './icons.tsx';
import { chevronLeft, chevronRight } from './icon-paths.ts';

export interface CarouselProps {
  /** Accessible name of the carousel region. */
  label: string;
  children: ReactNode;
  /** Width of each slide (Tailwind classes); full width by default. */
  slideClassName?: string;
  /** Advance every so many ms; pauses on hover, on focus, off screen, in background tabs and for reduced motion. */
  autoplayMs?: number;
  /** Dots under full-width slides. */
  dots?: boolean;
  className?: string;
}

/** Scrolls one view forward or back; forward from the end wraps to the start. */
function step(el: HTMLElement | null, dir: 1 | -1) {
  if (!el) return;
  const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
  if (dir === 1 && atEnd) el.scrollTo({ left: 0, behavior: 'smooth' });
  else el.scrollBy({ left: dir * el.clientWidth * 0.9, behavior: 'smooth' });
}

/**
 * A native scroll-snap carousel: swipe on touch screens, arrow buttons on wider ones, optional autoplay and dots.
 * No library: scrolling, snapping and momentum are the browser's, which keeps it light on the home page.
 */
export function Carousel({ label, children, slideClassName = 'w-full', autoplayMs, dots = false, className = '' }: CarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const [index, setIndex] = useState(0);
  const slides = Children.toArray(children);

  const go = (dir: 1 | -1) => step(track.current, dir);

  useEffect(() => {
    if (!autoplayMs || slides.length < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    // Only while on screen: a carousel nobody sees (a product page's similar products, far below) would otherwise
    // scroll itself every few seconds, each time a burst of layout on a phone's main thread (issue 9).
    const el = track.current;
    let onScreen = true;
    const observer =
      el && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => {
            onScreen = entries[entries.length - 1]!.isIntersecting;
          })
        : null;
    if (observer && el) {
      onScreen = false;
      observer.observe(el);
    }
    const timer = window.setInterval(() => {
      if (onScreen && !paused.current && !document.hidden) step(track.current, 1);
    }, autoplayMs);
    return () => {
      window.clearInterval(timer);
      observer?.disconnect();
    };
  }, [autoplayMs, slides.length]);

  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
  };
  const arrow = 'absolute top-1/2 z-10 hidden -translate-y-1/2 rounded-full bg-white/90 p-2 text-brand-800 shadow-md hover:bg-white md:inline-flex';

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative ${className}`}
      onMouseEnter={() => {
        paused.current = true;
      }}
      onMouseLeave={() => {
        paused.current = false;
      }}
      onFocus={() => {
        paused.current = true;
      }}
      onBlur={() => {
        paused.current = false;
      }}
    >
      <div ref={track} onScroll={dots ? onScroll : undefined} className="no-scrollbar relative flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-smooth md:gap-4">
        {slides.map((slide, i) => (
          <div key={i} className={`shrink-0 snap-start ${slideClassName}`} aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`}>
            {slide}
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        <>
          <button type="button" className={`${arrow} left-2`} onClick={() => go(-1)} aria-label="Previous">
            <Icon d={chevronLeft} />
          </button>
          <button type="button" className={`${arrow} right-2`} onClick={() => go(1)} aria-label="Next">
            <Icon d={chevronRight} />
          </button>
        </>
      ) : null}
      {dots && slides.length > 1 ? (
        <div className="mt-3 flex justify-center gap-2" aria-hidden="true">
          {slides.map((_, i) => (
            <span key={i} className={`h-1.5 rounded-full transition-all ${i === index ? 'w-6 bg-brand-700' : 'w-1.5 bg-brand-200'}`} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
