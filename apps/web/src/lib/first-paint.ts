/**
 * The server draws a landing page's largest picture into its HTML, over the spot where the app will draw it
 * (apps/server modules/catalogue/first-screen.ts, `#first-paint`), so a phone shows it before any script has run.
 * The app takes it away once its own copy of the picture has loaded (or failed), when the page has no such picture
 * after all, or when the shopper moves to another page. Taking it away twice is harmless.
 */
export function dropFirstPaint(): void {
  if (typeof document !== 'undefined') document.getElementById('first-paint')?.remove();
}
