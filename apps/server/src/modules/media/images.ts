import sharp from 'sharp';
import { IMAGE_WIDTHS, MSG } from '@statewise/contract';
import { AppError } from '../../lib/errors.ts';
import { detectKind, IMAGE_KINDS } from './detect.ts';

/** Refuse decompression bombs: a 5 MB PNG can claim billions of pixels. */
export const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;

export interface ImageOptions {
  /** The largest width kept (default 1080); a narrower picture keeps its own width, never enlarged. */
  maxWidth?: number;
  /** Crop to a square (avatars), keeping the most interesting part; otherwise the aspect ratio is kept. */
  square?: boolean;
  /** 415 message for bytes that are not a picture we can read (default MSG.pictureUnreadable). */
  unreadable?: string;
}

export interface ImageVariant {
  width: number;
  height: number;
  bytes: Buffer;
}

/** One picture in every width (smallest first; the last is the largest), WebP, upright, without metadata. */
export interface ProcessedImage {
  width: number;
  height: number;
  variants: ImageVariant[];
}

/** The ladder widths below `largest`, then `largest` (contract IMAGE_WIDTHS; the web relies on this rule). */
export const widthsUpTo = (largest: number): number[] => [...IMAGE_WIDTHS.filter((w) => w < largest), largest];

/**
 * A picture's upright size (the camera's EXIF orientation applied), read from its header without decoding it, so a
 * form can refuse a picture of the wrong shape before it is converted. 415 with `unreadable` as processImage.
 */
export async function uprightSize(bytes: Buffer, unreadable: string = MSG.pictureUnreadable): Promise<{ width: number; height: number }> {
  const kind = detectKind(bytes);
  if (!kind || !IMAGE_KINDS.includes(kind)) throw new AppError(415, unreadable);
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    throw new AppError(415, unreadable);
  }
}

/**
 * Turns uploaded picture bytes into WebP in the ladder's widths. The camera's EXIF orientation is applied first,
 * then every piece of metadata (EXIF with GPS, XMP, ICC, comments) is left behind: sharp writes none unless asked.
 * The picture is decoded once, at its largest kept size, and the smaller widths are made from that.
 * Bytes that are not a JPEG, PNG or WebP, are truncated or have too many pixels: 415 with `unreadable`.
 */
export async function processImage(bytes: Buffer, opts: ImageOptions = {}): Promise<ProcessedImage> {
  const unreadable = opts.unreadable ?? MSG.pictureUnreadable;
  const kind = detectKind(bytes);
  if (!kind || !IMAGE_KINDS.includes(kind)) throw new AppError(415, unreadable);
  const maxWidth = Math.max(1, Math.round(opts.maxWidth ?? 1080));
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const meta = await input.metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    // Orientations 5–8 turn the picture a quarter: its upright width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    const [w, h] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
    const side = Math.min(w, h);
    const largest = Math.min(opts.square ? side : w, maxWidth);
    const base = await input
      .autoOrient()
      .resize(opts.square ? { width: largest, height: largest, fit: 'cover', position: 'attention' } : { width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = base.info;
    const variants: ImageVariant[] = [];
    for (const target of widthsUpTo(width)) {
      const out = await sharp(base.data, { raw: { width, height, channels } })
        .resize(target === width ? undefined : { width: target })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: out.info.width, height: out.info.height, bytes: out.data });
    }
    return { width, height, variants };
  } catch {
    // not decodable, truncated, or more pixels than MAX_INPUT_PIXELS
    throw new AppError(415, unreadable);
  }
}
