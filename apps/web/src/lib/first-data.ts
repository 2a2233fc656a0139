/**
 * API answers the server put inside the page's HTML for its first screen (apps/server modules/catalogue/first-screen.ts):
 * `<script type="application/json" id="first-data">{"banner/list": …}</script>`, a data block the browser never runs
 * (so the Content-Security-Policy is untouched). Read once per key, on the first load only: later visits ask the API.
 */
let data: Record<string, unknown> | null | undefined;

export function firstData<T>(key: string): T | undefined {
  if (data === undefined) {
    const el = typeof document === 'undefined' ? null : document.getElementById('first-data');
    try {
      data = el?.textContent ? (JSON.parse(el.textContent) as Record<string, unknown>) : null;
    } catch {
      data = null; // a broken block costs only the head start: the hook asks the API
    }
  }
  if (!data || !(key in data)) return undefined;
  const value = data[key] as T;
  delete data[key];
  return value;
}
