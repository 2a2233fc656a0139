import type { Size } from '@statewise/contract/constants';
import { discountPercent, placeName, slugify } from '@statewise/contract/format';
import { artUrl } from '../../lib/art/url.ts';
import { buildSearchText } from '../../modules/products/search-text.ts';
import type { DbOrTx } from '../client.ts';
import { productColors, productFestiveOffers, products, productSizes } from '../schema/index.ts';
import { bulkInsert } from './bulk.ts';
import { findSubcategory, type CategoryDef, type StockKind, type SubcategoryDef } from './data/catalogue.ts';
import { FESTIVE_OFFERS, type FestiveMatch } from './data/merch.ts';
import { findStyle, type StyleDef } from './data/styles.ts';
import { COLOURS, FOOTWEAR_SIZE_NOTE, HANDMADE_NOTE, NAMED_BY_COLOUR, OCCASIONS, OPENINGS, type ColourDef } from './data/words.ts';
import { seedIds } from './ids.ts';
import { rng, type Rng } from './random.ts';
import { SEED_REFERENCE_TIME, type SeededVendor } from './reference.ts';

/** How many products the demo has unless told otherwise. */
export const DEFAULT_DEMO_PRODUCTS = 1200;
/** New arrivals are spread over this many days before the reference time. */
const SPREAD_DAYS = 180;
/** Every twelfth product belongs to the demo vendor, so its store is full whatever the size of the seed. */
const DEMO_VENDOR_EVERY = 12;
/** One product in twenty is sold out entirely (the rest may still have a sold-out size or colour). */
const SOLD_OUT_EVERY = 20;
const SOLD_OUT_AT = 7;
/** Offered prices stay inside the listing's price slider (0–50,000). */
const MAX_OFFERED = 49_999;

type ProductInsert = typeof products.$inferInsert;
type SizeInsert = typeof productSizes.$inferInsert;
type ColorInsert = typeof productColors.$inferInsert;
type FestiveInsert = typeof productFestiveOffers.$inferInsert;

export interface GeneratedProduct {
  product: ProductInsert;
  sizes: SizeInsert[];
  colors: ColorInsert[];
  festive: FestiveInsert[];
}

/** What a vendor line resolves to. */
interface Line {
  category: CategoryDef;
  subcategory: SubcategoryDef;
  style: StyleDef;
  weight: number;
}

interface VendorPlan {
  vendor: SeededVendor;
  lines: Line[];
}

/** The generator's fixed inputs; build once per seed with planProducts. */
export interface ProductPlan {
  vendors: VendorPlan[];
  demo: VendorPlan;
  /** Slugs already used (a repeated name gets -2, -3 …). */
  slugs: Set<string>;
}

export function planProducts(vendors: readonly SeededVendor[]): ProductPlan {
  const plans = vendors.map((vendor) => ({
    vendor,
    lines: vendor.def.lines.map(([sub, styleSlug, weight]) => {
      const found = findSubcategory(sub);
      const style = findStyle(styleSlug);
      if (!found || !style) throw new Error(`Vendor ${vendor.def.slug}: unknown subcategory ${sub} or style ${styleSlug}`);
      return { ...found, style, weight };
    }),
  }));
  const demo = plans.find((p) => p.vendor.def.demo);
  if (!demo) throw new Error('The demo vendor has no store in data/vendors.ts');
  return { vendors: plans, demo, slugs: new Set() };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A list price people are used to seeing: 549, 2,499, 12,499. */
function listPrice(raw: number): number {
  if (raw < 1000) return Math.max(249, Math.round(raw / 50) * 50 - 1);
  if (raw < 10_000) return Math.round(raw / 100) * 100 - 1;
  return Math.round(raw / 500) * 500 - 1;
}

/** Discount bands a marketplace shows: many modest, some deep, a few none. */
function pickDiscount(r: Rng): number {
  const band = r.weighted(
    [
      [0, 0, 12],
      [5, 15, 20],
      [16, 30, 30],
      [31, 45, 23],
      [46, 60, 12],
      [61, 70, 3],
    ] as const,
    (b) => b[2],
  );
  return r.int(band[0], band[1]);
}

function offeredFor(price: number, discount: number): number {
  if (discount === 0) return price;
  const offered = Math.round((price * (100 - discount)) / 100 / 10) * 10 - 1;
  return Math.min(price, Math.max(1, offered));
}

/** Most products sell a little, a few sell a lot (a long tail, like a real shop's). */
function salesCount(r: Rng, ageDays: number): number {
  const u = r.next();
  const base = Math.floor(8 * (1 / (1 - 0.9995 * u) - 1));
  // Products listed in the last two weeks have had less time to sell.
  return ageDays < 14 ? Math.floor((base * ageDays) / 14) : base;
}

function matchesFestive(m: FestiveMatch, line: Line, state: string, discount: number): boolean {
  if (m.subcategories && !m.subcategories.includes(line.subcategory.slug)) return false;
  if (m.styles && !m.styles.includes(line.style.slug)) return false;
  if (m.states && !m.states.includes(state)) return false;
  if (m.minDiscount !== undefined && discount < m.minDiscount) return false;
  return true;
}

function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/** Sizes a sized product is made in: a run of at least three of its kind's sizes. */
function sizeRun(r: Rng, sizes: readonly Size[]): Size[] {
  const length = r.int(Math.min(3, sizes.length), sizes.length);
  const start = r.int(0, sizes.length - length);
  return sizes.slice(start, start + length);
}

/**
 * Product number `index` of the demo. Each product draws from its own random stream, so product n is the same
 * whether the seed makes 100 products or 100,000 (only a repeated name's slug suffix depends on what came before).
 */
export function generateProduct(index: number, plan: ProductPlan): GeneratedProduct {
  const r = rng(`product:${index}`);
  const vendorPlan = index % DEMO_VENDOR_EVERY === 0 ? plan.demo : r.weighted(plan.vendors, (v) => v.vendor.def.weight);
  const vendor = vendorPlan.vendor.def;
  const line = r.weighted(vendorPlan.lines, (l) => l.weight);
  const { category, subcategory, style } = line;
  const group = category.group;
  const id = seedIds.product(index);

  // How it is stocked.
  const stockKinds = (Object.entries(subcategory.stock) as [StockKind, number][]).filter(([, w]) => w > 0);
  const kind = r.weighted(stockKinds, ([, w]) => w)[0];
  const soldOut = index % SOLD_OUT_EVERY === SOLD_OUT_AT;

  // Name: [colour] [craft word] [fabric] noun [feature].
  const palette = style.colours ? COLOURS[group].filter((c) => style.colours!.includes(c.name)) : COLOURS[group];
  if (palette.length < 3) throw new Error(`Style ${style.slug} has fewer than three ${group} colours`);
  const colour = r.pick(palette);
  const nouns = style.items?.[subcategory.slug] ?? subcategory.nouns;
  const noun = r.pick(nouns);
  const fabrics = style.fabrics?.[group] ?? subcategory.fabrics;
  const fabric = fabrics.length ? r.pick(fabrics) : '';
  // A feature never repeats the craft's own word ("Zardozi Sherwani with Zardozi Collar").
  const featurePool = [...(style.features?.[group] ?? []), ...subcategory.features].filter(
    (f) => !f.toLowerCase().includes(style.word.toLowerCase()),
  );
  const feature = featurePool.length && r.chance(0.7) ? r.pick(featurePool) : '';
  const word = noun.toLowerCase().includes(style.word.toLowerCase()) ? '' : style.word;
  const leadColour = kind !== 'color' && NAMED_BY_COLOUR.has(group) ? colour.name : '';
  // Jewellery leads with its finish ("Antique Gold Temple Jhumka Earrings"), the rest with colour and craft.
  const words = group === 'jewellery' ? [fabric, word, noun] : [leadColour, word, fabric, noun];
  // "with Zari Pallu" follows the noun; "Set of 2" or "Hand-Painted" follows a comma.
  // A noun that already has a "with" takes the feature with "and" ("Kurta Set with Palazzo and Gota Work").
  const tail = !feature
    ? ''
    : /^(with|on|in|without)\b/.test(feature)
      ? noun.includes(' with ') && feature.startsWith('with ')
        ? ` and ${feature.slice(5)}`
        : ` ${feature}`
      : `, ${feature}`;
  const name = `${words.filter(Boolean).join(' ')}${tail}`.replace(/\s+/g, ' ').trim();
  const slug = uniqueSlug(slugify(name), plan.slugs);

  // Price and discount.
  const [min, max] = subcategory.price;
  const raw = (min + (max - min) * r.next() ** 1.6) * style.premium;
  const price = Math.min(listPrice(raw), 59_999);
  let offeredPrice = offeredFor(price, pickDiscount(r));
  if (offeredPrice > MAX_OFFERED) offeredPrice = MAX_OFFERED;
  const discount = discountPercent(price, offeredPrice);

  // When it was listed, and how it sells.
  // A sold-out product has been on sale a while (at least a month); new arrivals are in stock.
  const ageSeconds = soldOut ? r.int(30 * 86_400, SPREAD_DAYS * 86_400 - 1) : r.int(0, SPREAD_DAYS * 86_400 - 1);
  const createdAt = new Date(SEED_REFERENCE_TIME - ageSeconds * 1000);
  const sold = salesCount(r, ageSeconds / 86_400);
  const isTrending = r.chance(0.1);

  // Pictures: the style's motif in the product's colour; seeds are unique per product (index × 16 + n).
  const picture = (paletteIndex: number, n: number) =>
    artUrl({ kind: 'product', motif: style.motif, palette: paletteIndex, seed: index * 16 + n });
  const imageCount = r.int(2, 4);

  // Stock.
  const sizes: SizeInsert[] = [];
  const colors: ColorInsert[] = [];
  let freeSizeQty = 0;
  let images: string[];
  let colourNames: string[] = [];
  if (kind === 'color') {
    const chosen: ColourDef[] = [colour, ...r.sample(palette.filter((c) => c.name !== colour.name), r.int(1, 3))];
    colourNames = chosen.map((c) => c.name);
    const quantities = chosen.map(() => (soldOut ? 0 : r.chance(0.15) ? 0 : r.int(1, 20)));
    if (!soldOut && !quantities.some((q) => q > 0)) quantities[0] = r.int(1, 20);
    chosen.forEach((c, ci) => {
      const count = ci === 0 ? imageCount : r.int(2, 3);
      const colourImages = Array.from({ length: count }, (_, k) => picture(c.palette, ci === 0 ? k : 4 + (ci - 1) * 3 + k));
      colors.push({ id: seedIds.productColor(index, ci), productId: id, color: c.name, quantity: quantities[ci]!, images: colourImages, sortOrder: ci });
    });
    // The first colour is preselected on the product page, so the product's pictures are its pictures.
    images = colors[0]!.images!;
  } else {
    images = Array.from({ length: imageCount }, (_, k) => picture(colour.palette, k));
    if (kind === 'sized') {
      const run = sizeRun(r, subcategory.sizes ?? ['s', 'm', 'l', 'xl']);
      const quantities = run.map(() => (soldOut ? 0 : r.chance(0.2) ? 0 : r.int(1, 25)));
      if (!soldOut && !quantities.some((q) => q > 0)) quantities[Math.floor(run.length / 2)] = r.int(1, 25);
      run.forEach((size, k) => sizes.push({ productId: id, size, quantity: quantities[k]! }));
    } else {
      freeSizeQty = soldOut ? 0 : r.int(1, 40);
    }
  }

  // Words: description, meta, keywords, search text.
  // "Chandigarh", not "Chandigarh, Chandigarh" (placeName says a place once)
  const place = placeName(vendor.district, vendor.state);
  const opening = r
    .pick(OPENINGS)
    .replace('{name}', name)
    .replace('{brand}', vendor.brandName)
    .replace('{place}', place);
  const styleSentence = style.description.split(/(?<=\.)\s/)[0]!;
  const occasion = r.pick(OCCASIONS[group]);
  const materialLabel = group === 'jewellery' ? 'Finish' : group === 'craft' || group === 'footwear' ? 'Material' : 'Fabric';
  const bullets: [string, string][] = [];
  if (fabric) bullets.push([materialLabel, fabric]);
  bullets.push(['Craft', style.craft]);
  bullets.push(['Origin', place]);
  if (subcategory.detail) bullets.push(['Details', subcategory.detail]);
  if (kind === 'sized') bullets.push(['Sizes', group === 'footwear' ? FOOTWEAR_SIZE_NOTE : 'Regular fit; see the size chart for measurements']);
  if (kind === 'color') bullets.push(['Colours', colourNames.join(', ')]);
  bullets.push(['Care', r.pick(category.care)]);
  bullets.push(['Note', HANDMADE_NOTE]);
  const description =
    `<p>${escapeHtml(`${opening} ${styleSentence} ${occasion}`)}</p>` +
    `<ul>${bullets.map(([label, text]) => `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(text)}</li>`).join('')}</ul>`;

  const metaKeywords = [
    ...new Set(
      [style.name, noun, fabric, subcategory.name, vendor.state, vendor.district, kind === 'color' ? '' : colour.name, ...style.keywords.slice(0, 3)]
        .map((k) => k.toLowerCase().replace(/,.*$/, '').trim())
        .filter(Boolean),
    ),
  ].slice(0, 10);
  const metaDescription = truncateWords(`${name} by ${vendor.brandName}, ${place}. ${style.craft}. Buy online at Statewise.`, 160);

  const festive: FestiveInsert[] = [];
  for (const offer of FESTIVE_OFFERS) {
    if (matchesFestive(offer.match, line, vendor.state, discount) && r.chance(offer.share)) {
      festive.push({ productId: id, festiveOfferId: seedIds.festiveOffer(offer.slug) });
    }
  }

  const product: ProductInsert = {
    id,
    slug,
    name,
    description,
    images,
    price,
    offeredPrice,
    discount,
    isFreeSize: kind === 'free',
    freeSizeQty,
    isColorOptions: kind === 'color',
    categoryId: seedIds.category(category.slug),
    subcategoryId: seedIds.subcategory(subcategory.slug),
    styleId: seedIds.style(style.slug),
    stateId: seedIds.state(slugify(vendor.state)),
    vendorId: vendorPlan.vendor.userId,
    metaDescription,
    metaKeywords,
    hsnCode: subcategory.hsn ?? category.hsn,
    isTrending,
    salesCount: sold,
    searchText: buildSearchText({
      name,
      metaKeywords,
      colors: colourNames,
      category: category.name,
      subcategory: subcategory.name,
      style: style.name,
      state: vendor.state,
    }),
    isActive: true,
    createdAt,
    updatedAt: createdAt,
  };
  return { product, sizes, colors, festive };
}

function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/**
 * Generates and inserts products [from, to) in batches: products, then their sizes, colours and festive
 * offers. Reports after each batch.
 */
export async function insertProducts(
  db: DbOrTx,
  plan: ProductPlan,
  total: number,
  opts: { batchSize?: number; onBatch?: (done: number, total: number) => void } = {},
): Promise<void> {
  const batchSize = opts.batchSize ?? 1000;
  for (let start = 0; start < total; start += batchSize) {
    const end = Math.min(total, start + batchSize);
    const batch: GeneratedProduct[] = [];
    for (let i = start; i < end; i++) batch.push(generateProduct(i, plan));
    await bulkInsert(db, products, batch.map((g) => g.product), batchSize);
    await bulkInsert(db, productSizes, batch.flatMap((g) => g.sizes), batchSize * 7);
    await bulkInsert(db, productColors, batch.flatMap((g) => g.colors), batchSize * 4);
    await bulkInsert(db, productFestiveOffers, batch.flatMap((g) => g.festive), batchSize * 6);
    opts.onBatch?.(end, total);
  }
}
