import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banner, baseState, category, crazyDeal, festiveOffer, state, style, subcategory, subcategoryCard, vendorCard } from '@statewise/contract';
import { categories, states } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { expectContract } from '../../test/contract.ts';
import {
  newBanner,
  newCategory,
  newCrazyDeal,
  newFestiveOffer,
  newState,
  newStyle,
  newSubcategory,
  newSubcategoryCard,
  newVendor,
  newVendorSectionEntry,
} from '../../test/factories.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const get = (url: string) => s.app.inject({ method: 'GET', url: `/api/${url}` });
const post = (url: string, body?: unknown) => s.app.inject({ method: 'POST', url: `/api/${url}`, ...(body === undefined ? {} : { payload: body as object }) });

describe('POST /api/category/list', () => {
  it('lists categories by sort order then name, each with its subcategories, and never the hidden Combo category', async () => {
    const sarees = await newCategory(s.db, { name: 'Sarees', slug: 'sarees', sortOrder: 1 });
    const jewellery = await newCategory(s.db, { name: 'Jewellery', slug: 'jewellery', sortOrder: 2 });
    const decor = await newCategory(s.db, { name: 'Decor', slug: 'decor', sortOrder: 2 });
    await newCategory(s.db, { name: 'Combo', slug: 'combo', sortOrder: 0, isHidden: true });
    const silk = await newSubcategory(s.db, sarees.id, { name: 'Silk Sarees', slug: 'silk-sarees', sortOrder: 2 });
    const cotton = await newSubcategory(s.db, sarees.id, { name: 'Cotton Sarees', slug: 'cotton-sarees', sortOrder: 1 });

    const res = await post('category/list', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const list = expectContract(z.array(category), res.json());
    expect(list.map((c) => c.slug)).toEqual(['sarees', 'decor', 'jewellery']);
    expect(list[0]!.subcategory).toEqual([
      { _id: cotton.id, subcategoryName: 'Cotton Sarees', slug: 'cotton-sarees', image: cotton.image, categoryId: sarees.id },
      { _id: silk.id, subcategoryName: 'Silk Sarees', slug: 'silk-sarees', image: silk.image, categoryId: sarees.id },
    ]);
    expect(list[1]).toMatchObject({ _id: decor.id, name: 'Decor', subcategory: [] });
    expect(list[2]!._id).toBe(jewellery.id);
  });

  it('answers without a body too', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/category/list' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.some((c: { slug: string }) => c.slug === 'combo')).toBe(false);
  });
});

describe('POST /api/style/list and /api/state/list', () => {
  it('lists styles by sort order then name', async () => {
    await newStyle(s.db, { name: 'Ikat', slug: 'ikat', sortOrder: 5 });
    await newStyle(s.db, { name: 'Bandhani', slug: 'bandhani', sortOrder: 5 });
    await newStyle(s.db, { name: 'Banarasi', slug: 'banarasi', sortOrder: 1 });
    const list = expectContract(z.array(style), (await post('style/list', {})).json());
    expect(list.map((x) => x.slug)).toEqual(['banarasi', 'bandhani', 'ikat']);
  });

  it('lists states with image, video and slogan', async () => {
    const raj = await newState(s.db, { name: 'Rajasthan', slug: 'rajasthan', slogan: 'Padharo mhare des', video: '/media/rajasthan.mp4' });
    await newState(s.db, { name: 'Kerala', slug: 'kerala', slogan: "God's own country" });
    const list = expectContract(z.array(state), (await post('state/list')).json());
    expect(list.map((x) => x.name)).toEqual(['Kerala', 'Rajasthan']);
    expect(list[1]).toEqual({ _id: raj.id, name: 'Rajasthan', slug: 'rajasthan', image: raj.image, video: '/media/rajasthan.mp4', slogan: 'Padharo mhare des' });
    expect(list[0]!.video).toBeNull();
  });
});

describe('GET /api/state/{stateId}', () => {
  it('gives the state and its slogan by id, and by slug', async () => {
    const [goa] = await s.db.select().from(states).where(eq(states.slug, 'kerala'));
    const byId = expectContract(state, (await get(`state/${goa!.id}`)).json());
    expect(byId.slogan).toBe("God's own country");
    const bySlug = expectContract(state, (await get('state/kerala')).json());
    expect(bySlug._id).toBe(goa!.id);
  });

  it('answers 404 for an unknown state', async () => {
    for (const key of [randomUUID(), 'atlantis']) {
      const res = await get(`state/${key}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'State not found' });
    }
  });
});

describe('GET /api/admin/baseStates', () => {
  it('lists every state with id, name and slug, by name', async () => {
    const list = expectContract(z.array(baseState), (await get('admin/baseStates')).json());
    expect(list.map((x) => x.name)).toEqual(['Kerala', 'Rajasthan']);
    expect(Object.keys(list[0]!).sort()).toEqual(['_id', 'name', 'slug']);
  });
});

describe('GET /api/subcategory/category/{slug} and category-by-id/{categoryId}', () => {
  it('lists a category’s subcategories by its slug and by its id', async () => {
    const bySlug = expectContract(z.array(subcategory), (await get('subcategory/category/sarees')).json());
    expect(bySlug.map((x) => x.slug)).toEqual(['cotton-sarees', 'silk-sarees']);
    const [sarees] = await s.db.select().from(categories).where(eq(categories.slug, 'sarees'));
    const byId = expectContract(z.array(subcategory), (await get(`subcategory/category-by-id/${sarees!.id}`)).json());
    expect(byId).toEqual(bySlug);
  });

  it('gives an empty list for a category without subcategories', async () => {
    const res = await get('subcategory/category/decor');
    expect(res.json()).toEqual({ success: true, data: [] });
  });

  it('answers 404 for an unknown category and 400 for a malformed id', async () => {
    const unknownSlug = await get('subcategory/category/no-such-category');
    expect(unknownSlug.statusCode).toBe(404);
    expect(unknownSlug.json().message).toBe('Category not found');
    const unknownId = await get(`subcategory/category-by-id/${randomUUID()}`);
    expect(unknownId.statusCode).toBe(404);
    const malformed = await get('subcategory/category-by-id/12345');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, message: 'Invalid id' });
  });
});

describe('home merchandising', () => {
  it('POST banner/list gives home banners and communityBanner/list community ones, in order', async () => {
    const second = await newBanner(s.db, { placement: 'home', sortOrder: 2, title: 'Second' });
    const first = await newBanner(s.db, { placement: 'home', sortOrder: 1, title: 'First' });
    const community = await newBanner(s.db, { placement: 'community', title: 'Community' });
    const home = expectContract(z.array(banner), (await post('banner/list', {})).json());
    expect(home.map((b) => b._id)).toEqual([first.id, second.id]);
    expect(home[0]).toEqual({ _id: first.id, image: first.image, mobileImage: first.mobileImage, title: 'First', link: first.link });
    const comm = expectContract(z.array(banner), (await post('communityBanner/list', {})).json());
    expect(comm.map((b) => b._id)).toEqual([community.id]);
  });

  it('POST festiveOffer/list filters by status when given', async () => {
    const diwali = await newFestiveOffer(s.db, { title: 'Diwali', status: 'active', sortOrder: 1 });
    const holi = await newFestiveOffer(s.db, { title: 'Holi', status: 'inactive', sortOrder: 2 });
    const all = expectContract(z.array(festiveOffer), (await post('festiveOffer/list', {})).json());
    expect(all.map((f) => f._id)).toEqual([diwali.id, holi.id]);
    const active = expectContract(z.array(festiveOffer), (await post('festiveOffer/list', { status: 'active' })).json());
    expect(active).toEqual([{ _id: diwali.id, title: 'Diwali', slug: diwali.slug, image: diwali.image, status: 'active' }]);
    const bad = await post('festiveOffer/list', { status: 'sometimes' });
    expect(bad.statusCode).toBe(400);
  });

  it('GET crazydeals gives the deals in order', async () => {
    const b = await newCrazyDeal(s.db, { sortOrder: 2, discount: 50 });
    const a = await newCrazyDeal(s.db, { sortOrder: 1 });
    const deals = expectContract(z.array(crazyDeal), (await get('crazydeals')).json());
    expect(deals.map((d) => d._id)).toEqual([a.id, b.id]);
    expect(deals[1]!.discount).toBe(50);
  });

  it('GET subcategory-cards links each card to its subcategory listing, leaving out hidden categories', async () => {
    const [sarees] = await s.db.select().from(categories).where(eq(categories.slug, 'sarees'));
    const silk = (await s.app.inject({ method: 'GET', url: '/api/subcategory/category/sarees' })).json().data[1];
    const card = await newSubcategoryCard(s.db, silk._id, { title: 'Silk for the season' });
    const [combo] = await s.db.select().from(categories).where(eq(categories.slug, 'combo'));
    const comboSub = await newSubcategory(s.db, combo!.id);
    await newSubcategoryCard(s.db, comboSub.id);
    const cards = expectContract(z.array(subcategoryCard), (await get('subcategory-cards')).json());
    expect(cards).toEqual([
      {
        _id: card.id,
        title: 'Silk for the season',
        image: card.image,
        link: '/products/sarees/silk-sarees',
        subcategoryId: { _id: silk._id, subcategoryName: 'Silk Sarees', slug: 'silk-sarees' },
        categoryId: { _id: sarees!.id, name: 'Sarees', slug: 'sarees' },
      },
    ]);
  });

  it('GET vendor-section gives featured approved vendors as vendor cards', async () => {
    const v = await newVendor(s.db, { user: { firstname: 'Meera', lastname: 'Rathore' }, vendor: { brandName: 'Rangrez', sellerName: 'Meera Rathore' } });
    const pending = await newVendor(s.db, { vendor: { registrationStep: 1 } });
    const entry = await newVendorSectionEntry(s.db, v.userId, { place: 'Jaipur, Rajasthan', description: 'Block prints from Sanganer' });
    await newVendorSectionEntry(s.db, pending.userId);
    const cards = expectContract(z.array(vendorCard), (await get('vendor-section')).json());
    expect(cards).toEqual([
      {
        _id: entry.id,
        image: entry.image,
        place: 'Jaipur, Rajasthan',
        description: 'Block prints from Sanganer',
        vendorId: { _id: v.userId, firstname: 'Meera', lastname: 'Rathore' },
        vendorInfo: { sellerName: 'Meera Rathore', vendorSlug: v.vendor.slug, brandName: 'Rangrez' },
      },
    ]);
  });
});

describe('the catalogue cache', () => {
  it('shows a catalogue write on the next read', async () => {
    const before = (await post('style/list', {})).json().data.length;
    await newStyle(s.db, { name: 'Zardozi', slug: 'zardozi', sortOrder: 9 });
    const after = (await post('style/list', {})).json().data;
    expect(after.length).toBe(before + 1);
    expect(after.at(-1).slug).toBe('zardozi');
  });
});
