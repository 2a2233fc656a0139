import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client.ts';
import { createTestDatabase } from '../test/db.ts';
import { newCategory, newProduct, newUser, newVendor } from '../test/factories.ts';
import { CatalogueCache, type CacheScope } from './catalogue-cache.ts';

// The cache against a real migrated database: the versions and the stock change log come from its triggers.
let database: Database;
let db: Db;
let vendorId: string;
let categoryId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  vendorId = (await newVendor(db)).userId;
  categoryId = (await newCategory(db)).id;
});
afterAll(async () => {
  await database.close();
});

const fresh = (opts: Partial<ConstructorParameters<typeof CatalogueCache>[1]> = {}) =>
  new CatalogueCache(db, { versionTtlMs: 0, maxBytes: 1024 * 1024, ...opts });

/** A loader that counts its calls and answers JSON naming the given products, as cards and detail do. */
function loader(productIds: string[]) {
  const counter = { loads: 0, load: async () => ({ n: ++counter.loads, products: productIds.map((_id) => ({ _id })) }) };
  return counter;
}

/** Loads `key` and tells whether that was a miss. */
async function missed(cache: CatalogueCache, key: string, l: ReturnType<typeof loader>, scope?: CacheScope): Promise<boolean> {
  const before = l.loads;
  await cache.json(key, l.load, scope);
  return l.loads > before;
}

const setSize = (productId: string, size: string, quantity: number) =>
  db.execute(sql`update product_sizes set quantity = ${quantity} where product_id = ${productId} and size = ${size}::size`);

describe('CatalogueCache', () => {
  it('loads a key once for concurrent misses and serves the JSON text after', async () => {
    const cache = fresh();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 20));
      return { n: loads };
    };
    const texts = await Promise.all(Array.from({ length: 20 }, () => cache.json('k', load)));
    expect(loads).toBe(1);
    expect(new Set(texts)).toEqual(new Set(['{"n":1}']));
    expect(await cache.json('k', load)).toBe('{"n":1}');
    expect(loads).toBe(1);
  });

  it('never keeps a failed load', async () => {
    const cache = fresh();
    await expect(cache.json('bad', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.json('bad', async () => 'fine')).toBe('"fine"');
  });

  it('drops everything when the catalogue changes (a price)', async () => {
    const p = await newProduct(db, { categoryId, vendorId, sizes: { m: 5 } });
    const cache = fresh();
    const list = loader([p.id]);
    const other = loader([]);
    await missed(cache, 'list', list);
    await missed(cache, 'other', other);
    await db.execute(sql`update products set offered_price = offered_price - 1 where id = ${p.id}`);
    expect(await missed(cache, 'list', list)).toBe(true);
    expect(await missed(cache, 'other', other)).toBe(true);
  });

  it('keeps listings and drops only that product’s detail when its stock moves without selling out', async () => {
    const p = await newProduct(db, { categoryId, vendorId, sizes: { m: 5 } });
    const q = await newProduct(db, { categoryId, vendorId, sizes: { m: 5 } });
    const cache = fresh();
    const list = loader([p.id, q.id]);
    const sizeList = loader([p.id]);
    const detailP = loader([p.id]);
    const detailQ = loader([q.id]);
    await missed(cache, 'list', list);
    await missed(cache, 'size list', sizeList, { sizes: true });
    await missed(cache, 'detail p', detailP, { quantities: true });
    await missed(cache, 'detail q', detailQ, { quantities: true });

    await setSize(p.id, 'm', 4);
    expect(await missed(cache, 'list', list)).toBe(false);
    expect(await missed(cache, 'size list', sizeList, { sizes: true })).toBe(false);
    expect(await missed(cache, 'detail p', detailP, { quantities: true })).toBe(true);
    expect(await missed(cache, 'detail q', detailQ, { quantities: true })).toBe(false);
  });

  it('drops the listings that show a product and the size-filtered answers it could be in when a size sells out', async () => {
    const p = await newProduct(db, { categoryId, vendorId, sizes: { m: 1, l: 3 } });
    const q = await newProduct(db, { categoryId, vendorId, sizes: { m: 5 } });
    const cache = fresh();
    const withP = loader([p.id, q.id]);
    const withoutP = loader([q.id]);
    const sizeCount = loader([]);
    const sameCategory = loader([]);
    const otherCategory = loader([]);
    const tooDear = loader([]);
    const count = loader([]);
    const otherCategoryId = (await newCategory(db)).id;
    const scopes = {
      same: { sizes: { categoryId, maxPrice: 100_000 } },
      other: { sizes: { categoryId: otherCategoryId } },
      dear: { sizes: { categoryId, minPrice: p.offeredPrice + 1 } },
    };
    await missed(cache, 'with p', withP);
    await missed(cache, 'without p', withoutP);
    await missed(cache, 'size count', sizeCount, { sizes: true });
    await missed(cache, 'same category', sameCategory, scopes.same);
    await missed(cache, 'other category', otherCategory, scopes.other);
    await missed(cache, 'too dear', tooDear, scopes.dear);
    await missed(cache, 'count', count);

    await setSize(p.id, 'm', 0);
    expect(await missed(cache, 'with p', withP)).toBe(true);
    expect(await missed(cache, 'without p', withoutP)).toBe(false);
    expect(await missed(cache, 'size count', sizeCount, { sizes: true })).toBe(true);
    expect(await missed(cache, 'same category', sameCategory, scopes.same)).toBe(true);
    expect(await missed(cache, 'other category', otherCategory, scopes.other)).toBe(false); // p cannot be in it
    expect(await missed(cache, 'too dear', tooDear, scopes.dear)).toBe(false);
    expect(await missed(cache, 'count', count)).toBe(false);

    // back in stock: the same again
    await setSize(p.id, 'm', 2);
    expect(await missed(cache, 'with p', withP)).toBe(true);
    expect(await missed(cache, 'without p', withoutP)).toBe(false);
  });

  it('serves a listing made stale by a sell-out while one request refreshes it in the background', async () => {
    const p = await newProduct(db, { categoryId, vendorId, sizes: { m: 1 } });
    const cache = fresh({ availabilityMaxLagMs: 60_000 });
    let version = 1;
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 30));
      return { v: version, products: [{ _id: p.id }] };
    };
    const sizeCount = loader([]);
    await cache.json('list', load);
    await missed(cache, 'size count', sizeCount, { sizes: true });
    await setSize(p.id, 'm', 0);
    version = 2;
    // answered at once with what it had, while a load starts behind it
    expect(JSON.parse(await cache.json('list', load)).v).toBe(1);
    expect(loads).toBe(2);
    expect(JSON.parse(await cache.json('list', load)).v).toBe(1);
    expect(loads).toBe(2); // one refresh at a time per answer
    expect(JSON.parse(await cache.json('size count', sizeCount.load, { sizes: true })).n).toBe(1); // stale, at once
    await new Promise((r) => setTimeout(r, 60));
    expect(JSON.parse(await cache.json('list', load)).v).toBe(2);
    expect(JSON.parse(await cache.json('size count', sizeCount.load, { sizes: true })).n).toBe(2); // refreshed behind it
  });

  it('makes the request wait once a stale answer is older than availabilityMaxLagMs', async () => {
    const p = await newProduct(db, { categoryId, vendorId, sizes: { m: 1 } });
    const cache = fresh({ availabilityMaxLagMs: 30 });
    let version = 1;
    const load = async () => ({ v: version, products: [{ _id: p.id }] });
    await cache.json('list', load);
    await setSize(p.id, 'm', 0);
    version = 2;
    await cache.json('other', async () => 0); // the change is read
    await new Promise((r) => setTimeout(r, 40));
    expect(JSON.parse(await cache.json('list', load)).v).toBe(2);
  });

  it('drops answers ordered by sales at every sale, and free-size and colour stock count like sizes', async () => {
    const free = await newProduct(db, { categoryId, vendorId, isFreeSize: true, freeSizeQty: 4 });
    const colour = await newProduct(db, { categoryId, vendorId, colors: [{ color: 'Red', quantity: 1 }] });
    const other = await newProduct(db, { categoryId, vendorId, sizes: { m: 5 } });
    const cache = fresh();
    const best = loader([other.id]);
    const list = loader([free.id, colour.id]);
    await missed(cache, 'best', best, { sales: true });
    await missed(cache, 'list', list);

    await db.execute(sql`update products set sales_count = sales_count + 1 where id = ${free.id}`);
    expect(await missed(cache, 'best', best, { sales: true })).toBe(true);
    expect(await missed(cache, 'list', list)).toBe(false);

    await db.execute(sql`update products set free_size_qty = 3 where id = ${free.id}`);
    expect(await missed(cache, 'list', list)).toBe(false);
    await db.execute(sql`update products set free_size_qty = 0 where id = ${free.id}`);
    expect(await missed(cache, 'list', list)).toBe(true);
    await db.execute(sql`update product_colors set quantity = 0 where product_id = ${colour.id}`);
    expect(await missed(cache, 'list', list)).toBe(true);
  });

  it('lets answers ordered by sales lag a sale by salesMaxAgeMs, then refreshes them behind the old answer', async () => {
    const p = await newProduct(db, { categoryId, vendorId, sizes: { m: 5 } });
    const cache = fresh({ salesMaxAgeMs: 60 });
    const best = loader([p.id]);
    const n = async () => (JSON.parse(await cache.json('best', best.load, { sales: true })) as { n: number }).n;
    expect(await n()).toBe(1);
    await db.execute(sql`update products set sales_count = sales_count + 1 where id = ${p.id}`);
    expect(await n()).toBe(1);
    expect(best.loads).toBe(1); // within the lag: kept
    await new Promise((r) => setTimeout(r, 70));
    expect(await n()).toBe(1); // answered at once, refreshed behind
    await new Promise((r) => setTimeout(r, 20));
    expect(await n()).toBe(2);
    // no sale since: kept however old
    await new Promise((r) => setTimeout(r, 130));
    expect(await n()).toBe(2);
    // a sale, then more than twice the lag without a request: the request waits for the load
    await db.execute(sql`update products set sales_count = sales_count + 1 where id = ${p.id}`);
    await cache.json('other', async () => 0); // the sale is read
    await new Promise((r) => setTimeout(r, 130));
    expect(await n()).toBe(3);
    // selling out drops it at once when availability may not lag (tests), as any listing showing the product
    await setSize(p.id, 'm', 0);
    expect(await n()).toBe(4);
  });

  it('drops a product’s detail and the cards showing its rating when a review is written, changed or removed, and keeps other listings', async () => {
    const p = await newProduct(db, { categoryId, vendorId, sizes: { m: 5 } });
    const q = await newProduct(db, { categoryId, vendorId, sizes: { m: 5 } });
    const buyer = await newUser(db);
    const cache = fresh();
    const detail = loader([p.id]);
    const list = loader([p.id]);
    const others = loader([q.id]);
    await missed(cache, 'detail', detail, { quantities: true });
    await missed(cache, 'list', list);
    await missed(cache, 'others', others, { inStockOrder: true });
    await db.execute(sql`insert into reviews (product_id, user_id, rating, review) values (${p.id}, ${buyer.id}, 4, 'Lovely weave')`);
    expect(await missed(cache, 'detail', detail, { quantities: true })).toBe(true);
    expect(await missed(cache, 'list', list)).toBe(true);
    await db.execute(sql`update reviews set rating = 5 where product_id = ${p.id}`);
    expect(await missed(cache, 'detail', detail, { quantities: true })).toBe(true);
    expect(await missed(cache, 'list', list)).toBe(true);
    await db.execute(sql`delete from reviews where product_id = ${p.id}`);
    expect(await missed(cache, 'detail', detail, { quantities: true })).toBe(true);
    expect(await missed(cache, 'list', list)).toBe(true);
    expect(await missed(cache, 'others', others, { inStockOrder: true })).toBe(false);
  });

  it('keeps the rating and availability on the product row as reviews and stock move', async () => {
    const p = await newProduct(db, { categoryId, vendorId, sizes: { m: 1, l: 1 } });
    const [a, b] = [await newUser(db), await newUser(db)];
    const row = async () =>
      (await db.execute<{ in_stock: boolean; rating_count: number; rating_total: number }>(sql`select in_stock, rating_count, rating_total from products where id = ${p.id}`)).rows[0]!;
    await db.execute(sql`insert into reviews (product_id, user_id, rating, review) values (${p.id}, ${a.id}, 4, 'Good'), (${p.id}, ${b.id}, 5, 'Great')`);
    expect(await row()).toMatchObject({ in_stock: true, rating_count: 2, rating_total: 9 });
    await db.execute(sql`delete from reviews where product_id = ${p.id} and user_id = ${a.id}`);
    expect(await row()).toMatchObject({ rating_count: 1, rating_total: 5 });
    await setSize(p.id, 'm', 0);
    expect((await row()).in_stock).toBe(true);
    await setSize(p.id, 'l', 0);
    expect((await row()).in_stock).toBe(false);
    await db.execute(sql`update products set in_stock = true where id = ${p.id}`); // cannot be set wrong by hand
    expect((await row()).in_stock).toBe(false);
    await setSize(p.id, 'l', 3);
    expect((await row()).in_stock).toBe(true);
  });

  it('refreshes every listing ordered on stock a product could be in when it sells out as a whole, not when one size does', async () => {
    const p = await newProduct(db, { categoryId, vendorId, sizes: { m: 1, l: 1 } });
    const otherCategory = (await newCategory(db)).id;
    const cache = fresh();
    const here = loader([]);
    const elsewhere = loader([]);
    const inHere = { inStockOrder: { categoryId } };
    const inElsewhere = { inStockOrder: { categoryId: otherCategory } };
    await missed(cache, 'here', here, inHere);
    await missed(cache, 'elsewhere', elsewhere, inElsewhere);
    await setSize(p.id, 'm', 0); // one size: the product stays in stock
    expect(await missed(cache, 'here', here, inHere)).toBe(false);
    await setSize(p.id, 'l', 0); // sold out: it moves to the end of its category's listings
    expect(await missed(cache, 'here', here, inHere)).toBe(true);
    expect(await missed(cache, 'elsewhere', elsewhere, inElsewhere)).toBe(false);
  });

  it('does not keep a load that a stock change concerning it overtook, and keeps one it did not concern', async () => {
    const p = await newProduct(db, { categoryId, vendorId, sizes: { m: 1 } });
    const q = await newProduct(db, { categoryId, vendorId, sizes: { m: 5 } });
    const cache = fresh();
    await cache.json('warm', async () => 1); // versions known
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let loads = 0;
    const slow = (ids: string[]) => async () => {
      loads += 1;
      await gate;
      return { products: ids.map((_id) => ({ _id })) };
    };
    const withP = cache.json('with p', slow([p.id]));
    const withQ = cache.json('with q', slow([q.id]));
    await new Promise((r) => setTimeout(r, 10));
    await setSize(p.id, 'm', 0); // p sells out while both load
    await cache.json('warm', async () => 1); // the change is read
    release();
    await Promise.all([withP, withQ]);
    expect(loads).toBe(2);
    await cache.json('with p', slow([p.id]));
    expect(loads).toBe(3);
    await cache.json('with q', slow([q.id]));
    expect(loads).toBe(3);
  });

  it('serves hits from memory while the versions are re-read, and waits after invalidate()', async () => {
    let gate: Promise<void> = Promise.resolve();
    let versionReads = 0;
    const slowDb = {
      execute: async (q: Parameters<Db['execute']>[0]) => {
        versionReads += 1;
        await gate;
        return db.execute(q);
      },
    } as unknown as Db;
    const cache = new CatalogueCache(slowDb, { versionTtlMs: 1, maxStaleMs: 60_000, maxBytes: 1024 * 1024 });
    await cache.json('k', async () => 'v1');
    let open!: () => void;
    gate = new Promise<void>((r) => (open = r));
    await new Promise((r) => setTimeout(r, 5));
    // the re-read hangs, the hit does not
    expect(await cache.json('k', async () => 'v2')).toBe('"v1"');
    expect(versionReads).toBe(2);
    cache.invalidate();
    let answered = false;
    const waiting = cache.json('k', async () => 'v2').then((v) => {
      answered = true;
      return v;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    open();
    expect(await waiting).toBe('"v1"'); // nothing changed in the database
    expect(answered).toBe(true);
  });

  it('compresses an answer once per encoding', async () => {
    const cache = fresh();
    const text = JSON.stringify({ words: 'Banarasi silk saree '.repeat(200) });
    const entry = await cache.get('big', async () => JSON.parse(text));
    const br = await entry.compressed('br');
    expect(await entry.compressed('br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(await entry.compressed('gzip')).toString()).toBe(text);
    expect(br.length).toBeLessThan(text.length / 5);
  });

  it('keeps text as it was loaded (a sitemap), compressed as it is, until the catalogue changes', async () => {
    const p = await newProduct(db, { categoryId, vendorId, sizes: { m: 5 } });
    const cache = fresh();
    const xml = `<?xml version="1.0"?><urlset>${'<url><loc>https://x.test/product/a&amp;b</loc></url>'.repeat(100)}</urlset>`;
    let loads = 0;
    const load = async () => (loads++, xml);
    const entry = await cache.text('sitemap', load);
    expect(entry.json).toBe(xml);
    expect(brotliDecompressSync(await entry.compressed('br')).toString()).toBe(xml);
    expect((await cache.text('sitemap', load)).json).toBe(xml);
    expect(loads).toBe(1);
    await db.execute(sql`update products set offered_price = offered_price - 1 where id = ${p.id}`);
    await cache.text('sitemap', load);
    expect(loads).toBe(2);
  });

  it('drops the least recently used answers beyond its memory', async () => {
    const cache = fresh({ maxBytes: 2500 });
    const big = (n: number) => async () => ({ n, pad: 'x'.repeat(900) });
    await cache.json('a', big(1));
    await cache.json('b', big(2));
    await cache.json('a', big(1)); // a is now the most recently used
    await cache.json('c', big(3));
    expect(cache.size.entries).toBe(2);
    expect(cache.size.bytes).toBeLessThanOrEqual(2500);
    let loads = 0;
    await cache.json('a', async () => ++loads);
    expect(loads).toBe(0);
    await cache.json('b', async () => ++loads);
    expect(loads).toBe(1);
  });
});
