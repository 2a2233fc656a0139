import type { CommunityFeed } from '@statewise/contract';
import { encodeText } from '../../lib/catalogue-cache.ts';
import { ok } from '../../lib/http.ts';

/**
 * Feed pages as a guest sees them, kept in memory by (page size, page, cursor) for a moment (ADR 026), with their
 * JSON text and its compressed forms, so a guest's page is served without a query and a member's costs one (their
 * likes among the page's posts, always read afresh).
 *
 * Any community write in this process — a post added, edited, deleted, pinned, hidden or shown again, a like, a
 * comment or reply — drops every page at once (`feedChanged`), so this process never shows an old count or post.
 * Another process's writes show within TTL_MS. Past TTL_MS a page is still served while one request reloads it,
 * for up to STALE_MS.
 *
 * A member's page (the guest page with their likes and own-post flags) is kept the same way, per member, for exactly
 * as long as the guest page it was made from is the one served (`memberPage`, ADR 032): their like here drops it with
 * everything else, one made through another process shows when the guest page reloads — the bound every count
 * already has.
 */
const TTL_MS = 1000;
const STALE_MS = 5000;
const MAX_PAGES = 5000;
const MAX_MEMBER_PAGES = 5000;

export class CachedFeed {
  private text: string | null = null;
  private readonly encoded = new Map<'br' | 'gzip', Promise<Buffer>>();
  constructor(readonly data: CommunityFeed) {}
  /** The success envelope as JSON text. */
  get json(): string {
    this.text ??= JSON.stringify(ok(this.data));
    return this.text;
  }
  compressed(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let p = this.encoded.get(encoding);
    if (!p) {
      p = encodeText(this.json, encoding);
      this.encoded.set(encoding, p);
    }
    return p;
  }
}

interface Entry {
  version: number;
  loadedAt: number;
  value: CachedFeed | null;
  loading: Promise<CachedFeed> | null;
}

let version = 0;
const pages = new Map<string, Entry>();
/** (member, page key) → their page, made from `base`; oldest first. */
const memberPages = new Map<string, { base: CachedFeed; page: Promise<CachedFeed> }>();

/** Every cached page is out of date (something in the community changed here). */
export function feedChanged(): void {
  version++;
  pages.clear();
  memberPages.clear();
}

/**
 * A member's view of the guest page `base` under `key`, made with `make` (their likes: one query) once per guest page,
 * so a member re-reading a page costs no query, like a guest. Requests that come together share one making.
 */
export function memberPage(key: string, base: CachedFeed, make: () => Promise<CommunityFeed>): Promise<CachedFeed> {
  const hit = memberPages.get(key);
  if (hit && hit.base === base) return hit.page;
  const startedAt = version;
  const page = make().then((data) => new CachedFeed(data));
  const entry = { base, page };
  memberPages.delete(key);
  if (memberPages.size >= MAX_MEMBER_PAGES) memberPages.delete(memberPages.keys().next().value!);
  memberPages.set(key, entry);
  const drop = () => {
    if (memberPages.get(key) === entry) memberPages.delete(key);
  };
  // a like here while the likes were being read: the next request reads them again
  page.then(() => startedAt !== version && drop(), drop);
  return page;
}

function remember(key: string, entry: Entry) {
  pages.delete(key);
  pages.set(key, entry);
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
}

/** The page under `key`, loading it with `load` when missing, of an older version, or too old. */
export async function cachedPage(key: string, load: () => Promise<CommunityFeed>): Promise<CachedFeed> {
  const now = Date.now();
  const hit = pages.get(key);
  if (hit && hit.version === version) {
    if (hit.value) {
      const age = now - hit.loadedAt;
      if (age < TTL_MS) return hit.value;
      if (age < STALE_MS) {
        if (!hit.loading) refresh(key, hit, load);
        return hit.value;
      }
    }
    if (hit.loading) return hit.loading;
  }
  const entry: Entry = { version, loadedAt: now, value: null, loading: null };
  remember(key, entry);
  refresh(key, entry, load);
  return entry.loading!;
}

function refresh(key: string, entry: Entry, load: () => Promise<CommunityFeed>) {
  const started = version;
  const loading = load().then(
    (data) => {
      const value = new CachedFeed(data);
      entry.loading = null;
      if (started === version) {
        entry.value = value;
        entry.loadedAt = Date.now();
      } else if (pages.get(key) === entry) pages.delete(key);
      return value;
    },
    (err: unknown) => {
      entry.loading = null;
      if (!entry.value && pages.get(key) === entry) pages.delete(key);
      throw err;
    },
  );
  entry.loading = loading;
  // A background refresh nobody awaits must not become an unhandled rejection.
  loading.catch(() => undefined);
}
