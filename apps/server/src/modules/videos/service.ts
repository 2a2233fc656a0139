import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  MSG,
  SHOP_VIDEO_MSG,
  type AdminVideo,
  type AdminVideoProductsBody,
  type ShopVideo,
  type VideoList,
  type VideoProduct,
} from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { shopVideoProducts, shopVideos } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { UploadedFile } from '../media/uploads.ts';
import { deleteVideo, storeVideo } from '../media/videos.ts';
import { CARD_JOINS, CARD_SELECT, isoTime } from '../products/listing.ts';
import { toProductDetail, type DetailRow } from '../products/serialize.ts';

/**
 * The watch-and-shop feed (issue 14, ADR 030). A feed video is a video of the pipeline (modules/media/videos.ts) plus
 * what the feed needs: title, category, place, visibility, counters and the products mapped to it. The public lists
 * show only videos whose transcode is ready and that are not hidden, and read their products in one more query
 * whatever the page size (no N+1).
 */

type Ctx = Pick<AppContext, 'db' | 'storage'>;
/** The audit log's name for a feed video. */
export const VIDEO_ENTITY = 'shop_video';
/** Where uploaded feed videos and their posters are stored. */
export const VIDEO_FOLDER = 'watch-and-shop';
/** Videos GET video/trendingVideos gives: the most watched. */
const TRENDING_VIDEOS = 10;

type VideoRow = {
  id: string;
  video_url: string;
  title: string;
  poster_url: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  c_id: string | null;
  c_name: string | null;
  c_slug: string | null;
  total?: number;
};

const VIDEO_SELECT = sql`sv.id, sv.video_url, sv.title, vj.poster_url, vj.width, vj.height, vj.duration_ms,
  c.id as c_id, c.name as c_name, c.slug as c_slug`;
const VIDEO_FROM = sql`shop_videos sv
  join video_jobs vj on vj.url = sv.video_url and vj.state = 'ready'
  left join categories c on c.id = sv.category_id`;

/** The products of these videos, in carousel order, with their stock lists: one query for any number of videos. */
async function productsOf(db: DbOrTx, videoIds: readonly string[], opts: { activeOnly: boolean }): Promise<Map<string, VideoProduct[]>> {
  const out = new Map<string, VideoProduct[]>();
  if (!videoIds.length) return out;
  const ids = sql.join(videoIds.map((id) => sql`${id}::uuid`), sql`, `);
  const res = await db.execute<DetailRow & { video_id: string; highlight_ms: number | null }>(sql`select svp.video_id, svp.highlight_ms, ${CARD_SELECT},
      '' as description, p.free_size_qty, '' as meta_description, null as meta_keywords, 0 as sales_count,
      (select json_agg(json_build_object('size', ps.size, 'quantity', ps.quantity) order by ps.size)
         from product_sizes ps where ps.product_id = p.id) as sizes,
      (select json_agg(json_build_object('_id', pc.id, 'color', pc.color, 'quantity', pc.quantity, 'images', pc.images)
                       order by pc.sort_order, pc.color)
         from product_colors pc where pc.product_id = p.id) as colors
    from shop_video_products svp
    join products p on p.id = svp.product_id
    ${CARD_JOINS}
    where svp.video_id in (${ids}) ${opts.activeOnly ? sql`and p.is_active and p.deleted_at is null` : sql``}
    order by svp.video_id, svp.position, p.name`);
  for (const r of res.rows) {
    const d = toProductDetail(r);
    const item: VideoProduct = {
      ...cardOf(d),
      freeSizeQty: d.freeSizeQty,
      sizeInventory: d.sizeInventory,
      colorInventory: d.colorInventory,
      highlightMs: r.highlight_ms === null ? null : Number(r.highlight_ms),
    };
    const list = out.get(r.video_id) ?? [];
    list.push(item);
    out.set(r.video_id, list);
  }
  return out;
}

/** The card part of a detail (the feed has no use for descriptions and meta tags). */
function cardOf(d: ReturnType<typeof toProductDetail>) {
  const { description: _d, metaDescription: _m, metaKeyword: _k, salesCount: _s, freeSizeQty: _f, sizeInventory: _si, colorInventory: _ci, ...card } = d;
  return card;
}

function toShopVideo(r: VideoRow, products: VideoProduct[]): ShopVideo {
  return {
    _id: r.id,
    video: r.video_url,
    poster: r.poster_url,
    width: r.width === null ? null : Number(r.width),
    height: r.height === null ? null : Number(r.height),
    durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
    title: r.title,
    categoryId: r.c_id ? { _id: r.c_id, name: r.c_name ?? '', slug: r.c_slug ?? '' } : null,
    productId: products,
  };
}

/**
 * POST video/list: ready, shown videos in the admin's order, then newest first; the selected video (`videoId`) is
 * moved to the front (shopping §4) and so never repeats on a later page. Two queries (three for a page past the end).
 */
export async function listVideos(db: DbOrTx, q: { page: number; pageSize: number; categoryId?: string | null; videoId?: string | null }): Promise<VideoList> {
  const where: SQL[] = [sql`not sv.is_hidden`];
  if (q.categoryId) where.push(sql`sv.category_id = ${q.categoryId}`);
  const selected = q.videoId ? sql`(sv.id = ${q.videoId}) desc,` : sql``;
  const res = await db.execute<VideoRow>(sql`select ${VIDEO_SELECT}, count(*) over () as total
    from ${VIDEO_FROM}
    where ${and(...where)}
    order by ${selected} sv.sort_order, sv.created_at desc, sv.id
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  let total = Number(res.rows[0]?.total ?? 0);
  if (!res.rows.length && q.page > 1) {
    const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${VIDEO_FROM} where ${and(...where)}`);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  const products = await productsOf(db, res.rows.map((r) => r.id), { activeOnly: true });
  return { videos: res.rows.map((r) => toShopVideo(r, products.get(r.id) ?? [])), total };
}

/** GET video/trendingVideos: the most watched ready videos (then the most added to cart from), with their products. */
export async function trendingVideos(db: DbOrTx): Promise<ShopVideo[]> {
  const res = await db.execute<VideoRow>(sql`select ${VIDEO_SELECT}
    from ${VIDEO_FROM}
    where not sv.is_hidden
    order by sv.views desc, sv.cart_adds desc, sv.sort_order, sv.created_at desc
    limit ${TRENDING_VIDEOS}`);
  const products = await productsOf(db, res.rows.map((r) => r.id), { activeOnly: true });
  return res.rows.map((r) => toShopVideo(r, products.get(r.id) ?? []));
}

/** A view or an add-to-cart from a shown video; 404 for an unknown or hidden one. */
export async function countVideo(db: DbOrTx, id: string, what: 'view' | 'cartAdd'): Promise<void> {
  const set = what === 'view' ? { views: sql`${shopVideos.views} + 1` } : { cartAdds: sql`${shopVideos.cartAdds} + 1` };
  const [row] = await db
    .update(shopVideos)
    .set(set)
    .where(and(eq(shopVideos.id, id), eq(shopVideos.isHidden, false)))
    .returning({ id: shopVideos.id });
  if (!row) throw notFound(SHOP_VIDEO_MSG.notFound);
}

// ---------- admin ----------

type AdminRow = {
  id: string;
  video_url: string;
  title: string;
  is_hidden: boolean;
  sort_order: number;
  views: number;
  cart_adds: number;
  created_at: string;
  job_id: string;
  state: AdminVideo['state'];
  last_error: string | null;
  poster_url: string | null;
  duration_ms: number | null;
  c_id: string | null;
  c_name: string | null;
  c_slug: string | null;
};

/** Every feed video, hidden and unfinished ones too, in the feed's order, with its state, products and counters (two queries). */
export async function listAdminVideos(db: DbOrTx, onlyId?: string): Promise<AdminVideo[]> {
  const res = await db.execute<AdminRow>(sql`select sv.id, sv.video_url, sv.title, sv.is_hidden, sv.sort_order, sv.views, sv.cart_adds,
      ${isoTime(sql`sv.created_at`)} as created_at, vj.id as job_id, vj.state, vj.last_error, vj.poster_url, vj.duration_ms,
      c.id as c_id, c.name as c_name, c.slug as c_slug
    from shop_videos sv
    join video_jobs vj on vj.url = sv.video_url
    left join categories c on c.id = sv.category_id
    ${onlyId ? sql`where sv.id = ${onlyId}` : sql``}
    order by sv.sort_order, sv.created_at desc, sv.id`);
  const products = await productsOf(db, res.rows.map((r) => r.id), { activeOnly: false });
  return res.rows.map((r) => {
    const views = Number(r.views);
    const cartAdds = Number(r.cart_adds);
    return {
      _id: r.id,
      video: r.video_url,
      poster: r.poster_url,
      state: r.state,
      error: r.state === 'failed' ? r.last_error : null,
      jobId: r.job_id,
      durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
      title: r.title,
      categoryId: r.c_id ? { _id: r.c_id, name: r.c_name ?? '', slug: r.c_slug ?? '' } : null,
      hidden: r.is_hidden,
      sortOrder: Number(r.sort_order),
      views,
      cartAdds,
      cartRate: views > 0 ? Math.round((cartAdds / views) * 1000) / 1000 : 0,
      products: (products.get(r.id) ?? []).map((p) => ({
        _id: p._id,
        name: p.name,
        slug: p.slug,
        image: p.images[0] ?? null,
        highlightAt: p.highlightMs === null ? null : p.highlightMs / 1000,
      })),
      createdAt: r.created_at,
    };
  });
}

async function adminVideo(db: DbOrTx, id: string): Promise<AdminVideo> {
  const [row] = await listAdminVideos(db, id);
  if (!row) throw notFound(SHOP_VIDEO_MSG.notFound);
  return row;
}

async function checkCategory(db: DbOrTx, categoryId: string | null | undefined): Promise<string | null> {
  if (!categoryId) return null;
  const res = await db.execute<{ id: string }>(sql`select id from categories where id = ${categoryId}`);
  if (!res.rows.length) throw badRequest(MSG.vpCategoryUnknown, { categoryId: MSG.vpCategoryUnknown });
  return categoryId;
}

/**
 * Takes an uploaded video (already checked mp4/mov and size by readUpload) into the pipeline and the feed, first in
 * the admin's order (hidden from shoppers until its transcode is ready). Audited in the transaction of the insert.
 */
export async function createVideo(
  ctx: Ctx,
  actorId: string,
  upload: { file: Buffer | Pick<UploadedFile, 'path' | 'bytes'>; kind: 'mp4' | 'mov' },
  fields: { title?: string; categoryId?: string | null },
): Promise<AdminVideo> {
  const categoryId = await checkCategory(ctx.db, fields.categoryId);
  const stored = await storeVideo(ctx, upload.file, { folder: VIDEO_FOLDER, kind: upload.kind, ownerId: actorId });
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(shopVideos)
        .values({
          videoUrl: stored.url,
          title: fields.title ?? '',
          categoryId,
          createdBy: actorId,
          sortOrder: sql`(select coalesce(min(sort_order), 1) - 1 from shop_videos)`,
        })
        .returning({ id: shopVideos.id });
      await recordAudit(tx, { actorId, action: 'create', entity: VIDEO_ENTITY, entityId: row!.id, detail: { title: fields.title ?? '', categoryId } });
      return row!.id;
    });
    return await adminVideo(ctx.db, id);
  } catch (err) {
    await deleteVideo(ctx, stored.url).catch(() => undefined);
    throw err;
  }
}

/**
 * A vendor's community video post feeds the watch-and-shop feed (issue 14): it joins the admin's videos with the
 * post's products, **hidden**, so the admin decides what shoppers see in the feed (one tap to show it, with
 * highlight times if wanted). Last in the admin's order. Nothing is audited: no admin acted.
 */
export async function offerCommunityVideo(db: DbOrTx, v: { videoUrl: string; description: string; productIds: readonly string[]; vendorId: string }): Promise<void> {
  const title = `Community: ${v.description.replace(/\s+/g, ' ').trim()}`.slice(0, 80);
  const [row] = await db
    .insert(shopVideos)
    .values({ videoUrl: v.videoUrl, title, isHidden: true, createdBy: v.vendorId, sortOrder: sql`(select coalesce(max(sort_order), 0) + 1 from shop_videos)` })
    .onConflictDoNothing()
    .returning({ id: shopVideos.id });
  if (!row || !v.productIds.length) return;
  await db.insert(shopVideoProducts).values(v.productIds.map((productId, position) => ({ videoId: row.id, productId, position }))).onConflictDoNothing();
}

/** Title, category and visibility. */
export async function editVideo(
  db: DbOrTx,
  actorId: string,
  id: string,
  f: { title?: string; categoryId?: string | null; hidden?: boolean },
): Promise<AdminVideo> {
  const set: Partial<typeof shopVideos.$inferInsert> = { updatedAt: new Date() };
  if (f.title !== undefined) set.title = f.title;
  if (f.categoryId !== undefined) set.categoryId = await checkCategory(db, f.categoryId);
  if (f.hidden !== undefined) set.isHidden = f.hidden;
  await db.transaction(async (tx) => {
    const [row] = await tx.update(shopVideos).set(set).where(eq(shopVideos.id, id)).returning({ id: shopVideos.id });
    if (!row) throw notFound(SHOP_VIDEO_MSG.notFound);
    const action = f.hidden === undefined || f.title !== undefined || f.categoryId !== undefined ? 'update' : f.hidden ? 'hide' : 'show';
    await recordAudit(tx, { actorId, action, entity: VIDEO_ENTITY, entityId: id, detail: { ...f } });
  });
  return adminVideo(db, id);
}

/** Replaces the products of a video (carousel order as given) and their highlight times. */
export async function setVideoProducts(db: DbOrTx, actorId: string, id: string, body: AdminVideoProductsBody): Promise<AdminVideo> {
  const ids = body.products.map((p) => p.productId);
  if (new Set(ids).size !== ids.length) throw badRequest('A product can be mapped to a video only once', { products: 'A product can be mapped to a video only once' });
  await db.transaction(async (tx) => {
    const [video] = await tx.select({ id: shopVideos.id }).from(shopVideos).where(eq(shopVideos.id, id)).for('update');
    if (!video) throw notFound(SHOP_VIDEO_MSG.notFound);
    if (ids.length) {
      const list = sql.join(ids.map((p) => sql`${p}::uuid`), sql`, `);
      const found = await tx.execute<{ id: string }>(sql`select id from products where id in (${list}) and deleted_at is null`);
      if (found.rows.length !== ids.length) throw badRequest(MSG.productNotFound, { products: MSG.productNotFound });
    }
    await tx.delete(shopVideoProducts).where(eq(shopVideoProducts.videoId, id));
    if (ids.length) {
      await tx.insert(shopVideoProducts).values(
        body.products.map((p, i) => ({
          videoId: id,
          productId: p.productId,
          position: i,
          highlightMs: p.highlightAt === null || p.highlightAt === undefined ? null : Math.round(p.highlightAt * 1000),
        })),
      );
    }
    await tx.update(shopVideos).set({ updatedAt: new Date() }).where(eq(shopVideos.id, id));
    await recordAudit(tx, { actorId, action: 'map_products', entity: VIDEO_ENTITY, entityId: id, detail: { products: body.products } });
  });
  return adminVideo(db, id);
}

/** The feed's order: the ids given take places 1, 2, 3…; every id must be a feed video. */
export async function reorderVideos(db: DbOrTx, actorId: string, ids: readonly string[]): Promise<AdminVideo[]> {
  if (new Set(ids).size !== ids.length) throw badRequest('Each video may appear once in the order');
  await db.transaction(async (tx) => {
    const list = sql.join(ids.map((p) => sql`${p}::uuid`), sql`, `);
    const found = await tx.execute<{ n: number }>(sql`select count(*)::int as n from shop_videos where id in (${list})`);
    if (Number(found.rows[0]?.n ?? 0) !== ids.length) throw notFound(SHOP_VIDEO_MSG.notFound);
    const cases = sql.join(ids.map((id, i) => sql`when ${id}::uuid then ${i + 1}::int`), sql` `);
    await tx.execute(sql`update shop_videos set sort_order = case id ${cases} end, updated_at = now() where id in (${list})`);
    await recordAudit(tx, { actorId, action: 'reorder', entity: VIDEO_ENTITY, detail: { ids } });
  });
  return listAdminVideos(db);
}

/** Removes the video from the feed and from the pipeline (file, poster, source). */
export async function removeVideo(ctx: Ctx, actorId: string, id: string): Promise<void> {
  const url = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(shopVideos).where(eq(shopVideos.id, id)).returning({ url: shopVideos.videoUrl, title: shopVideos.title });
    if (!row) throw notFound(SHOP_VIDEO_MSG.notFound);
    await recordAudit(tx, { actorId, action: 'delete', entity: VIDEO_ENTITY, entityId: id, detail: { title: row.title } });
    return row.url;
  });
  await deleteVideo(ctx, url);
}
