import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  CATALOGUE_IMAGE_REQUIRED,
  catalogueFields,
  slugify,
  type AdminCatalogueItem,
  type AdminProductList,
  type CatalogueKind,
} from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  banners,
  categories,
  crazyDeals,
  festiveOffers,
  productFestiveOffers,
  products,
  states,
  styles,
  subcategories,
  subcategoryCards,
  users,
  vendors,
  vendorSection,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../auth/service.ts';
import { deleteUpload, storeImage, type UploadedFile } from '../media/uploads.ts';

type Ctx = Pick<AppContext, 'db' | 'storage' | 'catalogueCache'>;

const TABLES = { categories, subcategories, styles, states, banners, festiveOffers, crazyDeals, subcategoryCards, vendorSection } as const;

/**
 * The columns every kind shares (id, image, sort order; hidden, but for festive offers, which hide by status).
 * Drizzle cannot type one update over a union of tables, so the shared operations see each table as the styles
 * table: only these columns are touched through it.
 */
const shared = (kind: CatalogueKind) => TABLES[kind] as unknown as typeof styles;

/** The audit log's name for one entry of a kind. */
export const ENTITY: Record<CatalogueKind, string> = {
  categories: 'category',
  subcategories: 'subcategory',
  styles: 'style',
  states: 'state',
  banners: 'banner',
  festiveOffers: 'festive_offer',
  crazyDeals: 'crazy_deal',
  subcategoryCards: 'subcategory_card',
  vendorSection: 'vendor_section',
};
const LABEL: Record<CatalogueKind, string> = {
  categories: 'category',
  subcategories: 'subcategory',
  styles: 'style',
  states: 'state',
  banners: 'banner',
  festiveOffers: 'festive offer',
  crazyDeals: 'crazy deal',
  subcategoryCards: 'subcategory card',
  vendorSection: 'featured vendor',
};
/** Kinds with an address name (slug). */
const SLUGGED: readonly CatalogueKind[] = ['categories', 'subcategories', 'styles', 'states', 'festiveOffers'];

/** The product column that refers to each kind (banners are referred to by nothing). */
const PRODUCT_COLUMN: Partial<Record<CatalogueKind, SQL>> = {
  categories: sql`category_id`,
  subcategories: sql`subcategory_id`,
  styles: sql`style_id`,
  states: sql`state_id`,
};

/**
 * Products that use an entry, soft-deleted ones included: their orders and invoices still point at it, so the
 * database refuses to delete it while any exist. A category counts its subcategories' products too.
 */
function productsUsing(kind: CatalogueKind, idColumn: SQL): SQL<number> {
  if (kind === 'festiveOffers') return sql<number>`(select count(*) from ${productFestiveOffers} l where l.festive_offer_id = ${idColumn})::int`;
  if (kind === 'categories')
    return sql<number>`(select count(*) from ${products} p where p.category_id = ${idColumn} or p.subcategory_id in (select s.id from ${subcategories} s where s.category_id = ${idColumn}))::int`;
  return sql<number>`(select count(*) from ${products} p where p.${PRODUCT_COLUMN[kind]!} = ${idColumn})::int`;
}

/** Largest stored width of each picture: banners fill a desktop screen; the mobile banner and tiles a phone's. */
const MAX_WIDTH: Record<CatalogueKind, number> = {
  categories: 800,
  subcategories: 800,
  styles: 800,
  states: 1280,
  banners: 1920,
  festiveOffers: 800,
  crazyDeals: 800,
  subcategoryCards: 800,
  vendorSection: 800,
};

// ---------- list ----------

/** GET admin/catalogue/{kind}: every entry, hidden ones too, in the order the site shows them. */
export async function listKind(db: DbOrTx, kind: CatalogueKind, filter: { categoryId?: string } = {}): Promise<AdminCatalogueItem[]> {
  switch (kind) {
    case 'categories': {
      const rows = await db
        .select({ c: categories, n: productsUsing(kind, sql`"categories"."id"`) })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id));
      return rows.map(({ c, n }) => ({
        _id: c.id,
        kind,
        name: c.name,
        slug: c.slug,
        image: c.image,
        hidden: c.isHidden,
        sortOrder: c.sortOrder,
        productsCount: n,
        gstRate: c.gstRate,
        hsnCode: c.hsnCode,
      }));
    }
    case 'subcategories': {
      const rows = await db
        .select({ s: subcategories, categoryName: categories.name, n: productsUsing(kind, sql`"subcategories"."id"`) })
        .from(subcategories)
        .innerJoin(categories, eq(categories.id, subcategories.categoryId))
        .where(filter.categoryId ? eq(subcategories.categoryId, filter.categoryId) : undefined)
        .orderBy(asc(categories.sortOrder), asc(categories.name), asc(subcategories.sortOrder), asc(subcategories.name), asc(subcategories.id));
      return rows.map(({ s, categoryName, n }) => ({
        _id: s.id,
        kind,
        name: s.name,
        slug: s.slug,
        image: s.image,
        hidden: s.isHidden,
        sortOrder: s.sortOrder,
        productsCount: n,
        categoryId: s.categoryId,
        categoryName,
      }));
    }
    case 'styles': {
      const rows = await db
        .select({ s: styles, n: productsUsing(kind, sql`"styles"."id"`) })
        .from(styles)
        .orderBy(asc(styles.sortOrder), asc(styles.name), asc(styles.id));
      return rows.map(({ s, n }) => ({ _id: s.id, kind, name: s.name, slug: s.slug, image: s.image, hidden: s.isHidden, sortOrder: s.sortOrder, productsCount: n, description: s.description }));
    }
    case 'states': {
      const rows = await db
        .select({ s: states, n: productsUsing(kind, sql`"states"."id"`) })
        .from(states)
        .orderBy(asc(states.sortOrder), asc(states.name), asc(states.id));
      return rows.map(({ s, n }) => ({
        _id: s.id,
        kind,
        name: s.name,
        slug: s.slug,
        image: s.image,
        hidden: s.isHidden,
        sortOrder: s.sortOrder,
        productsCount: n,
        slogan: s.slogan,
        video: s.video,
      }));
    }
    case 'banners': {
      // the home carousel first
      const rows = await db.select().from(banners).orderBy(desc(banners.placement), asc(banners.sortOrder), asc(banners.id));
      return rows.map((b) => ({
        _id: b.id,
        kind,
        name: b.title,
        image: b.image,
        mobileImage: b.mobileImage,
        hidden: b.isHidden,
        sortOrder: b.sortOrder,
        placement: b.placement,
        link: b.link,
      }));
    }
    case 'festiveOffers': {
      const rows = await db
        .select({ f: festiveOffers, n: productsUsing(kind, sql`"festive_offers"."id"`) })
        .from(festiveOffers)
        .orderBy(asc(festiveOffers.sortOrder), asc(festiveOffers.title), asc(festiveOffers.id));
      return rows.map(({ f, n }) => ({ _id: f.id, kind, name: f.title, slug: f.slug, image: f.image, hidden: f.status === 'inactive', sortOrder: f.sortOrder, productsCount: n }));
    }
    case 'crazyDeals': {
      const rows = await db.select().from(crazyDeals).orderBy(asc(crazyDeals.sortOrder), asc(crazyDeals.id));
      return rows.map((d) => ({ _id: d.id, kind, name: d.title, subtitle: d.subtitle, image: d.image, discount: d.discount, link: d.link, hidden: d.isHidden, sortOrder: d.sortOrder }));
    }
    case 'subcategoryCards': {
      const rows = await db
        .select({ c: subcategoryCards, subcategoryName: subcategories.name, categoryName: categories.name, categoryId: categories.id })
        .from(subcategoryCards)
        .innerJoin(subcategories, eq(subcategories.id, subcategoryCards.subcategoryId))
        .innerJoin(categories, eq(categories.id, subcategories.categoryId))
        .orderBy(asc(subcategoryCards.sortOrder), asc(subcategoryCards.id));
      return rows.map(({ c, subcategoryName, categoryName }) => ({
        _id: c.id,
        kind,
        name: c.title,
        image: c.image,
        hidden: c.isHidden,
        sortOrder: c.sortOrder,
        subcategoryId: c.subcategoryId,
        subcategoryName,
        categoryName,
      }));
    }
    case 'vendorSection': {
      const rows = await db
        .select({ e: vendorSection, brandName: vendors.brandName, sellerName: vendors.sellerName, firstname: users.firstname, lastname: users.lastname })
        .from(vendorSection)
        .innerJoin(users, eq(users.id, vendorSection.vendorUserId))
        .leftJoin(vendors, eq(vendors.userId, vendorSection.vendorUserId))
        .orderBy(asc(vendorSection.sortOrder), asc(vendorSection.id));
      return rows.map(({ e, brandName, sellerName, firstname, lastname }) => ({
        _id: e.id,
        kind,
        name: brandName || sellerName || `${firstname} ${lastname}`.trim(),
        image: e.image,
        hidden: e.isHidden,
        sortOrder: e.sortOrder,
        vendorUserId: e.vendorUserId,
        vendorName: brandName || sellerName || `${firstname} ${lastname}`.trim(),
        place: e.place,
        description: e.description,
      }));
    }
  }
}

async function getItem(db: DbOrTx, kind: CatalogueKind, id: string): Promise<AdminCatalogueItem> {
  const item = (await listKind(db, kind)).find((i) => i._id === id);
  if (!item) throw notFound(`This ${LABEL[kind]} was not found`);
  return item;
}

async function row(db: DbOrTx, kind: CatalogueKind, id: string) {
  const t = shared(kind);
  const [found] = await db.select({ id: t.id }).from(t).where(eq(t.id, id)).limit(1).for('update');
  if (!found) throw notFound(`This ${LABEL[kind]} was not found`);
  return found;
}

// ---------- create and edit ----------

export type CatalogueFiles = Partial<Record<'image' | 'mobileImage', UploadedFile>>;
type Fields = Record<string, string>;

/** The form's text fields checked against its kind's rules: 400 with a message per field. */
function parseFields(kind: CatalogueKind, fields: Fields, partial: boolean): Record<string, unknown> {
  const schema = partial ? catalogueFields[kind].partial() : catalogueFields[kind];
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
    throw badRequest(Object.values(errors)[0] ?? 'Please check the form', errors);
  }
  return parsed.data as Record<string, unknown>;
}

/** 409 when another entry of the kind has this slug (a subcategory: within its category; a state: also its name). */
async function assertFree(db: DbOrTx, kind: CatalogueKind, slug: string, self: string | null, extra: { categoryId?: string; name?: string }) {
  const message = `A ${LABEL[kind]} with the address name “${slug}” already exists. Please choose another slug`;
  const not = <T extends { id: never }>(t: T) => (self ? ne((t as unknown as typeof styles).id, self) : undefined);
  let taken = false;
  if (kind === 'categories') taken = (await db.select({ id: categories.id }).from(categories).where(and(eq(categories.slug, slug), not(categories as never))).limit(1)).length > 0;
  if (kind === 'festiveOffers')
    taken = (await db.select({ id: festiveOffers.id }).from(festiveOffers).where(and(eq(festiveOffers.slug, slug), not(festiveOffers as never))).limit(1)).length > 0;
  if (kind === 'styles') taken = (await db.select({ id: styles.id }).from(styles).where(and(eq(styles.slug, slug), not(styles as never))).limit(1)).length > 0;
  if (kind === 'subcategories')
    taken =
      (await db
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(and(eq(subcategories.slug, slug), eq(subcategories.categoryId, extra.categoryId!), not(subcategories as never)))
        .limit(1)).length > 0;
  if (kind === 'states') {
    const [other] = await db
      .select({ slug: states.slug, name: states.name })
      .from(states)
      .where(and(or(eq(states.slug, slug), extra.name ? sql`lower(${states.name}) = lower(${extra.name})` : undefined), not(states as never)))
      .limit(1);
    if (other && other.slug !== slug) throw conflict(`A state named “${other.name}” already exists`);
    taken = Boolean(other);
  }
  if (taken) throw new AppError(409, message, { slug: message });
}

/** The entries a form points at exist: 400 on the field otherwise (a category, a subcategory, a vendor with a store). */
async function checkReferences(db: DbOrTx, f: Record<string, unknown>) {
  const refuse = (field: string, message: string) => {
    throw badRequest(message, { [field]: message });
  };
  if (typeof f.categoryId === 'string' && !(await db.select({ id: categories.id }).from(categories).where(eq(categories.id, f.categoryId)).limit(1)).length)
    refuse('categoryId', 'This category was not found');
  if (typeof f.subcategoryId === 'string' && !(await db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.id, f.subcategoryId)).limit(1)).length)
    refuse('subcategoryId', 'This subcategory was not found');
  if (typeof f.vendorUserId === 'string') {
    const [v] = await db
      .select({ id: vendors.id })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.userId))
      .where(and(eq(vendors.userId, f.vendorUserId), eq(users.role, 'vendor'), isNull(users.deletedAt)))
      .limit(1);
    if (!v) refuse('vendorUserId', 'This vendor was not found');
  }
}

function slugOf(kind: CatalogueKind, given: unknown, name: string): string {
  const slug = typeof given === 'string' && given ? given : slugify(name);
  if (!slug) {
    const message = `Please give the ${LABEL[kind]} a slug of letters or digits`;
    throw badRequest(message, { slug: message });
  }
  return slug;
}

async function storeFiles(ctx: Ctx, kind: CatalogueKind, files: CatalogueFiles) {
  const stored: Partial<Record<'image' | 'mobileImage', string>> = {};
  try {
    for (const field of ['image', 'mobileImage'] as const) {
      const file = files[field];
      if (!file) continue;
      const maxWidth = field === 'mobileImage' ? 1080 : MAX_WIDTH[kind];
      stored[field] = (await storeImage(ctx, file.bytes, { folder: `catalogue/${kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, maxWidth })).url;
    }
  } catch (err) {
    await dropFiles(ctx, stored);
    throw err;
  }
  return stored;
}

async function dropFiles(ctx: Ctx, stored: Partial<Record<string, string | null | undefined>>) {
  await Promise.all(Object.values(stored).map((url) => deleteUpload(ctx, url).catch(() => undefined)));
}

/** Audit detail: what the admin sent, minus nothing secret (catalogue text is public), plus the pictures replaced. */
const detailOf = (fields: Record<string, unknown>, stored: Record<string, string>) => ({ ...fields, ...stored });

/**
 * POST admin/catalogue/{kind}: a new entry at the end of its list, its pictures stored as WebP. A banner needs both
 * pictures. 409 for a slug (or a state's name) already taken; 415/413 for a picture refused by the upload rules.
 */
export async function createItem(ctx: Ctx, actorId: string, kind: CatalogueKind, fields: Fields, files: CatalogueFiles): Promise<AdminCatalogueItem> {
  const f = parseFields(kind, fields, false);
  if (CATALOGUE_IMAGE_REQUIRED.includes(kind)) {
    const errors: Record<string, string> = {};
    if (!files.image) errors.image = kind === 'banners' ? 'Please add the desktop picture' : 'Please add a picture';
    if (kind === 'banners' && !files.mobileImage) errors.mobileImage = 'Please add the mobile picture';
    if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  }
  const name = String(f.name ?? '');
  const slugged = SLUGGED.includes(kind);
  const slug = slugged ? slugOf(kind, f.slug, name) : '';
  await checkReferences(ctx.db, f);
  if (slugged) await assertFree(ctx.db, kind, slug, null, { categoryId: f.categoryId as string | undefined, name });
  const stored = await storeFiles(ctx, kind, files);
  const image = stored.image ?? '';
  const hidden = (f.hidden as boolean | undefined) ?? false;
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const t = shared(kind);
      const [last] = await tx.select({ max: sql<number>`coalesce(max(${t.sortOrder}), 0)::int` }).from(t);
      const sortOrder = (last?.max ?? 0) + 1;
      let inserted: { id: string }[];
      switch (kind) {
        case 'categories':
          inserted = await tx
            .insert(categories)
            .values({ name, slug, image, sortOrder, isHidden: hidden, gstRate: (f.gstRate as number | undefined) ?? 5, hsnCode: (f.hsnCode as string | undefined) || null })
            .returning({ id: categories.id });
          break;
        case 'subcategories':
          inserted = await tx
            .insert(subcategories)
            .values({ categoryId: String(f.categoryId), name, slug, image, sortOrder, isHidden: hidden })
            .returning({ id: subcategories.id });
          break;
        case 'styles':
          inserted = await tx
            .insert(styles)
            .values({ name, slug, image, sortOrder, isHidden: hidden, description: (f.description as string | undefined) ?? '' })
            .returning({ id: styles.id });
          break;
        case 'states':
          inserted = await tx
            .insert(states)
            .values({ name, slug, image, sortOrder, isHidden: hidden, slogan: (f.slogan as string | undefined) ?? '', video: (f.video as string | undefined) || null })
            .returning({ id: states.id });
          break;
        case 'festiveOffers':
          inserted = await tx
            .insert(festiveOffers)
            .values({ title: name, slug, image, sortOrder, status: hidden ? 'inactive' : 'active' })
            .returning({ id: festiveOffers.id });
          break;
        case 'crazyDeals':
          inserted = await tx
            .insert(crazyDeals)
            .values({ title: name, subtitle: (f.subtitle as string | undefined) ?? '', image, discount: (f.discount as number | undefined) ?? 0, link: String(f.link), sortOrder, isHidden: hidden })
            .returning({ id: crazyDeals.id });
          break;
        case 'subcategoryCards':
          inserted = await tx
            .insert(subcategoryCards)
            .values({ subcategoryId: String(f.subcategoryId), title: name, image, sortOrder, isHidden: hidden })
            .returning({ id: subcategoryCards.id });
          break;
        case 'vendorSection':
          inserted = await tx
            .insert(vendorSection)
            .values({
              vendorUserId: String(f.vendorUserId),
              image,
              place: (f.place as string | undefined) ?? '',
              description: (f.description as string | undefined) ?? '',
              sortOrder,
              isHidden: hidden,
            })
            .returning({ id: vendorSection.id });
          break;
        case 'banners':
          inserted = await tx
            .insert(banners)
            .values({
              placement: f.placement as 'home' | 'community',
              title: name,
              image,
              mobileImage: stored.mobileImage ?? '',
              link: (f.link as string | undefined) ?? '',
              sortOrder,
              isHidden: hidden,
            })
            .returning({ id: banners.id });
          break;
      }
      const newId = inserted[0]!.id;
      await recordAudit(tx, { actorId, action: 'create', entity: ENTITY[kind], entityId: newId, detail: detailOf({ ...f, slug: slug || undefined }, stored) });
      return newId;
    });
    ctx.catalogueCache.invalidate();
    return await getItem(ctx.db, kind, id);
  } catch (err) {
    if (err instanceof AppError) throw err;
    await dropFiles(ctx, stored);
    if (isUniqueViolation(err)) throw conflict(`A ${LABEL[kind]} with this slug already exists. Please choose another slug`);
    throw err;
  }
}

/**
 * PATCH admin/catalogue/{kind}/{id}: any field of the form; a new picture replaces the old one (whose files are
 * deleted once the change is saved).
 */
export async function updateItem(ctx: Ctx, actorId: string, kind: CatalogueKind, id: string, fields: Fields, files: CatalogueFiles): Promise<AdminCatalogueItem> {
  const f = parseFields(kind, fields, true);
  const current = await getItem(ctx.db, kind, id);
  const name = typeof f.name === 'string' ? f.name : current.name;
  const categoryId = (f.categoryId as string | undefined) ?? current.categoryId;
  const slugged = SLUGGED.includes(kind);
  const slug = slugged && typeof f.slug === 'string' && f.slug ? f.slug : undefined;
  await checkReferences(ctx.db, f);
  if (slugged && (slug || f.name !== undefined || f.categoryId)) {
    await assertFree(ctx.db, kind, slug ?? current.slug!, id, { categoryId, name: f.name !== undefined ? name : undefined });
  }
  const stored = await storeFiles(ctx, kind, files);
  const replaced: Record<string, string | undefined> = {};
  const set = <T>(key: string, v: T | undefined) => (v === undefined ? {} : { [key]: v });
  const hidden = f.hidden as boolean | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      await row(tx, kind, id);
      if (stored.image) replaced.image = current.image;
      if (stored.mobileImage) replaced.mobileImage = current.mobileImage;
      switch (kind) {
        case 'categories':
          await tx
            .update(categories)
            .set({
              ...set('name', f.name as string | undefined),
              ...set('slug', slug),
              ...set('image', stored.image),
              ...set('isHidden', hidden),
              ...set('gstRate', f.gstRate as number | undefined),
              ...(f.hsnCode !== undefined ? { hsnCode: (f.hsnCode as string) || null } : {}),
            })
            .where(eq(categories.id, id));
          break;
        case 'subcategories':
          await tx
            .update(subcategories)
            .set({ ...set('name', f.name as string | undefined), ...set('slug', slug), ...set('image', stored.image), ...set('isHidden', hidden), ...set('categoryId', f.categoryId as string | undefined) })
            .where(eq(subcategories.id, id));
          break;
        case 'styles':
          await tx
            .update(styles)
            .set({ ...set('name', f.name as string | undefined), ...set('slug', slug), ...set('image', stored.image), ...set('isHidden', hidden), ...set('description', f.description as string | undefined) })
            .where(eq(styles.id, id));
          break;
        case 'states':
          await tx
            .update(states)
            .set({
              ...set('name', f.name as string | undefined),
              ...set('slug', slug),
              ...set('image', stored.image),
              ...set('isHidden', hidden),
              ...set('slogan', f.slogan as string | undefined),
              ...(f.video !== undefined ? { video: (f.video as string) || null } : {}),
            })
            .where(eq(states.id, id));
          break;
        case 'festiveOffers':
          await tx
            .update(festiveOffers)
            .set({ ...set('title', f.name as string | undefined), ...set('slug', slug), ...set('image', stored.image), ...(hidden === undefined ? {} : { status: hidden ? ('inactive' as const) : ('active' as const) }) })
            .where(eq(festiveOffers.id, id));
          break;
        case 'crazyDeals':
          await tx
            .update(crazyDeals)
            .set({
              ...set('title', f.name as string | undefined),
              ...set('subtitle', f.subtitle as string | undefined),
              ...set('discount', f.discount as number | undefined),
              ...set('link', f.link as string | undefined),
              ...set('image', stored.image),
              ...set('isHidden', hidden),
            })
            .where(eq(crazyDeals.id, id));
          break;
        case 'subcategoryCards':
          await tx
            .update(subcategoryCards)
            .set({ ...set('title', f.name as string | undefined), ...set('subcategoryId', f.subcategoryId as string | undefined), ...set('image', stored.image), ...set('isHidden', hidden) })
            .where(eq(subcategoryCards.id, id));
          break;
        case 'vendorSection':
          await tx
            .update(vendorSection)
            .set({
              ...set('vendorUserId', f.vendorUserId as string | undefined),
              ...set('place', f.place as string | undefined),
              ...set('description', f.description as string | undefined),
              ...set('image', stored.image),
              ...set('isHidden', hidden),
            })
            .where(eq(vendorSection.id, id));
          break;
        case 'banners':
          await tx
            .update(banners)
            .set({
              ...set('title', f.name as string | undefined),
              ...set('image', stored.image),
              ...set('mobileImage', stored.mobileImage),
              ...set('isHidden', hidden),
              ...set('link', f.link as string | undefined),
              ...set('placement', f.placement as 'home' | 'community' | undefined),
            })
            .where(eq(banners.id, id));
          break;
      }
      await recordAudit(tx, { actorId, action: 'update', entity: ENTITY[kind], entityId: id, detail: detailOf(f, stored) });
    });
  } catch (err) {
    await dropFiles(ctx, stored);
    if (isUniqueViolation(err)) throw conflict(`A ${LABEL[kind]} with this slug already exists. Please choose another slug`);
    throw err;
  }
  ctx.catalogueCache.invalidate();
  await dropFiles(ctx, replaced);
  return getItem(ctx.db, kind, id);
}

// ---------- order, visibility, delete ----------

/**
 * POST admin/catalogue/{kind}/order: the ids given take places 1, 2, 3… in that order (others keep theirs, after
 * them when they were numbered higher). 404 when one of them is not of this kind; one statement, one audit entry.
 */
export async function reorder(ctx: Ctx, actorId: string, kind: CatalogueKind, ids: string[]): Promise<AdminCatalogueItem[]> {
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw badRequest('Each id may appear only once', { ids: 'Each id may appear only once' });
  const t = shared(kind);
  // The ids are checked uuids (contract objectId), so the array literal cannot carry anything else.
  const list = sql.raw(`'{${unique.join(',')}}'::uuid[]`);
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ n: count() }).from(t).where(sql`${t.id} = any(${list})`);
    if ((found?.n ?? 0) !== unique.length) throw notFound(`Some of these were not found among the ${kind}`);
    await tx.execute(sql`update ${t} set sort_order = v.pos from unnest(${list}) with ordinality as v(id, pos) where ${t}.id = v.id`);
    await recordAudit(tx, { actorId, action: 'reorder', entity: ENTITY[kind], entityId: null, detail: { ids: unique } });
  });
  ctx.catalogueCache.invalidate();
  return listKind(ctx.db, kind);
}

/** PATCH admin/catalogue/{kind}/{id}/visibility: hides (gone from the public lists at once) or shows an entry. */
export async function setHidden(ctx: Ctx, actorId: string, kind: CatalogueKind, id: string, hidden: boolean): Promise<AdminCatalogueItem> {
  const t = shared(kind);
  const current = await getItem(ctx.db, kind, id);
  await ctx.db.transaction(async (tx) => {
    await row(tx, kind, id);
    if (current.hidden === hidden) return;
    if (kind === 'festiveOffers') await tx.update(festiveOffers).set({ status: hidden ? 'inactive' : 'active' }).where(eq(festiveOffers.id, id));
    else await tx.update(t).set({ isHidden: hidden }).where(eq(t.id, id));
    await recordAudit(tx, { actorId, action: hidden ? 'hide' : 'show', entity: ENTITY[kind], entityId: id, detail: { name: current.name } });
  });
  ctx.catalogueCache.invalidate();
  return getItem(ctx.db, kind, id);
}

/**
 * DELETE admin/catalogue/{kind}/{id}: refused (409) while products use it, hidden or deleted ones included (their
 * orders keep pointing at it): hide it instead. A category goes with its subcategories (and their home cards).
 */
export async function deleteItem(ctx: Ctx, actorId: string, kind: CatalogueKind, id: string): Promise<void> {
  const item = await getItem(ctx.db, kind, id);
  const inUse = item.productsCount ?? 0;
  if (inUse > 0) throw conflict(`This ${LABEL[kind]} is used by ${inUse} product${inUse === 1 ? '' : 's'} and cannot be deleted. Hide it instead`);
  const t = shared(kind);
  let pictures: string[] = [item.image, item.mobileImage ?? ''];
  try {
    await ctx.db.transaction(async (tx) => {
      await row(tx, kind, id);
      if (kind === 'categories') {
        const subs = await tx.select({ image: subcategories.image }).from(subcategories).where(eq(subcategories.categoryId, id));
        pictures = [...pictures, ...subs.map((s) => s.image)];
      }
      await tx.delete(t).where(eq(t.id, id));
      await recordAudit(tx, { actorId, action: 'delete', entity: ENTITY[kind], entityId: id, detail: { name: item.name, slug: item.slug } });
    });
  } catch (err) {
    // a product added since the count above (the database's foreign key has the last word)
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23503' || e.cause?.code === '23503') throw conflict(`This ${LABEL[kind]} is used by products and cannot be deleted. Hide it instead`);
    throw err;
  }
  ctx.catalogueCache.invalidate();
  await dropFiles(ctx, Object.fromEntries(pictures.map((p, i) => [String(i), p])));
}

// ---------- trending ----------

/**
 * GET admin/catalogue/products: live products (not deleted) whose name or vendor (store or seller name) has the words
 * typed, newest first, 20 a page; trending ones only if asked.
 */
export async function listProductsForTrending(db: DbOrTx, q: { q?: string; trending?: 'true' | 'false'; page: number }): Promise<AdminProductList> {
  const like = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    isNull(products.deletedAt),
    like ? or(ilike(products.name, like), ilike(vendors.brandName, like), ilike(vendors.sellerName, like)) : undefined,
    q.trending ? eq(products.isTrending, q.trending === 'true') : undefined,
  );
  const [rows, [total]] = await Promise.all([
    productRows(db)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(ADMIN_PRODUCTS_PAGE_SIZE)
      .offset((q.page - 1) * ADMIN_PRODUCTS_PAGE_SIZE),
    db.select({ n: count() }).from(products).leftJoin(vendors, eq(vendors.userId, products.vendorId)).where(where),
  ]);
  return {
    products: rows,
    count: total?.n ?? 0,
  };
}

/** PATCH admin/catalogue/products/{id}/trending: the flag behind the Trending strip and /product/trendingproducts. */
export async function setTrending(ctx: Ctx, actorId: string, id: string, trending: boolean) {
  await ctx.db.transaction(async (tx) => {
    const [p] = await tx
      .select({ id: products.id, isTrending: products.isTrending, name: products.name })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .limit(1)
      .for('update');
    if (!p) throw notFound('This product was not found');
    if (p.isTrending === trending) return;
    await tx.update(products).set({ isTrending: trending }).where(eq(products.id, id));
    await recordAudit(tx, { actorId, action: trending ? 'trend' : 'untrend', entity: 'product', entityId: id, detail: { name: p.name } });
  });
  ctx.catalogueCache.invalidate();
  const [p] = await productRows(ctx.db).where(eq(products.id, id)).limit(1);
  if (!p) throw notFound('This product was not found');
  return p;
}

// ---------- festive offer products ----------

async function festiveOfferOf(db: DbOrTx, id: string) {
  const [offer] = await db.select({ id: festiveOffers.id, title: festiveOffers.title }).from(festiveOffers).where(eq(festiveOffers.id, id)).limit(1);
  if (!offer) throw notFound('This festive offer was not found');
  return offer;
}

/** GET admin/catalogue/festiveOffers/{id}/products: the offer's products (deleted ones left out), by name, 20 a page. */
export async function listFestiveOfferProducts(db: DbOrTx, offerId: string, page: number): Promise<AdminProductList> {
  await festiveOfferOf(db, offerId);
  const where = and(
    isNull(products.deletedAt),
    sql`exists (select 1 from ${productFestiveOffers} pf where pf.product_id = ${products.id} and pf.festive_offer_id = ${offerId})`,
  );
  const [rows, [total]] = await Promise.all([
    productRows(db)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(ADMIN_PRODUCTS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { products: rows, count: total?.n ?? 0 };
}

/**
 * POST admin/catalogue/festiveOffers/{id}/products (add) and DELETE …/products/{productId} (remove): puts a product in
 * the offer's collection (the listing filter festiveCategoryId) or takes it out. Doing it twice changes nothing and
 * writes no second audit entry. 404 for an offer or product that does not exist (or is deleted).
 */
export async function setFestiveOfferProduct(ctx: Ctx, actorId: string, offerId: string, productId: string, inOffer: boolean) {
  const changed = await ctx.db.transaction(async (tx) => {
    const offer = await festiveOfferOf(tx, offerId);
    const [p] = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)))
      .limit(1);
    if (!p) throw notFound('This product was not found');
    const done = inOffer
      ? await tx.insert(productFestiveOffers).values({ productId, festiveOfferId: offerId }).onConflictDoNothing().returning({ id: productFestiveOffers.productId })
      : await tx
          .delete(productFestiveOffers)
          .where(and(eq(productFestiveOffers.productId, productId), eq(productFestiveOffers.festiveOfferId, offerId)))
          .returning({ id: productFestiveOffers.productId });
    if (!done.length) return false;
    await recordAudit(tx, {
      actorId,
      action: inOffer ? 'add_product' : 'remove_product',
      entity: ENTITY.festiveOffers,
      entityId: offerId,
      detail: { name: offer.title, product: p.name, productId },
    });
    return true;
  });
  if (changed) ctx.catalogueCache.invalidate();
  const [row] = await productRows(ctx.db).where(eq(products.id, productId)).limit(1);
  if (!row) throw notFound('This product was not found');
  return row;
}

/** A product as the trending screen shows it: first picture, category and the vendor's store name. */
function productRows(db: DbOrTx) {
  return db
    .select({
      _id: products.id,
      name: products.name,
      slug: products.slug,
      image: sql<string>`coalesce(${products.images}[1], '')`,
      isTrending: products.isTrending,
      isActive: products.isActive,
      categoryName: categories.name,
      vendorName: sql<string>`coalesce(nullif(${vendors.brandName}, ''), ${vendors.sellerName}, ${users.firstname})`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.vendorId))
    .leftJoin(vendors, eq(vendors.userId, products.vendorId))
    .$dynamic();
}
