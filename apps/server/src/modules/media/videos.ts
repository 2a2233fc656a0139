import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { videoJobs, type VideoJobRow, type VideoState } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { isLeftOver, ownerTag, type UploadedFile } from './multipart.ts';
import { deleteUpload, storeImage } from './uploads.ts';
import { FfmpegError, mp4Args, posterArgs, probeVideo, runFfmpeg } from './transcode.ts';

/**
 * The video pipeline (DESIGN "Uploads", ADR 029). A route that takes a video reads it with readUpload (mp4/mov told
 * by content, size-limited) and calls storeVideo: the upload is kept as a private source and queued, and the route
 * answers at once with the URL the MP4 will have. A worker (videoWorker, started by the media module) transcodes
 * queued videos one at a time to H.264/AAC MP4 with a WebP poster (transcode.ts); the uploader follows the state
 * (queued → processing → ready | failed) through GET /api/media/videos/{id}, and a list shows a video's state and
 * poster with videoStates. Files are served by the uploads static server, which answers HTTP range requests.
 */

/** The app's context; without `config` (the seed, tests) transcodes work in the system's temporary folder. */
type VideoContext = Pick<AppContext, 'db' | 'storage'> & { config?: Pick<AppContext['config'], 'dataDir'> };

/** Private sources wait here; the uploads server never serves this folder (media/routes.ts). */
export const VIDEO_SOURCES = 'video-sources';
/** Attempts before a video is marked failed (a file ffmpeg cannot read fails on every try). */
export const VIDEO_MAX_ATTEMPTS = 3;
/**
 * A claimed job is leased for this long and its worker renews the lease every HEARTBEAT_MS while it transcodes, so a
 * job whose worker died (even by SIGKILL, on any host) is taken over by another within LEASE_MS (ADR 048).
 */
export const LEASE_MS = 20_000;
const HEARTBEAT_MS = 5_000;

/** Where transcodes work: DATA_DIR/tmp/video-work, one folder per claim (`{job}.{claim ms}.{pid}.{host}`). */
export const videoWorkDir = (ctx: VideoContext) => path.join(ctx.config?.dataDir ?? path.join(tmpdir(), 'statewise'), 'tmp', 'video-work');

export interface StoredVideo {
  /** The job's id: GET /api/media/videos/{id} tells its state. */
  id: string;
  /** Where the MP4 is once ready: `/uploads/{folder}/{id}.mp4`. */
  url: string;
  state: VideoState;
  /** The poster's URL once ready (WebP in several widths, like every picture). */
  posterUrl: string | null;
}

/**
 * Keeps an uploaded video (already checked to be mp4 or mov by readUpload) and queues its transcode. A caller
 * whose own write then fails calls deleteVideo(url).
 */
export async function storeVideo(
  ctx: VideoContext,
  source: Buffer | Pick<UploadedFile, 'path' | 'bytes'>,
  opts: { folder: string; kind: 'mp4' | 'mov'; ownerId?: string | null },
): Promise<StoredVideo> {
  const id = randomBytes(16).toString('hex');
  const sourceKey = `${VIDEO_SOURCES}/${id}.${opts.kind}`;
  const type = opts.kind === 'mov' ? 'video/quicktime' : 'video/mp4';
  // An upload streamed to disk (readUpload) is moved in, never read into memory.
  if (Buffer.isBuffer(source)) await ctx.storage.put(sourceKey, source, type);
  else if (source.path) await ctx.storage.putFile(sourceKey, source.path, type);
  else await ctx.storage.put(sourceKey, source.bytes, type);
  const url = ctx.storage.url(`${opts.folder}/${id}.mp4`);
  try {
    const [row] = await ctx.db.insert(videoJobs).values({ ownerId: opts.ownerId ?? null, sourceKey, url }).returning();
    videoWorkerWake?.();
    return toStored(row!);
  } catch (err) {
    await ctx.storage.delete(sourceKey).catch(() => undefined);
    throw err;
  }
}

const toStored = (row: VideoJobRow): StoredVideo => ({ id: row.id, url: row.url, state: row.state, posterUrl: row.posterUrl });

/** State, poster and size of videos by their URLs (one query), for lists that show videos (feeds, posts). */
export async function videoStates(db: DbOrTx, urls: readonly string[]): Promise<Map<string, VideoJobRow>> {
  const unique = [...new Set(urls.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await db.select().from(videoJobs).where(inArray(videoJobs.url, unique));
  return new Map(rows.map((r) => [r.url, r]));
}

export async function getVideoJob(db: DbOrTx, id: string): Promise<VideoJobRow | null> {
  const [row] = await db.select().from(videoJobs).where(eq(videoJobs.id, id));
  return row ?? null;
}

/** Removes a video wherever it is in the pipeline: source, MP4, poster and its row. Unknown URLs are left alone. */
export async function deleteVideo(ctx: VideoContext, url: string | null | undefined): Promise<void> {
  if (!url) return;
  const [row] = await ctx.db.delete(videoJobs).where(eq(videoJobs.url, url)).returning();
  if (!row) return;
  await Promise.all([ctx.storage.delete(row.sourceKey), deleteUpload(ctx, row.url), deleteUpload(ctx, row.posterUrl)]);
}

/**
 * Takes the oldest waiting job (or one whose worker's lease ran out), leased so no two workers take the same. The
 * claim's instant (`updatedAt`, which nothing else changes while the job is processing) identifies the lease: the
 * heartbeat, the final write and a restart's recovery act only while it is unchanged.
 */
async function claim(db: DbOrTx): Promise<VideoJobRow | null> {
  const now = clock.now();
  const waiting = db
    .select({ id: videoJobs.id })
    .from(videoJobs)
    .where(or(eq(videoJobs.state, 'queued'), and(eq(videoJobs.state, 'processing'), lt(videoJobs.leaseUntil, now))))
    .orderBy(asc(videoJobs.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(videoJobs)
    .set({ state: 'processing', leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${videoJobs.attempts} + 1`, updatedAt: now })
    .where(inArray(videoJobs.id, waiting))
    .returning();
  return row ?? null;
}

/**
 * Transcodes the next waiting video, if any; true when one was taken (whatever came of it). A failure puts the
 * job back in the queue until its last attempt, then marks it failed with ffmpeg's reason; nothing is thrown for
 * a bad video, so one broken upload never stops the queue.
 */
export async function runNextVideoJob(ctx: VideoContext, log?: FastifyBaseLogger): Promise<boolean> {
  const job = await claim(ctx.db);
  if (!job) return false;
  const claimedAt = job.updatedAt;
  const ours = and(eq(videoJobs.id, job.id), eq(videoJobs.state, 'processing'), eq(videoJobs.updatedAt, claimedAt));
  // The folder's name says whose claim it is, so a later start can sweep it and give the job back (recoverVideoWork).
  const work = path.join(videoWorkDir(ctx), `${job.id}.${claimedAt.getTime()}.${ownerTag()}`);
  await mkdir(work, { recursive: true });
  const lost = new AbortController();
  const heartbeat = setInterval(() => {
    ctx.db
      .update(videoJobs)
      .set({ leaseUntil: new Date(clock.now().getTime() + LEASE_MS) })
      .where(ours)
      .returning({ id: videoJobs.id })
      .then(
        // deleted, or taken over after a stall: stop ffmpeg, keep nothing
        (rows) => rows.length || lost.abort(),
        (err: unknown) => log?.warn({ video: job.id, err: (err as Error).message }, 'video lease not renewed'),
      );
  }, HEARTBEAT_MS);
  let posterUrl: string | null = null;
  try {
    const source = path.join(work, `source${path.extname(job.sourceKey)}`);
    await ctx.storage.getFile(job.sourceKey, source);
    const mp4 = path.join(work, 'video.mp4');
    await runFfmpeg(mp4Args(source, mp4), { signal: lost.signal });
    const info = await probeVideo(mp4);
    const png = path.join(work, 'poster.png');
    // Half a second in skips a black first frame; a shorter clip takes its first.
    await runFfmpeg(posterArgs(mp4, png, info.durationMs > 1000 ? 0.5 : 0), { signal: lost.signal });
    const folder = path.posix.dirname(ctx.storage.keyOf(job.url)!);
    posterUrl = (await storeImage(ctx, await readFile(png), { folder })).url;
    await ctx.storage.putFile(ctx.storage.keyOf(job.url)!, mp4, 'video/mp4');
    const [done] = await ctx.db
      .update(videoJobs)
      .set({ state: 'ready', posterUrl, ...info, leaseUntil: null, lastError: null, updatedAt: clock.now() })
      .where(ours)
      .returning({ id: videoJobs.id });
    if (!done) {
      // deleted while it was transcoded: keep nothing of it (taken over: the other worker writes the same MP4)
      const row = await getVideoJob(ctx.db, job.id);
      await Promise.all([deleteUpload(ctx, posterUrl), row ? undefined : deleteUpload(ctx, job.url)]);
      return true;
    }
    await ctx.storage.delete(job.sourceKey);
    log?.info({ video: job.id, ...info }, 'video transcoded');
  } catch (err) {
    await deleteUpload(ctx, posterUrl).catch(() => undefined);
    if (lost.signal.aborted) {
      log?.warn({ video: job.id }, 'video lease lost; left to its new worker');
      return true;
    }
    const reason = err instanceof FfmpegError ? err.message : `Could not store the video: ${(err as Error).message}`;
    const last = job.attempts >= VIDEO_MAX_ATTEMPTS || (err instanceof FfmpegError && /Invalid data|moov atom not found|Not a video/i.test(reason));
    const [kept] = await ctx.db
      .update(videoJobs)
      .set({ state: last ? 'failed' : 'queued', leaseUntil: null, lastError: reason, updatedAt: clock.now() })
      .where(ours)
      .returning({ id: videoJobs.id });
    if (last && kept) await ctx.storage.delete(job.sourceKey).catch(() => undefined);
    log?.warn({ video: job.id, attempt: job.attempts, err: reason }, last ? 'video failed' : 'video transcode will be retried');
  } finally {
    clearInterval(heartbeat);
    await rm(work, { recursive: true, force: true });
  }
  return true;
}

/**
 * Run when a worker starts: removes the work folders that a transcode of a process now gone left behind (killed,
 * crashed, the machine restarted) and puts each of their jobs straight back in the queue — unless another worker has
 * claimed it since — instead of leaving it until its lease runs out. Returns the jobs given back.
 */
export async function recoverVideoWork(ctx: VideoContext, log?: FastifyBaseLogger): Promise<number> {
  const root = videoWorkDir(ctx);
  await mkdir(root, { recursive: true });
  let requeued = 0;
  for (const name of await readdir(root)) {
    const m = /^([0-9a-f-]{36})\.(\d+)\.(.+)$/.exec(name);
    const info = await stat(path.join(root, name)).catch(() => null);
    if (!info || !isLeftOver(m?.[3] ?? '', info.mtimeMs)) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    if (!m) continue;
    const back = await ctx.db
      .update(videoJobs)
      .set({ state: 'queued', leaseUntil: null, updatedAt: clock.now() })
      .where(and(eq(videoJobs.id, m[1]!), eq(videoJobs.state, 'processing'), eq(videoJobs.updatedAt, new Date(Number(m[2])))))
      .returning({ id: videoJobs.id });
    requeued += back.length;
  }
  if (requeued) log?.info({ requeued }, 'videos of a stopped worker put back in the queue');
  return requeued;
}

/** Set while a worker runs in this process: a new upload starts it at once instead of at the next poll. */
let videoWorkerWake: (() => void) | undefined;

/**
 * Transcodes queued videos one after another, polling every `everyMs` for videos queued by other processes.
 * Returns a stop function that waits for the video in hand.
 */
export function videoWorker(ctx: VideoContext, log: FastifyBaseLogger, everyMs = 5_000): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  const drain = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        while (!stopped && (await runNextVideoJob(ctx, log)));
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'video queue check failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(drain, everyMs);
  timer.unref();
  videoWorkerWake = drain;
  // What a killed run of this server left is swept and queued again first, then the queue is drained at once.
  running = recoverVideoWork(ctx, log)
    .catch((err: unknown) => log.warn({ err: (err as Error).message }, 'video work recovery failed'))
    .then(() => {
      running = null;
      drain();
    });
  return async () => {
    stopped = true;
    clearInterval(timer);
    if (videoWorkerWake === drain) videoWorkerWake = undefined;
    await running;
  };
}
