import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { bottomBarRoom } from '../lib/bottom-bar-room.ts';
import { usePageHead } from '../lib/page-head.tsx';
import { tracking } from '../lib/tracking.ts';
import { BadgeSources } from './badges.tsx';
import { Header } from './Header.tsx';

// Not needed for the first paint, so loaded right after it: the login dialog, toasts and the 401 rule; the
// footer (below the fold); the floating widgets. All from one chunk (layout-extras.ts): one request, not four.
const AuthRoot = lazy(() => import('./layout-extras.ts').then((m) => ({ default: m.AuthRoot })));
const Footer = lazy(() => import('./layout-extras.ts').then((m) => ({ default: m.Footer })));
const FloatingWidgets = lazy(() => import('./layout-extras.ts').then((m) => ({ default: m.FloatingWidgets })));
// The new-user wallet reward dialog, shown once after a sign-up wherever the new user lands (shopping §4).
const NewUserReward = lazy(() => import('./layout-extras.ts').then((m) => ({ default: m.NewUserReward })));

/** Accounts §2.1: after every route change the page scrolls to the top and a page view is tracked. */
function RouteEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    tracking.pageView(pathname);
  }, [pathname]);
  return null;
}

/**
 * Pages outside the main shell, without header and footer (accounts §2.1): the chat pages, and the community's focused
 * editors /details and /videos, which give their own way back. The toasts, the login dialog and the 401 rule (AuthRoot)
 * stay on every page.
 */
export function outsideShell(pathname: string): boolean {
  // the router matches paths case-insensitively and with or without a trailing slash
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
  return path === '/chat-list' || path.startsWith('/chat/') || path === '/details' || path === '/videos';
}

const PARTS = ['screen', 'extras'] as const;
const takenOver = new Set<string>();

/**
 * Marks the document once the screen and the layout's after-paint parts (the login dialog, the floating buttons)
 * have run and taken the page over (`data-ready` on <html>): what the browser tests wait for before they click
 * (e2e/fixtures.ts). One beside each, so each reports when its part commits.
 */
function TakenOver({ part }: { part: (typeof PARTS)[number] }) {
  useEffect(() => {
    takenOver.add(part);
    if (PARTS.every((p) => takenOver.has(p))) document.documentElement.dataset.ready = 'true';
  }, [part]);
  return null;
}

/** While a screen's code loads: keeps the footer down so the page does not jump. */
function PageFallback() {
  return <div className="min-h-[70vh]" aria-busy="true" />;
}

export function Layout() {
  const { pathname } = useLocation();
  // every page's own address is its canonical one unless the page says otherwise (a listing keeps its page number)
  usePageHead({ canonical: pathname });
  // Where the floating button shows is decided in its own lazy chunk (app/floating-widget.ts), which the footer
  // shares, so the route list stays out of the first page's JavaScript.
  const bare = outsideShell(pathname);
  // main fills at least the screen, so the footer starts below the first screen and is never seen jumping down as a
  // page's code and data arrive (CLS, issue 9).
  return (
    // the padding: room under the footer for a page's fixed bottom bar (components/BottomBar.tsx), 0 without one
    <div ref={bottomBarRoom} className="flex min-h-screen flex-col pb-[var(--sw-bottom-bar,0px)]">
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <RouteEffects />
      <BadgeSources />
      {bare ? null : <Header />}
      <main id="main" className="min-h-screen flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          <TakenOver part="screen" />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        {bare ? null : <Footer />}
        <FloatingWidgets />
        <AuthRoot />
        <NewUserReward />
        <TakenOver part="extras" />
      </Suspense>
    </div>
  );
}
