import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { CachedJson } from '../../lib/catalogue-cache.ts';
import { ok } from '../../lib/http.ts';

/**
 * The vendor console's order list and dashboard answers kept in memory per vendor (ADR 037). Each is kept under the
 * vendor's console version (vendor_console_versions, bumped by migration 0040's triggers in the transaction of every
 * write to the vendor's parts, their lines, what the list shows of their orders, and its products, sizes and colours,
 * whoever writes) as read BEFORE the answer was loaded, and served again only while a fresh read of the version
 * still gives that number. So an answer is never older than the request that gets it, as if loaded then, and a big
 * shop's unchanged list or dashboard costs one primary-key read instead of its queries, its JSON and its compression
 * (the dashboard is keyed by India day too). Every process keeps its own; the version in the database keeps them all
 * exact.
 */

/** Enough for every open console many times over; the least recently used go first. */
const MAX_ENTRIES = 2000;
const MAX_BYTES = 32 * 1024 * 1024;

export interface KeptAnswer<T> {
  version: bigint;
  data: T;
  /** The answer's envelope as JSON text, compressed on demand. */
  json: CachedJson;
}

export class VendorConsoleCache {
  private entries = new Map<string, KeptAnswer<unknown>>();
  private loading = new Map<string, Promise<KeptAnswer<unknown>>>();
  private bytes = 0;

  constructor(private readonly db: Db) {}

  /** The answer `key` of the vendor's, as kept, or loaded afresh when the vendor's orders or stock changed since. */
  async get<T>(vendorId: string, key: string, load: () => Promise<T>): Promise<KeptAnswer<T>> {
    const version = await this.version(vendorId);
    const k = `${vendorId} ${key}`;
    const kept = this.entries.get(k);
    if (kept && kept.version === version) {
      // most recently used last
      this.entries.delete(k);
      this.entries.set(k, kept);
      return kept as KeptAnswer<T>;
    }
    // many requests of one answer after a change load it once
    const loadKey = `${k} ${version}`;
    let pending = this.loading.get(loadKey);
    if (!pending) {
      pending = load()
        .then((data) => {
          // a compressed copy made later counts while the answer is still kept
          const json = new CachedJson(JSON.stringify(ok(data)), {}, Date.now(), (_e, bytes) => this.entries.get(k)?.json === json && this.grow(bytes));
          const entry: KeptAnswer<unknown> = { version, data, json };
          this.store(k, entry);
          return entry;
        })
        .finally(() => this.loading.delete(loadKey));
      this.loading.set(loadKey, pending);
    }
    return pending as Promise<KeptAnswer<T>>;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private async version(vendorId: string): Promise<bigint> {
    const res = await this.db.execute<{ v: string }>(sql`select coalesce((select version from vendor_console_versions where vendor_id = ${vendorId}), 0)::text as v`);
    return BigInt(res.rows[0]?.v ?? '0');
  }

  private store(key: string, entry: KeptAnswer<unknown>): void {
    const old = this.entries.get(key);
    // a slow load of an older version does not replace a newer answer
    if (old && old.version > entry.version) return;
    if (old) this.remove(key);
    this.entries.set(key, entry);
    this.grow(entry.json.bytes);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.json.bytes;
  }

  private grow(bytes: number): void {
    this.bytes += bytes;
    for (const key of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.remove(key);
    }
  }
}

const caches = new WeakMap<Db, VendorConsoleCache>();

/** The cache of `db`'s answers (one per database a process opens; tests open several). */
export function vendorConsoleCache(db: Db): VendorConsoleCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new VendorConsoleCache(db)));
  return cache;
}
