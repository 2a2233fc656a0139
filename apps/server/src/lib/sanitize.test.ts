import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema/index.ts';
import { createTestServer, type TestServer } from '../test/app.ts';
import { authHeader } from '../test/auth.ts';
import { newCategory, newState, newSubcategory, newVendor, unique } from '../test/factories.ts';
import { sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText: pictures', () => {
  it.each([
    '<p>Hi</p><img src="https://evil.example/pixel.gif">',
    '<img src="http://localhost:3000/uploads/a.webp">',
    '<img src="//evil.example/p.gif">',
    '<img src="/api/auth/me">',
    '<img src="/uploads/../api/auth/me">',
    '<img src="/uploads/%2e%2e/api/x">',
    '<img src="/uploads//evil.example/p.gif">',
    '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
    '<img src="/uploads/a.webp" srcset="https://evil.example/p.gif 2x" style="background:url(https://evil.example/p.gif)">',
  ])('keeps a picture only from our own uploads: %s', (html) => {
    const clean = sanitizeRichText(html);
    expect(clean).not.toContain('evil.example');
    expect(clean).not.toMatch(/<img(?![^>]*src="\/uploads\/a\.webp")/);
  });

  it('keeps our own uploads, with their description', () => {
    expect(sanitizeRichText('<p>Look</p><img src="/uploads/products/a-800.webp" alt="The pallu">')).toBe('<p>Look</p><img src="/uploads/products/a-800.webp" alt="The pallu" />');
  });
});

describe('a vendor product description with pictures', () => {
  let s: TestServer;
  let headers: Record<string, string>;
  const ids = { category: '', subcategory: '', state: '' };
  let png: Buffer;

  beforeAll(async () => {
    s = await createTestServer();
    const vendor = await newVendor(s.db);
    headers = await authHeader(s, vendor.user);
    const category = await newCategory(s.db);
    Object.assign(ids, { category: category.id, subcategory: (await newSubcategory(s.db, category.id)).id, state: (await newState(s.db)).id });
    png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#2c3e50' } }).png().toBuffer();
  });
  afterAll(() => s.close());

  async function create(description: string) {
    const boundary = `----statewise${unique()}`;
    const fields: Record<string, string> = {
      name: `Tracked saree ${unique()}`,
      description,
      categoryId: ids.category,
      subcategoryId: ids.subcategory,
      stateId: ids.state,
      price: '2000',
      offeredPrice: '1500',
      inventory: JSON.stringify({ type: 'sizes', sizes: [{ size: 'm', quantity: 2 }] }),
    };
    const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`));
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/vendor/my-products',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(parts),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await s.db.select({ description: products.description }).from(products).where(eq(products.id, res.json().data._id));
    return row!.description;
  }

  it('is stored without a picture from another site (a tracking pixel)', async () => {
    expect(await create('<p>Pure silk.</p><img src="https://evil.example/pixel.gif" width="1" height="1">')).toBe('<p>Pure silk.</p>');
  });

  it('is stored with a picture from our own uploads', async () => {
    expect(await create('<p>Pure silk.</p><img src="/uploads/products/pallu.webp" alt="Pallu">')).toBe('<p>Pure silk.</p><img src="/uploads/products/pallu.webp" alt="Pallu" />');
  });
});
