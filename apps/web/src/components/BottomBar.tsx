import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { publishBottomBar } from '../lib/bottom-bar-room.ts';

/**
 * A page's action bar fixed to the bottom of a phone's screen (hidden from 768 px, where the page shows the action
 * in place): the amount and Pay on checkout, for one. While it is on screen its height is published as
 * `--sw-bottom-bar` (lib/bottom-bar-room.ts), and the floating support widgets (app/FloatingWidgets.tsx) sit that much higher,
 * so they never cover the bar's button. Any page gets this by using this component for its bottom bar.
 *
 *   <BottomBar><p>{formatINR(total)}</p><Button>Pay</Button></BottomBar>
 */
export function BottomBar({ children, label }: { children: ReactNode; /** names the bar as a region for assistive technology */ label?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let published = '';
    // Published from the observer's entries (its first one comes after this layout, before the paint), never by
    // reading offsetHeight here: that forced a layout of the whole page in the middle of the first render (a
    // product page's longest task on a phone, issue 9). The height changes with the phone's rotation, the text
    // size, and to 0 when the screen passes 768 px.
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.borderBoxSize?.[0];
      const height = `${Math.round(box ? box.blockSize : el.getBoundingClientRect().height)}px`;
      if (height === published) return;
      published = height;
      publishBottomBar(height);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      publishBottomBar(null);
    };
  }, []);
  return (
    <div
      ref={ref}
      role={label ? 'region' : undefined}
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-sand-100 bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(31_26_28/0.06)] md:hidden"
    >
      {children}
    </div>
  );
}
