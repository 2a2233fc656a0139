import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../lib/errors.ts';
import { IMAGE_KINDS, VIDEO_KINDS } from './detect.ts';
import { imageRule, readUpload, type UploadPolicy } from './multipart.ts';

/** A community-post-like form: text, up to 3 photos of 1 KB+, one video, and a JSON-or-form variant. */
const POST: UploadPolicy = {
  fields: ['description', 'productId'],
  files: {
    images: imageRule({ maxCount: 3, maxBytes: 64 * 1024, tooLarge: 'Please select images smaller than 64KB', tooMany: 'Please upload upto 3 images only' }),
    video: { maxBytes: 100 * 1024, kinds: VIDEO_KINDS, tooLarge: 'Video too large', wrongType: 'Please upload an MP4 or MOV video' },
  },
  maxFieldBytes: 200,
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app);
  await app.register(fastifyMultipart);
  const summary = (u: Awaited<ReturnType<typeof readUpload>>) => ({
    fields: u.fields,
    lists: u.lists,
    files: Object.fromEntries(Object.entries(u.files).map(([k, fs]) => [k, fs.map((f) => ({ kind: f.kind, contentType: f.contentType, filename: f.filename, size: f.size }))])),
  });
  app.post('/post', async (request) => summary(await readUpload(request, POST)));
  app.post('/names', async (request) => summary(await readUpload(request, { fields: ['firstname'], files: { picture: imageRule() }, json: true })));
  await app.ready();
});
afterAll(() => app.close());

type Part = [name: string, value: string | { data: Buffer; filename: string; type?: string }];
async function send(url: string, parts: Part[]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }), value.filename);
  }
  const req = new Request('http://x', { method: 'POST', body: form });
  const res = await app.inject({ method: 'POST', url, payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } });
  return { status: res.statusCode, body: res.json() };
}

const png = () => sharp({ create: { width: 20, height: 20, channels: 3, background: '#357' } }).png().toBuffer();
const mp4 = () => {
  const b = Buffer.alloc(64);
  b.writeUInt32BE(24, 0);
  b.write('ftypisom\0\0\x02\0isomavc1', 4, 'latin1');
  return b;
};

describe('readUpload', () => {
  it('gives back the kept fields (repeated ones as lists) and the files with the kind their bytes show', async () => {
    const res = await send('/post', [
      ['description', 'Block-printed dupatta'],
      ['productId', 'p1'],
      ['productId', 'p2'],
      ['unknown', 'dropped'],
      ['images', { data: await png(), filename: 'a.jpg', type: 'image/jpeg' }],
      ['images', { data: await png(), filename: 'b.png' }],
      ['video', { data: mp4(), filename: 'clip.bin' }],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.fields).toEqual({ description: 'Block-printed dupatta', productId: 'p2' });
    expect(res.body.lists).toEqual({ description: ['Block-printed dupatta'], productId: ['p1', 'p2'] });
    expect(res.body.files.images).toMatchObject([
      { kind: 'png', contentType: 'image/png', filename: 'a.jpg' },
      { kind: 'png', filename: 'b.png' },
    ]);
    expect(res.body.files.video).toMatchObject([{ kind: 'mp4', contentType: 'video/mp4' }]);
  });

  it('skips the empty file part a browser sends for "no file chosen"', async () => {
    const res = await send('/post', [['description', 'x'], ['images', { data: Buffer.alloc(0), filename: '' }]]);
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual({});
  });

  it("answers 413 with the field's own message for a file over its limit", async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(64 * 1024)]);
    const res = await send('/post', [['images', { data: big, filename: 'big.png' }]]);
    expect(res).toMatchObject({ status: 413, body: { success: false, message: 'Please select images smaller than 64KB', errors: { images: 'Please select images smaller than 64KB' } } });
    // a file within the form's largest limit (the video's) but over its own field's limit
    const mid = Buffer.concat([await png(), Buffer.alloc(80 * 1024)]);
    expect((await send('/post', [['images', { data: mid, filename: 'mid.png' }]])).status).toBe(413);
  });

  it('answers 415 with the field message for bytes of another kind, whatever the name or declared type', async () => {
    const text = await send('/post', [['images', { data: Buffer.from('not a photo'), filename: 'photo.jpg', type: 'image/jpeg' }]]);
    expect(text).toMatchObject({ status: 415, body: { message: 'Please upload a JPG, PNG or WebP image' } });
    const photoAsVideo = await send('/post', [['video', { data: await png(), filename: 'clip.mp4', type: 'video/mp4' }]]);
    expect(photoAsVideo).toMatchObject({ status: 415, body: { message: 'Please upload an MP4 or MOV video' } });
    const videoAsPhoto = await send('/post', [['images', { data: mp4(), filename: 'a.png', type: 'image/png' }]]);
    expect(videoAsPhoto.status).toBe(415);
    expect(IMAGE_KINDS).not.toContain('mp4');
  });

  it('answers 400 for more files than a field takes, and for a file field the form does not have', async () => {
    const four = await Promise.all([1, 2, 3, 4].map(async (i): Promise<Part> => ['images', { data: await png(), filename: `${i}.png` }]));
    expect(await send('/post', four)).toMatchObject({ status: 400, body: { message: 'Please upload upto 3 images only' } });
    expect(await send('/post', [['avatar', { data: await png(), filename: 'a.png' }]])).toMatchObject({ status: 400, body: { message: "Unexpected file field 'avatar'" } });
  });

  it('answers 413 for a text field longer than the policy allows', async () => {
    const res = await send('/post', [['description', 'x'.repeat(201)]]);
    expect(res).toMatchObject({ status: 413, body: { message: "'description' is too long" } });
  });

  it('answers 400, never 500, to a form that cannot be read', async () => {
    for (const [type, payload] of [
      ['multipart/form-data', 'abc'],
      ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nab'],
      ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--XYZ--\r\n'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/post', headers: { 'content-type': type }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('reads a JSON object only where the policy allows it, and refuses other bodies', async () => {
    const json = await app.inject({ method: 'POST', url: '/names', payload: { firstname: 'Asha', other: 'x', n: 1 } });
    expect(json.json()).toEqual({ fields: { firstname: 'Asha' }, lists: { firstname: ['Asha'] }, files: {} });
    const notForm = await app.inject({ method: 'POST', url: '/post', payload: { description: 'x' } });
    expect(notForm.statusCode).toBe(400);
    expect(notForm.json().message).toBe('Please send the form as multipart/form-data');
    const array = await app.inject({ method: 'POST', url: '/names', payload: [1] });
    expect(array.statusCode).toBe(400);
  });
});
