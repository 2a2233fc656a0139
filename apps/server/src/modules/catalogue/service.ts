import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  MSG,
  objectId,
  type Banner,
  type Category,
  type CrazyDeal,
  type FestiveOffer,
  type State,
  type Style,
  type Subcategory,
  type SubcategoryCard,
  type VendorCard,
} from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  banners,
  categories,
  crazyDeals,
  festiveOffers,
  states,
  styles,
  subcategories,
  subcategoryCards,
  users,
  vendors,
  vendorSection,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { toVendorCard } from '../vendors/serialize.ts';
import { toBanner, toCategory, toCrazyDeal, toFestiveOffer, toState, toStyle, toSubcategory, toSubcategoryCard } from './serialize.ts';

/** POST category/list: visible categories (never the hidden Combo) with their visible subcategories, by sort order then name. */
export async function listCategories(db: DbOrTx): Promise<Category[]> {
  const [cats, subs] = await Promise.all([
    db.select().from(categories).where(eq(categories.isHidden, false)).orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id)),
    db
      .select({ sub: subcategories })
      .from(subcategories)
      .innerJoin(categories, eq(categories.id, subcategories.categoryId))
      .where(and(eq(categories.isHidden, false), eq(subcategories.isHidden, false)))
      .orderBy(asc(subcategories.sortOrder), asc(subcategories.name), asc(subcategories.id)),
  ]);
  const byCategory = new Map<string, (typeof subs)[number]['sub'][]>();
  for (const { sub } of subs) {
    const list = byCategory.get(sub.categoryId) ?? [];
    list.push(sub);
    byCategory.set(sub.categoryId, list);
  }
  return cats.map((c) => toCategory(c, byCategory.get(c.id) ?? []));
}

/** POST style/list: the styles an admin has not hidden. */
export async function listStyles(db: DbOrTx): Promise<Style[]> {
  const rows = await db.select().from(styles).where(eq(styles.isHidden, false)).orderBy(asc(styles.sortOrder), asc(styles.name), asc(styles.id));
  return rows.map(toStyle);
}

/** POST state/list: the states an admin has not hidden (a hidden state's page still opens by its address). */
export async function listStates(db: DbOrTx): Promise<State[]> {
  const rows = await db.select().from(states).where(eq(states.isHidden, false)).orderBy(asc(states.sortOrder), asc(states.name), asc(states.id));
  return rows.map(toState);
}

/** GET admin/baseStates: every state and union territory by name, for forms. */
export async function baseStates(db: DbOrTx): Promise<{ _id: string; name: string; slug: string }[]> {
  const rows = await db.select({ _id: states.id, name: states.name, slug: states.slug }).from(states).orderBy(asc(states.name));
  return rows;
}

/**
 * GET state/{stateId}. The listing route /shop-by-state/{stateSlug} knows only the slug, so a slug is accepted
 * as well as an id: an id-shaped value is looked up by id, anything else by slug.
 */
export async function stateByIdOrSlug(db: DbOrTx, idOrSlug: string): Promise<State> {
  const byId = objectId.safeParse(idOrSlug).success;
  const rows = await db
    .select()
    .from(states)
    .where(byId ? eq(states.id, idOrSlug) : eq(states.slug, idOrSlug))
    .limit(1);
  if (!rows[0]) throw notFound(MSG.stateNotFound);
  return toState(rows[0]);
}

/** The visible subcategories of a category found by slug or id (hidden categories too: only lists hide them). */
export async function subcategoriesOf(db: DbOrTx, by: { slug: string } | { id: string }): Promise<Subcategory[]> {
  const found = await db
    .select({ id: categories.id })
    .from(categories)
    .where('slug' in by ? eq(categories.slug, by.slug) : eq(categories.id, by.id))
    .limit(1);
  if (!found[0]) throw notFound(MSG.categoryNotFound);
  const rows = await db
    .select()
    .from(subcategories)
    .where(and(eq(subcategories.categoryId, found[0].id), eq(subcategories.isHidden, false)))
    .orderBy(asc(subcategories.sortOrder), asc(subcategories.name), asc(subcategories.id));
  return rows.map(toSubcategory);
}

/** POST banner/list (home) and communityBanner/list (community): the banners an admin has not hidden. */
export async function listBanners(db: DbOrTx, placement: 'home' | 'community'): Promise<Banner[]> {
  const rows = await db.select().from(banners).where(and(eq(banners.placement, placement), eq(banners.isHidden, false))).orderBy(asc(banners.sortOrder), asc(banners.id));
  return rows.map(toBanner);
}

/** POST festiveOffer/list: all offers, or those of one status. */
export async function listFestiveOffers(db: DbOrTx, status?: 'active' | 'inactive'): Promise<FestiveOffer[]> {
  const rows = await db
    .select()
    .from(festiveOffers)
    .where(status ? eq(festiveOffers.status, status) : undefined)
    .orderBy(asc(festiveOffers.sortOrder), asc(festiveOffers.title), asc(festiveOffers.id));
  return rows.map(toFestiveOffer);
}

/** GET crazydeals: the deals an admin has not hidden. */
export async function listCrazyDeals(db: DbOrTx): Promise<CrazyDeal[]> {
  const rows = await db.select().from(crazyDeals).where(eq(crazyDeals.isHidden, false)).orderBy(asc(crazyDeals.sortOrder), asc(crazyDeals.id));
  return rows.map(toCrazyDeal);
}

/** GET subcategory-cards: cards of visible subcategories of visible categories. */
export async function listSubcategoryCards(db: DbOrTx): Promise<SubcategoryCard[]> {
  const rows = await db
    .select({
      card: subcategoryCards,
      subcategory: { id: subcategories.id, name: subcategories.name, slug: subcategories.slug },
      category: { id: categories.id, name: categories.name, slug: categories.slug },
    })
    .from(subcategoryCards)
    .innerJoin(subcategories, eq(subcategories.id, subcategoryCards.subcategoryId))
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(and(eq(categories.isHidden, false), eq(subcategories.isHidden, false), eq(subcategoryCards.isHidden, false)))
    .orderBy(asc(subcategoryCards.sortOrder), asc(subcategoryCards.id));
  return rows.map((r) => toSubcategoryCard({ id: r.card.id, title: r.card.title, image: r.card.image, subcategory: r.subcategory, category: r.category }));
}

/** GET vendor-section: the home page's featured vendors (approved, live accounts, stores not suspended). */
export async function listVendorSection(db: DbOrTx): Promise<VendorCard[]> {
  const rows = await db
    .select({
      entry: vendorSection,
      user: { id: users.id, firstname: users.firstname, lastname: users.lastname },
      vendor: { sellerName: vendors.sellerName, slug: vendors.slug, brandName: vendors.brandName },
    })
    .from(vendorSection)
    .innerJoin(users, eq(users.id, vendorSection.vendorUserId))
    .innerJoin(vendors, eq(vendors.userId, vendorSection.vendorUserId))
    .where(and(eq(vendors.registrationStep, 2), isNull(users.deletedAt), isNull(vendors.suspendedAt), eq(vendorSection.isHidden, false)))
    .orderBy(asc(vendorSection.sortOrder), asc(vendorSection.id));
  return rows.map((r) =>
    toVendorCard({ id: r.entry.id, image: r.entry.image, place: r.entry.place, description: r.entry.description, user: r.user, vendor: r.vendor }),
  );
}
