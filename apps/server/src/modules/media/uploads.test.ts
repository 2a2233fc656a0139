import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { uploadedImageAt } from '@statewise/contract';
import { products } from '../../db/schema/index.ts';
import { LocalStorage, type Storage } from '../../lib/storage.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { newCategory, newProduct, newUser, newVendor } from '../../test/factories.ts';
import { deleteUpload, storeImage, storeImages } from './uploads.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

let root: string;
let ctx: { storage: LocalStorage; db: TestServer['db'] };
beforeEach(() => {
  root = path.join(mkdtempSync(path.join(os.tmpdir(), 'statewise-uploads-')), 'uploads');
  ctx = { storage: new LocalStorage(root), db: s.db };
});
afterEach(() => rmSync(path.dirname(root), { recursive: true, force: true }));

const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a6' } }).jpeg().toBuffer();
const filesIn = (folder: string) => (existsSync(path.join(root, folder)) ? readdirSync(path.join(root, folder)).sort() : []);

describe('storeImage', () => {
  it('stores every width under the folder and returns the largest one’s URL with its size and widths', async () => {
    const stored = await storeImage(ctx, await jpeg(1400, 700), { folder: 'products' });
    expect(stored).toMatchObject({ width: 1080, height: 540, widths: [320, 640, 1080] });
    expect(stored.url).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-1080w\.webp$/);
    const id = /([0-9a-f]{32})/.exec(stored.url)![1];
    expect(filesIn('products')).toEqual([`${id}-1080w.webp`, `${id}-320w.webp`, `${id}-640w.webp`]);
    expect((await sharp(path.join(root, 'products', `${id}-640w.webp`)).metadata()).width).toBe(640);
  });

  it('leaves nothing behind when a width cannot be stored', async () => {
    let puts = 0;
    const failing: Storage = {
      put: async (key, bytes, type) => {
        if (++puts === 2) throw new Error('disk full');
        await ctx.storage.put(key, bytes, type);
      },
      putFile: (key, file, type) => ctx.storage.putFile(key, file, type),
      get: (key) => ctx.storage.get(key),
      getFile: (key, file) => ctx.storage.getFile(key, file),
      delete: (key) => ctx.storage.delete(key),
      url: (key) => ctx.storage.url(key),
      keyOf: (url) => ctx.storage.keyOf(url),
    };
    await expect(storeImage({ storage: failing }, await jpeg(800, 800), { folder: 'banners' })).rejects.toThrow('disk full');
    expect(filesIn('banners')).toEqual([]);
  });

  it('refuses a folder that is not lower-case words', async () => {
    await expect(storeImage(ctx, await jpeg(10, 10), { folder: '../etc' })).rejects.toThrow('Invalid upload folder');
  });
});

describe('storeImages', () => {
  it('stores several pictures, or none of them when one is refused', async () => {
    const two = await storeImages(ctx, [{ bytes: await jpeg(700, 500) }, { bytes: await jpeg(300, 300) }], { folder: 'products' });
    expect(two.map((i) => i.widths)).toEqual([[320, 640, 700], [300]]);
    expect(filesIn('products')).toHaveLength(4);
    const bad = [{ bytes: await jpeg(700, 500) }, { bytes: Buffer.from('not a picture') }];
    await expect(storeImages(ctx, bad, { folder: 'products' })).rejects.toMatchObject({ status: 415 });
    expect(filesIn('products')).toHaveLength(4);
  });
});

describe('deleteUpload', () => {
  it('removes every width of a picture and nothing else', async () => {
    const keep = await storeImage(ctx, await jpeg(700, 700), { folder: 'profile' });
    const gone = await storeImage(ctx, await jpeg(700, 700), { folder: 'profile' });
    await deleteUpload(ctx, gone.url);
    for (const w of gone.widths) expect(existsSync(path.join(root, uploadedImageAt(gone.url, w).replace('/uploads/', '')))).toBe(false);
    expect(filesIn('profile')).toHaveLength(keep.widths.length);
    // a second delete is harmless
    await expect(deleteUpload(ctx, gone.url)).resolves.toBe(true);
  });

  it('removes an older single-file upload, and leaves alone URLs it did not give out', async () => {
    await ctx.storage.put('profile/00000000-0000-4000-8000-000000000000.webp', Buffer.from('old'), 'image/webp');
    await deleteUpload(ctx, '/uploads/profile/00000000-0000-4000-8000-000000000000.webp');
    expect(filesIn('profile')).toEqual([]);
    for (const url of ['', null, undefined, '/media/art/motif/x.webp', 'https://lh3.googleusercontent.com/a/photo', '/uploads/../jwt-secret']) {
      await expect(deleteUpload(ctx, url)).resolves.toBe(false);
    }
  });
});

describe('deleteUpload of a file another record names', () => {
  it("leaves a product's picture while the product names it (any width), and removes it once nothing names it", async () => {
    const picture = await storeImage(ctx, await jpeg(700, 700), { folder: 'products' });
    const vendor = await newVendor(s.db);
    const product = await newProduct(s.db, { categoryId: (await newCategory(s.db)).id, vendorId: vendor.userId, images: [picture.url] });
    await expect(deleteUpload(ctx, picture.url)).resolves.toBe(false);
    expect(filesIn('products')).toHaveLength(picture.widths.length);
    // named by a smaller width only (a line that kept the 320 w copy) still counts
    await s.db.update(products).set({ images: [uploadedImageAt(picture.url, 320)] }).where(eq(products.id, product.id));
    await expect(deleteUpload(ctx, picture.url)).resolves.toBe(false);
    await s.db.update(products).set({ images: [] }).where(eq(products.id, product.id));
    await expect(deleteUpload(ctx, picture.url)).resolves.toBe(true);
    expect(filesIn('products')).toEqual([]);
  });

  it("leaves a profile picture someone's account still shows", async () => {
    const picture = await storeImage(ctx, await jpeg(300, 300), { folder: 'profile' });
    await newUser(s.db, { picture: picture.url });
    await expect(deleteUpload(ctx, picture.url)).resolves.toBe(false);
    expect(filesIn('profile')).toHaveLength(picture.widths.length);
  });
});
