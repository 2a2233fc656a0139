import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { chat, Icon } from '../components/ui/icons.tsx';
import { people } from '../components/ui/icon-paths.ts';

const SupportDialog = lazy(() => import('./SupportDialog.tsx'));

/**
 * The floating support icon and community shortcut (accounts §2.1); the layout hides them on /watch-and-shop. On a
 * page with a fixed bottom action bar (components/BottomBar.tsx, which publishes its height as --sw-bottom-bar)
 * they sit above the bar instead of covering it.
 */
export function FloatingWidgets() {
  const [supportOpen, setSupportOpen] = useState(false);
  return (
    <div className="fixed right-3 bottom-[calc(0.75rem+var(--sw-bottom-bar,0px))] z-30 flex flex-col items-end gap-2.5 md:right-6 md:bottom-6 md:gap-3">
      <Link
        to="/community"
        aria-label="Community"
        title="Community"
        className="flex size-10 items-center justify-center rounded-full bg-white text-brand-700 shadow-lg ring-1 ring-brand-100 transition-transform hover:scale-105 md:size-12"
      >
        <Icon d={people} className="size-5 md:size-6" />
      </Link>
      <button
        type="button"
        onClick={() => setSupportOpen(true)}
        aria-label="Help and support"
        title="Help and support"
        className="flex size-12 animate-[sw-nudge_6s_ease-in-out_infinite] items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-4 ring-saffron-300/60 transition-transform hover:scale-105 md:size-14"
      >
        <Icon d={chat} className="size-6 md:size-7" />
      </button>
      {supportOpen ? (
        <Suspense fallback={null}>
          <SupportDialog onClose={() => setSupportOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
