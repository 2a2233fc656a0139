import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Catalogue reads change rarely and are read constantly, so their JSON is kept in memory keyed by the
 * normalised request and the catalogue version (bumped by database triggers on every catalogue write,
 * so writes from any process count). The version is re-read at most once per `versionTtlMs`.
 */
export class CatalogueCache {
  private entries = new Map<string, string>();
  private version = -1;
  private checkedAt = 0;
  private pendingCheck: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: { versionTtlMs: number; maxEntries: number } = { versionTtlMs: 250, maxEntries: 2000 },
  ) {}

  /** Forget the known version so the next read checks it (call after writing catalogue rows in-process). */
  invalidate(): void {
    this.checkedAt = 0;
  }

  /** The cached JSON for `key`, or `load()`'s result serialised and remembered. */
  async json(key: string, load: () => Promise<unknown>): Promise<string> {
    await this.refreshVersion();
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const version = this.version;
    const text = JSON.stringify(await load());
    // A write may have landed while loading; only keep what belongs to the version we started with.
    if (version === this.version) {
      if (this.entries.size >= this.opts.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, text);
    }
    return text;
  }

  private async refreshVersion(): Promise<void> {
    if (Date.now() - this.checkedAt < this.opts.versionTtlMs) return;
    this.pendingCheck ??= (async () => {
      try {
        const res = await this.db.execute<{ version: number }>(sql`select version from catalogue_version where id = 1`);
        const current = Number(res.rows[0]?.version ?? 0);
        if (current !== this.version) {
          this.entries.clear();
          this.version = current;
        }
        this.checkedAt = Date.now();
      } finally {
        this.pendingCheck = null;
      }
    })();
    await this.pendingCheck;
  }
}
