import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCatalogueItem, adminProductList, adminProductRow } from '@statewise/contract';
import { z } from 'zod';
import { auditLog, categories, catalogueVersion } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newBanner, newCategory, newProduct, newState, newStyle, newSubcategory, newVendor, unique } from '../../test/factories.ts';

let s: TestServer;
type Headers = Record<string, string>;
let adminHeaders: Headers;
let adminId: string;
let png: Buffer;

beforeAll(async () => {
  s = await createTestServer();
  const a = await loginAs(s, { role: 'admin' });
  adminHeaders = a.headers;
  adminId = a.user.id;
  png = await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#b5542d' } }).png().toBuffer();
});
afterAll(() => s.close());

type FilePart = { field: string; data: Buffer; filename?: string; type?: string };

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

async function send(method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, files: FilePart[] = [], headers: Headers = adminHeaders) {
  const form = multipart(fields, files);
  const res = await s.app.inject({ method, url: `/api/${url}`, headers: { ...headers, 'content-type': form.contentType }, payload: form.payload });
  return { status: res.statusCode, body: res.json() };
}

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) {
  const res = await s.app.inject({ method, url: `/api/${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const version = async () => (await s.db.select().from(catalogueVersion).where(eq(catalogueVersion.id, 1)))[0]!.version;
const lastAudit = async (entityId: string) =>
  (await s.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(1))[0];
const publicCategories = async () => (await call('POST', 'category/list', {}, {})).body.data as { _id: string; name: string; slug: string; subcategory: { _id: string }[] }[];

describe('who may call the catalogue console', () => {
  it('answers 401 to a guest and 403 to a user and a vendor on every call, changing nothing', async () => {
    const cat = await newCategory(s.db);
    const user = await loginAs(s);
    const vendor = await loginAs(s, { role: 'vendor' });
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?]> = [
      ['GET', 'admin/catalogue/categories'],
      ['POST', 'admin/catalogue/categories', { name: 'Sneaky' }],
      ['PATCH', `admin/catalogue/categories/${cat.id}`, { name: 'Sneaky' }],
      ['POST', 'admin/catalogue/categories/order', { ids: [cat.id] }],
      ['PATCH', `admin/catalogue/categories/${cat.id}/visibility`, { hidden: true }],
      ['DELETE', `admin/catalogue/categories/${cat.id}`],
      ['GET', 'admin/catalogue/products'],
      ['PATCH', `admin/catalogue/products/${cat.id}/trending`, { trending: true }],
      ['GET', `admin/catalogue/festiveOffers/${cat.id}/products`],
      ['POST', `admin/catalogue/festiveOffers/${cat.id}/products`, { productId: cat.id }],
      ['DELETE', `admin/catalogue/festiveOffers/${cat.id}/products/${cat.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, {}, body)).status, `${method} ${url} as a guest`).toBe(401);
      expect((await call(method, url, user.headers, body)).status, `${method} ${url} as a user`).toBe(403);
      expect((await call(method, url, vendor.headers, body)).status, `${method} ${url} as a vendor`).toBe(403);
    }
    const [row] = await s.db.select().from(categories).where(eq(categories.id, cat.id));
    expect(row).toMatchObject({ name: cat.name, isHidden: false });
  });
});

describe('categories', () => {
  it('creates a category from a form with its picture stored as WebP, audited, and the public list shows it at once', async () => {
    const before = await version();
    const name = `Pashmina ${unique()}`;
    const res = await send('POST', 'admin/catalogue/categories', { name, gstRate: '12', hsnCode: '6214' }, [{ field: 'image', data: png }]);
    expect(res.status, res.body.message).toBe(201);
    const item = expectContract(adminCatalogueItem, res.body);
    expect(item).toMatchObject({ name, slug: name.toLowerCase().replace(/ /g, '-'), gstRate: 12, hsnCode: '6214', hidden: false, productsCount: 0 });
    expect(item.image).toMatch(/^\/uploads\/catalogue\/categories\/[0-9a-f]+-800w\.webp$/);
    expect(await version()).toBeGreaterThan(before);
    expect((await publicCategories()).map((c) => c.name)).toContain(name);
    const audit = await lastAudit(item._id);
    expect(audit).toMatchObject({ actorId: adminId, action: 'create', entity: 'category' });
    expect(audit!.detail).toMatchObject({ name, gstRate: 12 });
    const stored = await s.app.inject({ method: 'GET', url: item.image });
    expect(stored.statusCode).toBe(200);
    expect((await sharp(stored.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a slug already taken with 409 and a message naming it, on create and on edit', async () => {
    const taken = await newCategory(s.db);
    const res = await send('POST', 'admin/catalogue/categories', { name: 'Anything', slug: taken.slug });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`“${taken.slug}” already exists`);
    expect(res.body.errors.slug).toBeTruthy();
    const other = await newCategory(s.db);
    const edit = await call('PATCH', `admin/catalogue/categories/${other.id}`, adminHeaders, { slug: taken.slug });
    expect(edit.status).toBe(409);
    // keeping its own slug is no collision
    expect((await call('PATCH', `admin/catalogue/categories/${other.id}`, adminHeaders, { slug: other.slug, name: 'Renamed' })).status).toBe(200);
  });

  it('answers 400 with a message per field for a bad GST rate, HSN code or slug', async () => {
    const res = await send('POST', 'admin/catalogue/categories', { name: 'X', gstRate: '7', hsnCode: '12', slug: 'Not A Slug' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['gstRate', 'hsnCode', 'slug']);
    const blank = await send('POST', 'admin/catalogue/categories', { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.name).toBe('Name is required');
  });

  it('refuses a picture that is not an image with 415, storing nothing', async () => {
    const name = `Bogus ${unique()}`;
    const res = await send('POST', 'admin/catalogue/categories', { name }, [{ field: 'image', data: Buffer.from('%PDF-1.4 not a picture'), filename: 'x.png' }]);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Please upload a JPEG, PNG or WebP picture');
    expect((await s.db.select().from(categories).where(eq(categories.name, name))).length).toBe(0);
  });

  it('hides a category: gone from the public list at once, still listed for the admin, audited; shown again', async () => {
    const cat = await newCategory(s.db);
    expect((await publicCategories()).map((c) => c._id)).toContain(cat.id);
    const res = await call('PATCH', `admin/catalogue/categories/${cat.id}/visibility`, adminHeaders, { hidden: true });
    expect(res.status).toBe(200);
    expect(expectContract(adminCatalogueItem, res.body).hidden).toBe(true);
    expect((await publicCategories()).map((c) => c._id)).not.toContain(cat.id);
    const all = (await call('GET', 'admin/catalogue/categories', adminHeaders)).body.data as { _id: string; hidden: boolean }[];
    expect(all.find((c) => c._id === cat.id)?.hidden).toBe(true);
    expect(await lastAudit(cat.id)).toMatchObject({ action: 'hide', entity: 'category', actorId: adminId });
    await call('PATCH', `admin/catalogue/categories/${cat.id}/visibility`, adminHeaders, { hidden: false });
    expect((await publicCategories()).map((c) => c._id)).toContain(cat.id);
  });

  it('orders categories by the ids given, and the public list follows', async () => {
    const a = await newCategory(s.db, { sortOrder: 900 });
    const b = await newCategory(s.db, { sortOrder: 901 });
    const res = await call('POST', 'admin/catalogue/categories/order', adminHeaders, { ids: [b.id, a.id] });
    expect(res.status).toBe(200);
    const ids = (await publicCategories()).map((c) => c._id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(await s.db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.action, 'reorder'), eq(auditLog.entity, 'category')))).not.toHaveLength(0);
  });

  it('answers 404 to an order naming an unknown id and 400 to a repeated one', async () => {
    const a = await newCategory(s.db);
    expect((await call('POST', 'admin/catalogue/categories/order', adminHeaders, { ids: [a.id, crypto.randomUUID()] })).status).toBe(404);
    expect((await call('POST', 'admin/catalogue/categories/order', adminHeaders, { ids: [a.id, a.id] })).status).toBe(400);
    expect((await call('POST', 'admin/catalogue/categories/order', adminHeaders, { ids: ['nope'] })).status).toBe(400);
  });

  it('refuses to delete a category its products use (409, hide instead) and deletes an unused one with its subcategories', async () => {
    const used = await newCategory(s.db);
    const { user } = await newVendor(s.db);
    await newProduct(s.db, { categoryId: used.id, vendorId: user.id });
    const refused = await call('DELETE', `admin/catalogue/categories/${used.id}`, adminHeaders);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This category is used by 1 product and cannot be deleted. Hide it instead');

    const unused = await newCategory(s.db);
    await newSubcategory(s.db, unused.id);
    const res = await call('DELETE', `admin/catalogue/categories/${unused.id}`, adminHeaders);
    expect(res.status).toBe(200);
    expect(await s.db.select().from(categories).where(eq(categories.id, unused.id))).toHaveLength(0);
    expect(await lastAudit(unused.id)).toMatchObject({ action: 'delete', entity: 'category' });
    expect((await call('DELETE', `admin/catalogue/categories/${unused.id}`, adminHeaders)).status).toBe(404);
  });
});

describe('subcategories, styles and states', () => {
  it('creates a subcategory under a category; a hidden one leaves the category’s public lists', async () => {
    const cat = await newCategory(s.db);
    const res = await send('POST', 'admin/catalogue/subcategories', { categoryId: cat.id, name: 'Phulkari Dupattas' }, [{ field: 'image', data: png }]);
    expect(res.status, res.body.message).toBe(201);
    const sub = expectContract(adminCatalogueItem, res.body);
    expect(sub).toMatchObject({ categoryId: cat.id, categoryName: cat.name, slug: 'phulkari-dupattas' });
    // the same slug under the same category collides; under another it does not
    expect((await send('POST', 'admin/catalogue/subcategories', { categoryId: cat.id, name: 'Phulkari Dupattas' })).status).toBe(409);
    const other = await newCategory(s.db);
    expect((await send('POST', 'admin/catalogue/subcategories', { categoryId: other.id, name: 'Phulkari Dupattas' })).status).toBe(201);

    await call('PATCH', `admin/catalogue/subcategories/${sub._id}/visibility`, adminHeaders, { hidden: true });
    const listed = (await publicCategories()).find((c) => c._id === cat.id)!;
    expect(listed.subcategory.map((x) => x._id)).not.toContain(sub._id);
    const bySlug = (await call('GET', `subcategory/category/${cat.slug}`)).body.data as { _id: string }[];
    expect(bySlug.map((x) => x._id)).not.toContain(sub._id);
    const filtered = (await call('GET', `admin/catalogue/subcategories?categoryId=${cat.id}`, adminHeaders)).body.data as { _id: string }[];
    expect(filtered.map((x) => x._id)).toEqual([sub._id]);
  });

  it('edits a style and hides it from style/list; refuses to delete it while a product uses it', async () => {
    const style = await newStyle(s.db);
    const res = await send('PATCH', `admin/catalogue/styles/${style.id}`, { description: 'Woven on pit looms', hidden: 'true' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ description: 'Woven on pit looms', hidden: true });
    const listed = (await call('POST', 'style/list', {}, {})).body.data as { _id: string }[];
    expect(listed.map((x) => x._id)).not.toContain(style.id);

    const cat = await newCategory(s.db);
    const { user } = await newVendor(s.db);
    await newProduct(s.db, { categoryId: cat.id, vendorId: user.id, styleId: style.id });
    expect((await call('DELETE', `admin/catalogue/styles/${style.id}`, adminHeaders)).status).toBe(409);
  });

  it('saves a state’s slogan, video and picture; the state page shows them; a taken name is 409; a bad video URL 400', async () => {
    const state = await newState(s.db);
    const res = await send('PATCH', `admin/catalogue/states/${state.id}`, { slogan: 'Land of rivers', video: 'https://videos.example.in/river.mp4' }, [{ field: 'image', data: png }]);
    expect(res.status, res.body.message).toBe(200);
    const pub = (await call('GET', `state/${state.slug}`)).body.data;
    expect(pub).toMatchObject({ slogan: 'Land of rivers', video: 'https://videos.example.in/river.mp4' });
    expect(pub.image).toMatch(/^\/uploads\/catalogue\/states\//);
    const other = await newState(s.db);
    const dup = await send('POST', 'admin/catalogue/states', { name: other.name.toUpperCase(), slug: `fresh-${unique()}` });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain('already exists');
    expect((await send('PATCH', `admin/catalogue/states/${state.id}`, { video: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('answers 400 to an unknown kind and 404 to an unknown id', async () => {
    expect((await call('GET', 'admin/catalogue/widgets', adminHeaders)).status).toBe(400);
    expect((await call('PATCH', `admin/catalogue/styles/${crypto.randomUUID()}/visibility`, adminHeaders, { hidden: true })).status).toBe(404);
  });
});

describe('banners', () => {
  it('needs both pictures to create one, stores them as WebP, and the public banner list shows it in its place', async () => {
    const missing = await send('POST', 'admin/catalogue/banners', { placement: 'home', name: 'Diwali' }, [{ field: 'image', data: png }]);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.mobileImage).toBe('Please add the mobile picture');

    const res = await send('POST', 'admin/catalogue/banners', { placement: 'home', name: `Diwali ${unique()}`, link: '/products/sarees' }, [
      { field: 'image', data: png },
      { field: 'mobileImage', data: png },
    ]);
    expect(res.status, res.body.message).toBe(201);
    const banner = expectContract(adminCatalogueItem, res.body);
    expect(banner.image).toMatch(/1600w\.webp$/);
    expect(banner.mobileImage).toMatch(/1080w\.webp$/);
    const listed = (await call('POST', 'banner/list', {}, {})).body.data as { _id: string; image: string }[];
    expect(listed.find((b) => b._id === banner._id)?.image).toBe(banner.image);
    expect((await call('POST', 'communityBanner/list', {}, {})).body.data.map((b: { _id: string }) => b._id)).not.toContain(banner._id);
  });

  it('replaces a banner’s desktop picture (the old files are deleted), hides and deletes it', async () => {
    const created = await send('POST', 'admin/catalogue/banners', { placement: 'community' }, [
      { field: 'image', data: png },
      { field: 'mobileImage', data: png },
    ]);
    const id = created.body.data._id as string;
    const oldImage = created.body.data.image as string;
    const res = await send('PATCH', `admin/catalogue/banners/${id}`, { link: 'https://statewise.example/offers' }, [{ field: 'image', data: png }]);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.image).not.toBe(oldImage);
    expect(res.body.data.mobileImage).toBe(created.body.data.mobileImage);
    expect((await s.app.inject({ method: 'GET', url: oldImage })).statusCode).toBe(404);
    expect((await call('POST', 'communityBanner/list', {}, {})).body.data.map((b: { _id: string }) => b._id)).toContain(id);

    await call('PATCH', `admin/catalogue/banners/${id}/visibility`, adminHeaders, { hidden: true });
    expect((await call('POST', 'communityBanner/list', {}, {})).body.data.map((b: { _id: string }) => b._id)).not.toContain(id);
    expect((await call('DELETE', `admin/catalogue/banners/${id}`, adminHeaders)).status).toBe(200);
    expect((await s.app.inject({ method: 'GET', url: res.body.data.image as string })).statusCode).toBe(404);
    expect(await lastAudit(id)).toMatchObject({ action: 'delete', entity: 'banner' });
  });

  it('orders banners and the public list follows', async () => {
    const a = await newBanner(s.db, { sortOrder: 500 });
    const b = await newBanner(s.db, { sortOrder: 501 });
    expect((await call('POST', 'admin/catalogue/banners/order', adminHeaders, { ids: [b.id, a.id] })).status).toBe(200);
    const ids = ((await call('POST', 'banner/list', {}, {})).body.data as { _id: string }[]).map((x) => x._id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
  });
});

describe('trending flag', () => {
  it('finds products by name and marks one trending: the trending strip shows it at once; audited', async () => {
    const cat = await newCategory(s.db);
    const { user } = await newVendor(s.db);
    const name = `Chikankari Kurta ${unique()}`;
    const p = await newProduct(s.db, { categoryId: cat.id, vendorId: user.id, name, isTrending: false });
    const found = expectContract(adminProductList, (await call('GET', `admin/catalogue/products?q=${encodeURIComponent(name)}`, adminHeaders)).body);
    expect(found.products.map((r) => r.name)).toEqual([name]);

    const res = await call('PATCH', `admin/catalogue/products/${p.id}/trending`, adminHeaders, { trending: true });
    expect(res.status).toBe(200);
    expect(expectContract(adminProductRow, res.body).isTrending).toBe(true);
    const strip = (await call('GET', 'product/trendingProducts?limit=100')).body.data as { _id: string }[];
    expect(strip.map((x) => x._id)).toContain(p.id);
    expect(await lastAudit(p.id)).toMatchObject({ action: 'trend', entity: 'product', actorId: adminId });
    const onlyTrending = z.array(adminProductRow).parse((await call('GET', `admin/catalogue/products?trending=true&q=${encodeURIComponent(name)}`, adminHeaders)).body.data.products);
    expect(onlyTrending).toHaveLength(1);

    await call('PATCH', `admin/catalogue/products/${p.id}/trending`, adminHeaders, { trending: false });
    expect(((await call('GET', 'product/trendingProducts?limit=100')).body.data as { _id: string }[]).map((x) => x._id)).not.toContain(p.id);
    expect((await call('PATCH', `admin/catalogue/products/${crypto.randomUUID()}/trending`, adminHeaders, { trending: true })).status).toBe(404);
  });
});

describe('festive offer products', () => {
  const newOffer = async () => {
    const res = await send('POST', 'admin/catalogue/festiveOffers', { name: `Onam ${unique()}` }, [{ field: 'image', data: png }]);
    expect(res.status, res.body.message).toBe(201);
    return expectContract(adminCatalogueItem, res.body);
  };
  const inListing = async (offerId: string) =>
    ((await call('POST', 'product/list', {}, { festiveCategoryId: offerId, page: 1, pageSize: 50 })).body.data.products as { _id: string }[]).map((p) => p._id);

  it('finds products by their vendor’s store name as well as their own name', async () => {
    const cat = await newCategory(s.db);
    const tag = unique();
    const { user } = await newVendor(s.db, { vendor: { brandName: `Kasavu House ${tag}` } });
    const p = await newProduct(s.db, { categoryId: cat.id, vendorId: user.id, name: `Set mundu ${tag}` });
    const byVendor = expectContract(adminProductList, (await call('GET', `admin/catalogue/products?q=${encodeURIComponent(`kasavu house ${tag}`)}`, adminHeaders)).body);
    expect(byVendor.products.map((r) => r._id)).toEqual([p.id]);
    expect(byVendor.count).toBe(1);
    expect(byVendor.products[0]).toMatchObject({ vendorName: `Kasavu House ${tag}` });
  });

  it('puts a product in an offer: listed with its picture, the shop’s festive filter finds it, audited once however often sent; takes it out', async () => {
    const offer = await newOffer();
    const cat = await newCategory(s.db);
    const { user } = await newVendor(s.db);
    const p = await newProduct(s.db, { categoryId: cat.id, vendorId: user.id, name: `Kasavu saree ${unique()}`, images: ['/media/test/kasavu.webp'] });
    const before = await version();

    const added = await call('POST', `admin/catalogue/festiveOffers/${offer._id}/products`, adminHeaders, { productId: p.id });
    expect(added.status, added.body.message).toBe(200);
    expect(expectContract(adminProductRow, added.body)).toMatchObject({ _id: p.id, image: '/media/test/kasavu.webp' });
    expect(await version()).toBeGreaterThan(before);
    expect(await lastAudit(offer._id)).toMatchObject({ action: 'add_product', entity: 'festive_offer', actorId: adminId, detail: { name: offer.name, product: p.name, productId: p.id } });
    expect((await call('POST', `admin/catalogue/festiveOffers/${offer._id}/products`, adminHeaders, { productId: p.id })).status).toBe(200);
    const audits = await s.db.select().from(auditLog).where(and(eq(auditLog.entityId, offer._id), eq(auditLog.action, 'add_product')));
    expect(audits).toHaveLength(1);

    const list = expectContract(adminProductList, (await call('GET', `admin/catalogue/festiveOffers/${offer._id}/products`, adminHeaders)).body);
    expect(list).toMatchObject({ count: 1, products: [{ _id: p.id, name: p.name, image: '/media/test/kasavu.webp' }] });
    expect(await inListing(offer._id)).toEqual([p.id]);

    const removed = await call('DELETE', `admin/catalogue/festiveOffers/${offer._id}/products/${p.id}`, adminHeaders);
    expect(removed.status).toBe(200);
    expect(await lastAudit(offer._id)).toMatchObject({ action: 'remove_product', entity: 'festive_offer' });
    expect(expectContract(adminProductList, (await call('GET', `admin/catalogue/festiveOffers/${offer._id}/products`, adminHeaders)).body).count).toBe(0);
    expect(await inListing(offer._id)).toEqual([]);
  });

  it('answers 404 for an unknown offer or product and 400 for a product id that is not one', async () => {
    const offer = await newOffer();
    const cat = await newCategory(s.db);
    const { user } = await newVendor(s.db);
    const p = await newProduct(s.db, { categoryId: cat.id, vendorId: user.id });
    const nobody = crypto.randomUUID();
    expect((await call('GET', `admin/catalogue/festiveOffers/${nobody}/products`, adminHeaders)).status).toBe(404);
    expect((await call('POST', `admin/catalogue/festiveOffers/${nobody}/products`, adminHeaders, { productId: p.id })).status).toBe(404);
    const noProduct = await call('POST', `admin/catalogue/festiveOffers/${offer._id}/products`, adminHeaders, { productId: nobody });
    expect(noProduct.status).toBe(404);
    expect(noProduct.body.message).toBe('This product was not found');
    expect((await call('POST', `admin/catalogue/festiveOffers/${offer._id}/products`, adminHeaders, { productId: 'kasavu' })).status).toBe(400);
    expect((await call('POST', `admin/catalogue/festiveOffers/${offer._id}/products`, adminHeaders, {})).status).toBe(400);
    expect((await call('GET', `admin/catalogue/festiveOffers/${offer._id}/products?page=0`, adminHeaders)).status).toBe(400);
  });
});

describe('festive offers, crazy deals, subcategory cards and the vendor section', () => {
  it('creates a festive offer; hiding it makes it inactive, so the active list leaves it out; refuses deleting it while products are in it', async () => {
    const res = await send('POST', 'admin/catalogue/festiveOffers', { name: `Pongal ${unique()}` }, [{ field: 'image', data: png }]);
    expect(res.status, res.body.message).toBe(201);
    const offer = expectContract(adminCatalogueItem, res.body);
    const active = async () => ((await call('POST', 'festiveOffer/list', {}, { status: 'active' })).body.data as { _id: string }[]).map((o) => o._id);
    expect(await active()).toContain(offer._id);
    await call('PATCH', `admin/catalogue/festiveOffers/${offer._id}/visibility`, adminHeaders, { hidden: true });
    expect(await active()).not.toContain(offer._id);
    expect(await lastAudit(offer._id)).toMatchObject({ action: 'hide', entity: 'festive_offer' });

    const cat = await newCategory(s.db);
    const { user } = await newVendor(s.db);
    await newProduct(s.db, { categoryId: cat.id, vendorId: user.id, festiveOfferIds: [offer._id] });
    expect((await call('DELETE', `admin/catalogue/festiveOffers/${offer._id}`, adminHeaders)).status).toBe(409);
  });

  it('needs a picture and a link for a crazy deal; edits and hides it from GET crazydeals', async () => {
    const bare = await send('POST', 'admin/catalogue/crazyDeals', { name: 'Flat 40%', discount: '40' });
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toMatchObject({ link: 'Link is required' });
    const noPicture = await send('POST', 'admin/catalogue/crazyDeals', { name: 'Flat 40%', discount: '40', link: '/products/?discount=40' });
    expect(noPicture.body.errors).toMatchObject({ image: 'Please add a picture' });
    const res = await send('POST', 'admin/catalogue/crazyDeals', { name: `Flat 40% ${unique()}`, discount: '40', link: '/products/?discount=40' }, [{ field: 'image', data: png }]);
    expect(res.status, res.body.message).toBe(201);
    const id = res.body.data._id as string;
    expect((await send('PATCH', `admin/catalogue/crazyDeals/${id}`, { discount: '95' })).status).toBe(400);
    expect((await send('PATCH', `admin/catalogue/crazyDeals/${id}`, { subtitle: 'This week only' })).body.data.subtitle).toBe('This week only');
    const deals = async () => ((await call('GET', 'crazydeals')).body.data as { _id: string }[]).map((d) => d._id);
    expect(await deals()).toContain(id);
    await call('PATCH', `admin/catalogue/crazyDeals/${id}/visibility`, adminHeaders, { hidden: true });
    expect(await deals()).not.toContain(id);
  });

  it('adds a subcategory card for an existing subcategory only, and the home cards show it', async () => {
    const cat = await newCategory(s.db);
    const sub = await newSubcategory(s.db, cat.id);
    expect((await send('POST', 'admin/catalogue/subcategoryCards', { subcategoryId: crypto.randomUUID(), name: 'Ghost' }, [{ field: 'image', data: png }])).status).toBe(400);
    const res = await send('POST', 'admin/catalogue/subcategoryCards', { subcategoryId: sub.id, name: 'Block prints' }, [{ field: 'image', data: png }]);
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.data).toMatchObject({ subcategoryName: sub.name, categoryName: cat.name });
    const cards = (await call('GET', 'subcategory-cards')).body.data as { _id: string; link: string }[];
    expect(cards.find((c) => c._id === res.body.data._id)?.link).toBe(`/products/${cat.slug}/${sub.slug}`);
  });

  it('features an approved vendor (not a user) in the vendor section, which the home shows until hidden', async () => {
    const { user } = await newVendor(s.db);
    const shopper = await loginAs(s);
    expect((await send('POST', 'admin/catalogue/vendorSection', { vendorUserId: shopper.user.id }, [{ field: 'image', data: png }])).body.errors).toMatchObject({
      vendorUserId: 'This vendor was not found',
    });
    const res = await send('POST', 'admin/catalogue/vendorSection', { vendorUserId: user.id, place: 'Kutch, Gujarat', description: 'Ajrakh printers' }, [{ field: 'image', data: png }]);
    expect(res.status, res.body.message).toBe(201);
    const id = res.body.data._id as string;
    const featured = async () => ((await call('GET', 'vendor-section')).body.data as { _id: string }[]).map((v) => v._id);
    expect(await featured()).toContain(id);
    await call('PATCH', `admin/catalogue/vendorSection/${id}/visibility`, adminHeaders, { hidden: true });
    expect(await featured()).not.toContain(id);
    expect((await call('DELETE', `admin/catalogue/vendorSection/${id}`, adminHeaders)).status).toBe(200);
  });
});
