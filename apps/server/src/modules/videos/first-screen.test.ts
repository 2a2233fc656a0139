import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopVideos, videoJobs } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { newCategory } from '../../test/factories.ts';

let s: TestServer;
const dist = mkdtempSync(path.join(os.tmpdir(), 'statewise-dist-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Statewise</title></head><body></body></html>');
  s = await createTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await s.close();
  rmSync(dist, { recursive: true, force: true });
});

async function readyVideo(categoryId: string, sortOrder: number) {
  const id = randomBytes(16).toString('hex');
  const url = `/uploads/watch-and-shop/${id}.mp4`;
  await s.db.insert(videoJobs).values({ sourceKey: `video-sources/${id}.mp4`, url, state: 'ready', posterUrl: `/uploads/watch-and-shop/${randomBytes(16).toString('hex')}-720w.webp`, width: 720, height: 1280, durationMs: 6000 });
  const [row] = await s.db.insert(shopVideos).values({ videoUrl: url, categoryId, sortOrder }).returning();
  return row!;
}

const firstData = (html: string) => {
  const m = /<script type="application\/json" id="first-data">(.*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, { videoId: string | null; categoryId: string | null; list: { videos: { _id: string; poster: string }[] } }>) : null;
};

describe('the watch-and-shop page’s first screen', () => {
  it('carries the first page of the feed for its address, the selected video first, and preloads its small poster', async () => {
    const cat = await newCategory(s.db);
    const a = await readyVideo(cat.id, 1);
    const b = await readyVideo(cat.id, 2);
    const res = await s.app.inject({ method: 'GET', url: `/watch-and-shop?video=${b.id}&category=${cat.id}` });
    expect(res.statusCode).toBe(200);
    const block = firstData(res.body)!['video/list']!;
    expect(block).toMatchObject({ videoId: b.id, categoryId: cat.id });
    expect(block.list.videos.map((v) => v._id)).toEqual([b.id, a.id]);
    const poster = block.list.videos[0]!.poster.replace('-720w.webp', '-320w.webp');
    expect(res.body).toContain(`<link rel="preload" as="image" href="${poster}" fetchpriority="high">`);
  });

  it('leaves a malformed address and other pages alone', async () => {
    expect(firstData((await s.app.inject({ method: 'GET', url: '/watch-and-shop?video=<script>' })).body)).toBeNull();
    expect(firstData((await s.app.inject({ method: 'GET', url: '/cart' })).body)).toBeNull();
  });
});
