import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { chat, Icon } from '../components/ui/icons.tsx';
import { bottomBarRoom } from '../lib/bottom-bar-room.ts';
import { watchUnder } from './floating-step-aside.ts';
import { showsFloatingWidget } from './floating-widget.ts';

const SupportDialog = lazy(() => import('./SupportDialog.tsx'));

/**
 * The one floating button (accounts §2.1): help and support, whose dialog holds the Digi chatbot and the links to
 * the community, contact form and FAQ. One small button in the corner instead of two, so it covers less; the
 * footer leaves room for it at the page's end, and it stays off pages where it would cover checkout controls
 * (floating-widget.ts). On a page with
 * a fixed bottom action bar (components/BottomBar.tsx publishes its height as --sw-bottom-bar, lib/bottom-bar-room.ts) it sits above it.
 * While a control of the page lies under it, it slides off the screen's edge (floating-step-aside.ts); a keyboard
 * shopper who tabs to it brings it back.
 */
export function FloatingWidgets() {
  const [supportOpen, setSupportOpen] = useState(false);
  const [aside, setAside] = useState(false);
  const { pathname } = useLocation();
  const shown = showsFloatingWidget(pathname);
  const spot = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!shown || !spot.current) return;
    return watchUnder(spot.current, setAside);
  }, [shown, pathname]);
  if (!shown) return null;
  // While the button is away its spot takes no taps: they are meant for the control under it.
  return (
    <div
      ref={(el) => {
        spot.current = el;
        bottomBarRoom(el);
      }}
      data-aside={aside || undefined}
      className="group fixed right-3 data-aside:pointer-events-none bottom-[calc(0.75rem+var(--sw-bottom-bar,0px))] z-30 md:right-6 md:bottom-6"
    >
      <button
        type="button"
        onClick={() => setSupportOpen(true)}
        aria-label="Help and support"
        title="Help and support"
        aria-haspopup="dialog"
        className="flex size-11 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-2 ring-saffron-300/60 transition-transform group-data-aside:translate-x-[calc(100%+2.5rem)] hover:scale-105 focus-visible:translate-x-0 motion-reduce:transition-none md:size-14 md:ring-4"
      >
        <Icon d={chat} className="size-5 md:size-7" />
      </button>
      {supportOpen ? (
        <Suspense fallback={null}>
          <SupportDialog onClose={() => setSupportOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
