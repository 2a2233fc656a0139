/**
 * Watch-and-shop constants and messages without zod (the web's feed imports these, not the schemas; ADR 030).
 */

/** Uploads: .mp4 or .mov told by content, at most this size (the message names it). */
export const SHOP_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const SHOP_VIDEO_MSG = {
  tooLarge: 'Please upload a video of at most 200 MB',
  wrongType: 'Please upload an MP4 or MOV video',
  required: 'Please choose a video to upload',
  noVideos: 'No videos found',
  selectSize: 'Please select product size',
  selectColor: 'Please select product color',
  productIdMissing: 'Missing product Id',
  somethingWrong: 'Something went wrong',
  notFound: 'Video not found',
} as const;
/** Products one video may carry, and the longest title. */
export const SHOP_VIDEO_MAX_PRODUCTS = 20;
export const SHOP_VIDEO_TITLE_MAX = 120;
/** The feed's product names are cut at 20 characters (shopping §2). */
export const VIDEO_PRODUCT_NAME_MAX = 20;
/** Trending side list on desktop: the first 3 (shopping §9). */
export const VIDEO_TRENDING_SIDE = 3;

