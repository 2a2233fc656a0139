import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminVideo, shopVideo, SHOP_VIDEO_MSG, videoList } from '@statewise/contract';
import { z } from 'zod';
import { auditLog, products, shopVideoProducts, shopVideos, videoJobs } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newProduct, newVendor, unique } from '../../test/factories.ts';
import { runFfmpeg } from '../media/transcode.ts';
import { getVideoJob } from '../media/videos.ts';

let s: TestServer;
type Headers = Record<string, string>;
let admin: { user: { id: string }; headers: Headers };
let vendorUserId: string;
let work: string;
/** A 2-second vertical clip, as a phone would send. */
let clip: Buffer;

beforeAll(async () => {
  s = await createTestServer();
  admin = await loginAs(s, { role: 'admin' });
  vendorUserId = (await newVendor(s.db)).user.id;
  work = mkdtempSync(path.join(tmpdir(), 'statewise-shop-video-test-'));
  const file = path.join(work, 'clip.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=360x640:rate=10', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
  clip = readFileSync(file);
}, 60_000);
afterAll(async () => {
  await s.close();
  rmSync(work, { recursive: true, force: true });
});

async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown, remoteAddress?: string) {
  const res = await s.app.inject({ method, url: `/api/${url}`, headers, remoteAddress, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json() };
}

function multipart(fields: Record<string, string>, file?: { data: Buffer; filename: string; type: string }) {
  const boundary = `----statewise${unique()}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(fields: Record<string, string>, file?: { data: Buffer; filename: string; type: string }, headers: Headers = admin.headers) {
  const form = multipart(fields, file);
  const res = await s.app.inject({ method: 'POST', url: '/api/admin/videos', headers: { ...headers, 'content-type': form.contentType }, payload: form.payload });
  return { status: res.statusCode, body: res.json() };
}

/** A feed video whose transcode is done (no ffmpeg): the pipeline's row in state ready, and the feed's row. */
async function readyVideo(over: { categoryId?: string | null; title?: string; hidden?: boolean; sortOrder?: number; state?: 'ready' | 'queued' } = {}) {
  const id = randomBytes(16).toString('hex');
  const url = `/uploads/watch-and-shop/${id}.mp4`;
  await s.db.insert(videoJobs).values({
    sourceKey: `video-sources/${id}.mp4`,
    url,
    state: over.state ?? 'ready',
    posterUrl: `/uploads/watch-and-shop/${id}-720w.webp`,
    width: 720,
    height: 1280,
    durationMs: 7000,
  });
  const [row] = await s.db
    .insert(shopVideos)
    .values({ videoUrl: url, title: over.title ?? `Video ${unique()}`, categoryId: over.categoryId ?? null, isHidden: over.hidden ?? false, sortOrder: over.sortOrder ?? 0 })
    .returning();
  return row!;
}

async function map(videoId: string, productIds: string[], highlights: (number | null)[] = []) {
  await s.db.insert(shopVideoProducts).values(productIds.map((productId, i) => ({ videoId, productId, position: i, highlightMs: highlights[i] ?? null })));
}

const lastAudit = async (entityId: string) =>
  (await s.db.select().from(auditLog).where(and(eq(auditLog.entityId, entityId), eq(auditLog.entity, 'shop_video'))).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(1))[0];

describe('POST video/list', () => {
  it('lists ready, shown videos of a category in the admin’s order with their products, sizes, colours and stock', async () => {
    const cat = await newCategory(s.db);
    const sized = await newProduct(s.db, { categoryId: cat.id, vendorId: vendorUserId, name: 'Bandhani Silk Dupatta From Jaipur', sizes: { m: 3, l: 0 } });
    const coloured = await newProduct(s.db, { categoryId: cat.id, vendorId: vendorUserId, colors: [{ color: 'Red', quantity: 2 }, { color: 'Blue', quantity: 0 }] });
    const second = await readyVideo({ categoryId: cat.id, sortOrder: 2 });
    const first = await readyVideo({ categoryId: cat.id, sortOrder: 1 });
    await readyVideo({ categoryId: cat.id, hidden: true });
    await readyVideo({ categoryId: cat.id, state: 'queued' });
    await map(first.id, [coloured.id, sized.id], [null, 2500]);

    const res = await call('POST', 'video/list', {}, { page: 1, categoryId: cat.id });
    expect(res.status).toBe(200);
    const data = expectContract(videoList, res.body);
    expect(data.total).toBe(2);
    expect(data.videos.map((v) => v._id)).toEqual([first.id, second.id]);
    const [v] = data.videos;
    expect(v!.video).toMatch(/^\/uploads\/watch-and-shop\/[0-9a-f]{32}\.mp4$/);
    expect(v!.poster).toMatch(/\.webp$/);
    expect(v!.productId.map((p) => p._id)).toEqual([coloured.id, sized.id]);
    expect(v!.productId[0]).toMatchObject({ isColorOptions: true, colorInventory: [{ color: 'Red', quantity: 2 }, { color: 'Blue', quantity: 0 }], highlightMs: null });
    expect(v!.productId[1]).toMatchObject({
      name: 'Bandhani Silk Dupatta From Jaipur',
      slug: sized.slug,
      price: sized.price,
      offeredPrice: sized.offeredPrice,
      sizeInventory: [{ size: 'm', quantity: 3 }, { size: 'l', quantity: 0 }],
      highlightMs: 2500,
    });
  });

  it('pages by 10 by default and 1 on home, and moves the selected video to the front without repeating it', async () => {
    const cat = await newCategory(s.db);
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await readyVideo({ categoryId: cat.id, sortOrder: i + 1 }));
    const page1 = (await call('POST', 'video/list', {}, { categoryId: cat.id })).body.data;
    expect(page1.videos).toHaveLength(10);
    expect(page1.total).toBe(12);
    const home = (await call('POST', 'video/list', {}, { page: 1, pageSize: 1, categoryId: cat.id })).body.data;
    expect(home.videos.map((v: { _id: string }) => v._id)).toEqual([made[0]!.id]);

    const selected = made[11]!.id;
    const a = (await call('POST', 'video/list', {}, { page: 1, categoryId: cat.id, videoId: selected })).body.data;
    const b = (await call('POST', 'video/list', {}, { page: 2, categoryId: cat.id, videoId: selected })).body.data;
    const order = [...a.videos, ...b.videos].map((v: { _id: string }) => v._id);
    expect(order[0]).toBe(selected);
    expect(new Set(order).size).toBe(12);
    expect(order.slice(1)).toEqual(made.slice(0, 11).map((v) => v.id));

    const past = (await call('POST', 'video/list', {}, { page: 5, categoryId: cat.id })).body.data;
    expect(past).toEqual({ videos: [], total: 12 });
  });

  it('leaves out products that are no longer sold and answers bad input with 400', async () => {
    const cat = await newCategory(s.db);
    const gone = await newProduct(s.db, { categoryId: cat.id, vendorId: vendorUserId });
    const kept = await newProduct(s.db, { categoryId: cat.id, vendorId: vendorUserId });
    const v = await readyVideo({ categoryId: cat.id });
    await map(v.id, [gone.id, kept.id]);
    await s.db.update(products).set({ isActive: false }).where(eq(products.id, gone.id));
    const data = (await call('POST', 'video/list', {}, { categoryId: cat.id })).body.data;
    expect(data.videos[0].productId.map((p: { _id: string }) => p._id)).toEqual([kept.id]);

    expect((await call('POST', 'video/list', {}, { page: 0 })).status).toBe(400);
    expect((await call('POST', 'video/list', {}, { pageSize: 101 })).status).toBe(400);
    expect((await call('POST', 'video/list', {}, { categoryId: 'nope' })).status).toBe(400);
  });

  it('reads products with a fixed number of queries whatever the page size', async () => {
    const cat = await newCategory(s.db);
    for (let i = 0; i < 6; i++) {
      const v = await readyVideo({ categoryId: cat.id });
      const p = await newProduct(s.db, { categoryId: cat.id, vendorId: vendorUserId });
      await map(v.id, [p.id]);
    }
    const { listVideos } = await import('./service.ts');
    const count = async (pageSize: number) => {
      let n = 0;
      const db = new Proxy(s.db, {
        get(target, prop, receiver) {
          if (prop === 'execute') n++;
          return Reflect.get(target, prop, receiver);
        },
      });
      const out = await listVideos(db, { page: 1, pageSize, categoryId: cat.id });
      return { n, videos: out.videos.length };
    };
    const small = await count(1);
    const big = await count(6);
    expect(big.videos).toBe(6);
    expect(big.n).toBe(small.n);
    expect(big.n).toBeLessThanOrEqual(2);
  });
});

describe('GET video/trendingVideos', () => {
  it('gives the most watched videos first, each with its products (data[].productId[])', async () => {
    const cat = await newCategory(s.db);
    const p = await newProduct(s.db, { categoryId: cat.id, vendorId: vendorUserId });
    const v = await readyVideo({ categoryId: cat.id });
    await map(v.id, [p.id]);
    await s.db.update(shopVideos).set({ views: 1_000_000 }).where(eq(shopVideos.id, v.id));
    const res = await call('GET', 'video/trendingVideos');
    const data = expectContract(z.array(shopVideo), res.body);
    expect(data[0]!._id).toBe(v.id);
    expect(data[0]!.productId[0]!._id).toBe(p.id);
  });
});

describe('the feed’s counters', () => {
  it('counts views and add-to-cart from a video once per address, 404 for a hidden or unknown one, and the admin sees the rate', async () => {
    const v = await readyVideo();
    for (let i = 0; i < 4; i++) expect((await call('POST', `video/${v.id}/view`, {}, undefined, `10.77.0.${i + 1}`)).status).toBe(200);
    // the same address again (a reload, a script) is answered but not counted
    for (let i = 0; i < 3; i++) expect((await call('POST', `video/${v.id}/view`, {}, undefined, '10.77.0.1')).status).toBe(200);
    expect((await call('POST', `video/${v.id}/cart-add`, {}, undefined, '10.77.0.1')).status).toBe(200);
    expect((await call('POST', `video/${v.id}/cart-add`, {}, undefined, '10.77.0.1')).status).toBe(200);
    const hidden = await readyVideo({ hidden: true });
    expect((await call('POST', `video/${hidden.id}/view`)).status).toBe(404);
    expect((await call('POST', `video/${randomUuid()}/view`)).status).toBe(404);
    expect((await call('POST', 'video/not-an-id/view')).status).toBe(400);
    const list = (await call('GET', 'admin/videos', admin.headers)).body.data as { _id: string; views: number; cartAdds: number; cartRate: number }[];
    expect(list.find((x) => x._id === v.id)).toMatchObject({ views: 4, cartAdds: 1, cartRate: 0.25 });
  });
});

const randomUuid = () => '7f1d2c3e-0000-4000-8000-' + randomBytes(6).toString('hex');

describe('the admin’s videos', () => {
  it('answers 401 to a guest and 403 to a user and a vendor on every call, changing nothing', async () => {
    const v = await readyVideo({ title: 'Untouched' });
    const user = await loginAs(s);
    const vendor = await loginAs(s, { role: 'vendor' });
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', 'admin/videos'],
      ['PATCH', `admin/videos/${v.id}`, { title: 'Sneaky', hidden: true }],
      ['PUT', `admin/videos/${v.id}/products`, { products: [] }],
      ['POST', 'admin/videos/order', { ids: [v.id] }],
      ['DELETE', `admin/videos/${v.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, {}, body)).status, `${method} ${url} as a guest`).toBe(401);
      expect((await call(method, url, user.headers, body)).status, `${method} ${url} as a user`).toBe(403);
      expect((await call(method, url, vendor.headers, body)).status, `${method} ${url} as a vendor`).toBe(403);
    }
    expect((await upload({}, { data: clip, filename: 'a.mp4', type: 'video/mp4' }, user.headers)).status).toBe(403);
    expect((await upload({}, { data: clip, filename: 'a.mp4', type: 'video/mp4' }, vendor.headers)).status).toBe(403);
    const [row] = await s.db.select().from(shopVideos).where(eq(shopVideos.id, v.id));
    expect(row).toMatchObject({ title: 'Untouched', isHidden: false });
  });

  it('uploads a video into the pipeline at once, audited; the feed shows it once its transcode is ready', async () => {
    const cat = await newCategory(s.db);
    const res = await upload({ title: 'Block printing at Bagru', categoryId: cat.id }, { data: clip, filename: 'clip.mov', type: 'application/octet-stream' });
    expect(res.status).toBe(201);
    const video = expectContract(adminVideo, res.body);
    expect(video).toMatchObject({ title: 'Block printing at Bagru', categoryId: { _id: cat.id }, hidden: false, views: 0 });
    expect(['queued', 'processing', 'ready']).toContain(video.state);
    expect(await lastAudit(video._id)).toMatchObject({ actorId: admin.user.id, action: 'create' });

    for (let i = 0; i < 300; i++) {
      const job = await getVideoJob(s.db, video.jobId);
      if (job?.state === 'ready' || job?.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const [after] = (await call('GET', 'admin/videos', admin.headers)).body.data.filter((x: { _id: string }) => x._id === video._id);
    expect(after.state).toBe('ready');
    expect(after.poster).toMatch(/\.webp$/);
    const feed = (await call('POST', 'video/list', {}, { categoryId: cat.id })).body.data;
    expect(feed.videos.map((v: { _id: string }) => v._id)).toEqual([video._id]);
    const file = await s.app.inject({ method: 'GET', url: feed.videos[0].video, headers: { range: 'bytes=0-99' } });
    expect(file.statusCode).toBe(206);
  }, 90_000);

  it('refuses a file that is not a video (415), no file (400) and an unknown category (400), keeping nothing', async () => {
    const before = (await s.db.select().from(shopVideos)).length;
    const notVideo = await upload({ title: 'x' }, { data: Buffer.from('%PDF-1.4 not a video at all'), filename: 'fake.mp4', type: 'video/mp4' });
    expect(notVideo).toMatchObject({ status: 415, body: { message: SHOP_VIDEO_MSG.wrongType } });
    const none = await upload({ title: 'x' });
    expect(none).toMatchObject({ status: 400, body: { message: SHOP_VIDEO_MSG.required } });
    const badCategory = await upload({ title: 'x', categoryId: randomUuid() }, { data: clip, filename: 'a.mp4', type: 'video/mp4' });
    expect(badCategory.status).toBe(400);
    expect((await s.db.select().from(shopVideos)).length).toBe(before);
  });

  it('edits the title and category, hides and shows, each audited; a hidden video leaves the feed', async () => {
    const cat = await newCategory(s.db);
    const v = await readyVideo({ categoryId: cat.id });
    const edited = await call('PATCH', `admin/videos/${v.id}`, admin.headers, { title: 'Festive sarees' });
    expect(edited.body.data).toMatchObject({ title: 'Festive sarees' });
    expect(await lastAudit(v.id)).toMatchObject({ action: 'update' });
    expect((await call('PATCH', `admin/videos/${v.id}`, admin.headers, { hidden: true })).status).toBe(200);
    expect(await lastAudit(v.id)).toMatchObject({ action: 'hide' });
    expect((await call('POST', 'video/list', {}, { categoryId: cat.id })).body.data.total).toBe(0);
    await call('PATCH', `admin/videos/${v.id}`, admin.headers, { hidden: false });
    expect(await lastAudit(v.id)).toMatchObject({ action: 'show' });
    expect((await call('POST', 'video/list', {}, { categoryId: cat.id })).body.data.total).toBe(1);
    expect((await call('PATCH', `admin/videos/${randomUuid()}`, admin.headers, { title: 'x' })).status).toBe(404);
    expect((await call('PATCH', `admin/videos/${v.id}`, admin.headers, { categoryId: randomUuid() })).status).toBe(400);
  });

  it('maps products with highlight times, refuses unknown or repeated products, and audits', async () => {
    const cat = await newCategory(s.db);
    const a = await newProduct(s.db, { categoryId: cat.id, vendorId: vendorUserId });
    const b = await newProduct(s.db, { categoryId: cat.id, vendorId: vendorUserId });
    const v = await readyVideo({ categoryId: cat.id });
    const res = await call('PUT', `admin/videos/${v.id}/products`, admin.headers, { products: [{ productId: b.id, highlightAt: 1.5 }, { productId: a.id }] });
    expect(res.status).toBe(200);
    expect(res.body.data.products).toEqual([
      expect.objectContaining({ _id: b.id, highlightAt: 1.5 }),
      expect.objectContaining({ _id: a.id, highlightAt: null }),
    ]);
    expect(await lastAudit(v.id)).toMatchObject({ action: 'map_products' });
    const feed = (await call('POST', 'video/list', {}, { categoryId: cat.id })).body.data;
    expect(feed.videos[0].productId.map((p: { _id: string; highlightMs: number | null }) => [p._id, p.highlightMs])).toEqual([[b.id, 1500], [a.id, null]]);

    expect((await call('PUT', `admin/videos/${v.id}/products`, admin.headers, { products: [{ productId: randomUuid() }] })).status).toBe(400);
    expect((await call('PUT', `admin/videos/${v.id}/products`, admin.headers, { products: [{ productId: a.id }, { productId: a.id }] })).status).toBe(400);
    expect((await call('PUT', `admin/videos/${v.id}/products`, admin.headers, { products: [{ productId: a.id, highlightAt: -1 }] })).status).toBe(400);
    expect((await call('PUT', `admin/videos/${randomUuid()}/products`, admin.headers, { products: [] })).status).toBe(404);
  });

  it('orders the feed and deletes a video with its files, each audited', async () => {
    const cat = await newCategory(s.db);
    const x = await readyVideo({ categoryId: cat.id, sortOrder: 1 });
    const y = await readyVideo({ categoryId: cat.id, sortOrder: 2 });
    expect((await call('POST', 'admin/videos/order', admin.headers, { ids: [y.id, x.id] })).status).toBe(200);
    const feed = (await call('POST', 'video/list', {}, { categoryId: cat.id })).body.data;
    expect(feed.videos.map((v: { _id: string }) => v._id)).toEqual([y.id, x.id]);
    expect((await call('POST', 'admin/videos/order', admin.headers, { ids: [randomUuid()] })).status).toBe(404);

    expect((await call('DELETE', `admin/videos/${x.id}`, admin.headers)).status).toBe(200);
    expect(await lastAudit(x.id)).toMatchObject({ action: 'delete' });
    expect(await s.db.select().from(videoJobs).where(eq(videoJobs.url, x.videoUrl))).toEqual([]);
    expect((await call('DELETE', `admin/videos/${x.id}`, admin.headers)).status).toBe(404);
  });
});
