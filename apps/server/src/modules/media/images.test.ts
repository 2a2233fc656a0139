import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MSG } from '@statewise/contract';
import { AppError } from '../../lib/errors.ts';
import { processImage, uprightSize } from './images.ts';

const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } });

/** A phone photo: stored landscape with orientation 6 (turn 90° clockwise), camera and GPS EXIF. */
async function phoneJpeg(width: number, height: number): Promise<Buffer> {
  // left half red, right half blue, so the turn can be seen in the pixels
  const half = await sharp({ create: { width: width / 2, height, channels: 3, background: { r: 0, g: 0, b: 255 } } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: half, left: width / 2, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'PhoneCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 50/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 12/1 32/1' } })
    .toBuffer();
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('processImage', () => {
  it('makes WebP in the ladder widths up to 1080, keeping the aspect ratio', async () => {
    const out = await processImage(await photo(2000, 1500).jpeg().toBuffer());
    expect(out.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 240],
      [640, 480],
      [1080, 810],
    ]);
    expect(out).toMatchObject({ width: 1080, height: 810 });
    for (const v of out.variants) expect(await sharp(v.bytes).metadata()).toMatchObject({ format: 'webp', width: v.width, height: v.height });
  });

  it('never enlarges: a 500 px picture is kept at 320 and 500, a 200 px one at 200 only', async () => {
    expect((await processImage(await photo(500, 700).png().toBuffer())).variants.map((v) => v.width)).toEqual([320, 500]);
    expect((await processImage(await photo(200, 100).webp().toBuffer())).variants.map((v) => v.width)).toEqual([200]);
  });

  it('takes a larger maximum (banners) and a square crop (avatars)', async () => {
    expect((await processImage(await photo(3000, 1000).png().toBuffer(), { maxWidth: 1600 })).variants.map((v) => v.width)).toEqual([320, 640, 1080, 1600]);
    const square = await processImage(await photo(1200, 800).png().toBuffer(), { square: true, maxWidth: 640 });
    expect(square.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 320],
      [640, 640],
    ]);
  });

  it('turns a phone photo upright by its EXIF orientation, then drops EXIF and GPS', async () => {
    const input = await phoneJpeg(800, 400);
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ width: 800, height: 400, orientation: 6 });
    expect(before.exif?.includes(Buffer.from('PhoneCam'))).toBe(true);

    const out = await processImage(input);
    expect(out.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 640],
      [400, 800],
    ]);
    for (const v of out.variants) {
      const meta = await sharp(v.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(v.bytes.includes(Buffer.from('PhoneCam'))).toBe(false);
    }
    // turned clockwise: the red left half is now on top, the blue right half at the bottom
    const { data, info } = await sharp(out.variants.at(-1)!.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    expect(at(200, 100)[0]).toBeGreaterThan(200);
    expect(at(200, 100)[2]).toBeLessThan(60);
    expect(at(200, 700)[2]).toBeGreaterThan(200);
    expect(at(200, 700)[0]).toBeLessThan(60);
  });

  it('keeps transparency of a PNG', async () => {
    const png = await sharp({ create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const out = await processImage(png);
    expect((await sharp(out.variants[0]!.bytes).metadata()).hasAlpha).toBe(true);
  });

  it('refuses with 415 what it cannot read: other bytes, a cut-off file, too many pixels', async () => {
    const text = await refusal(processImage(Buffer.from('plain text')));
    expect([text.status, text.message]).toEqual([415, MSG.pictureUnreadable]);
    const cut = (await photo(600, 600).jpeg().toBuffer()).subarray(0, 200);
    expect((await refusal(processImage(cut, { unreadable: 'Bad photo' }))).message).toBe('Bad photo');
    // a small PNG whose header claims 10,000 × 10,000 = 100 megapixels, over the 50 megapixel limit
    const bomb = Buffer.from(await photo(16, 16).png().toBuffer());
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 10_000, height: 10_000 });
    expect((await refusal(processImage(bomb))).status).toBe(415);
  });
});

describe('uprightSize', () => {
  it('reads the size a picture shows at: a phone photo turned by its EXIF orientation', async () => {
    expect(await uprightSize(await photo(1200, 300).png().toBuffer())).toEqual({ width: 1200, height: 300 });
    expect(await uprightSize(await phoneJpeg(800, 400))).toEqual({ width: 400, height: 800 });
  });

  it('refuses bytes that are not a picture with 415 and the given message', async () => {
    const err = await refusal(uprightSize(Buffer.from('%PDF-1.4 not a picture'), 'Pictures only'));
    expect(err).toMatchObject({ status: 415, message: 'Pictures only' });
  });
});
