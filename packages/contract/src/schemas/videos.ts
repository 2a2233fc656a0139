import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { boolish, objectId, page, pageSize } from './common.ts';
import { SHOP_VIDEO_MAX_PRODUCTS, SHOP_VIDEO_TITLE_MAX } from '../videos.ts';
import { categoryRef, colorStock, productCard, sizeStock } from './catalogue.ts';

/*
 * The watch-and-shop feed (shopping §2 Watch and shop, §3 Video, §7 video/list and video/trendingVideos; issue 14,
 * ADR 030) and its admin console.
 */

export * from '../videos.ts';

/** A product mapped to a video: its card, stock lists, and when (ms into the video) its card comes forward. */
export const videoProduct = productCard.extend({
  freeSizeQty: z.number().int(),
  sizeInventory: z.array(sizeStock),
  colorInventory: z.array(colorStock),
  highlightMs: z.number().int().nullable(),
});
export type VideoProduct = z.infer<typeof videoProduct>;

/** A video of the feed (§3: _id, video URL, productId[]). */
export const shopVideo = z.object({
  _id: z.string(),
  /** The MP4 (H.264/AAC, faststart), served with range requests. */
  video: z.string(),
  /** The WebP poster (largest width; siblings at the ladder widths). */
  poster: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  title: z.string(),
  categoryId: categoryRef.nullable(),
  productId: z.array(videoProduct),
});
export type ShopVideo = z.infer<typeof shopVideo>;

/** POST video/list: page, pageSize 10 (1 on home), optional categoryId; `videoId` (the selected video) comes first. */
export const videoListBody = z.object({
  page: page.default(1),
  pageSize: pageSize(PAGE_SIZE.videoFeed),
  categoryId: z.union([objectId, z.literal('')]).nullish(),
  videoId: z.union([objectId, z.literal('')]).nullish(),
});
export type VideoListBody = z.input<typeof videoListBody>;
export const videoList = z.object({ videos: z.array(shopVideo), total: z.number().int() });
export type VideoList = z.infer<typeof videoList>;

// ---------- admin ----------
export const adminVideoProductInput = z.object({
  productId: objectId,
  /** Seconds into the video at which the product's card comes forward; null for none. */
  highlightAt: z.number({ error: 'Highlight time must be a number of seconds' }).min(0, { error: 'Highlight time cannot be negative' }).max(3600).nullable().optional(),
});
export const adminVideoProductsBody = z.object({
  products: z.array(adminVideoProductInput).max(SHOP_VIDEO_MAX_PRODUCTS, { error: `At most ${SHOP_VIDEO_MAX_PRODUCTS} products per video` }),
});
export type AdminVideoProductsBody = z.infer<typeof adminVideoProductsBody>;
export const adminVideoEditBody = z.object({
  title: z.string().trim().max(SHOP_VIDEO_TITLE_MAX, { error: `Title can be at most ${SHOP_VIDEO_TITLE_MAX} characters` }).optional(),
  categoryId: z.union([objectId, z.literal('')]).nullish(),
  hidden: boolish.optional(),
});
export type AdminVideoEditBody = z.input<typeof adminVideoEditBody>;
export const adminVideoOrderBody = z.object({ ids: z.array(objectId).min(1).max(500) });

export const adminVideo = z.object({
  _id: z.string(),
  video: z.string(),
  poster: z.string().nullable(),
  /** The pipeline's state (queued, processing, ready, failed) and ffmpeg's reason when failed. */
  state: z.enum(['queued', 'processing', 'ready', 'failed']),
  error: z.string().nullable(),
  jobId: z.string(),
  durationMs: z.number().int().nullable(),
  title: z.string(),
  categoryId: categoryRef.nullable(),
  hidden: z.boolean(),
  sortOrder: z.number().int(),
  views: z.number().int(),
  cartAdds: z.number().int(),
  /** Add-to-cart from the video per view (0 without views). */
  cartRate: z.number(),
  products: z.array(z.object({ _id: z.string(), name: z.string(), slug: z.string(), image: z.string().nullable(), highlightAt: z.number().nullable() })),
  createdAt: z.string(),
});
export type AdminVideo = z.infer<typeof adminVideo>;
