import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, MSG, uploadedImageAt, vendorProduct, vendorProductList } from '@statewise/contract';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newProduct, newState, newStyle, newSubcategory, newVendor, unique } from '../../test/factories.ts';
import { buyNow } from '../../test/orders.ts';

let s: TestServer;
type Headers = Record<string, string>;
let vendorHeaders: Headers;
let vendorId: string;
let otherVendorHeaders: Headers;
let userHeaders: Headers;
let adminHeaders: Headers;
const ids = { category: '', subcategory: '', otherSubcategory: '', style: '', state: '' };
let png: Buffer;
let bigPng: Buffer;

type FilePart = { field: string; data: Buffer; filename?: string; type?: string };

/** The form as the browser sends it: text fields, then files. */
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

async function send(method: 'POST' | 'PATCH', url: string, headers: Headers, fields: Record<string, string>, files: FilePart[] = []) {
  const form = multipart(fields, files);
  const res = await s.app.inject({ method, url: `/api${url}`, headers: { ...headers, 'content-type': form.contentType }, payload: form.payload });
  return { status: res.statusCode, body: res.json() };
}

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) {
  const res = await s.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

function productFields(over: Record<string, string> = {}): Record<string, string> {
  return {
    name: `Indigo Dabu Kurta ${unique()}`,
    description: '<p>Hand-block <strong>printed</strong> in Bagru.</p><script>alert(1)</script><p onclick="x()">Soft cotton.</p>',
    categoryId: ids.category,
    subcategoryId: ids.subcategory,
    styleId: ids.style,
    stateId: ids.state,
    price: '2000',
    offeredPrice: '1499',
    inventory: JSON.stringify({ type: 'sizes', sizes: [{ size: 'm', quantity: 4 }, { size: 'xl', quantity: 0 }, { size: 's', quantity: 2 }] }),
    metaDescription: 'A hand-block printed kurta',
    metaKeywords: 'kurta, dabu , indigo,kurta',
    ...over,
  };
}

const images = (n = 1): FilePart[] => Array.from({ length: n }, () => ({ field: 'images', data: png }));

async function create(over: Record<string, string> = {}, files: FilePart[] = images(), headers = vendorHeaders) {
  const res = await send('POST', '/vendor/my-products', headers, productFields(over), files);
  return res;
}

async function listingNames(payload: Record<string, unknown>): Promise<string[]> {
  const res = await call('POST', '/product/list', {}, payload);
  expect(res.status).toBe(200);
  return (res.body.data.products as { name: string }[]).map((p) => p.name);
}

beforeAll(async () => {
  s = await createTestServer();
  const vendor = await newVendor(s.db);
  vendorId = vendor.userId;
  const other = await newVendor(s.db);
  vendorHeaders = await authHeader(s, vendor.userId);
  otherVendorHeaders = await authHeader(s, other.userId);
  userHeaders = (await loginAs(s)).headers;
  adminHeaders = (await loginAs(s, { role: 'admin' })).headers;
  const category = await newCategory(s.db, { name: 'Ethnic Wear' });
  const sub = await newSubcategory(s.db, category.id, { name: 'Kurtas' });
  const otherCategory = await newCategory(s.db, { name: 'Home Decor' });
  const otherSub = await newSubcategory(s.db, otherCategory.id, { name: 'Cushions' });
  const style = await newStyle(s.db, { name: 'Dabu' });
  const state = await newState(s.db, { name: 'Rajasthan' });
  Object.assign(ids, { category: category.id, subcategory: sub.id, otherSubcategory: otherSub.id, style: style.id, state: state.id });
  png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 30, g: 60, b: 150 } } }).png().toBuffer();
  // Noise so the PNG stays over 5 MB.
  const noise = Buffer.alloc(1500 * 1500 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  bigPng = await sharp(noise, { raw: { width: 1500, height: 1500, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}, 60_000);

afterAll(async () => {
  await s?.close();
});

describe('vendor products: who may call', () => {
  it('refuses a shopper and an admin (403) and a guest (401)', async () => {
    for (const headers of [userHeaders, adminHeaders]) {
      expect((await call('GET', '/vendor/my-products', headers)).status).toBe(403);
      expect((await create({}, images(), headers)).status).toBe(403);
    }
    expect((await call('GET', '/vendor/my-products')).status).toBe(401);
  });

  it("refuses another vendor's product with 403 on every call, and an unknown one with 404", async () => {
    const mine = (await create()).body.data;
    const calls = [
      () => call('GET', `/vendor/my-products/${mine._id}`, otherVendorHeaders),
      () => send('PATCH', `/vendor/my-products/${mine._id}`, otherVendorHeaders, { name: 'Stolen' }),
      () => call('PATCH', `/vendor/my-products/${mine._id}/stock`, otherVendorHeaders, { sizes: [{ size: 'm', quantity: 99 }] }),
      () => call('POST', `/vendor/my-products/${mine._id}/unpublish`, otherVendorHeaders),
      () => call('DELETE', `/vendor/my-products/${mine._id}`, otherVendorHeaders),
    ];
    for (const c of calls) {
      const res = await c();
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.vpNotYours);
    }
    const after = await call('GET', `/vendor/my-products/${mine._id}`, vendorHeaders);
    expect(after.body.data.name).toBe(mine.name);
    expect(after.body.data.isActive).toBe(true);
    const unknown = await call('GET', '/vendor/my-products/00000000-0000-4000-8000-000000000000', vendorHeaders);
    expect(unknown.status).toBe(404);
    expect((await call('GET', '/vendor/my-products/not-an-id', vendorHeaders)).status).toBe(400);
  });
});

describe('POST /api/vendor/my-products', () => {
  it('adds a sized product: discount computed, sizes stored, description sanitised, pictures as WebP widths, 201', async () => {
    const res = await create({}, images(2));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MSG.vpCreated);
    const p = expectContract(vendorProduct, res.body);
    expect(p.discount).toBe(25); // round((2000 - 1499) / 2000 × 100) = round(25.05)
    expect(p.price).toBe(2000);
    expect(p.offeredPrice).toBe(1499);
    expect(p.isFreeSize).toBe(false);
    expect(p.isColorOptions).toBe(false);
    expect(p.sizeInventory).toEqual([
      { size: 's', quantity: 2 },
      { size: 'm', quantity: 4 },
      { size: 'xl', quantity: 0 },
    ]);
    expect(p.totalStock).toBe(6);
    expect(p.inStock).toBe(true);
    expect(p.description).toBe('<p>Hand-block <strong>printed</strong> in Bagru.</p><p>Soft cotton.</p>');
    expect(p.metaKeyword).toEqual(['kurta', 'dabu', 'indigo']);
    expect(p.slug).toMatch(/^indigo-dabu-kurta-/);
    expect(p.isActive).toBe(true);
    expect(p.images).toHaveLength(2);
    for (const url of p.images) {
      expect(url).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-\d+w\.webp$/);
      // The 900 px picture is kept at 900 and at each smaller ladder width.
      for (const w of [...IMAGE_WIDTHS.filter((x) => x < 900), 900]) {
        const file = path.join(s.config.dataDir, uploadedImageAt(url, w));
        expect(existsSync(file), file).toBe(true);
      }
      const served = await s.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
  });

  it('gives a second product of the same name its own slug', async () => {
    const name = `Same Name ${unique()}`;
    const a = (await create({ name })).body.data;
    const b = (await create({ name })).body.data;
    expect(a.slug).not.toBe(b.slug);
    expect(b.slug).toBe(`${a.slug}-2`);
  });

  it('adds free-size and colour products, each colour with its own pictures', async () => {
    const free = await create({ inventory: JSON.stringify({ type: 'free', quantity: 7 }) });
    expect(free.status).toBe(201);
    expect(free.body.data).toMatchObject({ isFreeSize: true, freeSizeQty: 7, totalStock: 7, sizeInventory: [] });

    const colours = await create({ inventory: JSON.stringify({ type: 'colors', colors: [{ color: 'Indigo', quantity: 3 }, { color: 'Rust', quantity: 0 }] }) }, [
      ...images(),
      { field: 'colorImages[0]', data: png },
      { field: 'colorImages[1]', data: png },
      { field: 'colorImages[1]', data: png },
    ]);
    expect(colours.status).toBe(201);
    const p = colours.body.data;
    expect(p.isColorOptions).toBe(true);
    expect(p.colorInventory.map((c: { color: string; quantity: number; images: string[] }) => [c.color, c.quantity, c.images.length])).toEqual([
      ['Indigo', 3, 1],
      ['Rust', 0, 2],
    ]);
    expect(p.totalStock).toBe(3);
  });

  it('answers every bad field with its message, the first as the headline', async () => {
    const res = await send('POST', '/vendor/my-products', vendorHeaders, { price: 'abc', offeredPrice: '-1', inventory: 'nope', metaDescription: 'x'.repeat(301) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.vpNameRequired);
    expect(res.body.errors).toMatchObject({
      name: MSG.vpNameRequired,
      description: MSG.vpDescriptionRequired,
      categoryId: MSG.vpCategoryRequired,
      subcategoryId: MSG.vpSubcategoryRequired,
      stateId: MSG.vpStateRequired,
      price: MSG.vpPriceRequired,
      offeredPrice: MSG.vpOfferedPriceRequired,
      inventory: MSG.vpInventoryRequired,
      metaDescription: MSG.vpMetaDescriptionTooLong,
    });
  });

  it('refuses an offered price above the price, a subcategory of another category, no pictures and a colour without one', async () => {
    const res = await create(
      {
        offeredPrice: '2500',
        subcategoryId: ids.otherSubcategory,
        inventory: JSON.stringify({ type: 'colors', colors: [{ color: 'Indigo', quantity: 1 }] }),
      },
      [],
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      offeredPrice: MSG.vpOfferedAbovePrice,
      subcategoryId: MSG.vpSubcategoryMismatch,
      images: MSG.vpImagesRequired,
      'colorImages[0]': MSG.vpColorImagesRequired,
    });
    expect(res.body.message).toBe(MSG.vpSubcategoryMismatch);
  });

  it('refuses negative stock, a repeated size and an unknown size', async () => {
    const neg = await create({ inventory: JSON.stringify({ type: 'sizes', sizes: [{ size: 'm', quantity: -1 }] }) });
    expect(neg.status).toBe(400);
    expect(neg.body.errors['inventory.sizes.0.quantity']).toBe(MSG.vpQuantityInvalid);
    const repeated = await create({ inventory: JSON.stringify({ type: 'sizes', sizes: [{ size: 'm', quantity: 1 }, { size: 'm', quantity: 2 }] }) });
    expect(repeated.body.errors['inventory.sizes']).toBe(MSG.vpSizeRepeated);
    const bad = await create({ inventory: JSON.stringify({ type: 'sizes', sizes: [{ size: 'xxxxl', quantity: 1 }] }) });
    expect(bad.status).toBe(400);
  });

  it('refuses more than 5 pictures (400), a file that is not a picture (415) and one over 5 MB (413)', async () => {
    const many = await create({}, images(6));
    expect(many.status).toBe(400);
    expect(many.body.errors.images).toBe(MSG.vpImagesTooMany);
    const text = await create({}, [{ field: 'images', data: Buffer.from('just text pretending'), filename: 'a.png', type: 'image/png' }]);
    expect(text.status).toBe(415);
    expect(text.body.errors.images).toBe(MSG.vpImageType);
    expect(bigPng.length).toBeGreaterThan(5 * 1024 * 1024);
    const big = await create({}, [{ field: 'images', data: bigPng }]);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(MSG.vpImageTooLarge);
  });
});

describe('the catalogue after a vendor adds a product', () => {
  it('shows the new product in product/list and in search at once', async () => {
    await listingNames({}); // cache the listing first
    const name = `Bagru Mulmul Saree ${unique()}`;
    const p = (await create({ name, metaKeywords: 'handloom' })).body.data;
    expect(await listingNames({ categoryId: ids.category })).toContain(name);
    expect((await listingNames({})).slice(0, 3)).toContain(name);
    expect(await listingNames({ search: 'mulmul saree' })).toContain(name);
    expect(await listingNames({ search: 'handloom rajasthan' })).toContain(name);
    const detail = await call('GET', `/product/${p.slug}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.productDetail.sizeInventory).toEqual(p.sizeInventory);
  });

  it('publish and unpublish toggle visibility in listings, search and the product page', async () => {
    const name = `Leheriya Dupatta ${unique()}`;
    const p = (await create({ name })).body.data;
    const off = await call('POST', `/vendor/my-products/${p._id}/unpublish`, vendorHeaders);
    expect(off.status).toBe(200);
    expect(off.body.data.isActive).toBe(false);
    expect(await listingNames({ categoryId: ids.category })).not.toContain(name);
    expect(await listingNames({ search: 'leheriya dupatta' })).not.toContain(name);
    expect((await call('GET', `/product/${p.slug}`)).status).toBe(404);
    const cartAdd = await call('POST', '/cart/add', userHeaders, { productId: p._id, quantity: 1, size: 'm', isFreeSize: 'false', isColorOptions: 'false' });
    expect(cartAdd.status).toBeGreaterThanOrEqual(400);
    const on = await call('POST', `/vendor/my-products/${p._id}/publish`, vendorHeaders);
    expect(on.body.data.isActive).toBe(true);
    expect(await listingNames({ search: 'leheriya dupatta' })).toContain(name);
  });
});

describe('PATCH /api/vendor/my-products/{id}', () => {
  it('edits fields, keeps chosen pictures, adds new ones and deletes the removed ones from storage', async () => {
    const p = (await create({}, images(2))).body.data;
    const [keep, drop] = p.images as string[];
    const res = await send(
      'PATCH',
      `/vendor/my-products/${p._id}`,
      vendorHeaders,
      { name: 'Renamed Kurta', price: '3000', keepImages: JSON.stringify([keep]), inventory: JSON.stringify({ type: 'free', quantity: 3 }) },
      images(1),
    );
    expect(res.status).toBe(200);
    const q = res.body.data;
    expect(q.name).toBe('Renamed Kurta');
    expect(q.slug).toBe(p.slug);
    expect(q.discount).toBe(50); // round((3000 - 1499) / 3000 × 100)
    expect(q.images).toHaveLength(2);
    expect(q.images[0]).toBe(keep);
    expect(q).toMatchObject({ isFreeSize: true, freeSizeQty: 3, sizeInventory: [] });
    expect((await s.app.inject({ method: 'GET', url: drop! })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: keep! })).statusCode).toBe(200);
    expect(await listingNames({ search: 'renamed kurta' })).toContain('Renamed Kurta');
  });

  it('clears the style when sent empty, keeps the subcategory when the category stays, and asks for one when it changes', async () => {
    const p = (await create()).body.data;
    const same = await send('PATCH', `/vendor/my-products/${p._id}`, vendorHeaders, { categoryId: ids.category, styleId: '' });
    expect(same.status).toBe(200);
    expect(same.body.data.styleId).toBeNull();
    expect(same.body.data.subcategoryId._id).toBe(ids.subcategory);
    const other = await newCategory(s.db);
    const moved = await send('PATCH', `/vendor/my-products/${p._id}`, vendorHeaders, { categoryId: other.id });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ subcategoryId: MSG.vpSubcategoryRequired });
  });

  it('checks the offered price against the stored price and refuses leaving no picture', async () => {
    const p = (await create()).body.data;
    const res = await send('PATCH', `/vendor/my-products/${p._id}`, vendorHeaders, { offeredPrice: '2001', keepImages: '[]' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ offeredPrice: MSG.vpOfferedAbovePrice, images: MSG.vpImagesRequired });
  });
});

describe('PATCH /api/vendor/my-products/{id}/stock', () => {
  it('sets size stock in place and never below zero', async () => {
    const p = (await create()).body.data;
    const res = await call('PATCH', `/vendor/my-products/${p._id}/stock`, vendorHeaders, { sizes: [{ size: 'm', quantity: 0 }, { size: 'l', quantity: 9 }] });
    expect(res.status).toBe(200);
    expect(res.body.data.sizeInventory).toEqual([
      { size: 's', quantity: 2 },
      { size: 'm', quantity: 0 },
      { size: 'l', quantity: 9 },
      { size: 'xl', quantity: 0 },
    ]);
    expect(res.body.data.totalStock).toBe(11);
    const neg = await call('PATCH', `/vendor/my-products/${p._id}/stock`, vendorHeaders, { sizes: [{ size: 'm', quantity: -3 }] });
    expect(neg.status).toBe(400);
    expect(neg.body.errors['sizes.0.quantity']).toBe(MSG.vpQuantityInvalid);
    const wrongKind = await call('PATCH', `/vendor/my-products/${p._id}/stock`, vendorHeaders, { quantity: 4 });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.errors.sizes).toBe(MSG.vpSizesRequired);
  });

  it('sets free-size and colour stock, and out-of-stock shows in the console filter', async () => {
    const free = (await create({ inventory: JSON.stringify({ type: 'free', quantity: 7 }) })).body.data;
    const res = await call('PATCH', `/vendor/my-products/${free._id}/stock`, vendorHeaders, { quantity: 0 });
    expect(res.body.data).toMatchObject({ freeSizeQty: 0, totalStock: 0, inStock: false });
    const out = expectContract(vendorProductList, (await call('GET', '/vendor/my-products?stock=out&pageSize=100', vendorHeaders)).body);
    expect(out.products.map((p) => p._id)).toContain(free._id);
    expect(out.products.every((p) => p.totalStock === 0)).toBe(true);

    const colours = (
      await create({ inventory: JSON.stringify({ type: 'colors', colors: [{ color: 'Indigo', quantity: 3 }] }) }, [...images(), { field: 'colorImages[0]', data: png }])
    ).body.data;
    const colourId = colours.colorInventory[0]._id;
    const set = await call('PATCH', `/vendor/my-products/${colours._id}/stock`, vendorHeaders, { colors: [{ _id: colourId, quantity: 12 }] });
    expect(set.body.data.colorInventory[0]).toMatchObject({ _id: colourId, quantity: 12 });
  });
});

describe('GET /api/vendor/my-products', () => {
  it("lists only the vendor's own products with search, status and low-stock filters", async () => {
    const other = await newVendor(s.db);
    await newProduct(s.db, { categoryId: ids.category, vendorId: other.userId, name: 'Not Mine Kurta' });
    const low = (await create({ name: `Kota Doria Saree ${unique()}`, inventory: JSON.stringify({ type: 'free', quantity: 3 }) })).body.data;
    const hidden = (await create({ name: `Kota Doria Stole ${unique()}` })).body.data;
    await call('POST', `/vendor/my-products/${hidden._id}/unpublish`, vendorHeaders);

    const all = expectContract(vendorProductList, (await call('GET', '/vendor/my-products?pageSize=100', vendorHeaders)).body);
    expect(all.products.every((p) => p.vendorId === vendorId)).toBe(true);
    expect(all.total).toBe(all.products.length);
    const search = (await call('GET', '/vendor/my-products?search=kota%20doria', vendorHeaders)).body.data;
    expect(search.products.map((p: { _id: string }) => p._id).sort()).toEqual([low._id, hidden._id].sort());
    const unpublished = (await call('GET', '/vendor/my-products?search=kota&status=unpublished', vendorHeaders)).body.data;
    expect(unpublished.products.map((p: { _id: string }) => p._id)).toEqual([hidden._id]);
    const published = (await call('GET', '/vendor/my-products?search=kota&status=published', vendorHeaders)).body.data;
    expect(published.products.map((p: { _id: string }) => p._id)).toEqual([low._id]);
    const lowStock = (await call('GET', '/vendor/my-products?stock=low&pageSize=100', vendorHeaders)).body.data;
    expect(lowStock.products.map((p: { _id: string }) => p._id)).toContain(low._id);
    expect(lowStock.products.every((p: { totalStock: number }) => p.totalStock >= 1 && p.totalStock <= 5)).toBe(true);
    const paged = (await call('GET', '/vendor/my-products?pageSize=1&page=2', vendorHeaders)).body.data;
    expect(paged.products).toHaveLength(1);
    expect(paged.total).toBe(all.total);
    expect((await call('GET', '/vendor/my-products?status=bogus', vendorHeaders)).status).toBe(400);
  });

  it('filters by category, and refuses a category id that is not one', async () => {
    const pottery = await newCategory(s.db, { name: `Blue Pottery ${unique()}` });
    const vase = await newProduct(s.db, { categoryId: pottery.id, vendorId, name: 'Blue Pottery Vase' });
    const listed = (await call('GET', `/vendor/my-products?categoryId=${pottery.id}`, vendorHeaders)).body.data;
    expect(listed.products.map((p: { _id: string }) => p._id)).toEqual([vase.id]);
    expect(listed.total).toBe(1);
    expect((await call('GET', '/vendor/my-products?categoryId=pottery', vendorHeaders)).status).toBe(400);
  });
});

describe('DELETE /api/vendor/my-products/{id}', () => {
  it("soft-deletes: gone from the catalogue, search, carts and the vendor's list, while an order keeps its line", async () => {
    const name = `Sanganeri Bedsheet ${unique()}`;
    const p = (await create({ name })).body.data;
    const buyer = await loginAs(s);
    const order = await buyNow(s, buyer.headers, { productId: p._id, size: 'm' }, { paymentMode: 'cod' });
    expect(order.status, JSON.stringify(order.body)).toBeLessThan(300);

    const del = await call('DELETE', `/vendor/my-products/${p._id}`, vendorHeaders);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(MSG.vpDeleted);

    expect(await listingNames({ categoryId: ids.category })).not.toContain(name);
    expect(await listingNames({ search: 'sanganeri bedsheet' })).not.toContain(name);
    expect((await call('GET', `/product/${p.slug}`)).status).toBe(404);
    expect((await call('GET', `/vendor/my-products/${p._id}`, vendorHeaders)).status).toBe(404);
    expect((await call('POST', `/vendor/my-products/${p._id}/publish`, vendorHeaders)).status).toBe(404);
    const mine = (await call('GET', '/vendor/my-products?pageSize=100', vendorHeaders)).body.data;
    expect(mine.products.map((x: { _id: string }) => x._id)).not.toContain(p._id);
    const cartAdd = await call('POST', '/cart/add', buyer.headers, { productId: p._id, quantity: 1, size: 'm', isFreeSize: 'false', isColorOptions: 'false' });
    expect(cartAdd.status).toBeGreaterThanOrEqual(400);

    const lines = await s.db.execute<{ name: string; product_id: string }>(sql`select name, product_id from order_lines where product_id = ${p._id}`);
    expect(lines.rows).toEqual([{ name, product_id: p._id }]);
    const row = await s.db.execute<{ deleted_at: string | null; is_active: boolean }>(sql`select deleted_at, is_active from products where id = ${p._id}`);
    expect(row.rows[0]!.deleted_at).not.toBeNull();
    expect(row.rows[0]!.is_active).toBe(false);
  });
});
