import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { newCategory, newProduct, newVendor } from '../../test/factories.ts';

/**
 * What the catalogue read cache keeps and drops when stock changes, seen through the API (ADR 002). To tell a
 * kept answer from a fresh one, a test renames a product behind the triggers' back (no version moves): an answer
 * still showing the old name was kept, one showing the new name was read again.
 */
let s: TestServer;
const get = (url: string) => s.app.inject({ method: 'GET', url: `/api/${url}` });
const post = (url: string, payload: object) => s.app.inject({ method: 'POST', url: `/api/${url}`, payload });

beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

/** Renames a product without firing the catalogue triggers. */
async function renameUnseen(productId: string, name: string) {
  await s.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update products set name = ${name} where id = ${productId}`);
  });
}

const setSize = (productId: string, size: string, quantity: number) =>
  s.db.execute(sql`update product_sizes set quantity = ${quantity} where product_id = ${productId} and size = ${size}::size`);

type Card = { _id: string; name: string; inStock: boolean };
const names = (res: { json: () => { data: { products: Card[] } } }) => res.json().data.products.map((p) => p.name);

describe('the catalogue cache under stock changes', () => {
  it('keeps a listing when stock moves without selling out, and shows the new stock on the product page', async () => {
    const cat = await newCategory(s.db);
    const v = await newVendor(s.db);
    const p = await newProduct(s.db, { name: 'Ikat Dupatta', categoryId: cat.id, vendorId: v.userId, sizes: { m: 5 } });

    expect(names(await post('product/list', { categoryId: cat.id }))).toEqual(['Ikat Dupatta']);
    expect(names(await post('product/list', { categoryId: cat.id, size: ['m'] }))).toEqual(['Ikat Dupatta']);
    expect((await get(`product/${p.slug}`)).json().data.productDetail.sizeInventory).toEqual([{ size: 'm', quantity: 5 }]);

    await renameUnseen(p.id, 'Ikat Stole');
    await setSize(p.id, 'm', 4); // an order takes one piece

    const detail = (await get(`product/${p.slug}`)).json().data.productDetail;
    expect(detail.sizeInventory).toEqual([{ size: 'm', quantity: 4 }]);
    expect(detail.name).toBe('Ikat Stole'); // read again
    expect(names(await post('product/list', { categoryId: cat.id }))).toEqual(['Ikat Dupatta']); // kept
    expect(names(await post('product/list', { categoryId: cat.id, size: ['m'] }))).toEqual(['Ikat Dupatta']); // kept
  });

  it('refreshes the listings showing a product and the size-filtered ones when a size sells out', async () => {
    const cat = await newCategory(s.db);
    const other = await newCategory(s.db);
    const v = await newVendor(s.db);
    const p = await newProduct(s.db, { name: 'Phulkari Dupatta', categoryId: cat.id, vendorId: v.userId, sizes: { m: 1 } });
    const q = await newProduct(s.db, { name: 'Bagh Dupatta', categoryId: other.id, vendorId: v.userId, sizes: { m: 3 } });

    const list = await post('product/list', { categoryId: cat.id });
    expect(list.json().data.products).toMatchObject([{ name: 'Phulkari Dupatta', inStock: true }]);
    expect(names(await post('product/list', { categoryId: other.id }))).toEqual(['Bagh Dupatta']);
    expect(names(await post('product/list', { categoryId: cat.id, size: ['m'] }))).toEqual(['Phulkari Dupatta']);

    await renameUnseen(p.id, 'Phulkari Stole');
    await renameUnseen(q.id, 'Bagh Stole');
    await setSize(p.id, 'm', 0); // the last piece sold

    expect((await post('product/list', { categoryId: cat.id })).json().data.products).toMatchObject([{ name: 'Phulkari Stole', inStock: false }]);
    const sized = (await post('product/list', { categoryId: cat.id, size: ['m'] })).json().data;
    expect(sized).toEqual({ products: [], total: 0 });
    expect(names(await post('product/list', { categoryId: other.id }))).toEqual(['Bagh Dupatta']); // not about p: kept
  });

  // (The server lets best sellers lag sales by up to a minute; tests run with that lag at 0: see CatalogueCache.)
  it('refreshes best sellers after a sale', async () => {
    const cat = await newCategory(s.db);
    const v = await newVendor(s.db);
    const a = await newProduct(s.db, { name: 'Best A', categoryId: cat.id, vendorId: v.userId, salesCount: 5 });
    const b = await newProduct(s.db, { name: 'Best B', categoryId: cat.id, vendorId: v.userId, salesCount: 3 });
    expect(names(await post('product/list', { categoryId: cat.id, isTopSelling: true }))).toEqual(['Best A', 'Best B']);
    await s.db.execute(sql`update products set sales_count = sales_count + 4 where id = ${b.id}`);
    expect(names(await post('product/list', { categoryId: cat.id, isTopSelling: true }))).toEqual(['Best B', 'Best A']);
    expect(a.id).not.toBe(b.id);
  });
});

describe('compressed catalogue answers', () => {
  it('answers brotli or gzip as the client asks, the same JSON as uncompressed', async () => {
    const cat = await newCategory(s.db);
    const v = await newVendor(s.db);
    for (let i = 0; i < 6; i++) await newProduct(s.db, { name: `Kalamkari Saree ${i}`, categoryId: cat.id, vendorId: v.userId });
    const ask = (encoding?: string) =>
      s.app.inject({ method: 'POST', url: '/api/product/list', payload: { categoryId: cat.id }, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await ask('gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await ask('identity')).headers['content-encoding']).toBeUndefined();
  });
});
