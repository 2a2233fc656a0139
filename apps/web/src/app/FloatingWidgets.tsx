import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { chat, Icon } from '../components/ui/icons.tsx';
import { bottomBarRoom } from '../lib/bottom-bar-room.ts';
import { showsFloatingWidget } from './floating-widget.ts';

const SupportDialog = lazy(() => import('./SupportDialog.tsx'));

/**
 * The one floating button (accounts §2.1): help and support, whose dialog holds the Digi chatbot and the links to
 * the community, contact form and FAQ. One small button in the corner instead of two, so it covers less; the
 * footer leaves room for it at the page's end, and it stays off pages where it would cover checkout controls
 * (floating-widget.ts). On a page with
 * a fixed bottom action bar (components/BottomBar.tsx publishes its height as --sw-bottom-bar, lib/bottom-bar-room.ts) it sits above it.
 */
export function FloatingWidgets() {
  const [supportOpen, setSupportOpen] = useState(false);
  const { pathname } = useLocation();
  if (!showsFloatingWidget(pathname)) return null;
  return (
    <div ref={bottomBarRoom} className="fixed right-3 bottom-[calc(0.75rem+var(--sw-bottom-bar,0px))] z-30 md:right-6 md:bottom-6">
      <button
        type="button"
        onClick={() => setSupportOpen(true)}
        aria-label="Help and support"
        title="Help and support"
        aria-haspopup="dialog"
        className="flex size-11 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-2 ring-saffron-300/60 transition-transform hover:scale-105 md:size-14 md:ring-4"
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
