import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckChar, MSG, uploadedImageAt, vendorDetails, vendorStore } from '@statewise/contract';
import { sellerApplications } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newProduct, newVendor, unique } from '../../test/factories.ts';
import { secretBox } from '../sellers/service.ts';

let s: TestServer;
type Headers = Record<string, string>;
type FilePart = { field: string; data: Buffer; filename?: string; type?: string };
let wideBanner: Buffer;
let squarePng: Buffer;
let bigPng: Buffer;

/** A valid GSTIN of `pan` in state `code` (its check character computed). */
const gstinOf = (code: string, pan: string) => {
  const body = `${code}${pan}1Z`;
  return body + gstinCheckChar(body);
};

function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----statewise${unique()}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename ?? 'photo.png'}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function patch(headers: Headers, fields: Record<string, string>, files: FilePart[] = []) {
  const form = multipart(fields, files);
  const res = await s.app.inject({ method: 'PATCH', url: '/api/vendor/store', headers: { ...headers, 'content-type': form.contentType }, payload: form.payload });
  return { status: res.statusCode, body: res.json() };
}

async function get(url: string, headers: Headers = {}) {
  const res = await s.app.inject({ method: 'GET', url: `/api${url}`, headers });
  return { status: res.statusCode, body: res.json() };
}

/** A vendor with their own store (and headers), so tests never share one. */
async function aVendor(over: Parameters<typeof newVendor>[1] = {}) {
  const v = await newVendor(s.db, { vendor: { gstin: gstinOf('08', 'ABCDE1234F'), ...over.vendor }, ...(over.user ? { user: over.user } : {}) });
  return { ...v, headers: await authHeader(s, v.userId) };
}

const version = async () => Number((await s.db.execute<{ version: number }>(sql`select version from catalogue_version where id = 1`)).rows[0]!.version);
const uploadsPath = (url: string) => path.join(s.config.dataDir, url.replace(/^\/uploads\//, 'uploads/'));

beforeAll(async () => {
  s = await createTestServer();
  wideBanner = await sharp({ create: { width: 2000, height: 600, channels: 3, background: { r: 180, g: 60, b: 30 } } }).png().toBuffer();
  squarePng = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 30, g: 60, b: 150 } } }).png().toBuffer();
  const noise = Buffer.alloc(1500 * 1500 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  bigPng = await sharp(noise, { raw: { width: 1500, height: 1500, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}, 60_000);

afterAll(async () => {
  await s?.close();
});

describe('vendor store settings: who may call', () => {
  it('refuses a shopper and an admin with 403 and a guest with 401, on GET and PATCH', async () => {
    for (const role of ['user', 'admin'] as const) {
      const { headers } = await loginAs(s, { role });
      expect((await get('/vendor/store', headers)).status).toBe(403);
      expect((await patch(headers, { bio: 'Mine now' })).status).toBe(403);
    }
    expect((await get('/vendor/store')).status).toBe(401);
    expect((await patch({}, { bio: 'Mine now' })).status).toBe(401);
  });

  it('answers 404 with a clear message to a vendor account without a store', async () => {
    const { headers } = await loginAs(s, { role: 'vendor' });
    const res = await get('/vendor/store', headers);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.vsStoreMissing);
  });

  it("shows the vendor their own store's private settings with the pickup pincode's place", async () => {
    const v = await aVendor({ vendor: { pickupPincode: '302001' } });
    const res = await get('/vendor/store', v.headers);
    expect(res.status).toBe(200);
    const store = expectContract(vendorStore, res.body);
    expect(store).toMatchObject({ userId: v.userId, vendorSlug: v.vendor.slug, pickupPincode: '302001', pickupPlace: { city: 'Jaipur', state: 'Rajasthan' }, gstin: v.vendor.gstin });
  });

  it('answers a form with nothing changed with the store as it is, leaving the catalogue version alone', async () => {
    const v = await aVendor();
    const before = await version();
    const res = await patch(v.headers, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ bio: v.vendor.bio, banner: v.vendor.banner });
    expect(await version()).toBe(before);
  });

  it("changes only the caller's store", async () => {
    const a = await aVendor();
    const b = await aVendor();
    expect((await patch(a.headers, { bio: 'Only mine' })).status).toBe(200);
    expect((await get(`/vendor/slug/${b.vendor.slug}`)).body.data.bio).toBe(b.vendor.bio);
  });
});

describe('vendor store settings: text fields', () => {
  it('saves the bio and shows it on the public store page at once, bumping the catalogue version', async () => {
    const v = await aVendor();
    // Cached first, so the change must drop the cached answer.
    expect((await get(`/vendor/slug/${v.vendor.slug}`)).body.data.bio).toBe(v.vendor.bio);
    const before = await version();
    const res = await patch(v.headers, { bio: '  Block prints from Bagru,\r\nthree generations.  ' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.vsUpdated);
    expect(res.body.data.bio).toBe('Block prints from Bagru,\nthree generations.');
    expect(await version()).toBeGreaterThan(before);
    const store = await get(`/vendor/slug/${v.vendor.slug}`);
    expect(expectContract(vendorDetails, store.body).bio).toBe('Block prints from Bagru,\nthree generations.');
  });

  it('refuses a bio over 600 characters with the message at the field', async () => {
    const v = await aVendor();
    const res = await patch(v.headers, { bio: 'x'.repeat(601) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: MSG.vsBioTooLong, errors: { bio: MSG.vsBioTooLong } });
    expect((await patch(v.headers, { bio: 'x'.repeat(600) })).status).toBe(200);
  });

  it('sanitises the return policy (no script, no handlers) and product pages show it at once', async () => {
    const v = await aVendor();
    const category = await newCategory(s.db);
    const product = await newProduct(s.db, { vendorId: v.userId, categoryId: category.id });
    const page = () => get(`/product/${product.slug}`);
    const first = await page();
    expect(first.status).toBe(200);
    const res = await patch(v.headers, { policy: '<p onclick="steal()">Returns within <strong>10 days</strong>.</p><script>alert(1)</script><img src="javascript:x">' });
    expect(res.status).toBe(200);
    expect(res.body.data.policy).toBe('<p>Returns within <strong>10 days</strong>.</p>');
    const after = await page();
    expect(JSON.stringify(after.body.data)).toContain('Returns within <strong>10 days</strong>.');
    expect(JSON.stringify(after.body.data)).not.toContain('<script');
  });

  it('clears the policy when only empty markup is sent, and refuses one that is too long', async () => {
    const v = await aVendor();
    expect((await patch(v.headers, { policy: '<p><br></p>' })).body.data.policy).toBe('');
    const long = await patch(v.headers, { policy: `<p>${'a'.repeat(20_001)}</p>` });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ policy: MSG.vsPolicyTooLong });
  });

  it('lists every bad field at once, each with its message', async () => {
    const v = await aVendor();
    const res = await patch(v.headers, { bio: 'y'.repeat(700), pickupPincode: '0123', gstin: 'NOT-A-GSTIN' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ bio: MSG.vsBioTooLong, pickupPincode: MSG.vsPincodeInvalid, gstin: MSG.vsGstinInvalid });
  });
});

describe('vendor store settings: pickup pincode', () => {
  it('refuses a pincode that is not 6 digits or starts with 0', async () => {
    const v = await aVendor();
    for (const pin of ['12345', '1234567', '012345', 'abcdef']) {
      const res = await patch(v.headers, { pickupPincode: pin });
      expect(res.status, pin).toBe(400);
      expect(res.body.errors).toEqual({ pickupPincode: MSG.vsPincodeInvalid });
    }
  });

  it('refuses a well-formed pincode the India Post directory does not know', async () => {
    const v = await aVendor();
    const res = await patch(v.headers, { pickupPincode: '999999' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ pickupPincode: MSG.vsPincodeUnknown });
  });

  it('moves the pickup point: the store place follows and the delivery estimate measures from it', async () => {
    const v = await aVendor({ vendor: { pickupPincode: '302001', gstin: null } });
    const estimate = async () => (await s.app.inject({ method: 'POST', url: '/api/shipment/single-product/get-delivary-date', payload: { customerPincode: '560001', vendorIds: [v.userId] } })).json();
    const far = await estimate();
    const res = await patch(v.headers, { pickupPincode: '560001' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ pickupPincode: '560001', pickupPlace: { city: 'Bengaluru Urban', state: 'Karnataka' } });
    expect((await get(`/vendor/slug/${v.vendor.slug}`)).body.data).toMatchObject({ place: 'Bengaluru Urban', state: 'Karnataka' });
    const near = await estimate();
    // Jaipur to Bengaluru is over 1,500 km; within Bengaluru the nearest band.
    expect(near.data.deliveryDays).toBeLessThan(far.data.deliveryDays);
  });
});

describe('vendor store settings: GSTIN', () => {
  it('accepts a valid GSTIN of the pickup state (upper-cased, spaces dropped) and removes it when emptied', async () => {
    const v = await aVendor({ vendor: { pickupPincode: '302001', gstin: null } });
    const gstin = gstinOf('08', 'PQRST6789K');
    const res = await patch(v.headers, { gstin: ` ${gstin.toLowerCase().slice(0, 5)} ${gstin.toLowerCase().slice(5)}` });
    expect(res.status).toBe(200);
    expect(res.body.data.gstin).toBe(gstin);
    const removed = await patch(v.headers, { gstin: '' });
    expect(removed.body.data.gstin).toBe('');
  });

  it('refuses a GSTIN whose check character is wrong', async () => {
    const v = await aVendor({ vendor: { gstin: null } });
    const good = gstinOf('08', 'PQRST6789K');
    const bad = good.slice(0, 14) + (good[14] === 'A' ? 'B' : 'A');
    const res = await patch(v.headers, { gstin: bad });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ gstin: MSG.vsGstinChecksum });
  });

  it("refuses a GSTIN of another state than the pickup pincode's", async () => {
    const v = await aVendor({ vendor: { pickupPincode: '302001', gstin: null } });
    const res = await patch(v.headers, { gstin: gstinOf('27', 'PQRST6789K') });
    expect(res.status).toBe(400);
    expect(res.body.errors.gstin).toContain(MSG.vsGstinState);
    expect(res.body.errors.gstin).toContain('Rajasthan: 08');
  });

  it('checks the state code again when only the pickup pincode moves to another state', async () => {
    const v = await aVendor({ vendor: { pickupPincode: '302001', gstin: gstinOf('08', 'PQRST6789K') } });
    const res = await patch(v.headers, { pickupPincode: '110001' });
    expect(res.status).toBe(400);
    expect(res.body.errors.gstin).toContain(MSG.vsGstinState);
    expect((await patch(v.headers, { pickupPincode: '110001', gstin: gstinOf('07', 'PQRST6789K') })).status).toBe(200);
  });

  it("refuses a GSTIN that carries another PAN than the seller application's", async () => {
    const v = await aVendor({ vendor: { pickupPincode: '302001', gstin: null } });
    await s.db.insert(sellerApplications).values({
      userId: v.userId,
      status: 'approved',
      brandName: v.vendor.brandName,
      sellerName: v.vendor.sellerName,
      slug: v.vendor.slug,
      panEncrypted: secretBox(s).seal('LMNOP4321Q', `pan:${v.userId}`),
      panLast4: '321Q',
    });
    const other = await patch(v.headers, { gstin: gstinOf('08', 'PQRST6789K') });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual({ gstin: MSG.vsGstinPan });
    expect((await patch(v.headers, { gstin: gstinOf('08', 'LMNOP4321Q') })).status).toBe(200);
    // The application (what the seller details form starts from) follows, so editing there keeps the new values.
    expect((await patch(v.headers, { pickupPincode: '302029' })).status).toBe(200);
    const [app] = await s.db.select().from(sellerApplications).where(eq(sellerApplications.userId, v.userId));
    expect(app).toMatchObject({ gstin: gstinOf('08', 'LMNOP4321Q'), gstRegistered: true, shippingPincode: '302029', shippingState: 'Rajasthan' });
  });
});

describe('vendor store settings: pictures', () => {
  it('stores a wide banner as WebP in several widths and the store page shows it; the old upload is deleted', async () => {
    const v = await aVendor();
    const first = await patch(v.headers, {}, [{ field: 'banner', data: wideBanner }]);
    expect(first.status).toBe(200);
    const url: string = first.body.data.banner;
    expect(url).toMatch(/^\/uploads\/stores\/banners\/[0-9a-f]{32}-1600w\.webp$/);
    for (const w of [320, 640, 1080, 1600]) expect(existsSync(uploadsPath(uploadedImageAt(url, w)))).toBe(true);
    expect((await get(`/vendor/slug/${v.vendor.slug}`)).body.data.banner).toBe(url);
    const second = await patch(v.headers, {}, [{ field: 'banner', data: wideBanner }]);
    expect(second.body.data.banner).not.toBe(url);
    expect(existsSync(uploadsPath(url))).toBe(false);
  });

  it('refuses a banner that is not wide enough, at the field', async () => {
    const v = await aVendor();
    const res = await patch(v.headers, { bio: 'kept only if all is well' }, [{ field: 'banner', data: squarePng }]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ banner: MSG.vsBannerNotWide });
    expect((await get('/vendor/store', v.headers)).body.data.bio).toBe(v.vendor.bio);
  });

  it('refuses a file that is not a picture (415) whatever its name, and a picture over 5 MB (413)', async () => {
    const v = await aVendor();
    const fake = await patch(v.headers, {}, [{ field: 'sizeChart', data: Buffer.from('%PDF-1.4 not a picture'), filename: 'chart.png', type: 'image/png' }]);
    expect(fake.status).toBe(415);
    expect(fake.body).toMatchObject({ message: MSG.vsImageType, errors: { sizeChart: MSG.vsImageType } });
    const big = await patch(v.headers, {}, [{ field: 'banner', data: bigPng }]);
    expect(big.status).toBe(413);
    expect(big.body.errors).toEqual({ banner: MSG.vsImageTooLarge });
  });

  it('uploads a size chart and an avatar (square), shown on the store and product pages, and removes them', async () => {
    const v = await aVendor();
    const res = await patch(v.headers, {}, [
      { field: 'sizeChart', data: wideBanner },
      { field: 'avatar', data: wideBanner },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.sizeChart).toMatch(/^\/uploads\/stores\/size-charts\/.*-1600w\.webp$/);
    expect(res.body.data.avatar).toMatch(/^\/uploads\/stores\/avatars\/.*-600w\.webp$/);
    const avatar = await sharp(path.join(uploadsPath(res.body.data.avatar))).metadata();
    expect(avatar.width).toBe(avatar.height);
    const category = await newCategory(s.db);
    const product = await newProduct(s.db, { vendorId: v.userId, categoryId: category.id });
    expect(JSON.stringify((await get(`/product/${product.slug}`)).body.data)).toContain(res.body.data.sizeChart);

    const removed = await patch(v.headers, { removeSizeChart: 'true', removeAvatar: 'true' });
    expect(removed.body.data).toMatchObject({ sizeChart: '', avatar: '' });
    expect(existsSync(uploadsPath(res.body.data.sizeChart))).toBe(false);
    expect(JSON.stringify((await get(`/product/${product.slug}`)).body.data)).not.toContain('size-charts');
  });

  it('removes the banner on request, and a new file wins over its remove flag', async () => {
    const v = await aVendor();
    const both = await patch(v.headers, { removeBanner: 'true' }, [{ field: 'banner', data: wideBanner }]);
    expect(both.body.data.banner).toMatch(/^\/uploads\//);
    const removed = await patch(v.headers, { removeBanner: 'true' });
    expect(removed.status).toBe(200);
    expect(removed.body.data.banner).toBe('');
    expect((await get(`/vendor/slug/${v.vendor.slug}`)).body.data.banner).toBe('');
  });

  it('refuses a second file for the same picture and an unknown file field', async () => {
    const v = await aVendor();
    const two = await patch(v.headers, {}, [
      { field: 'banner', data: wideBanner },
      { field: 'banner', data: wideBanner },
    ]);
    expect(two.status).toBe(400);
    const odd = await patch(v.headers, {}, [{ field: 'logo', data: squarePng }]);
    expect(odd.status).toBe(400);
  });
});
