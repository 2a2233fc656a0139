import type { CommunityFeed } from '@statewise/contract';

/**
 * Feed pages as a guest sees them, kept in memory by (page size, cursor) for a short while (ADR 026). Only what
 * changes rarely is taken from here — which posts a page holds, their text, pictures, authors and tags; every
 * request still reads the posts' like and comment counts, their visibility and the caller's likes from the
 * database (one indexed query for the page's ten ids), so counts are never stale.
 *
 * In this process, any change to which posts a page holds or what they show (a post added, edited, deleted,
 * pinned, unpinned, hidden or shown again) drops every page at once (`feedChanged`). Another process's changes
 * show within TTL_MS. Past TTL_MS a page is still served while one request reloads it, for up to STALE_MS.
 */
const TTL_MS = 2000;
const STALE_MS = 10_000;
const MAX_PAGES = 5000;

type Page = Omit<CommunityFeed, 'page'>;

interface Entry {
  version: number;
  loadedAt: number;
  value: Page | null;
  loading: Promise<Page> | null;
}

let version = 0;
const pages = new Map<string, Entry>();

/** Every cached page is out of date (a post was added, changed or removed here). */
export function feedChanged(): void {
  version++;
  pages.clear();
}

function remember(key: string, entry: Entry) {
  pages.delete(key);
  pages.set(key, entry);
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
}

/** The page under `key`, loading it with `load` when missing, of an older version, or too old. */
export async function cachedPage(key: string, load: () => Promise<Page>): Promise<Page> {
  const now = Date.now();
  const hit = pages.get(key);
  if (hit && hit.version === version && hit.value) {
    const age = now - hit.loadedAt;
    if (age < TTL_MS) return hit.value;
    if (age < STALE_MS) {
      if (!hit.loading) refresh(key, hit, load);
      return hit.value;
    }
  }
  if (hit && hit.version === version && hit.loading) return hit.loading;
  const entry: Entry = { version, loadedAt: now, value: null, loading: null };
  refresh(key, entry, load);
  remember(key, entry);
  return entry.loading!;
}

function refresh(key: string, entry: Entry, load: () => Promise<Page>) {
  const started = version;
  entry.loading = load().then(
    (value) => {
      entry.loading = null;
      if (started === version) {
        entry.value = value;
        entry.loadedAt = Date.now();
      } else pages.delete(key);
      return value;
    },
    (err: unknown) => {
      entry.loading = null;
      if (!entry.value) pages.delete(key);
      throw err;
    },
  );
  // A background refresh nobody awaits must not become an unhandled rejection.
  entry.loading.catch(() => undefined);
}
