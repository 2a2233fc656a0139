import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMBO_CATEGORY_SLUG, SIZES } from '@statewise/contract/constants';
import { discountPercent } from '@statewise/contract/format';
import { parseArtPath } from '../../lib/art/url.ts';
import { PINCODE_CSV, pincodeDirectory } from '../../lib/pincode/index.ts';
import { createTestDatabase, testEngine } from '../../test/db.ts';
import { PRODUCTION_ENV } from '../../test/production-env.ts';
import type { Database, Db } from '../client.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { STATES } from './data/states.ts';
import { STYLES } from './data/styles.ts';
import { VENDORS } from './data/vendors.ts';
import { DEFAULT_DEMO_PRODUCTS, seedDemo, seedIfEmpty } from './index.ts';
import { SEED_REFERENCE_TIME, gstinCheckChar } from './reference.ts';
import { existingData, resetDemoData } from './reset.ts';

const rows = async <T>(db: Db, query: string): Promise<T[]> => (await db.execute<T & Record<string, unknown>>(sql.raw(query))).rows as T[];
const one = async <T>(db: Db, query: string): Promise<T> => (await rows<T>(db, query))[0]!;
/** The painter's reading of a stored picture address (undefined when it could not draw it). */
const parseArt = (url: string) => {
  const m = /^\/media\/art\/([a-z-]+)\/([^?/]+)(?:\?label=(.*))?$/.exec(url);
  return m ? parseArtPath(m[1]!, m[2]!, m[3] === undefined ? undefined : decodeURIComponent(m[3])) : undefined;
};
const count = async (db: Db, query: string): Promise<number> => Number((await one<{ n: number }>(db, query)).n);

/** What two runs of the seed must agree on, product by product (vendor by slug: the demo account's id is random). */
const PRODUCT_FINGERPRINT = `
  select p.id, p.slug, p.name, p.price, p.offered_price, p.discount, p.images, p.is_free_size, p.free_size_qty,
         p.is_color_options, p.is_trending, p.sales_count, p.created_at::text as created_at, v.slug as vendor,
         (select string_agg(s.size || ':' || s.quantity, ',' order by s.size) from product_sizes s where s.product_id = p.id) as sizes,
         (select string_agg(c.color || ':' || c.quantity, ',' order by c.sort_order) from product_colors c where c.product_id = p.id) as colors
  from products p join vendors v on v.user_id = p.vendor_id`;

describe('the demo seed at its default size', () => {
  let database: Database;
  let db: Db;
  let seconds = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    const started = performance.now();
    const progress: string[] = [];
    await seedDemo(db, { onProgress: (m) => progress.push(m) });
    seconds = (performance.now() - started) / 1000;
    expect(progress).toContain('Seeding states (36)');
    expect(progress).toContain(`Seeding products 1,200 of 1,200`);
  }, 120_000);
  afterAll(() => database?.close());

  it('finishes well under a minute', () => {
    expect(seconds).toBeLessThan(60);
  });

  it('has all 36 states and union territories, named as the pincode directory names them, each with slogan and picture', async () => {
    const states = await rows<{ name: string; slug: string; slogan: string; image: string; video: string | null }>(db, 'select * from states order by sort_order');
    expect(states).toHaveLength(36);
    const directoryStates = new Set(
      readFileSync(PINCODE_CSV, 'utf8')
        .split('\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split(',')[2]),
    );
    expect(directoryStates.size).toBe(36);
    expect(new Set(states.map((s) => s.name))).toEqual(directoryStates);
    for (const s of states) {
      expect(s.slogan.length).toBeGreaterThan(10);
      expect(parseArt(s.image)).toMatchObject({ kind: 'state', label: s.name });
      expect(s.video).toBeNull();
    }
    expect(states.find((s) => s.name === 'Dadra & Nagar Haveli & Daman & Diu')?.slug).toBe('dadra-nagar-haveli-daman-diu');
  });

  it('has at least 8 visible categories with 4 to 8 subcategories each, GST and HSN, and the hidden Combo category', async () => {
    const cats = await rows<{ slug: string; is_hidden: boolean; hsn_code: string | null; gst_rate: number; subs: number }>(
      db,
      'select c.*, (select count(*)::int from subcategories s where s.category_id = c.id) as subs from categories c',
    );
    const visible = cats.filter((c) => !c.is_hidden);
    expect(visible.length).toBeGreaterThanOrEqual(8);
    for (const c of visible) {
      expect(c.subs).toBeGreaterThanOrEqual(4);
      expect(c.subs).toBeLessThanOrEqual(8);
      expect(c.hsn_code).toMatch(/^\d{4}$/);
    }
    expect(visible.find((c) => c.slug === 'jewellery')?.gst_rate).toBe(3);
    expect(visible.find((c) => c.slug === 'sarees')?.gst_rate).toBe(5);
    expect(visible.find((c) => c.slug === 'handicrafts-decor')?.gst_rate).toBe(12);
    expect(cats.filter((c) => c.is_hidden).map((c) => c.slug)).toEqual([COMBO_CATEGORY_SLUG]);
  });

  it('has at least 10 styles with descriptions, among them the crafts people look for', async () => {
    const styles = await rows<{ slug: string; description: string; image: string }>(db, 'select * from styles');
    expect(styles.length).toBeGreaterThanOrEqual(10);
    for (const slug of ['banarasi', 'chikankari', 'bandhani', 'kalamkari', 'phulkari', 'ikat', 'madhubani', 'kanjeevaram', 'block-print', 'pashmina']) {
      const s = styles.find((x) => x.slug === slug);
      expect(s, slug).toBeDefined();
      expect(s!.description.length).toBeGreaterThan(40);
    }
  });

  it('has at least 30 approved vendors in every state, each with a real pickup pincode of their own state and city', async () => {
    const vendors = await rows<{ slug: string; pickup_pincode: string; city: string; state: string; gstin: string | null; registration_step: number; brand_name: string; bio: string; banner: string; policy_html: string; size_chart: string; role: string; mobile: string; email: string }>(
      db,
      'select v.*, u.role, u.mobile, u.email from vendors v join users u on u.id = v.user_id',
    );
    expect(vendors.length).toBeGreaterThanOrEqual(30);
    expect(new Set(vendors.map((v) => v.state)).size).toBe(36);
    const dir = pincodeDirectory();
    for (const v of vendors) {
      const entry = dir.get(v.pickup_pincode);
      expect(entry, `${v.slug} ${v.pickup_pincode}`).toBeDefined();
      expect(entry!.state).toBe(v.state);
      expect(entry!.district).toBe(v.city);
      expect(v.role).toBe('vendor');
      expect(v.registration_step).toBe(2);
      for (const field of [v.brand_name, v.bio, v.banner, v.policy_html, v.size_chart]) expect(field).not.toBe('');
      if (v.gstin) {
        const code = STATES.find((s) => s.name === v.state)!.gstCode;
        expect(v.gstin).toMatch(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
        expect(v.gstin.slice(0, 2)).toBe(code);
        expect(v.gstin[14]).toBe(gstinCheckChar(v.gstin.slice(0, 14)));
      }
    }
    expect(vendors.filter((v) => v.gstin).length).toBeGreaterThan(10);
    expect(new Set(vendors.map((v) => v.policy_html)).size).toBeGreaterThanOrEqual(3);
    // Seeded sellers use their own contact range, apart from the demo accounts.
    const demoContacts = new Set<string>(DEMO_ACCOUNTS.flatMap((a) => [a.mobile, a.email]));
    const sellers = vendors.filter((v) => v.mobile !== '9000000002');
    for (const v of sellers) {
      expect(v.mobile).toMatch(/^70000000\d\d$/);
      expect(v.email).toMatch(/^vendor\d\d@statewise\.test$/);
      expect(demoContacts.has(v.mobile) || demoContacts.has(v.email)).toBe(false);
    }
  });

  it('gives the demo shopper the ₹200 new-user reward, once', async () => {
    const user = DEMO_ACCOUNTS.find((a) => a.role === 'user')!;
    const credits = await rows<{ amount: number; status: string }>(
      db,
      `select w.amount, w.status from wallet_transactions w join users u on u.id = w.user_id where u.mobile = '${user.mobile}'`,
    );
    expect(credits).toEqual([{ amount: 200, status: 'completed' }]);
  });

  it('gives the demo vendor account its own store with products', async () => {
    const demo = await one<{ brand_name: string; slug: string; products: number }>(
      db,
      `select v.brand_name, v.slug, (select count(*)::int from products p where p.vendor_id = u.id) as products
       from users u join vendors v on v.user_id = u.id where u.mobile = '9000000002'`,
    );
    expect(demo.brand_name).toBe('Rang Mahal Jaipur');
    expect(demo.products).toBeGreaterThanOrEqual(DEFAULT_DEMO_PRODUCTS / 12);
    expect(await count(db, `select count(*)::int as n from users where mobile in ('9000000001', '9000000003')`)).toBe(2);
  });

  it(`makes ${DEFAULT_DEMO_PRODUCTS} products with unique slugs, consistent prices and discounts, and 2 to 4 pictures each`, async () => {
    const products = await rows<{ slug: string; price: number; offered_price: number; discount: number; images: string[]; created_at: string; hsn_code: string | null; meta_description: string; meta_keywords: string[] }>(
      db,
      'select slug, price, offered_price, discount, images, created_at::text, hsn_code, meta_description, meta_keywords from products',
    );
    expect(products).toHaveLength(DEFAULT_DEMO_PRODUCTS);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    const allImages = new Set<string>();
    for (const p of products) {
      expect(p.offered_price).toBeLessThanOrEqual(p.price);
      expect(p.offered_price).toBeLessThanOrEqual(50_000);
      expect(p.discount).toBe(discountPercent(p.price, p.offered_price));
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.images.length).toBeLessThanOrEqual(4);
      for (const url of p.images) {
        expect(parseArt(url)).toMatchObject({ kind: 'product' });
        allImages.add(url);
      }
      const created = Date.parse(p.created_at.replace(' ', 'T').replace(/\+00$/, 'Z'));
      expect(created).toBeLessThanOrEqual(SEED_REFERENCE_TIME);
      expect(created).toBeGreaterThan(SEED_REFERENCE_TIME - 181 * 86_400_000);
      expect(p.hsn_code).toMatch(/^\d{4}$/);
      expect(p.meta_description.length).toBeLessThanOrEqual(160);
      expect(p.meta_keywords.length).toBeGreaterThan(2);
    }
    // Every product looks different: no picture is shared between products.
    expect(allImages.size).toBe(products.reduce((n, p) => n + p.images.length, 0));
    const prices = products.map((p) => p.offered_price);
    expect(Math.min(...prices)).toBeLessThan(500);
    expect(Math.max(...prices)).toBeGreaterThan(30_000);
    expect(products.filter((p) => p.discount === 0).length).toBeGreaterThan(0);
    expect(products.filter((p) => p.discount >= 50).length).toBeGreaterThan(20);
  });

  it('describes products in safe HTML: a paragraph and a list of fabric, craft and care', async () => {
    const descriptions = await rows<{ description: string }>(db, 'select description from products');
    for (const { description } of descriptions) {
      expect(description).toMatch(/^<p>[^<]+<\/p><ul>(<li><strong>[^<]+<\/strong>[^<]+<\/li>)+<\/ul>$/);
      const tags = new Set([...description.matchAll(/<\/?([a-z]+)/g)].map((m) => m[1]));
      for (const tag of tags) expect(['p', 'ul', 'li', 'strong', 'em', 'br']).toContain(tag);
      expect(description).toContain('<strong>Craft:</strong>');
      expect(description).toContain('<strong>Care:</strong>');
    }
  });

  it('pairs crafts with the states and vendors that make them', async () => {
    const pairs = await rows<{ style: string; state: string; vendor_state: string }>(
      db,
      `select st.slug as style, s.name as state, v.state as vendor_state
       from products p join styles st on st.id = p.style_id join states s on s.id = p.state_id join vendors v on v.user_id = p.vendor_id`,
    );
    for (const p of pairs) expect(p.state).toBe(p.vendor_state);
    const statesOf = (style: string) => new Set(pairs.filter((p) => p.style === style).map((p) => p.state));
    expect(statesOf('banarasi')).toEqual(new Set(['Uttar Pradesh']));
    expect(statesOf('kanjeevaram')).toEqual(new Set(['Tamil Nadu']));
    expect([...statesOf('pashmina')].every((s) => s === 'Jammu & Kashmir' || s === 'Ladakh')).toBe(true);
    expect(statesOf('chikankari')).toEqual(new Set(['Uttar Pradesh']));
    const chikanCity = await rows<{ city: string }>(db, `select distinct v.city from products p join styles st on st.id = p.style_id join vendors v on v.user_id = p.vendor_id where st.slug = 'chikankari'`);
    expect(chikanCity.map((c) => c.city)).toEqual(['Lucknow']);
    // Every style and every state has something to show.
    expect(await count(db, 'select count(*)::int as n from styles s where not exists (select 1 from products p where p.style_id = s.id)')).toBe(0);
    expect(await count(db, 'select count(*)::int as n from states s where not exists (select 1 from products p where p.state_id = s.id)')).toBe(0);
  });

  it('stocks products by size, by free size or by colour, with sizes and colours sold out here and there', async () => {
    const sized = await rows<{ id: string; sizes: number; in_stock: number; zero: number }>(
      db,
      `select p.id, count(s.*)::int as sizes, count(*) filter (where s.quantity > 0)::int as in_stock, count(*) filter (where s.quantity = 0)::int as zero
       from products p left join product_sizes s on s.product_id = p.id where not p.is_free_size and not p.is_color_options group by p.id`,
    );
    const colour = await rows<{ id: string; colors: number; images_ok: boolean; zero: number }>(
      db,
      `select p.id, count(c.*)::int as colors, bool_and(cardinality(c.images) >= 2) as images_ok, count(*) filter (where c.quantity = 0)::int as zero
       from products p left join product_colors c on c.product_id = p.id where p.is_color_options group by p.id`,
    );
    const free = await rows<{ qty: number; extra: number }>(
      db,
      `select p.free_size_qty as qty, (select count(*)::int from product_sizes s where s.product_id = p.id) + (select count(*)::int from product_colors c where c.product_id = p.id) as extra
       from products p where p.is_free_size`,
    );
    expect(sized.length).toBeGreaterThan(DEFAULT_DEMO_PRODUCTS * 0.1);
    expect(colour.length).toBeGreaterThan(DEFAULT_DEMO_PRODUCTS * 0.1);
    expect(free.length).toBeGreaterThan(DEFAULT_DEMO_PRODUCTS * 0.1);
    for (const p of sized) expect(p.sizes).toBeGreaterThanOrEqual(3);
    for (const p of colour) {
      expect(p.colors).toBeGreaterThanOrEqual(2);
      expect(p.colors).toBeLessThanOrEqual(4);
      expect(p.images_ok).toBe(true);
    }
    for (const p of free) expect(p.extra).toBe(0);
    // Some sizes are sold out while the product is still on sale.
    expect(sized.filter((p) => p.zero > 0 && p.in_stock > 0).length).toBeGreaterThan(10);
    expect(colour.filter((p) => p.zero > 0).length).toBeGreaterThan(5);
    const sizes = await rows<{ size: string }>(db, 'select distinct size::text as size from product_sizes');
    expect(new Set(sizes.map((s) => s.size))).toEqual(new Set(SIZES));
  });

  it('has about 5% of products sold out entirely, about 10% trending, and a few best sellers', async () => {
    const soldOut = await count(
      db,
      `select count(*)::int as n from products p where
         (p.is_free_size and p.free_size_qty = 0)
         or (p.is_color_options and not exists (select 1 from product_colors c where c.product_id = p.id and c.quantity > 0))
         or (not p.is_free_size and not p.is_color_options and not exists (select 1 from product_sizes s where s.product_id = p.id and s.quantity > 0))`,
    );
    expect(soldOut / DEFAULT_DEMO_PRODUCTS).toBeGreaterThan(0.03);
    expect(soldOut / DEFAULT_DEMO_PRODUCTS).toBeLessThan(0.08);
    const trending = await count(db, 'select count(*)::int as n from products where is_trending');
    expect(trending / DEFAULT_DEMO_PRODUCTS).toBeGreaterThan(0.06);
    expect(trending / DEFAULT_DEMO_PRODUCTS).toBeLessThan(0.14);
    const sales = await one<{ median: number; top: number; over500: number }>(
      db,
      `select percentile_disc(0.5) within group (order by sales_count) as median, max(sales_count) as top,
              count(*) filter (where sales_count > 500)::int as over500 from products`,
    );
    expect(sales.top).toBeGreaterThan(sales.median * 50);
    expect(sales.over500).toBeGreaterThan(0);
    expect(sales.over500).toBeLessThan(DEFAULT_DEMO_PRODUCTS * 0.05);
  });

  it('makes products findable by craft, category, state and keywords', async () => {
    const found = await count(
      db,
      `select count(*)::int as n from products p join styles st on st.id = p.style_id join categories c on c.id = p.category_id join states s on s.id = p.state_id
       where position(lower(st.name) in lower(p.search_text)) > 0 and position(lower(c.name) in lower(p.search_text)) > 0
         and position(lower(s.name) in lower(p.search_text)) > 0 and position(p.name in p.search_text) = 1`,
    );
    expect(found).toBe(DEFAULT_DEMO_PRODUCTS);
    const kanjeevaram = await count(db, `select count(*)::int as n from products where to_tsvector('english', search_text) @@ plainto_tsquery('english', 'kanjeevaram saree tamil nadu')`);
    expect(kanjeevaram).toBeGreaterThan(5);
  });

  it('links festive offers, active and inactive, to products that fit them', async () => {
    const offers = await rows<{ slug: string; status: string; products: number }>(
      db,
      `select f.slug, f.status, (select count(*)::int from product_festive_offers pf where pf.festive_offer_id = f.id) as products from festive_offers f`,
    );
    expect(offers.length).toBeGreaterThanOrEqual(4);
    for (const o of offers) expect(o.products, o.slug).toBeGreaterThan(0);
    expect(offers.some((o) => o.status === 'active')).toBe(true);
    expect(offers.some((o) => o.status === 'inactive')).toBe(true);
    const onamOutsideKerala = await count(
      db,
      `select count(*)::int as n from product_festive_offers pf join festive_offers f on f.id = pf.festive_offer_id join products p on p.id = pf.product_id
       join styles st on st.id = p.style_id where f.slug = 'onam-collection' and st.slug <> 'kasavu'`,
    );
    expect(onamOutsideKerala).toBe(0);
  });

  it('fills the home page: banners, crazy deals, subcategory cards and featured vendors with working links', async () => {
    const banners = await rows<{ placement: string; image: string; mobile_image: string; link: string }>(db, 'select * from banners');
    const home = banners.filter((b) => b.placement === 'home');
    const community = banners.filter((b) => b.placement === 'community');
    expect(home.length).toBeGreaterThanOrEqual(4);
    expect(home.length).toBeLessThanOrEqual(5);
    expect(community.length).toBeGreaterThanOrEqual(2);
    expect(community.length).toBeLessThanOrEqual(3);
    for (const b of banners) {
      expect(b.image).toMatch(/^\/media\/art\/banner\//);
      expect(b.mobile_image).toMatch(/^\/media\/art\/banner-mobile\//);
      expect(b.link).toMatch(/^\//);
    }
    const festiveLink = home.find((b) => b.link.includes('festiveCategory='))!;
    const festiveId = new URL(festiveLink.link, 'http://x').searchParams.get('festiveCategory');
    expect(await count(db, `select count(*)::int as n from festive_offers where id = '${festiveId}' and status = 'active'`)).toBe(1);

    const deals = await rows<{ discount: number; link: string }>(db, 'select * from crazy_deals');
    expect(deals.length).toBeGreaterThanOrEqual(6);
    expect(deals.length).toBeLessThanOrEqual(8);
    for (const d of deals) {
      // Each deal leads to a listing with that discount, and the listing has products.
      const url = new URL(d.link, 'http://x');
      expect(url.searchParams.get('discount')).toBe(String(d.discount));
      const [, kind, slug] = url.pathname.split('/');
      const column = kind === 'products' ? 'c.slug' : kind === 'shop-by-style' ? 'st.slug' : 's.slug';
      const matching = await count(
        db,
        `select count(*)::int as n from products p join categories c on c.id = p.category_id join styles st on st.id = p.style_id join states s on s.id = p.state_id
         where ${column} = '${slug}' and p.discount >= ${d.discount}`,
      );
      expect(matching, d.link).toBeGreaterThan(0);
    }
    const cards = await count(db, 'select count(*)::int as n from subcategory_cards');
    expect(cards).toBeGreaterThanOrEqual(8);
    expect(cards).toBeLessThanOrEqual(12);
    const featured = await rows<{ place: string; role: string }>(db, 'select vs.place, u.role from vendor_section vs join users u on u.id = vs.vendor_user_id');
    expect(featured.length).toBeGreaterThanOrEqual(6);
    expect(featured.length).toBeLessThanOrEqual(8);
    for (const f of featured) {
      expect(f.role).toBe('vendor');
      expect(f.place).toMatch(/^[A-Z][\w ]+, [A-Z][\w &]+$/);
    }
  });

  it('has reviews on the best sellers from demo shoppers, mostly four and five stars', async () => {
    const r = await one<{ n: number; products: number; good: number; shoppers: number; demo: number }>(
      db,
      `select count(*)::int as n, count(distinct product_id)::int as products,
              count(*) filter (where rating >= 4)::int as good, count(distinct user_id)::int as shoppers,
              count(*) filter (where u.mobile like '900000000%')::int as demo
       from reviews join users u on u.id = reviews.user_id`,
    );
    expect(r.products).toBe(300);
    expect(r.n).toBeGreaterThan(600);
    expect(r.good / r.n).toBeGreaterThan(0.7);
    expect(r.shoppers).toBeGreaterThan(30);
    expect(r.demo).toBe(0);
    const best = await one<{ n: number }>(db, 'select count(*)::int as n from reviews where product_id = (select id from products order by sales_count desc, id limit 1)');
    expect(best.n).toBeGreaterThanOrEqual(4);
  });

  it('has a believable community: a dozen posts from shoppers, vendors and an admin, one pinned, with comments, offers and likes counted', async () => {
    const posts = await rows<{ kind: string; pinned: boolean; likes_count: number; comments_count: number; likes: number; comments: number; image: string }>(
      db,
      `select kind, pinned, likes_count, comments_count, image,
              (select count(*)::int from community_likes l where l.post_id = p.id) as likes,
              (select count(*)::int from community_comments c where c.post_id = p.id and c.deleted_at is null) as comments
       from community_posts p`,
    );
    expect(posts.length).toBeGreaterThanOrEqual(12);
    expect(posts.filter((p) => p.pinned)).toHaveLength(1);
    expect(new Set(posts.map((p) => p.kind))).toEqual(new Set(['query', 'image', 'admin']));
    for (const p of posts) {
      expect(p.likes_count).toBe(p.likes);
      expect(p.comments_count).toBe(p.comments);
      if (p.image) expect(parseArt(p.image), p.image).toBeDefined();
    }
    const offers = await one<{ n: number }>(db, `select count(*)::int as n from community_comments c join community_posts p on p.id = c.post_id where c.offer is not null and p.kind = 'query'`);
    expect(offers.n).toBeGreaterThanOrEqual(5);
    const deep = await one<{ n: number }>(db, 'select count(*)::int as n from community_comments where parent_id is not null');
    expect(deep.n).toBeGreaterThan(0);
  });

  it('stores only picture addresses the painter can draw', async () => {
    const urls = await rows<{ url: string }>(
      db,
      `select image as url from states union all select image from categories union all select image from subcategories
       union all select image from styles union all select banner from vendors union all select avatar from vendors
       union all select size_chart from vendors union all select image from festive_offers union all select image from banners
       union all select mobile_image from banners union all select image from crazy_deals union all select image from subcategory_cards
       union all select image from vendor_section union all select unnest(images) from product_colors`,
    );
    expect(urls.length).toBeGreaterThan(100);
    for (const { url } of urls) expect(parseArt(url), url).toBeDefined();
  });

  it('is the same on every run: a smaller seed is the first products of the bigger one, in the same order', async () => {
    const small = await createTestDatabase();
    try {
      await seedDemo(small.db, { products: 120 });
      const again = await createTestDatabase();
      let first: Record<string, unknown>[];
      let second: Record<string, unknown>[];
      try {
        await seedDemo(again.db, { products: 120 });
        first = await rows(small.db, `${PRODUCT_FINGERPRINT} order by p.created_at desc, p.id`);
        second = await rows(again.db, `${PRODUCT_FINGERPRINT} order by p.created_at desc, p.id`);
      } finally {
        await again.close();
      }
      expect(second).toEqual(first);
      const smallIds = first.map((p) => `'${String(p.id)}'`).join(',');
      const inBig = await rows(db, `${PRODUCT_FINGERPRINT} where p.id in (${smallIds}) order by p.created_at desc, p.id`);
      expect(inBig).toEqual(first);
      const vendorsSmall = await rows(small.db, 'select slug, brand_name, pickup_pincode, gstin, banner from vendors order by slug');
      expect(await rows(db, 'select slug, brand_name, pickup_pincode, gstin, banner from vendors order by slug')).toEqual(vendorsSmall);
    } finally {
      await small.close();
    }
  }, 60_000);
});

describe('seedIfEmpty', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('seeds an empty database once and leaves a seeded one alone', async () => {
    expect(await seedIfEmpty(database.db, { mode: 'demo', products: 40 })).toBe(true);
    const before = await existingData(database.db);
    expect(before.products).toBe(40);
    const progress: string[] = [];
    expect(await seedIfEmpty(database.db, { mode: 'demo', products: 40, onProgress: (m) => progress.push(m) })).toBe(false);
    expect(progress).toEqual([]);
    expect(await existingData(database.db)).toEqual(before);
  });

  it('empties the seeded tables on reset, after which the seed runs again', async () => {
    await resetDemoData(database.db);
    expect(await existingData(database.db)).toEqual({ users: 0, products: 0, categories: 0 });
    expect(await seedIfEmpty(database.db, { mode: 'demo', products: 10 })).toBe(true);
    expect((await existingData(database.db)).products).toBe(10);
  });
});

describe('npm run seed (the command line)', () => {
  const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
  const run = (dataDir: string, ...args: string[]) => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/seed/cli.ts', ...args], {
      cwd: repoRoot,
      env: { ...env, DATA_DIR: dataDir, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
  };

  it('refuses to make the demo, with its published password, under NODE_ENV=production', () => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/seed/cli.ts', '--products', '10'], {
      cwd: repoRoot,
      env: { ...env, ...PRODUCTION_ENV, DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Refusing to seed with NODE_ENV=production');
  });

  it('refuses bad arguments before touching any database', () => {
    const res = run('/nonexistent/never-created', '--products', 'lots');
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('--products must be a whole number');
  });

  // The command opens its own embedded database; one engine is enough to check it.
  it.skipIf(testEngine !== 'pglite')('seeds an empty database, refuses a non-empty one, and starts over with --reset', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'statewise-seed-cli-'));
    try {
      const first = run(dataDir, '--products', '30');
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/Seeded 30 products from \d+ vendors in [\d.]+ s/);
      const second = run(dataDir, '--products', '30');
      expect(second.status).toBe(1);
      expect(second.stderr).toContain('already has data');
      const third = run(dataDir, '--products', '20', '--reset');
      expect(third.status, third.stderr).toBe(0);
      expect(third.stdout).toContain('Emptying accounts and catalogue');
      expect(third.stdout).toMatch(/Seeded 20 products/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the seed data', () => {
  it('names only styles that exist in every vendor line, and has a vendor in every state', () => {
    const styles = new Set(STYLES.map((s) => s.slug));
    for (const v of VENDORS) for (const [, style] of v.lines) expect(styles.has(style), `${v.slug}: ${style}`).toBe(true);
    expect(new Set(VENDORS.map((v) => v.state))).toEqual(new Set(STATES.map((s) => s.name)));
    expect(VENDORS.filter((v) => v.demo)).toHaveLength(1);
  });

  it('computes the GSTIN check character of the GST network', () => {
    // A GSTIN published as an example by the GST portal.
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });
});
