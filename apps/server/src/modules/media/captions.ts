import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The captioned demo pictures the catalogue uses: the exact addresses (lib/art/url.ts artUrl with a label) stored
 * in the tables whose pictures carry a caption (db/seed reference.ts and merch.ts: state tiles, banners, festive
 * offers, subcategory cards, featured vendors, and the vendors' banner, avatar and size chart). The media route
 * draws a captioned picture only for one of these, so a stranger cannot make us draw and keep a file for any
 * text they like.
 *
 * Why a lookup of stored addresses rather than a signed caption (an HMAC in the address): the addresses already
 * stored in every demo database, and in browsers' caches, have no signature and must keep working; a lookup
 * accepts exactly them, with nothing to migrate. It is cheap: a few hundred short strings held in memory. An
 * address not among them costs one read of the catalogue version (a primary-key row that every write to those
 * tables bumps, migrations 0002); only when it moved are the addresses read again.
 */
export class ArtCaptions {
  private known = new Set<string>();
  private version: number | undefined;
  private loading: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  /** Whether `url` (artUrl's canonical address of a captioned picture) is one the catalogue stores. */
  async has(url: string): Promise<boolean> {
    if (this.known.has(url)) return true;
    await this.refresh();
    return this.known.has(url);
  }

  /** Reads the addresses again when the catalogue changed; requests arriving meanwhile share one refresh. */
  private refresh(): Promise<void> {
    this.loading ??= (async () => {
      const version = await this.catalogueVersion();
      if (version === this.version) return;
      this.known = await this.read();
      this.version = version;
    })().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async catalogueVersion(): Promise<number> {
    const res = await this.db.execute<{ version: number | string }>(sql`select version from catalogue_version where id = 1`);
    return Number(res.rows[0]?.version ?? 0);
  }

  private async read(): Promise<Set<string>> {
    const res = await this.db.execute<{ url: string }>(sql`
      select url from (
        select image as url from states union all
        select image from banners union all
        select mobile_image from banners union all
        select image from festive_offers union all
        select image from subcategory_cards union all
        select image from vendor_section union all
        select banner from vendors union all
        select avatar from vendors union all
        select size_chart from vendors
      ) u
      where url like '/media/art/%?label=%'`);
    return new Set(res.rows.map((r) => r.url));
  }
}
