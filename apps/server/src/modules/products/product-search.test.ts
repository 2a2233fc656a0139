import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListResult, suggestion } from '@statewise/contract';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newProduct, newState, newStyle, newVendor } from '../../test/factories.ts';

let s: TestServer;
const ids: Record<string, string> = {};
const minute = 60_000;
const at = (i: number) => new Date(Date.parse('2025-03-01T10:00:00Z') + i * minute);

beforeAll(async () => {
  s = await createTestServer();
  const db = s.db;
  const v = await newVendor(db);
  const sarees = await newCategory(db, { name: 'Sarees' });
  const kurtas = await newCategory(db, { name: 'Kurtas' });
  const dupattas = await newCategory(db, { name: 'Dupattas' });
  const home = await newCategory(db, { name: 'Home Textiles' });
  const lehengas = await newCategory(db, { name: 'Lehengas' });
  const shawls = await newCategory(db, { name: 'Shawls' });
  const banarasi = await newStyle(db, { name: 'Banarasi' });
  const kanjeevaram = await newStyle(db, { name: 'Kanjeevaram' });
  const chikankari = await newStyle(db, { name: 'Chikankari' });
  const kashmir = await newState(db, { name: 'Jammu and Kashmir' });
  ids.home = home.id;
  const add = async (key: string, p: Omit<Parameters<typeof newProduct>[1], 'vendorId'>) => {
    ids[key] = (await newProduct(db, { vendorId: v.userId, ...p })).id;
  };
  await add('redBanarasi', { name: 'Red Banarasi Silk Saree', categoryId: sarees.id, styleId: banarasi.id, createdAt: at(1), salesCount: 5 });
  await add('kanjeevaram', { name: 'Kanjeevaram Silk Saree', categoryId: sarees.id, styleId: kanjeevaram.id, createdAt: at(2) });
  await add('kurta', { name: 'Chikankari Cotton Kurta', categoryId: kurtas.id, styleId: chikankari.id, createdAt: at(3) });
  await add('dupatta', { name: 'Banarasi Brocade Dupatta', categoryId: dupattas.id, styleId: banarasi.id, createdAt: at(4) });
  await add('cushion', { name: 'Silk Cushion Cover', categoryId: home.id, metaKeywords: ['banarasi'], createdAt: at(5) });
  await add('lehenga', { name: 'Bridal Lehenga Choli', categoryId: lehengas.id, createdAt: at(6) });
  await add('shawl', { name: 'Pashmina Shawl', categoryId: shawls.id, stateId: kashmir.id, createdAt: at(7) });
  await add('inactive', { name: 'Banarasi Silk Saree Old Stock', categoryId: sarees.id, styleId: banarasi.id, isActive: false, createdAt: at(8) });
  // Ajrakh: the sold-out one is newer and names the word twice (ranks higher), yet comes after the available one.
  await add('ajrakhSoldOut', { name: 'Ajrakh Ajrakh Stole', categoryId: dupattas.id, sizes: { m: 0 }, createdAt: at(10) });
  await add('ajrakh', { name: 'Ajrakh Bedsheet', categoryId: home.id, createdAt: at(9) });
});
afterAll(() => s.close());

async function search(text: string, extra: Record<string, unknown> = {}) {
  const res = await s.app.inject({ method: 'POST', url: '/api/product/list', payload: { search: text, ...extra } });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  const data = expectContract(productListResult, res.json());
  return { total: data.total, names: data.products.map((p) => p.name) };
}

async function suggest(text: unknown) {
  return s.app.inject({ method: 'POST', url: '/api/product/search-sugggestion', payload: { search: text } });
}
async function suggestNames(text: string) {
  const res = await suggest(text);
  expect(res.statusCode).toBe(200);
  return expectContract(z.array(suggestion), res.json()).map((x) => x.name);
}

describe('POST /api/product/list with search', () => {
  it('puts sold-out matches after available ones, by relevance and under every sort', async () => {
    for (const sort of [{}, { sort: 1 }, { sort: -1 }, { priceSort: 1 }, { priceSort: -1 }]) {
      expect((await search('ajrakh', sort)).names, JSON.stringify(sort)).toEqual(['Ajrakh Bedsheet', 'Ajrakh Ajrakh Stole']);
    }
  });

  it('finds products by any word of their name, keywords, style, category or state, ranked by relevance', async () => {
    const r = await search('banarasi');
    // Name and style both say Banarasi for the first two; the cushion has it only as a keyword.
    expect(r.names.slice(0, 2).sort()).toEqual(['Banarasi Brocade Dupatta', 'Red Banarasi Silk Saree']);
    expect(r.names[2]).toBe('Silk Cushion Cover');
    expect(r.total).toBe(3);
    expect((await search('kashmir')).names).toEqual(['Pashmina Shawl']);
    expect((await search('lehengas')).names).toEqual(['Bridal Lehenga Choli']);
  });

  it('needs every word, and takes the last one as a prefix while typing', async () => {
    expect((await search('silk saree')).names.sort()).toEqual(['Kanjeevaram Silk Saree', 'Red Banarasi Silk Saree']);
    expect((await search('silk sar')).names.sort()).toEqual(['Kanjeevaram Silk Saree', 'Red Banarasi Silk Saree']);
    expect((await search('SILK Sarees')).total).toBe(2);
  });

  it('still finds products when words are mistyped', async () => {
    expect((await search('banarsi sare')).names).toEqual(['Red Banarasi Silk Saree']);
    expect((await search('lehnga')).names).toEqual(['Bridal Lehenga Choli']);
    expect((await search('chikenkari kurta')).names).toEqual(['Chikankari Cotton Kurta']);
    expect((await search('kanjivaram')).names).toEqual(['Kanjeevaram Silk Saree']);
  });

  it('never lists inactive products', async () => {
    expect((await search('old stock')).total).toBe(0);
  });

  it('combines with filters, and a sort replaces relevance', async () => {
    expect((await search('silk', { categoryId: ids.home })).names).toEqual(['Silk Cushion Cover']);
    expect((await search('silk', { sort: -1 })).names).toEqual(['Silk Cushion Cover', 'Kanjeevaram Silk Saree', 'Red Banarasi Silk Saree']);
    expect((await search('silk', { sort: 1 })).names).toEqual(['Red Banarasi Silk Saree', 'Kanjeevaram Silk Saree', 'Silk Cushion Cover']);
  });

  it('answers an empty page when nothing matches, or the text has no words', async () => {
    expect(await search('xyzzy')).toEqual({ total: 0, names: [] });
    expect(await search('!!! ???')).toEqual({ total: 0, names: [] });
    expect(await search('the')).toEqual({ total: 0, names: [] });
  });

  it('refuses a search longer than 100 characters', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/product/list', payload: { search: 'a'.repeat(101) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Search is too long');
  });
});

describe('POST /api/product/search-sugggestion', () => {
  it('gives id, name, slug and images of products by name', async () => {
    const res = await suggest('pashmina');
    const list = expectContract(z.array(suggestion), res.json());
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]!).sort()).toEqual(['_id', 'images', 'name', 'slug']);
    expect(list[0]).toMatchObject({ _id: ids.shawl, name: 'Pashmina Shawl' });
  });

  it('puts names starting with the text first', async () => {
    const names = await suggestNames('silk');
    expect(names[0]).toBe('Silk Cushion Cover');
    expect(names.slice(1).sort()).toEqual(['Kanjeevaram Silk Saree', 'Red Banarasi Silk Saree']);
    expect((await suggestNames('ban'))[0]).toBe('Banarasi Brocade Dupatta');
  });

  it('tolerates typos', async () => {
    const names = await suggestNames('banarsi');
    expect(names).toContain('Red Banarasi Silk Saree');
    expect(names).toContain('Banarasi Brocade Dupatta');
    expect(await suggestNames('pashmna shawl')).toEqual(['Pashmina Shawl']);
  });

  it('never suggests inactive products and answers [] when nothing is close', async () => {
    expect(await suggestNames('old stock')).toEqual([]);
    expect(await suggestNames('qqqqqq')).toEqual([]);
  });

  it('gives at most 10', async () => {
    const v = await newVendor(s.db);
    const c = await newCategory(s.db);
    for (let i = 0; i < 12; i++) await newProduct(s.db, { name: `Ikat Cotton Saree ${i}`, categoryId: c.id, vendorId: v.userId });
    expect(await suggestNames('ikat')).toHaveLength(10);
    expect(await suggestNames('cotton')).toHaveLength(10);
  });

  it('refuses a blank or missing search with a clear message', async () => {
    for (const bad of ['', '   ', undefined]) {
      const res = await suggest(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Please enter a search term' });
    }
    expect((await suggest(42)).statusCode).toBe(400);
  });
});
