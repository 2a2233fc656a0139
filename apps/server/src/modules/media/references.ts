import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Every column that can hold the URL of an uploaded file (ADR 047). A picture is not owned by the record that first
 * stored it: a community section shows a product's picture, a cart, wishlist or order line keeps the product's
 * picture it was added with, a shop video plays a community post's MP4. So `deleteUpload` asks here before removing
 * a file, and leaves it while any row still names it. A new column that keeps an upload's URL belongs in this list;
 * references.test.ts fails for a column whose name looks like one and is in neither list.
 *
 * - `text`: the column holds one URL;
 * - `array`: a text[] of URLs;
 * - `sections`: a jsonb list of `{image}` (community posts' sections).
 */
export const UPLOAD_REFERENCES: readonly { table: string; column: string; shape: 'text' | 'array' | 'sections' }[] = [
  { table: 'users', column: 'picture', shape: 'text' },
  { table: 'products', column: 'images', shape: 'array' },
  { table: 'product_colors', column: 'images', shape: 'array' },
  { table: 'temp_products', column: 'images', shape: 'array' },
  { table: 'vendors', column: 'banner', shape: 'text' },
  { table: 'vendors', column: 'avatar', shape: 'text' },
  { table: 'vendors', column: 'size_chart', shape: 'text' },
  { table: 'seller_applications', column: 'avatar', shape: 'text' },
  { table: 'community_posts', column: 'image', shape: 'text' },
  { table: 'community_posts', column: 'sections', shape: 'sections' },
  { table: 'community_posts', column: 'video_url', shape: 'text' },
  { table: 'community_posts', column: 'video_poster', shape: 'text' },
  { table: 'shop_videos', column: 'video_url', shape: 'text' },
  { table: 'chat_messages', column: 'image', shape: 'text' },
  { table: 'cart_lines', column: 'image', shape: 'text' },
  { table: 'wishlist_items', column: 'image', shape: 'text' },
  { table: 'order_lines', column: 'image', shape: 'text' },
  { table: 'site_content', column: 'picture', shape: 'text' },
  { table: 'banners', column: 'image', shape: 'text' },
  { table: 'banners', column: 'mobile_image', shape: 'text' },
  { table: 'categories', column: 'image', shape: 'text' },
  { table: 'subcategories', column: 'image', shape: 'text' },
  { table: 'styles', column: 'image', shape: 'text' },
  { table: 'states', column: 'image', shape: 'text' },
  { table: 'states', column: 'video', shape: 'text' },
  { table: 'festive_offers', column: 'image', shape: 'text' },
  { table: 'crazy_deals', column: 'image', shape: 'text' },
  { table: 'subcategory_cards', column: 'image', shape: 'text' },
  { table: 'vendor_section', column: 'image', shape: 'text' },
];

/**
 * Columns whose names look like an upload's but that are not a record showing the file: the video pipeline's own
 * queue (deleteVideo removes its row with the files). references.test.ts reads this list.
 */
export const NOT_UPLOAD_REFERENCES: readonly string[] = ['video_jobs.url', 'video_jobs.poster_url', 'video_jobs.source_key'];

function refersTo(ref: (typeof UPLOAD_REFERENCES)[number], urls: SQL): SQL {
  const table = sql.identifier(ref.table);
  const column = sql.identifier(ref.column);
  if (ref.shape === 'array') return sql`exists (select 1 from ${table} where ${column} && ${urls})`;
  if (ref.shape === 'sections') return sql`exists (select 1 from ${table}, jsonb_array_elements(${column}) e where e->>'image' = any(${urls}))`;
  return sql`exists (select 1 from ${table} where ${column} = any(${urls}))`;
}

/**
 * Whether any record names one of `urls` (an upload's URLs: every width of a picture). One statement; each `exists`
 * stops at its first row. Run after the caller's own change is committed, so its old value no longer counts.
 */
export async function uploadReferenced(db: DbOrTx, urls: readonly string[]): Promise<boolean> {
  if (!urls.length) return false;
  const list = sql`${`{${urls.map((u) => `"${u.replace(/["\\]/g, (m) => `\\${m}`)}"`).join(',')}}`}::text[]`;
  const checks = sql.join(
    UPLOAD_REFERENCES.map((r) => refersTo(r, list)),
    sql` or `,
  );
  const res = await db.execute<{ referenced: boolean }>(sql`select (${checks}) as referenced`);
  return Boolean(res.rows[0]?.referenced);
}
