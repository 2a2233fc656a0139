/**
 * A drawn demo picture can be refused for a moment (503 while the server's drawing line is full; a dropped
 * connection on a slow mobile network). Rather than leave a broken image, every failed picture of ours is asked
 * for again — twice, after 2 then 4 seconds. One listener on the document catches every <img>, wherever it is.
 */
const DELAYS_MS = [2000, 4000];
const OURS = /^\/(media|uploads)\//;

export function retryFailedImages(root: Document = document): () => void {
  const onError = (event: Event) => {
    const img = event.target;
    if (!(img instanceof HTMLImageElement)) return;
    const src = img.getAttribute('src');
    if (!src || !OURS.test(src)) return;
    const tries = Number(img.dataset.retries ?? 0);
    if (tries >= DELAYS_MS.length) return;
    img.dataset.retries = String(tries + 1);
    window.setTimeout(() => {
      // the same address again: clearing it first makes the browser ask anew
      if (!img.isConnected || img.getAttribute('src') !== src) return;
      img.removeAttribute('src');
      img.setAttribute('src', src);
    }, DELAYS_MS[tries]);
  };
  // `error` does not bubble from images: listen in the capture phase
  root.addEventListener('error', onError, true);
  return () => root.removeEventListener('error', onError, true);
}
