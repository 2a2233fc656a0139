/**
 * The server draws a landing page's largest picture into its HTML, over the spot where the app will draw it
 * (apps/server modules/catalogue/first-screen.ts, `#first-paint`), so a phone shows it before any script has run.
 * The app takes it away once its own copy of the picture has loaded (or failed), when the page has no such picture
 * after all, or when the shopper moves to another page. Taking it away twice is harmless.
 */
export function dropFirstPaint(): void {
  if (typeof document !== 'undefined') document.getElementById('first-paint')?.remove();
}

/**
 * Runs `run` once the HTML's first look has been drawn: every painted-ahead picture decoded (or refused), then one
 * frame; at most `limitMs` for the pictures, so a stalled one holds nothing for good. A hidden tab draws no frames and
 * nobody sees it: it runs at once. The one mechanism behind both hand-overs below.
 */
function whenFirstLookDrawn(run: () => void, limitMs: number): void {
  if (typeof document === 'undefined' || document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') return run();
  const imgs = [...document.querySelectorAll<HTMLImageElement>('#first-paint img')];
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    requestAnimationFrame(() => setTimeout(run, 0));
  };
  // decode() settles once a picture can be drawn, or refuses when it cannot (then there is nothing to wait for)
  void Promise.all(imgs.map((img) => img.decode().catch(() => undefined))).then(once);
  setTimeout(once, limitMs);
}

/**
 * The app's own copy has loaded: take the painted-ahead copy away, but only after a frame has drawn it. On a fast
 * connection the scripts can arrive and the app's copy load (from the cache) before the browser has painted the
 * page at all; removed then, the painted-ahead copy was never shown, and the page's largest paint became the app's
 * copy, after every script (Lighthouse timed the home page's LCP at 2.4 s in those runs instead of 1.8 s). Waiting
 * for the copy to be decoded and one frame to pass costs nothing a shopper sees: it lies exactly over the app's copy.
 */
export function handOverFirstPaint(): void {
  whenFirstLookDrawn(dropFirstPaint, HAND_OVER_LIMIT_MS);
}

/** The longest the painted-ahead copy waits for its own frame once the app's copy is there. */
export const HAND_OVER_LIMIT_MS = 1000;

/** The longest the app's first render waits for the painted-ahead picture (a slow picture must not hold the app). */
export const FIRST_PICTURE_WAIT_MS = 300;

/**
 * Runs `start` (the app's first render) once the browser has shown the HTML's first look (ADR 042). Where the scripts
 * arrive first (a fast connection, a warm cache) the app used to render before the browser had painted anything, so
 * the page's first and largest paints waited for every script, and the painted-ahead picture was replaced unseen.
 */
export function afterFirstLook(start: () => void): void {
  whenFirstLookDrawn(start, FIRST_PICTURE_WAIT_MS);
}
