import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SHOP_VIDEO_MSG } from '@statewise/contract';
import { registerErrorHandling } from '../../lib/errors.ts';
import { loginAs } from '../../test/auth.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { VIDEO_KINDS } from './detect.ts';
import { readUpload, registerUploads, uploadTempDir, type Upload, type UploadPolicy } from './multipart.ts';

/**
 * Large uploads (videos) stream to a temporary file under DATA_DIR while they arrive, and one person sends at most two
 * at once (ADR 048). Pictures are read into memory as before (multipart.test.ts).
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** The bytes of buffers held now, once garbage is collected (V8 frees their memory after the collection, in the background). */
async function heldBytes(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage().arrayBuffers;
}

const MB = 1024 * 1024;
const VIDEO_FORM: UploadPolicy = {
  fields: ['title'],
  files: { video: { maxBytes: 40 * MB, kinds: VIDEO_KINDS, tooLarge: 'Please upload a video of at most 40 MB', wrongType: 'Please upload an MP4 or MOV video' } },
};
/** An MP4's first box (what the content check reads), then `size` bytes of anything. */
const mp4 = (size: number) => Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(size - 24, 7)]);

const BOUNDARY = 'upload-streaming-test';
const head = (filename = 'clip.mp4', title = 'A clip') =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="video"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n`);
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const form = (video: Buffer) => Buffer.concat([head(), video, tail]);
const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A form whose video arrives slowly: its start now, the rest when `finish` is called. */
function slowForm(video: Buffer) {
  const body = new PassThrough();
  body.write(Buffer.concat([head(), video.subarray(0, 8192)]));
  return { body, finish: () => body.end(Buffer.concat([video.subarray(8192), tail])) };
}

/** Whether `what` holds within `ms` (a file is removed just after its answer is sent). */
const until = async (what: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!what() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return what();
};

describe('readUpload with a video', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let temp: string;
  /** Uploads read by /hold, kept until `release` (so their memory is measured while they are held). */
  const held: Upload[] = [];
  let release: () => void = () => undefined;
  let released = Promise.resolve();
  const tempFiles = () => readdirSync(temp);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'statewise-upload-stream-'));
    temp = uploadTempDir(dataDir);
    app = Fastify();
    registerErrorHandling(app);
    await registerUploads(app, temp);
    const describe = (u: Upload) => ({ title: u.fields.title, video: u.files.video?.map((f) => ({ kind: f.kind, size: f.size, path: f.path })) });
    app.post('/video', async (request) => describe(await readUpload(request, VIDEO_FORM)));
    app.post('/hold', async (request) => {
      const upload = await readUpload(request, VIDEO_FORM);
      held.push(upload);
      await released;
      return describe(upload);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps three people’s 30 MB videos on disk, not in memory, while they are handled', { timeout: 60_000 }, async () => {
    const video = mp4(30 * MB);
    const payloads = [1, 2, 3].map(() => form(video));
    released = new Promise((r) => (release = r));
    const before = await heldBytes();
    const sent = payloads.map((payload, i) => app.inject({ method: 'POST', url: '/hold', payload, headers, remoteAddress: `10.1.0.${i + 1}` }));
    expect(await until(() => held.length === 3, 40_000)).toBe(true);
    // measured while the three uploads are still held by their handlers
    const grown = (await heldBytes()) - before;
    release();
    const answers = await Promise.all(sent);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(grown).toBeLessThan(8 * MB);
    for (const answer of answers) expect(answer.json().video[0]).toMatchObject({ kind: 'mp4', size: video.length });
  });

  it('gives the file at a path under DATA_DIR, with every byte sent, and removes it once the answer is sent', async () => {
    let seen: Buffer | null = null;
    const route = Fastify();
    registerErrorHandling(route);
    await registerUploads(route, temp);
    route.post('/video', async (request) => {
      const upload = await readUpload(request, VIDEO_FORM);
      const file = upload.files.video![0]!;
      seen = readFileSync(file.path!);
      expect(() => file.bytes).toThrow('streamed to disk');
      return { path: file.path };
    });
    const video = mp4(3 * MB);
    const res = await route.inject({ method: 'POST', url: '/video', payload: form(video), headers });
    await route.close();
    expect(res.statusCode).toBe(200);
    expect(path.dirname(res.json().path)).toBe(temp);
    expect(seen!.equals(video)).toBe(true);
    expect(await until(() => !tempFiles().length, 3000)).toBe(true);
  });

  it('refuses a video over the limit with the rule’s message while it arrives, and keeps nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/video', payload: form(mp4(41 * MB)), headers });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'Please upload a video of at most 40 MB' });
    expect(await until(() => !tempFiles().length, 3000)).toBe(true);
  });

  it('refuses a file whose first bytes are not a video (whatever its name) and keeps nothing', async () => {
    const script = Buffer.concat([Buffer.from('#!/bin/sh\necho hi\n'), Buffer.alloc(3 * MB, 0x20)]);
    const res = await app.inject({ method: 'POST', url: '/video', payload: Buffer.concat([head('clip.mp4'), script, tail]), headers });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: 'Please upload an MP4 or MOV video', errors: { video: 'Please upload an MP4 or MOV video' } });
    expect(await until(() => !tempFiles().length, 3000)).toBe(true);
  });

  it('removes the partial file of a form cut off mid-video', async () => {
    const cut = Buffer.concat([head(), mp4(2 * MB)]);
    const res = await app.inject({ method: 'POST', url: '/video', payload: cut, headers });
    expect(res.statusCode).toBe(400);
    expect(await until(() => !tempFiles().length, 3000)).toBe(true);
  });

  it('removes at start the files a killed server left half-uploaded, and not those of a server still running', async () => {
    const host = hostname().replace(/[^A-Za-z0-9-]/g, '-');
    const dir = path.join(dataDir, 'other-start');
    mkdirSync(dir, { recursive: true });
    const dead = path.join(dir, `0123456789abcdef.${spawnSync('true').pid}.${host}.part`);
    const live = path.join(dir, `fedcba9876543210.${process.ppid}.${host}.part`);
    writeFileSync(dead, 'half a video');
    writeFileSync(live, 'a video arriving');
    const next = Fastify();
    await registerUploads(next, dir);
    await next.close();
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it('answers a guest’s third upload at once with 429 while two are arriving, and takes another address’s', async () => {
    const video = mp4(1 * MB);
    const first = slowForm(video);
    const second = slowForm(video);
    const a = app.inject({ method: 'POST', url: '/video', payload: first.body, headers, remoteAddress: '10.2.0.1' });
    const b = app.inject({ method: 'POST', url: '/video', payload: second.body, headers, remoteAddress: '10.2.0.1' });
    expect(await until(() => tempFiles().length === 2)).toBe(true);

    const third = await app.inject({ method: 'POST', url: '/video', payload: form(video), headers, remoteAddress: '10.2.0.1' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ success: false, message: MSG.uploadsAtOnce });
    expect(third.headers['retry-after']).toBe('5');
    const other = await app.inject({ method: 'POST', url: '/video', payload: form(video), headers, remoteAddress: '10.2.0.2' });
    expect(other.statusCode).toBe(200);

    first.finish();
    second.finish();
    expect((await a).statusCode).toBe(200);
    expect((await b).statusCode).toBe(200);
    // slots are given back: the same guest may upload again
    expect((await app.inject({ method: 'POST', url: '/video', payload: form(video), headers, remoteAddress: '10.2.0.1' })).statusCode).toBe(200);
    expect(await until(() => !tempFiles().length, 3000)).toBe(true);
  });
});

describe('POST /api/admin/videos (a large upload through the app)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());
  const temp = () => readdirSync(uploadTempDir(s.config.dataDir));
  const upload = (payload: Buffer | PassThrough, auth: { authorization: string }, remoteAddress = '10.3.0.1') =>
    s.app.inject({ method: 'POST', url: '/api/admin/videos', payload, headers: { ...headers, ...auth }, remoteAddress });

  it('answers an account’s third upload with 429 while two are arriving (from any address), and takes another account’s', async () => {
    const admin = await loginAs(s, { role: 'admin' });
    const otherAdmin = await loginAs(s, { role: 'admin' });
    const video = mp4(2 * MB);
    const first = slowForm(video);
    const second = slowForm(video);
    const a = upload(first.body, admin.headers, '10.3.0.1');
    const b = upload(second.body, admin.headers, '10.3.0.2');
    expect(await until(() => temp().length === 2)).toBe(true);

    const third = await upload(form(video), admin.headers, '10.3.0.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(MSG.uploadsAtOnce);
    const other = await upload(form(video), otherAdmin.headers, '10.3.0.1');
    expect(other.statusCode).toBe(201);

    first.finish();
    second.finish();
    expect((await a).statusCode).toBe(201);
    expect((await b).statusCode).toBe(201);
    // each upload was moved into the storage as its video's source; nothing waits in the temporary folder
    expect(await until(() => !temp().length, 3000)).toBe(true);
  });

  it('removes the upload when the route refuses the rest of the form', async () => {
    const admin = await loginAs(s, { role: 'admin' });
    const res = await upload(Buffer.concat([head('clip.mp4', 'x'.repeat(500)), mp4(2 * MB), tail]), admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('title');
    expect(await until(() => !temp().length, 3000)).toBe(true);
  });

  it('keeps today’s message for a video over the limit', async () => {
    const admin = await loginAs(s, { role: 'admin' });
    const cut = slowForm(mp4(1 * MB));
    const res = upload(cut.body, admin.headers);
    expect(await until(() => temp().length === 1)).toBe(true);
    // 200 MB and one byte, sent in pieces, refused before the end
    let sent = 1 * MB;
    const piece = Buffer.alloc(4 * MB, 7);
    while (sent <= 200 * MB && !cut.body.destroyed) {
      if (!cut.body.write(piece)) await new Promise((r) => cut.body.once('drain', r));
      sent += piece.length;
    }
    cut.body.end(tail);
    const answer = await res;
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe(SHOP_VIDEO_MSG.tooLarge);
    expect(await until(() => !temp().length, 3000)).toBe(true);
  });
});
