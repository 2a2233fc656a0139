import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { FileKind } from './detect.ts';

/**
 * Videos through the one upload pipeline (DESIGN "Uploads"). A video is checked by content when read (multipart.ts
 * with VIDEO_KINDS: mp4 or mov by its `ftyp` box, never by name) and stored here as it came, under a new name, in
 * the `processing` state: the transcode job (H.264/AAC MP4 ≤ 720 px, faststart, a WebP poster) is not built yet, so
 * the original is what plays meanwhile. Stored files are served from /uploads with HTTP range requests
 * (@fastify/static answers `Range` with 206), so a browser streams and seeks them.
 *
 * When the pipeline exists, it picks up what is `processing`, replaces the file at a new URL, sets the poster and
 * marks the owner's record `ready` (or `failed`); callers keep `url`, `poster` and `state` together for that.
 */
export type VideoState = 'processing' | 'ready' | 'failed';

export interface StoredVideo {
  url: string;
  poster: string | null;
  state: VideoState;
  contentType: string;
}

const FOLDER = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;
const EXTENSION: Partial<Record<FileKind, string>> = { mp4: 'mp4', mov: 'mov' };

/** Stores an uploaded video (already checked as mp4 or mov) under `folder`; a failed database write should deleteUpload(url). */
export async function storeVideo(
  ctx: Pick<AppContext, 'storage'>,
  file: { bytes: Buffer; kind: FileKind; contentType: string },
  opts: { folder: string },
): Promise<StoredVideo> {
  if (!FOLDER.test(opts.folder)) throw new Error(`Invalid upload folder: ${opts.folder}`);
  const ext = EXTENSION[file.kind];
  if (!ext) throw new Error(`Not a video kind: ${file.kind}`);
  const key = `${opts.folder}/${randomBytes(16).toString('hex')}.${ext}`;
  await ctx.storage.put(key, file.bytes, file.contentType);
  return { url: ctx.storage.url(key), poster: null, state: 'processing', contentType: file.contentType };
}
