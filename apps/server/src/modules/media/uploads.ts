import { randomBytes } from 'node:crypto';
import { uploadedImageAt, uploadedImageName, uploadedImageWidths } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import { processImage, type ImageOptions } from './images.ts';
import { uploadReferenced } from './references.ts';

/**
 * The one upload pipeline (DESIGN "Uploads", ADR 015). A route reads its form with `readUpload` (multipart.ts:
 * sizes, counts and kinds checked by content), stores each picture with `storeImage` or `storeImages` (WebP in
 * several widths, upright, no EXIF/GPS) and keeps the returned `url`; `deleteUpload(url)` removes every width when
 * the picture is replaced or its owner goes. The web turns the URL into src/srcSet (web lib/responsive-image.ts).
 */
export { readUpload, imageRule, type FileRule, type UploadPolicy, type Upload, type UploadedFile } from './multipart.ts';
export { IMAGE_KINDS, VIDEO_KINDS, detectKind, isUtf8Text, type FileKind } from './detect.ts';
export { uprightSize, type ImageOptions } from './images.ts';

type MediaContext = Pick<AppContext, 'storage'>;
type DeleteContext = Pick<AppContext, 'storage' | 'db'>;

export interface StoredImage {
  /** The address to keep (the largest width): `/uploads/{folder}/{id}-{width}w.webp`. */
  url: string;
  /** Size of the largest width, in pixels. */
  width: number;
  height: number;
  /** Every stored width, smallest first (the last is `width`). */
  widths: number[];
}

/** Folders are lower-case words: `profile`, `products`, `sellers/documents`. */
const FOLDER = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;

/**
 * Stores an uploaded picture under `folder` in every width (images.ts) and returns its URL. Nothing is left behind
 * if a width cannot be stored. A caller whose database write then fails calls deleteUpload(url).
 */
export async function storeImage(ctx: MediaContext, bytes: Buffer, opts: ImageOptions & { folder: string }): Promise<StoredImage> {
  if (!FOLDER.test(opts.folder)) throw new Error(`Invalid upload folder: ${opts.folder}`);
  const image = await processImage(bytes, opts);
  const id = randomBytes(16).toString('hex');
  const keys: string[] = [];
  try {
    for (const v of image.variants) {
      const key = `${opts.folder}/${uploadedImageName(id, v.width)}`;
      await ctx.storage.put(key, v.bytes, 'image/webp');
      keys.push(key);
    }
  } catch (err) {
    await Promise.all(keys.map((k) => ctx.storage.delete(k).catch(() => undefined)));
    throw err;
  }
  return { url: ctx.storage.url(keys.at(-1)!), width: image.width, height: image.height, widths: image.variants.map((v) => v.width) };
}

/**
 * Stores several pictures (product photos, a post's images) all or nothing: if one is refused (415) or cannot be
 * stored, the ones already stored are removed and the error is thrown. Converted one at a time (2 cores).
 */
export async function storeImages(ctx: MediaContext, files: readonly { bytes: Buffer }[], opts: ImageOptions & { folder: string }): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const file of files) stored.push(await storeImage(ctx, file.bytes, opts));
  } catch (err) {
    // Stored by this call a moment ago: no record can name them yet.
    await Promise.all(stored.map((image) => removeFiles(ctx, image.url).catch(() => undefined)));
    throw err;
  }
  return stored;
}

/** The storage keys of an upload (every width of a picture); none for URLs the storage did not give out. */
function keysOf(ctx: MediaContext, url: string | null | undefined): string[] {
  const key = url ? ctx.storage.keyOf(url) : null;
  if (!key) return [];
  const widths = uploadedImageWidths(key);
  return widths ? widths.map((w) => uploadedImageAt(key, w)) : [key];
}

async function removeFiles(ctx: MediaContext, url: string): Promise<void> {
  await Promise.all(keysOf(ctx, url).map((k) => ctx.storage.delete(k)));
}

/**
 * Removes an upload and all its widths, unless a record still names it (references.ts: a community section showing
 * a product's picture, an order line keeping the picture it was bought with, …): a caller says "I no longer use
 * this", never "nobody does". Call it after the change that dropped the URL is committed. URLs the storage did not
 * give out (demo art, a Google picture, '') are left alone, so callers may pass whatever a record held. Never throws
 * for a file already gone. Returns whether the files were removed.
 */
export async function deleteUpload(ctx: DeleteContext, url: string | null | undefined): Promise<boolean> {
  const keys = keysOf(ctx, url);
  if (!keys.length) return false;
  const urls = [...new Set([url!, ...keys.map((k) => ctx.storage.url(k))])];
  if (await uploadReferenced(ctx.db, urls)) return false;
  await Promise.all(keys.map((k) => ctx.storage.delete(k)));
  return true;
}
