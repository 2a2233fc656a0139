import { slugify } from '@statewise/contract/format';
import { sql } from 'drizzle-orm';
import { artUrl } from '../../lib/art/url.ts';
import type { DbOrTx } from '../client.ts';
import { categories, siteContent, states, styles, subcategories, users, vendors } from '../schema/index.ts';
import { bulkInsert } from './bulk.ts';
import { CATEGORIES, COMBO_CATEGORY } from './data/catalogue.ts';
import { STATES } from './data/states.ts';
import { findStyle, STYLES } from './data/styles.ts';
import { POLICIES, VENDORS, type VendorDef } from './data/vendors.ts';
import { seedIds } from './ids.ts';
import { rng } from './random.ts';

/**
 * The fixed "now" of the demo data. Created times are counted back from it, so the order of new arrivals is
 * the same on every run whatever the day the seed runs.
 */
export const SEED_REFERENCE_TIME = Date.UTC(2026, 10, 1, 0, 0, 0);
const DAY_MS = 86_400_000;

export async function seedStates(db: DbOrTx): Promise<void> {
  await bulkInsert(
    db,
    states,
    STATES.map((s, i) => ({
      id: seedIds.state(slugify(s.name)),
      name: s.name,
      slug: slugify(s.name),
      slogan: s.slogan,
      image: artUrl({ kind: 'state', motif: s.motif, palette: s.palette, seed: 100 + i, label: s.name }),
      video: null,
      sortOrder: i + 1,
    })),
  );
}

export async function seedCategories(db: DbOrTx): Promise<void> {
  await bulkInsert(db, categories, [
    ...CATEGORIES.map((c, i) => ({
      id: seedIds.category(c.slug),
      name: c.name,
      slug: c.slug,
      image: artUrl({ kind: 'category', motif: c.motif, palette: c.palette, seed: 200 + i }),
      sortOrder: i + 1,
      isHidden: false,
      hsnCode: c.hsn,
      gstRate: c.gstRate,
    })),
    {
      id: seedIds.category(COMBO_CATEGORY.slug),
      name: COMBO_CATEGORY.name,
      slug: COMBO_CATEGORY.slug,
      image: artUrl({ kind: 'category', motif: COMBO_CATEGORY.motif, palette: COMBO_CATEGORY.palette, seed: 299 }),
      sortOrder: CATEGORIES.length + 1,
      isHidden: true,
      hsnCode: COMBO_CATEGORY.hsn,
      gstRate: COMBO_CATEGORY.gstRate,
    },
  ]);
  await bulkInsert(
    db,
    subcategories,
    CATEGORIES.flatMap((c, ci) =>
      c.subcategories.map((s, si) => ({
        id: seedIds.subcategory(s.slug),
        categoryId: seedIds.category(c.slug),
        name: s.name,
        slug: s.slug,
        image: artUrl({ kind: 'category', motif: c.motif, palette: c.palette + si + 1, seed: 300 + ci * 10 + si }),
        sortOrder: si + 1,
      })),
    ),
  );
}

export async function seedStyles(db: DbOrTx): Promise<void> {
  await bulkInsert(
    db,
    styles,
    STYLES.map((s, i) => ({
      id: seedIds.style(s.slug),
      name: s.name,
      slug: s.slug,
      description: s.description,
      image: artUrl({ kind: 'style', motif: s.motif, palette: s.palette, seed: 400 + i }),
      sortOrder: i + 1,
    })),
  );
}

/**
 * The tables of reference data: part of the product, not of the demo, so a production start loads them too
 * (ADR 044). Categories carry the HSN codes and GST rates invoices need, and the hidden Combo category that chat
 * offers rely on; admins edit all of them afterwards in the catalogue console.
 */
export const REFERENCE_TABLES = ['states', 'categories', 'styles'] as const;

/** Marks that the reference data was offered once, so a later start never puts back what an admin deleted. */
const REFERENCE_MARKER = '_seed:reference:v1';

/**
 * Loads the reference data, once per database: the first call fills each reference table that is empty
 * (categories with their subcategories) and leaves one with rows alone; later calls do nothing, so an admin's
 * edits and deletions stand. Returns how many tables it filled.
 */
export async function seedReferenceData(db: DbOrTx, onProgress: (message: string) => void = () => {}): Promise<number> {
  const first = await db.insert(siteContent).values({ key: REFERENCE_MARKER, html: '' }).onConflictDoNothing().returning({ key: siteContent.key });
  if (!first.length) return 0;
  const res = await db.execute<Record<(typeof REFERENCE_TABLES)[number], boolean>>(
    sql`select exists (select 1 from states) as states, exists (select 1 from categories) as categories, exists (select 1 from styles) as styles`,
  );
  const present = res.rows[0]!;
  const fill: [(typeof REFERENCE_TABLES)[number], string, (db: DbOrTx) => Promise<void>][] = [
    ['states', `Loading the states and union territories (${STATES.length})`, seedStates],
    ['categories', `Loading the categories (${CATEGORIES.length}) and their subcategories`, seedCategories],
    ['styles', `Loading the styles (${STYLES.length})`, seedStyles],
  ];
  let filled = 0;
  for (const [table, message, seed] of fill) {
    if (present[table]) continue;
    onProgress(message);
    await seed(db);
    filled += 1;
  }
  return filled;
}

/** Where a vendor's products come from and who sells them, as the product generator needs it. */
export interface SeededVendor {
  def: VendorDef;
  /** The vendor's user id (products.vendor_id). */
  userId: string;
}

/** Demo-range contacts for seeded sellers: they never collide with the demo accounts (90000000xx). */
export const vendorMobile = (n: number) => `70000000${String(n).padStart(2, '0')}`;
export const vendorEmail = (n: number) => `vendor${String(n).padStart(2, '0')}@statewise.test`;

/**
 * A GSTIN: state code, a PAN (four letters, the holder's initial, four digits, a letter), the entity number,
 * 'Z' and the check character of the GSTN's mod-36 algorithm.
 */
export function makeGstin(stateCode: string, initial: string, key: string): string {
  const r = rng(`gstin:${key}`);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const letter = () => letters[r.int(0, 25)]!;
  const pan = `${letter()}${letter()}${letter()}P${initial.toUpperCase()}${String(r.int(1000, 9999))}${letter()}`;
  const body = `${stateCode}${pan}1Z`;
  return body + gstinCheckChar(body);
}

export function gstinCheckChar(first14: string): string {
  const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = chars.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return chars[(36 - (sum % 36)) % 36]!;
}

/**
 * Seller accounts (role vendor, contacts in the demo range, no password: they sign in by OTP) and their
 * approved stores. The demo vendor account already exists; it gets the store marked `demo`.
 */
export async function seedVendors(db: DbOrTx, demoVendorUserId: string): Promise<SeededVendor[]> {
  const seeded: SeededVendor[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const vendorRows: (typeof vendors.$inferInsert)[] = [];
  let n = 0;
  VENDORS.forEach((v, i) => {
    const r = rng(`vendor:${v.slug}`);
    const stateDef = STATES.find((s) => s.name === v.state);
    if (!stateDef) throw new Error(`Vendor ${v.slug}: unknown state ${v.state}`);
    const mainStyle = findStyle(v.lines[0]![1])!;
    const createdAt = new Date(SEED_REFERENCE_TIME - r.int(200, 900) * DAY_MS - r.int(0, DAY_MS - 1));
    const avatar = artUrl({ kind: 'avatar', motif: mainStyle.motif, palette: mainStyle.palette + 3, seed: 600 + i, label: `${v.firstname[0]}${v.lastname[0]}` });
    let userId = demoVendorUserId;
    if (!v.demo) {
      n += 1;
      userId = seedIds.vendorUser(v.slug);
      userRows.push({
        id: userId,
        role: 'vendor',
        firstname: v.firstname,
        lastname: v.lastname,
        email: vendorEmail(n),
        mobile: vendorMobile(n),
        emailVerified: true,
        mobileVerified: true,
        passwordHash: null,
        picture: avatar,
        createdAt,
        updatedAt: createdAt,
      });
    }
    vendorRows.push({
      id: seedIds.vendor(v.slug),
      userId,
      brandName: v.brandName,
      sellerName: `${v.firstname} ${v.lastname}`,
      slug: v.slug,
      bio: v.bio,
      banner: artUrl({ kind: 'vendor-banner', motif: mainStyle.motif, palette: mainStyle.palette, seed: 500 + i, label: v.brandName }),
      avatar,
      policyHtml: POLICIES[v.policy % POLICIES.length]!,
      sizeChart: artUrl({ kind: 'size-chart', motif: mainStyle.motif, palette: mainStyle.palette, seed: 700 + i, label: 'Size Chart' }),
      pickupPincode: v.pickupPincode,
      address: v.address,
      city: v.district,
      state: v.state,
      gstin: v.gst ? makeGstin(stateDef.gstCode, v.lastname[0]!, v.slug) : null,
      registrationStep: 2,
      createdAt,
    });
    seeded.push({ def: v, userId });
  });
  await bulkInsert(db, users, userRows);
  await bulkInsert(db, vendors, vendorRows);
  return seeded;
}
