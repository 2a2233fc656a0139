import type { Banner, Category, CrazyDeal, FestiveOffer, State, Style, Subcategory, SubcategoryCard } from '@statewise/contract';
import type { banners, categories, crazyDeals, festiveOffers, states, styles, subcategories } from '../../db/schema/index.ts';

type CategoryRow = typeof categories.$inferSelect;
type SubcategoryRow = typeof subcategories.$inferSelect;

export function toSubcategory(s: SubcategoryRow): Subcategory {
  return { _id: s.id, subcategoryName: s.name, slug: s.slug, image: s.image, categoryId: s.categoryId };
}

export function toCategory(c: CategoryRow, subs: SubcategoryRow[]): Category {
  return { _id: c.id, name: c.name, slug: c.slug, image: c.image, subcategory: subs.map(toSubcategory) };
}

export function toStyle(s: typeof styles.$inferSelect): Style {
  return { _id: s.id, name: s.name, slug: s.slug, image: s.image, description: s.description };
}

export function toState(s: typeof states.$inferSelect): State {
  return { _id: s.id, name: s.name, slug: s.slug, image: s.image, video: s.video ?? null, slogan: s.slogan };
}

export function toBanner(b: typeof banners.$inferSelect): Banner {
  return { _id: b.id, image: b.image, mobileImage: b.mobileImage, title: b.title, link: b.link };
}

export function toFestiveOffer(f: typeof festiveOffers.$inferSelect): FestiveOffer {
  return { _id: f.id, title: f.title, slug: f.slug, image: f.image, status: f.status };
}

export function toCrazyDeal(d: typeof crazyDeals.$inferSelect): CrazyDeal {
  return { _id: d.id, title: d.title, subtitle: d.subtitle, image: d.image, discount: d.discount, link: d.link };
}

/** A home subcategory card; it links to the subcategory's listing /products/{category}/{subcategory}. */
export function toSubcategoryCard(r: {
  id: string;
  title: string;
  image: string;
  subcategory: Pick<SubcategoryRow, 'id' | 'name' | 'slug'>;
  category: Pick<CategoryRow, 'id' | 'name' | 'slug'>;
}): SubcategoryCard {
  return {
    _id: r.id,
    title: r.title,
    image: r.image,
    link: `/products/${encodeURIComponent(r.category.slug)}/${encodeURIComponent(r.subcategory.slug)}`,
    subcategoryId: { _id: r.subcategory.id, subcategoryName: r.subcategory.name, slug: r.subcategory.slug },
    categoryId: { _id: r.category.id, name: r.category.name, slug: r.category.slug },
  };
}
