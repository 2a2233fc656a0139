import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG, uploadedImageAt, uploadedImageWidths } from '@statewise/contract';
import { users } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs, travel } from '../../test/auth.ts';
import { newUser, uniqueEmail, uniqueMobile } from '../../test/factories.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());
afterEach(() => travel.reset());

/** A multipart body as a browser's FormData would send it. */
async function multipart(fields: Record<string, string>, file?: { name?: string; data: Buffer; type: string; filename?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(file.name ?? 'picture', new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename ?? 'photo');
  const req = new Request('http://x', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

async function patch(headers: Record<string, string>, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) {
  const body = await multipart(fields, file);
  const res = await s.app.inject({ method: 'PATCH', url: '/api/user', payload: body.payload, headers: { ...headers, ...body.headers } });
  return { status: res.statusCode, body: res.json() };
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

describe('GET /api/user', () => {
  it('gives the profile of accounts §3', async () => {
    const { user, headers } = await loginAs(s, { firstname: 'Ira', lastname: 'Das' });
    const res = await s.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      _id: user.id,
      role: 'user',
      email: user.email,
      firstname: 'Ira',
      lastname: 'Das',
      mobile: user.mobile,
      picture: '',
      emailVerified: true,
      mobileVerified: true,
      hasPassword: false,
      createdAt: user.createdAt.toISOString(),
    });
  });

  it('needs a token', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/user', () => {
  it("updates the names (multipart) and says 'Your profile has been Updated'", async () => {
    const { user, headers } = await loginAs(s);
    const res = await patch(headers, { firstname: '  Meenakshi ', lastname: 'Pillai' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your profile has been Updated');
    expect(res.body.data).toMatchObject({ firstname: 'Meenakshi', lastname: 'Pillai' });
    const [row] = await s.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstname: 'Meenakshi', lastname: 'Pillai' });
  });

  it('takes JSON for the names too', async () => {
    const { headers } = await loginAs(s);
    const res = await s.app.inject({ method: 'PATCH', url: '/api/user', headers, payload: { lastname: 'Rao' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lastname).toBe('Rao');
  });

  it("refuses a blank name with the spec's message", async () => {
    const { headers } = await loginAs(s);
    const res = await patch(headers, { firstname: ' ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Please enter first name', errors: { firstname: 'Please enter first name' } });
  });

  it('stores a picture as square WebP in 320 and 640 px under DATA_DIR/uploads/profile and replaces the old one', async () => {
    const { user, headers } = await loginAs(s);
    const first = await patch(headers, { firstname: 'Pic' }, { data: await png(1200, 800), type: 'image/png', filename: 'me.png' });
    expect(first.status).toBe(200);
    const url: string = first.body.data.picture;
    expect(url).toMatch(/^\/uploads\/profile\/[0-9a-f]{32}-640w\.webp$/);
    const file = path.join(s.config.dataDir, url);
    expect(await sharp(readFileSync(file)).metadata()).toMatchObject({ format: 'webp', width: 640, height: 640 });
    const small = path.join(s.config.dataDir, url.replace('-640w.webp', '-320w.webp'));
    expect(await sharp(readFileSync(small)).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });

    const jpeg = await sharp(await png(300, 300)).jpeg().toBuffer();
    const second = await patch(headers, {}, { data: jpeg, type: 'image/jpeg' });
    expect(second.status).toBe(200);
    expect(second.body.data.picture).not.toBe(url);
    // every width of the old picture is gone; a 300 px photo is kept at 300 px, never enlarged
    expect(existsSync(file)).toBe(false);
    expect(existsSync(small)).toBe(false);
    expect(second.body.data.picture).toMatch(/-300w\.webp$/);
    expect(existsSync(path.join(s.config.dataDir, second.body.data.picture))).toBe(true);
    const [row] = await s.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.picture).toBe(second.body.data.picture);
  });

  it('keeps exactly one picture when two changes arrive at once, with no file left that nothing names', async () => {
    const { user, headers } = await loginAs(s);
    await patch(headers, {}, { data: await png(400, 400), type: 'image/png' });
    const [a, b] = await Promise.all([
      patch(headers, {}, { data: await png(500, 500), type: 'image/png' }),
      patch(headers, {}, { data: await png(600, 600), type: 'image/png' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [row] = await s.db.select().from(users).where(eq(users.id, user.id));
    const idOf = (url: string) => /([0-9a-f]{32})-\d+w\.webp$/.exec(url)![1]!;
    const kept = idOf(row!.picture);
    expect([idOf(a.body.data.picture), idOf(b.body.data.picture)]).toContain(kept);
    // every picture this account ever had: only the one it shows is still on disk
    const named = new Set(
      (await s.db.select({ picture: users.picture }).from(users))
        .map((u) => /([0-9a-f]{32})-\d+w\.webp$/.exec(u.picture)?.[1])
        .filter(Boolean),
    );
    const onDisk = readdirSync(path.join(s.config.dataDir, 'uploads', 'profile')).map((f) => f.slice(0, 32));
    expect(onDisk.filter((id) => !named.has(id))).toEqual([]);
    expect(onDisk.filter((id) => id === kept)).toHaveLength(uploadedImageWidths(row!.picture)!.length);
  });

  it('serves the stored picture at its URL and every srcset width beside it, cached for good', async () => {
    const { headers } = await loginAs(s);
    const res = await patch(headers, {}, { data: await png(900, 900), type: 'image/png' });
    const url: string = res.body.data.picture;
    expect(uploadedImageWidths(url)).toEqual([320, 640]);
    for (const w of uploadedImageWidths(url)!) {
      const got = await s.app.inject({ method: 'GET', url: uploadedImageAt(url, w) });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      // a new upload gets a new name, so browsers may keep each file for good
      expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(got.rawPayload).metadata()).width).toBe(w);
    }
  });

  it('removes every width of the picture when the account is deleted', async () => {
    const { user, headers } = await loginAs(s, { password: 'Delete123' });
    const url: string = (await patch(headers, {}, { data: await png(800, 800), type: 'image/png' })).body.data.picture;
    const files = uploadedImageWidths(url)!.map((w) => path.join(s.config.dataDir, uploadedImageAt(url, w)));
    expect(files).toHaveLength(2);
    expect(files.every((f) => existsSync(f))).toBe(true);
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/deleteAccount', headers, payload: { type: 'mobile', mobile: user.mobile, password: 'Delete123' } });
    expect(res.statusCode).toBe(200);
    expect(files.some((f) => existsSync(f))).toBe(false);
  });

  it('stores a JPEG carrying GPS and camera EXIF as WebP with no metadata, turned upright', async () => {
    const { headers } = await loginAs(s);
    // 800×400 as stored, orientation 6 (the camera was turned): upright it is 400×800, cropped square 400
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif?.includes(Buffer.from('PhoneCam'))).toBe(true);
    const res = await patch(headers, {}, { data: jpeg, type: 'image/jpeg', filename: 'IMG_0001.JPG' });
    expect(res.status).toBe(200);
    const url: string = res.body.data.picture;
    expect(url).toMatch(/-400w\.webp$/);
    for (const w of uploadedImageWidths(url)!) {
      const stored = readFileSync(path.join(s.config.dataDir, uploadedImageAt(url, w)));
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: w, height: w });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('PhoneCam'))).toBe(false);
      expect(stored.includes(Buffer.from('EXIF'))).toBe(false);
    }
  });

  it('refuses a file that is not a JPEG, PNG or WebP with 415, whatever its name or declared type', async () => {
    const { user, headers } = await loginAs(s);
    const gif = await patch(headers, {}, { data: Buffer.from('GIF89a...'), type: 'image/gif' });
    expect(gif.status).toBe(415);
    expect(gif.body.message).toBe(MSG.pictureType);
    const text = await patch(headers, {}, { data: Buffer.from('just some text, honest'), type: 'image/jpeg', filename: 'holiday.jpg' });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(MSG.pictureType);
    const svg = await patch(headers, {}, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/png', filename: 'a.png' });
    expect(svg.status).toBe(415);
    expect(svg.body.message).toBe(MSG.pictureType);
    // PNG bytes cut short: the right magic, but not a picture anyone can read
    const cut = (await png(400, 400)).subarray(0, 60);
    const broken = await patch(headers, {}, { data: cut, type: 'image/png' });
    expect(broken.status).toBe(415);
    expect(broken.body.message).toBe(MSG.pictureUnreadable);
    const [row] = await s.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.picture).toBe('');
    expect(existsSync(path.join(s.config.dataDir, 'uploads', 'profile')) ? readdirSync(path.join(s.config.dataDir, 'uploads', 'profile')).filter((f) => f.startsWith('.')) : []).toEqual([]);
  });

  it('accepts a JPEG named .png and sent as application/octet-stream: the bytes decide', async () => {
    const { headers } = await loginAs(s);
    const jpeg = await sharp(await png(200, 200)).jpeg().toBuffer();
    const res = await patch(headers, {}, { data: jpeg, type: 'application/octet-stream', filename: 'photo.png' });
    expect(res.status).toBe(200);
    expect(res.body.data.picture).toMatch(/-200w\.webp$/);
  });

  it('refuses a picture over 5 MB with 413', async () => {
    const { headers } = await loginAs(s);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await patch(headers, {}, { data: big, type: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MSG.pictureTooLarge);
  });

  it('refuses two pictures, and a file under another name, with 400', async () => {
    const { headers } = await loginAs(s);
    const form = new FormData();
    const pic = new Blob([new Uint8Array(await png(50, 50))], { type: 'image/png' });
    form.append('picture', pic, 'a.png');
    form.append('picture', pic, 'b.png');
    const req = new Request('http://x', { method: 'POST', body: form });
    const two = await s.app.inject({ method: 'PATCH', url: '/api/user', payload: Buffer.from(await req.arrayBuffer()), headers: { ...headers, 'content-type': req.headers.get('content-type')! } });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Please upload one picture at a time');
    const other = await patch(headers, {}, { name: 'avatar', data: await png(50, 50), type: 'image/png' });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe("Unexpected file field 'avatar'");
  });

  it('answers 400, not 500, to a malformed form or a body that is not an object', async () => {
    const { headers } = await loginAs(s);
    for (const [type, payload] of [
      ['multipart/form-data', 'abc'],
      ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nab'],
      ['text/plain', 'hello'],
      ['application/json', '[1]'],
    ] as const) {
      const res = await s.app.inject({ method: 'PATCH', url: '/api/user', headers: { ...headers, 'content-type': type }, payload });
      expect(res.statusCode, type).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('keeps mobile and e-mail read-only once set; echoing them is fine', async () => {
    const { user, headers } = await loginAs(s);
    const same = await patch(headers, { firstname: 'Same', mobile: user.mobile!, email: user.email! });
    expect(same.status).toBe(200);
    const changed = await patch(headers, { mobile: uniqueMobile(), email: uniqueEmail() });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual({ mobile: MSG.mobileReadOnly, email: MSG.emailReadOnly });
    const [row] = await s.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.mobile).toBe(user.mobile);
  });

  it('adds a missing contact only through the profile OTP', async () => {
    const { headers } = await loginAs(s, { email: null, emailVerified: false });
    const res = await patch(headers, { email: uniqueEmail() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.emailNeedsOtp);
  });
});

describe('POST /api/user/request-otp and /api/user/verify-otp', () => {
  const post = async (url: string, payload: object, headers: Record<string, string>) => {
    const res = await s.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it("adds and verifies an e-mail, answering 'Email Verified Successfully'", async () => {
    const { user, headers } = await loginAs(s, { email: null, emailVerified: false });
    const email = uniqueEmail();
    const sent = await post('/user/request-otp', { type: 'email', email }, headers);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ resendAfter: 60, message: 'Otp sent successfully' });
    const res = await post('/user/verify-otp', { type: 'email', email, otp: sent.body.data.otp }, headers);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Email Verified Successfully');
    expect(res.body.data).toMatchObject({ _id: user.id, email, emailVerified: true });
  });

  it("verifies a mobile typed at sign-up, answering 'Mobile Verified Successfully'", async () => {
    const mobile = uniqueMobile();
    const { headers } = await loginAs(s, { mobile, mobileVerified: false });
    const sent = await post('/user/request-otp', { type: 'mobile', mobile }, headers);
    const res = await post('/user/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp }, headers);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Mobile Verified Successfully');
    expect(res.body.data).toMatchObject({ mobile, mobileVerified: true });
  });

  it('refuses a contact another account has verified (409)', async () => {
    const other = await newUser(s.db);
    const { headers } = await loginAs(s, { email: null, emailVerified: false });
    const res = await post('/user/request-otp', { type: 'email', email: other.email! }, headers);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.emailTaken);
  });

  it('refuses to change a verified contact, or to verify it again', async () => {
    const { user, headers } = await loginAs(s);
    const change = await post('/user/request-otp', { type: 'mobile', mobile: uniqueMobile() }, headers);
    expect(change.status).toBe(409);
    expect(change.body.message).toBe(MSG.mobileReadOnly);
    const again = await post('/user/request-otp', { type: 'mobile', mobile: user.mobile! }, headers);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.mobileAlreadyVerified);
  });

  it("does not accept another account's profile code", async () => {
    const email = uniqueEmail();
    const a = await loginAs(s, { email: null, emailVerified: false });
    const b = await loginAs(s, { email: null, emailVerified: false });
    const sent = await post('/user/request-otp', { type: 'email', email }, a.headers);
    const res = await post('/user/verify-otp', { type: 'email', email, otp: sent.body.data.otp }, b.headers);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.otpNotRequested);
  });

  it("keeps an account's code when another account asks for a code for the same contact", async () => {
    const email = uniqueEmail();
    const a = await loginAs(s, { email: null, emailVerified: false });
    const b = await loginAs(s, { email: null, emailVerified: false });
    const first = await post('/user/request-otp', { type: 'email', email }, a.headers);
    expect(first.status).toBe(200);
    // no countdown shared with another account, and A's code is not retired by B's
    const other = await post('/user/request-otp', { type: 'email', email }, b.headers);
    expect(other.status).toBe(200);
    const res = await post('/user/verify-otp', { type: 'email', email, otp: first.body.data.otp }, a.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: a.user.id, email, emailVerified: true });
    // B's code is B's alone; the contact is now A's verified one
    const late = await post('/user/verify-otp', { type: 'email', email, otp: other.body.data.otp }, b.headers);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MSG.emailTaken);
  });

  it('checks the input and the token', async () => {
    const { headers } = await loginAs(s);
    const bad = await post('/user/request-otp', { type: 'mobile', mobile: '12' }, headers);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter valid mobile number');
    const guest = await s.app.inject({ method: 'POST', url: '/api/user/request-otp', payload: { type: 'email', email: uniqueEmail() } });
    expect(guest.statusCode).toBe(401);
  });
});
