import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Catalogue reads change rarely and are read constantly, so their JSON (and its compressed forms) is kept in
 * memory keyed by the normalised request (docs/decisions/002-catalogue-read-cache.md). Database triggers keep
 * two versions, so writes from any process count:
 * - the catalogue version (row 1): anything listings show or filter on — names, prices, pictures, which products
 *   exist. When it moves, everything cached is dropped.
 * - the stock version (row 2): stock quantities, sales counts and reviews. Each bump logs the products it touched
 *   in stock_changes, and whether one of them came into or went out of stock (`availability`). When it moves:
 *   - answers that contain a changed product and show its quantities, sales or rating (`scope.quantities`:
 *     product detail) are dropped;
 *   - answers that contain a product whose availability or rating changed (cards show inStock and the rating),
 *     answers filtered on stock (`scope.sizes`) that such a product could enter or leave, and answers ordered
 *     on stock (`scope.inStockOrder`: every listing shows sold-out products last) that a product coming into or
 *     going out of stock as a whole could move in, go stale: they are still served while one request's load
 *     replaces them in the background, for at most `availabilityMaxLagMs` (5 s; then requests wait for the
 *     load). A listing may so show a just-sold-out size for a moment; product detail never does, and orders
 *     check stock in the database;
 *   - answers ordered by sales (`scope.sales`: best sellers, suggestions) follow sales within `salesMaxAgeMs`
 *     (a minute): once that old after a sale they go stale the same way (requests wait only at twice that age).
 *     Re-ranking best sellers at every order would make every order cost queries.
 *   "Contains a product" means its id appears in the JSON as an `_id`.
 * So an order keeps every listing, and selling out a size refreshes only the pages showing that product and the
 * size-filtered ones it could be in.
 *
 * The versions are re-read at most once per `versionTtlMs`; while a re-read runs, hits are served from memory
 * (up to `maxStaleMs`), so a cache hit does not wait for the database. In-process writers call `invalidate()`
 * and the next read waits for fresh versions. Tests use versionTtlMs 0, which makes every lag 0 too.
 */
export interface CacheOptions {
  /** Versions older than this are re-read (in the background while they are younger than maxStaleMs). */
  versionTtlMs: number;
  /**
   * How old the versions in hand may be before a request waits for the re-read (default 8 × versionTtlMs).
   * Only matters while the database is slow to answer: on PGlite a transaction (an order being placed) holds
   * the database, and hits should not queue behind it.
   */
  maxStaleMs?: number;
  /** Memory for cached answers (JSON text plus compressed copies); least recently used go first. */
  maxBytes: number;
  /**
   * How far answers ordered by sales may lag behind sales (default 240 × versionTtlMs: a minute; 0 drops them
   * at every stock change).
   */
  salesMaxAgeMs?: number;
  /**
   * How long a listing may go on showing a product's old availability while it is refreshed in the background
   * (default 20 × versionTtlMs: 5 s; 0 drops such listings at once).
   */
  availabilityMaxLagMs?: number;
}

/** What an answer shows besides the catalogue (see CatalogueCache). */
export interface CacheScope {
  /** Stock quantities, sales counts or ratings of the products it contains (product detail). */
  quantities?: boolean;
  /**
   * Filtered on stock (the size filter). With the listing's other filters, only products that pass them can
   * enter or leave it; without, any product can.
   */
  sizes?: boolean | StockFilter;
  /** Ordered or filtered by sales counts (best sellers, suggestions). */
  sales?: boolean;
  /**
   * Ordered on products' availability (listings show sold-out products last). With the listing's other
   * filters, only products that pass them can move in it; without, any product can.
   */
  inStockOrder?: boolean | StockFilter;
}

export type Encoding = 'br' | 'gzip';

/** Text compressed for the wire, off the event loop: brotli at a fast level, or gzip (cached answers, pages). */
export function encodeText(text: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } })
    : gzipAsync(text, { level: 6 });
}

/** A listing's filters besides stock, as far as the cache can check them against a product (others: assume a match). */
export interface StockFilter {
  categoryId?: string;
  subcategoryId?: string;
  styleId?: string;
  stateId?: string;
  vendorId?: string;
  minPrice?: number;
  maxPrice?: number;
  minDiscount?: number;
  trending?: boolean;
}

/** What the stock log says about a changed product (null when it is gone). */
interface ProductFacts {
  categoryId: string | null;
  subcategoryId: string | null;
  styleId: string | null;
  stateId: string | null;
  vendorId: string | null;
  offeredPrice: number;
  discount: number;
  isTrending: boolean;
}

/** Whether a product with these facts can be in a listing with these filters. */
function canShow(f: StockFilter, p: ProductFacts | null): boolean {
  if (!p) return true;
  if (f.categoryId !== undefined && f.categoryId !== p.categoryId) return false;
  if (f.subcategoryId !== undefined && f.subcategoryId !== p.subcategoryId) return false;
  if (f.styleId !== undefined && f.styleId !== p.styleId) return false;
  if (f.stateId !== undefined && f.stateId !== p.stateId) return false;
  if (f.vendorId !== undefined && f.vendorId !== p.vendorId) return false;
  if (f.minPrice !== undefined && p.offeredPrice < f.minPrice) return false;
  if (f.maxPrice !== undefined && p.offeredPrice > f.maxPrice) return false;
  if (f.minDiscount !== undefined && p.discount < f.minDiscount) return false;
  if (f.trending && !p.isTrending) return false;
  return true;
}

interface Versions {
  catalogue: number;
  stock: number;
}

interface StockChange {
  version: number;
  productId: string;
  /** The product, a size or a colour came into or went out of stock. */
  availability: boolean;
  /** The product as a whole did (listings ordered on stock move). */
  ordering: boolean;
  /** Its card's rating changed. */
  card: boolean;
  product: ProductFacts | null;
  /** When this server read it. */
  seenAt: number;
}

/** What a stock change does to a cached answer. */
type Impact = 'none' | 'stale' | 'drop';

/** More stock versions than this since the last look: drop everything rather than read the log. */
const MAX_CHANGES_READ = 2000;
/** Stock changes kept in memory to check loads that ran while they landed. */
const RECENT_CHANGES = 5000;
/** Background refreshes of stale answers running at once (foreground misses and writes come first). */
const MAX_BACKGROUND_LOADS = 2;

const ID_IN_JSON = /"_id":"([0-9a-fA-F-]{36})"/g;

/** One cached answer. */
export class CachedJson {
  private readonly encoded = new Map<Encoding, Buffer | Promise<Buffer>>();
  bytes: number;
  /** Ids that appear as `_id` in the JSON (products, and whatever else; only product ids ever match a change). */
  readonly ids: readonly string[];
  /** Since when it may show a product's old availability (0: it does not). */
  staleSince = 0;

  constructor(
    readonly json: string,
    readonly scope: Readonly<CacheScope>,
    /** When its load started (Date.now()). */
    readonly loadedAt: number,
    private readonly onGrow: (entry: CachedJson, bytes: number) => void,
  ) {
    this.bytes = Buffer.byteLength(json) + 64;
    this.ids = [...new Set(Array.from(json.matchAll(ID_IN_JSON), (m) => m[1]!.toLowerCase()))];
    this.bytes += this.ids.length * 48;
  }

  /**
   * What `change` does to this answer: nothing, makes it stale (availability shown or filtered on), or wrong
   * (quantities shown; `salesNow`: answers ordered by sales too; `lag` false: availability too).
   */
  impact(change: Pick<StockChange, 'productId' | 'availability' | 'ordering' | 'card' | 'product'>, salesNow: boolean, lag: boolean): Impact {
    if (this.scope.sales && salesNow) return 'drop';
    const shows = this.ids.includes(change.productId);
    if (shows && this.scope.quantities) return 'drop';
    const matches = (f: boolean | StockFilter | undefined) => f === true || (typeof f === 'object' && canShow(f, change.product));
    const affected =
      (shows && (change.availability || change.card)) ||
      (change.availability && matches(this.scope.sizes)) ||
      (change.ordering && matches(this.scope.inStockOrder));
    if (affected) return lag ? 'stale' : 'drop';
    return 'none';
  }

  /** The JSON compressed with `encoding`, made once (off the event loop) and kept with the entry. */
  compressed(encoding: Encoding): Buffer | Promise<Buffer> {
    const done = this.encoded.get(encoding);
    if (done) return done;
    const making = encodeText(this.json, encoding).then(
      (buf) => {
        this.encoded.set(encoding, buf);
        this.bytes += buf.length;
        this.onGrow(this, buf.length);
        return buf;
      },
      (err: unknown) => {
        this.encoded.delete(encoding);
        throw err;
      },
    );
    this.encoded.set(encoding, making);
    return making;
  }
}

export class CatalogueCache {
  /** Least recently used first (a hit moves its entry to the end). */
  private entries = new Map<string, CachedJson>();
  /** Product id → keys of the entries whose JSON shows it. */
  private byId = new Map<string, Set<string>>();
  /** Keys of the entries ordered by sales, and of those filtered on stock (looked at on every availability change). */
  private salesKeys = new Set<string>();
  private sizesKeys = new Set<string>();
  /** Keys of the entries ordered on availability (looked at when a product comes into or goes out of stock). */
  private orderKeys = new Set<string>();
  private bytes = 0;
  private versions: Versions = { catalogue: -1, stock: -1 };
  /** The latest stock changes applied, oldest first (see `keep`). */
  private recent: StockChange[] = [];
  /** When stock changes were last applied (answers ordered by sales loaded before then age out). */
  private stockChangedAt = 0;
  /** When the versions in hand were asked for (0: never, or invalidated). */
  private checkedAt = 0;
  private pendingCheck: Promise<void> | null = null;
  /** Version reads are numbered; reads started before an invalidation cannot make the versions count as fresh. */
  private readsStarted = 0;
  private validFromRead = 0;
  private loading = new Map<string, Promise<CachedJson>>();
  /** Keys being refreshed in the background. */
  private refreshing = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly opts: CacheOptions = { versionTtlMs: 250, maxBytes: 64 * 1024 * 1024 },
  ) {}

  /** Forget the known versions so the next read checks them (call after writing catalogue rows in-process). */
  invalidate(): void {
    this.checkedAt = 0;
    this.validFromRead = this.readsStarted + 1;
    this.pendingCheck = null; // a re-read already under way may have been asked before the write
  }

  /** The cached JSON text for `key`, or `load()`'s result serialised and remembered (see `get`). */
  async json(key: string, load: () => Promise<unknown>, scope: CacheScope = {}): Promise<string> {
    return (await this.get(key, load, scope)).json;
  }

  /**
   * The cached text for `key`, or `load()`'s text remembered as it is (not serialised as JSON: an XML sitemap).
   * Held, dropped and compressed like any answer; its `json` field carries the text.
   */
  text(key: string, load: () => Promise<string>, scope: CacheScope = {}): Promise<CachedJson> {
    return this.get(key, load, scope, true);
  }

  /**
   * The cached answer for `key`, or `load()`'s result serialised and remembered (`raw`: `load` gives the text to
   * keep). Concurrent misses for the same key share one load (50 connections asking for a cold listing make one
   * query, not 50).
   */
  async get(key: string, load: () => Promise<unknown>, scope: CacheScope = {}, raw = false): Promise<CachedJson> {
    const check = this.freshness();
    if (check) await check;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      const now = Date.now();
      const salesLate = this.salesOutdated(hit);
      if (!salesLate && !hit.staleSince) return hit;
      // Stale (see above): answered as it is while a load replaces it, unless it is too old for that.
      const tooOld =
        (hit.staleSince > 0 && now - hit.staleSince >= this.availabilityMaxLagMs) || (salesLate && now - hit.loadedAt >= 2 * this.salesMaxAgeMs);
      if (!tooOld) {
        this.refreshInBackground(key, load, scope, raw);
        return hit;
      }
    }
    return this.load(key, load, scope, raw);
  }

  private load(key: string, load: () => Promise<unknown>, scope: CacheScope, raw: boolean): Promise<CachedJson> {
    const started = this.versions;
    const loadedAt = Date.now();
    const flightKey = `${started.catalogue}:${started.stock}\u0000${key}`;
    const inFlight = this.loading.get(flightKey);
    if (inFlight) return inFlight;
    const pending = (async () => {
      try {
        const loaded = await load();
        const text = raw ? String(loaded) : JSON.stringify(loaded);
        const entry = new CachedJson(text, scope, loadedAt, (e, grown) => {
          if (this.entries.get(key) === e) this.grow(grown);
        });
        this.keep(key, entry, started);
        return entry;
      } finally {
        this.loading.delete(flightKey);
      }
    })();
    this.loading.set(flightKey, pending);
    return pending;
  }

  /** Replaces a stale answer by a fresh load without making the request wait (a few at a time). */
  private refreshInBackground(key: string, load: () => Promise<unknown>, scope: CacheScope, raw: boolean): void {
    if (this.refreshing.has(key) || this.refreshing.size >= MAX_BACKGROUND_LOADS) return;
    this.refreshing.add(key);
    this.load(key, load, scope, raw)
      .catch(() => {}) // the stale answer stays; a later request tries again
      .finally(() => this.refreshing.delete(key));
  }

  /** How many answers and bytes are held (tests, diagnostics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * Stores a load that started at versions `started`, unless a write that makes it wrong landed meanwhile; one
   * that only makes it stale is stored as stale since then.
   */
  private keep(key: string, entry: CachedJson, started: Versions): void {
    const now = this.versions;
    if (now.catalogue !== started.catalogue) return;
    if (now.stock !== started.stock) {
      // The changes in between must all be known (the log in memory reaches back far enough).
      if (!(this.recent.length > 0 && this.recent[0]!.version <= started.stock + 1)) return;
      for (const change of this.recent) {
        if (change.version <= started.stock) continue;
        const impact = entry.impact(change, this.salesMaxAgeMs === 0, this.availabilityMaxLagMs > 0);
        if (impact === 'drop') return;
        if (impact === 'stale' && !entry.staleSince) entry.staleSince = change.seenAt;
      }
    }
    this.store(key, entry);
  }

  private get availabilityMaxLagMs(): number {
    return this.opts.availabilityMaxLagMs ?? 20 * this.opts.versionTtlMs;
  }

  private get salesMaxAgeMs(): number {
    return this.opts.salesMaxAgeMs ?? 240 * this.opts.versionTtlMs;
  }

  /** An answer ordered by sales, loaded before the latest stock change and older than salesMaxAgeMs. */
  private salesOutdated(entry: CachedJson): boolean {
    return entry.scope.sales === true && entry.loadedAt < this.stockChangedAt && Date.now() - entry.loadedAt >= this.salesMaxAgeMs;
  }

  private store(key: string, entry: CachedJson): void {
    this.remove(key);
    this.entries.set(key, entry);
    for (const id of entry.ids) {
      let keys = this.byId.get(id);
      if (!keys) this.byId.set(id, (keys = new Set()));
      keys.add(key);
    }
    if (entry.scope.sales) this.salesKeys.add(key);
    if (entry.scope.sizes) this.sizesKeys.add(key);
    if (entry.scope.inStockOrder) this.orderKeys.add(key);
    this.grow(entry.bytes);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const id of entry.ids) {
      const keys = this.byId.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byId.delete(id);
    }
    this.salesKeys.delete(key);
    this.sizesKeys.delete(key);
    this.orderKeys.delete(key);
  }

  private clear(): void {
    this.entries.clear();
    this.byId.clear();
    this.salesKeys.clear();
    this.sizesKeys.clear();
    this.orderKeys.clear();
    this.bytes = 0;
  }

  private grow(bytes: number): void {
    this.bytes += bytes;
    while (this.bytes > this.opts.maxBytes && this.entries.size > 1) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  /** Drops what the stock changes made wrong and marks what they made stale. */
  private applyStockChanges(changes: StockChange[]): void {
    if (changes.length === 0) return;
    this.stockChangedAt = Date.now();
    const salesNow = this.salesMaxAgeMs === 0;
    const lag = this.availabilityMaxLagMs > 0;
    if (salesNow) for (const key of this.salesKeys) this.remove(key);
    const apply = (key: string, change: StockChange) => {
      const entry = this.entries.get(key);
      const impact = entry?.impact(change, salesNow, lag);
      if (impact === 'drop') this.remove(key);
      else if (impact === 'stale' && !entry!.staleSince) entry!.staleSince = change.seenAt;
    };
    for (const change of changes) {
      if (change.availability) for (const key of [...this.sizesKeys]) apply(key, change);
      if (change.ordering) for (const key of [...this.orderKeys]) apply(key, change);
      for (const key of [...(this.byId.get(change.productId) ?? [])]) apply(key, change);
    }
    this.recent.push(...changes);
    if (this.recent.length > RECENT_CHANGES) this.recent.splice(0, this.recent.length - RECENT_CHANGES);
  }

  /**
   * Undefined when the known versions may be used now (a re-read may start in the background); otherwise the
   * re-read to wait for: the versions were never read, were invalidated, or are older than maxStaleMs.
   */
  private freshness(): Promise<void> | undefined {
    const age = Date.now() - this.checkedAt;
    if (age < this.opts.versionTtlMs) return undefined;
    let check = this.pendingCheck;
    if (!check) {
      const started = this.readVersions().finally(() => {
        if (this.pendingCheck === started) this.pendingCheck = null;
      });
      this.pendingCheck = check = started;
    }
    if (age < (this.opts.maxStaleMs ?? 8 * this.opts.versionTtlMs)) {
      check.catch(() => {}); // a failed background re-read is retried by the next request
      return undefined;
    }
    return check;
  }

  /** Reads the versions (and the stock changes since the last read) and drops what they make wrong. */
  private async readVersions(): Promise<void> {
    const n = ++this.readsStarted;
    const asked = Date.now();
    const res = await this.db.execute<{ id: number; version: number }>(sql`select id, version from catalogue_version where id in (1, 2)`);
    const read = (id: number) => Number(res.rows.find((r) => Number(r.id) === id)?.version ?? 0);
    const known = this.versions;
    const now: Versions = { catalogue: read(1), stock: read(2) };
    let changes: StockChange[] = [];
    const stockMoved = now.stock !== known.stock;
    const readLog = now.catalogue === known.catalogue && stockMoved && now.stock > known.stock && now.stock - known.stock <= MAX_CHANGES_READ;
    if (readLog) {
      type LogRow = {
        version: number;
        product_id: string;
        availability: boolean;
        ordering: boolean;
        card: boolean;
        found: boolean | null;
        category_id: string | null;
        subcategory_id: string | null;
        style_id: string | null;
        state_id: string | null;
        vendor_id: string | null;
        offered_price: number | null;
        discount: number | null;
        is_trending: boolean | null;
      };
      const log = await this.db.execute<LogRow>(sql`select c.version, c.product_id, c.availability, c.ordering, c.card, p.id is not null as found,
          p.category_id, p.subcategory_id, p.style_id, p.state_id, p.vendor_id, p.offered_price, p.discount, p.is_trending
        from stock_changes c left join products p on p.id = c.product_id
        where c.version > ${known.stock} and c.version <= ${now.stock} order by c.version`);
      const seenAt = Date.now();
      changes = log.rows.map((r) => ({
        version: Number(r.version),
        productId: String(r.product_id).toLowerCase(),
        availability: Boolean(r.availability),
        ordering: Boolean(r.ordering),
        card: Boolean(r.card),
        product: r.found
          ? {
              categoryId: r.category_id,
              subcategoryId: r.subcategory_id,
              styleId: r.style_id,
              stateId: r.state_id,
              vendorId: r.vendor_id,
              offeredPrice: Number(r.offered_price),
              discount: Number(r.discount),
              isTrending: Boolean(r.is_trending),
            }
          : null,
        seenAt,
      }));
    }
    // Another read applied versions while this one waited for its answers: it only confirms them, at most.
    if (this.versions !== known) {
      const same = now.catalogue === this.versions.catalogue && now.stock === this.versions.stock;
      if (same && n >= this.validFromRead) this.checkedAt = Math.max(this.checkedAt, asked);
      return;
    }
    if (now.catalogue !== known.catalogue || (stockMoved && !readLog)) {
      this.clear();
      this.recent = [];
    } else if (stockMoved) {
      this.applyStockChanges(changes);
    }
    this.versions = now;
    if (n >= this.validFromRead) this.checkedAt = asked;
  }
}
