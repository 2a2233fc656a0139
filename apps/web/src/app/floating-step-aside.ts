/**
 * The floating support button steps aside while a control lies under it (issue 9: it covered a product page's
 * pincode Check at 1280 × 800, and card badges and hearts as a listing scrolled by). It slides off the screen's edge
 * until the page moves on, then comes back; it has no spot of its own that suits every page.
 */

/** What counts as a control a shopper may want to reach: links, buttons, fields and what acts as them. */
const CONTROL = 'a[href], button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="tab"], [tabindex]:not([tabindex="-1"])';

/** Where under the button to look: its middle and, a little inside, its four corners. */
export function samplePoints(r: { left: number; top: number; right: number; bottom: number }): [number, number][] {
  const inset = Math.min(6, (r.right - r.left) / 4);
  const cx = (r.left + r.right) / 2;
  const cy = (r.top + r.bottom) / 2;
  return [
    [cx, cy],
    [r.left + inset, r.top + inset],
    [r.right - inset, r.top + inset],
    [r.left + inset, r.bottom - inset],
    [r.right - inset, r.bottom - inset],
  ];
}

type Box = { left: number; top: number; right: number; bottom: number };

/** How much of a control the button may hide before it steps aside: a small control (a Check button, a heart) is
 * hidden by it, a large one (a whole product card, a banner link) can still be tapped around it. */
export const HIDDEN_SHARE = 0.2;

/** Whether the button's box hides `control`: its middle, or at least HIDDEN_SHARE of its area. */
export function hides(own: Box, control: Box): boolean {
  const cx = (control.left + control.right) / 2;
  const cy = (control.top + control.bottom) / 2;
  if (cx >= own.left && cx <= own.right && cy >= own.top && cy <= own.bottom) return true;
  const w = Math.max(0, Math.min(own.right, control.right) - Math.max(own.left, control.left));
  const h = Math.max(0, Math.min(own.bottom, control.bottom) - Math.max(own.top, control.top));
  const area = (control.right - control.left) * (control.bottom - control.top);
  return area > 0 && (w * h) / area >= HIDDEN_SHARE;
}

/**
 * Whether the button, in its place `own` (which stays put while the button is slid away), hides a control of the
 * page. `elementsAt` is document.elementsFromPoint: every element at a point, topmost first; the button's own
 * elements are skipped. A drawer or dialog opened over the spot counts like the page: its controls are under it too.
 */
export function coversControl(own: Element, elementsAt: (x: number, y: number) => Element[]): boolean {
  const box = own.getBoundingClientRect();
  const seen = new Set<Element>();
  for (const [x, y] of samplePoints(box)) {
    const under = elementsAt(x, y).find((el) => !own.contains(el));
    const control = under?.closest(CONTROL);
    if (!control || own.contains(control) || seen.has(control)) continue;
    seen.add(control);
    if (hides(box, control.getBoundingClientRect())) return true;
  }
  return false;
}

/**
 * Watches the page under `own` and calls `onChange(covers)` when that changes. A scroll is checked just after the next
 * frame (when layout is fresh, so the hit tests force none); the page changing size (content arriving), a resize or a
 * dialog opening or closing, once things have been quiet for SETTLE_MS: a page loading changes size every frame, and
 * a check per frame there cost more than the rest of the layout's extras together.
 */
export function watchUnder(own: HTMLElement, onChange: (covers: boolean) => void): () => void {
  // a browser without hit testing (a test's DOM) keeps the button where it is
  if (typeof document.elementsFromPoint !== 'function') return () => undefined;
  let shown: boolean | null = null;
  let frame = 0;
  let afterPaint: ReturnType<typeof setTimeout> | undefined;
  let settle: ReturnType<typeof setTimeout> | undefined;
  let comeBack: ReturnType<typeof setTimeout> | undefined;
  const report = (covers: boolean) => {
    if (covers !== shown) onChange((shown = covers));
  };
  const check = () => {
    afterPaint = undefined;
    if (!own.isConnected) return;
    const covers = coversControl(own, (x, y) => document.elementsFromPoint(x, y));
    clearTimeout(comeBack);
    comeBack = undefined;
    // away at once; back only once the page has rested over no control, so a scroll past a row of hearts does not
    // make it blink in and out
    if (covers || shown === null) report(covers);
    else if (shown) comeBack = setTimeout(() => report(false), COME_BACK_MS);
  };
  const afterNextFrame = () => {
    if (frame || afterPaint) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      afterPaint = setTimeout(check, 0);
    });
  };
  const whenSettled = () => {
    clearTimeout(settle);
    settle = setTimeout(afterNextFrame, SETTLE_MS);
  };
  window.addEventListener('scroll', afterNextFrame, { passive: true });
  window.addEventListener('resize', whenSettled, { passive: true });
  const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(whenSettled) : null;
  resized?.observe(document.body);
  // dialogs and drawers open and close as portals on <body>, without a scroll
  const portals = typeof MutationObserver === 'function' ? new MutationObserver(whenSettled) : null;
  portals?.observe(document.body, { childList: true });
  whenSettled();
  return () => {
    window.removeEventListener('scroll', afterNextFrame);
    window.removeEventListener('resize', whenSettled);
    resized?.disconnect();
    portals?.disconnect();
    if (frame) cancelAnimationFrame(frame);
    clearTimeout(afterPaint);
    clearTimeout(settle);
    clearTimeout(comeBack);
  };
}

/** How long the page must rest over no control before the button comes back. */
export const COME_BACK_MS = 250;
/** How long the page must stop changing size before what lies under the button is looked at again. */
export const SETTLE_MS = 200;
