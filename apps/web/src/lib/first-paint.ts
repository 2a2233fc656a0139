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
 * The app's own copy has loaded: take the painted-ahead copy away, but only after a frame has drawn it. On a fast
 * connection the scripts can arrive and the app's copy load (from the cache) before the browser has painted the
 * page at all; removed then, the painted-ahead copy was never shown, and the page's largest paint became the app's
 * copy, after every script (Lighthouse timed the home page's LCP at 2.4 s in those runs instead of 1.8 s). Waiting
 * for the copy to be decoded and one frame to pass costs nothing a shopper sees: it lies exactly over the app's copy.
 */
export function handOverFirstPaint(): void {
  if (typeof document === 'undefined') return;
  const imgs = [...document.querySelectorAll<HTMLImageElement>('#first-paint img')];
  if (!imgs.length || typeof requestAnimationFrame !== 'function') return dropFirstPaint();
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(dropFirstPaint, 0));
  // decode() settles once a picture can be drawn, or refuses when it cannot (then there is nothing to wait for)
  void Promise.all(imgs.map((img) => img.decode().catch(() => undefined))).then(afterNextFrame);
  // a copy that never settles (its request stalled) must not stay over the app for good
  setTimeout(dropFirstPaint, HAND_OVER_LIMIT_MS);
}

/** The longest the painted-ahead copy waits for its own frame once the app's copy is there. */
export const HAND_OVER_LIMIT_MS = 1000;

/** The longest the app's first render waits for the painted-ahead picture (a slow picture must not hold the app). */
export const FIRST_PICTURE_WAIT_MS = 300;

/**
 * Runs `start` (the app's first render) once the browser has shown the HTML's first look: the painted-ahead picture
 * decoded (at most FIRST_PICTURE_WAIT_MS) and one frame drawn. Where the scripts arrive first (a fast connection, a
 * warm cache) the app used to render before the browser had painted anything, so the page's first and largest
 * paints waited for every script, and the painted-ahead picture was replaced unseen. A hidden tab draws no frames:
 * it starts at once.
 */
export function afterFirstLook(start: () => void): void {
  if (typeof document === 'undefined' || document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') return start();
  const img = document.querySelector<HTMLImageElement>('#first-paint img');
  const decoded = img ? img.decode().catch(() => undefined) : Promise.resolve();
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    requestAnimationFrame(() => setTimeout(start, 0));
  };
  void decoded.then(once);
  setTimeout(once, FIRST_PICTURE_WAIT_MS);
}
