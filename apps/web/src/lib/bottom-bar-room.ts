/**
 * The height of a page's fixed bottom bar (components/BottomBar.tsx) as `--sw-bottom-bar`, for the elements that make
 * room for it: the layout's padding under the footer and the floating button. It is set on those elements alone, and
 * styles.css registers it as not inherited: on <html> (as before) every change restyled the whole page, which on a
 * phone's product page was the longest part of the task after its first render (issue 9).
 */
export const BOTTOM_BAR_VAR = '--sw-bottom-bar';

let height: string | null = null;
const rooms = new Set<HTMLElement>();

const apply = (el: HTMLElement) => (height ? el.style.setProperty(BOTTOM_BAR_VAR, height) : el.style.removeProperty(BOTTOM_BAR_VAR));

/** A ref for an element whose styles use var(--sw-bottom-bar): it gets the bar's height now and on every change. */
export function bottomBarRoom(el: HTMLElement | null): void {
  if (!el) return;
  rooms.add(el);
  apply(el);
}

/** The bar's height on screen, or null once there is no bar. */
export function publishBottomBar(value: string | null): void {
  height = value;
  for (const el of rooms) {
    if (el.isConnected) apply(el);
    else rooms.delete(el);
  }
}
