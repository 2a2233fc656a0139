import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader } from '../../test/auth.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { newUser } from '../../test/factories.ts';
import { keyframeTimes, parseReport, probeVideo, runFfmpeg } from './transcode.ts';
import { videoJobs } from '../../db/schema/index.ts';
import { deleteVideo, getVideoJob, LEASE_MS, recoverVideoWork, storeVideo, videoStates, videoWorkDir } from './videos.ts';
import type { AppContext } from '../../context.ts';

let s: TestServer;
let ctx: Pick<AppContext, 'db' | 'storage' | 'config'>;
let work: string;
/** A 4-second 1280×720 clip with sound, as a phone's .mov would be (larger than the 720 px target). */
let phoneClip: Buffer;

beforeAll(async () => {
  s = await createTestServer();
  const { storageFor } = await import('../../lib/storage.ts');
  ctx = { db: s.db, storage: storageFor(s.config), config: s.config };
  work = mkdtempSync(path.join(tmpdir(), 'statewise-video-test-'));
  const clip = path.join(work, 'clip.mov');
  await runFfmpeg([
    '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=15',
    '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60', '-c:a', 'aac', '-f', 'mov', clip,
  ]);
  phoneClip = readFileSync(clip);
}, 60_000);
afterAll(async () => {
  await s.close();
  rmSync(work, { recursive: true, force: true });
});

/** Waits for the app's worker to finish with a video (it starts as soon as one is queued). */
async function settled(id: string) {
  for (let i = 0; i < 300; i++) {
    const job = await getVideoJob(s.db, id);
    if (job && (job.state === 'ready' || job.state === 'failed')) return job;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('The video was not transcoded within a minute');
}

const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

describe('the video pipeline', () => {
  it('answers at once with the future MP4 address, keeps the upload private, and tells only its uploader the state', async () => {
    const owner = await newUser(s.db);
    const stranger = await newUser(s.db);
    const admin = await newUser(s.db, { role: 'admin' });
    const video = await storeVideo(ctx, phoneClip, { folder: 'community/videos', kind: 'mov', ownerId: owner.id });
    expect(video.url).toMatch(/^\/uploads\/community\/videos\/[0-9a-f]{32}\.mp4$/);
    expect(['queued', 'processing']).toContain(video.state);

    const job = await getVideoJob(s.db, video.id);
    expect((await get(`/uploads/${job!.sourceKey}`)).statusCode).toBe(404);

    const mine = await get(`/api/media/videos/${video.id}`, await authHeader(s, owner));
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ _id: video.id, url: video.url });
    expect((await get(`/api/media/videos/${video.id}`, await authHeader(s, admin))).statusCode).toBe(200);
    expect((await get(`/api/media/videos/${video.id}`, await authHeader(s, stranger))).statusCode).toBe(404);
    expect((await get(`/api/media/videos/not-an-id`, await authHeader(s, owner))).statusCode).toBe(404);
    expect((await get(`/api/media/videos/${video.id}`)).statusCode).toBe(401);
    await settled(video.id);
  });

  it('transcodes to H.264 MP4 at most 720 px wide, index first, a keyframe every 2 s, with a WebP poster', async () => {
    const video = await storeVideo(ctx, phoneClip, { folder: 'community/videos', kind: 'mov' });
    const job = await settled(video.id);
    expect(job.state).toBe('ready');
    expect([job.width, job.height]).toEqual([720, 406]);
    expect(job.durationMs).toBeGreaterThan(3_800);
    expect(job.durationMs).toBeLessThan(4_300);

    const file = path.join(s.config.dataDir, 'uploads', ctx.storage.keyOf(job.url)!);
    const bytes = readFileSync(file);
    // faststart: the index (moov) comes before the media (mdat), so playback starts before the file has arrived
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const report = await runFfmpeg(['-i', file], { allowFailure: true });
    expect(report).toMatch(/Video: h264 \(High\)/);
    expect(report).toMatch(/Audio: aac/);
    const keyframes = await keyframeTimes(file);
    expect(keyframes[0]).toBe(0);
    expect(keyframes).toContainEqual(expect.closeTo(2, 1));
    for (let i = 1; i < keyframes.length; i++) expect(keyframes[i]! - keyframes[i - 1]!).toBeLessThanOrEqual(2.01);

    const poster = await get(job.posterUrl!);
    expect(poster.statusCode).toBe(200);
    expect((await sharp(poster.rawPayload).metadata()).format).toBe('webp');
    // the source is gone once the MP4 is kept
    expect(existsSync(path.join(s.config.dataDir, 'uploads', job.sourceKey))).toBe(false);
    expect((await videoStates(s.db, [job.url])).get(job.url)?.state).toBe('ready');
  });

  it('serves the MP4 with HTTP range requests, so it streams and seeks', async () => {
    const video = await storeVideo(ctx, phoneClip, { folder: 'videos', kind: 'mov' });
    await settled(video.id);
    const whole = await get(video.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await get(video.url, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 1100))).toBe(true);
  });

  it('marks a file ffmpeg cannot read as failed with the reason, and goes on with the next video', async () => {
    // an MP4 signature with nothing playable behind it passes the upload's content check
    const broken = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(2000, 7)]);
    const bad = await storeVideo(ctx, broken, { folder: 'videos', kind: 'mp4' });
    const good = await storeVideo(ctx, phoneClip, { folder: 'videos', kind: 'mov' });
    const failed = await settled(bad.id);
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toBeTruthy();
    expect(existsSync(path.join(s.config.dataDir, 'uploads', failed.sourceKey))).toBe(false);
    expect((await settled(good.id)).state).toBe('ready');
    expect((await get(bad.url)).statusCode).toBe(404);
  });

  it('deletes a video with its poster and row', async () => {
    const video = await storeVideo(ctx, phoneClip, { folder: 'videos', kind: 'mov' });
    const job = await settled(video.id);
    await deleteVideo(ctx, video.url);
    expect(await getVideoJob(s.db, video.id)).toBeNull();
    expect((await get(video.url)).statusCode).toBe(404);
    expect((await get(job.posterUrl!)).statusCode).toBe(404);
  });
});

describe('a transcode whose server died', () => {
  const host = hostname().replace(/[^A-Za-z0-9-]/g, '-');
  /** A pid no process has now (one that just ended). */
  const deadPid = () => spawnSync('true').pid;

  /** A job as a worker left it mid-transcode: processing, leased, with its work folder named after its claim. */
  async function leftMidTranscode(pid: number, leaseUntil = new Date(Date.now() + LEASE_MS)) {
    const sourceKey = `video-sources/${randomBytes(16).toString('hex')}.mov`;
    await ctx.storage.put(sourceKey, phoneClip, 'video/quicktime');
    const claimedAt = new Date(Date.now() - 3000);
    const [job] = await s.db
      .insert(videoJobs)
      .values({ sourceKey, url: `/uploads/videos/${randomBytes(16).toString('hex')}.mp4`, state: 'processing', attempts: 1, leaseUntil, updatedAt: claimedAt })
      .returning();
    const folder = path.join(videoWorkDir(ctx), `${job!.id}.${claimedAt.getTime()}.${pid}.${host}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'video.mp4'), 'half a video');
    return { job: job!, folder };
  }

  it('is swept and queued again at once when the server starts again, then transcoded', { timeout: 60_000 }, async () => {
    const { job, folder } = await leftMidTranscode(deadPid());
    expect(await recoverVideoWork(ctx)).toBe(1);
    expect(existsSync(folder)).toBe(false);
    const back = await settled(job.id);
    expect(back.state).toBe('ready');
  });

  it('leaves alone the work of a worker still running, and a job another worker has claimed since', async () => {
    const live = await leftMidTranscode(process.ppid);
    const takenOver = await leftMidTranscode(deadPid());
    await s.db.update(videoJobs).set({ updatedAt: new Date() }).where(eq(videoJobs.id, takenOver.job.id));
    expect(await recoverVideoWork(ctx)).toBe(0);
    expect(existsSync(live.folder)).toBe(true);
    expect((await getVideoJob(s.db, live.job.id))!.state).toBe('processing');
    // the dead worker's folder goes all the same
    expect(existsSync(takenOver.folder)).toBe(false);
    await s.db.delete(videoJobs).where(eq(videoJobs.id, live.job.id));
    await s.db.delete(videoJobs).where(eq(videoJobs.id, takenOver.job.id));
    rmSync(live.folder, { recursive: true, force: true });
  });

  it('is taken over by another worker once its lease is not renewed (a worker on another machine)', { timeout: 60_000 }, async () => {
    const { job } = await leftMidTranscode(deadPid(), new Date(Date.now() - 1000));
    // no recovery here: the running worker's next poll finds the lapsed lease
    expect((await settled(job.id)).state).toBe('ready');
  });
});

describe('probeVideo', () => {
  it('reads size and duration from ffmpeg’s report', () => {
    const report = 'Duration: 00:01:02.50, start: 0.000000\n    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 720x1280 [SAR 1:1 DAR 9:16], 1200 kb/s';
    expect(parseReport(report)).toEqual({ width: 720, height: 1280, durationMs: 62_500 });
  });

  it('refuses what is not a video', async () => {
    const file = path.join(work, 'not-a-video.mp4');
    writeFileSync(file, 'hello');
    await expect(probeVideo(file)).rejects.toThrow('Not a video');
  });
});
