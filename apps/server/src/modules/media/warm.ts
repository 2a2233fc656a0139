import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { artRenderer } from '../../lib/art/render.ts';
import { artCacheDir } from './routes.ts';

/** How many products' first pictures are drawn ahead: the home strips and the first listing pages. */
const PRODUCTS_AHEAD = 300;

/**
 * The demo's pictures are drawn on first request (ADR 004). After a start, this draws ahead, one at a time, the
 * ones a first visitor meets at once — banners, categories, states, styles, cards, deals, featured vendors, and the
 * first picture of the trending, best-selling and newest products — so the first home page is not a wall of
 * placeholders. Pictures already drawn are skipped with a stat; uploads are not generated art and are skipped too.
 */
export async function warmFirstPictures(db: Db, dataDir: string, onProgress?: (done: number, total: number) => void): Promise<number> {
  const res = await db.execute<{ url: string }>(sql`
    select url from (
      select 1 as rank, image as url from banners union all
      select 1, mobile_image from banners union all
      select 2, image from categories where not is_hidden union all
      select 2, image from states union all
      select 2, image from styles union all
      select 2, image from subcategory_cards union all
      select 2, image from crazy_deals union all
      select 2, image from vendor_section union all
      select 3, url from (
        select images[1] as url from products
        where is_active and cardinality(images) > 0
        order by is_trending desc, sales_count desc, created_at desc
        limit ${PRODUCTS_AHEAD}
      ) p
    ) u
    where url like '/media/art/%'
    order by rank`);
  return artRenderer(artCacheDir(dataDir)).warm(
    res.rows.map((r) => r.url),
    onProgress,
  );
}
