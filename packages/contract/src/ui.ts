/**
 * Constants the web app's first page load needs (layout breakpoint, home timings). They live in their own module,
 * re-exported by constants.ts, because a bundler keeps a module whole: importing constants.ts from the first
 * page would ship every constant the app uses anywhere with it.
 */

/** Shopping §9 reads 767 or 768 px; we take 768 (Tailwind's `md`). */
export const MOBILE_BREAKPOINT = 768;
export const HOME_STAGGER_MS = 150;
export const CAROUSEL_AUTOPLAY_MS = { banner: 5000, product: 2500 } as const;
