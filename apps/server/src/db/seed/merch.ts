import { artUrl } from '../../lib/art/url.ts';
import type { DbOrTx } from '../client.ts';
import { banners, crazyDeals, festiveOffers, subcategoryCards, vendorSection } from '../schema/index.ts';
import { bulkInsert } from './bulk.ts';
import { COMMUNITY_BANNERS, CRAZY_DEALS, FEATURED_VENDORS, FESTIVE_OFFERS, HOME_BANNERS, SUBCATEGORY_CARDS } from './data/merch.ts';
import { STYLES } from './data/styles.ts';
import { seedIds } from './ids.ts';
import type { SeededVendor } from './reference.ts';

/** Festive offers go in before products, which link to them. */
export async function seedFestiveOffers(db: DbOrTx): Promise<void> {
  await bulkInsert(
    db,
    festiveOffers,
    FESTIVE_OFFERS.map((f, i) => ({
      id: seedIds.festiveOffer(f.slug),
      title: f.title,
      slug: f.slug,
      image: artUrl({ kind: 'card', motif: f.motif, palette: f.palette, seed: 800 + i, label: f.title }),
      status: f.status,
      sortOrder: i + 1,
    })),
  );
}

/** `{festive:slug}` in a link becomes that offer's id. */
export function resolveLink(link: string): string {
  return link.replace(/\{festive:([a-z0-9-]+)\}/g, (_, slug: string) => {
    if (!FESTIVE_OFFERS.some((f) => f.slug === slug)) throw new Error(`Unknown festive offer in link: ${slug}`);
    return seedIds.festiveOffer(slug);
  });
}

/** Banners, crazy deals, subcategory cards and the featured vendors of the home page. */
export async function seedMerchandising(db: DbOrTx, vendors: readonly SeededVendor[]): Promise<void> {
  const bannerRows = [
    ...HOME_BANNERS.map((b, i) => ({ placement: 'home' as const, b, i })),
    ...COMMUNITY_BANNERS.map((b, i) => ({ placement: 'community' as const, b, i })),
  ].map(({ placement, b, i }) => ({
    id: seedIds.merch(`banner-${placement}`, i),
    placement,
    title: b.title,
    image: artUrl({ kind: 'banner', motif: b.motif, palette: b.palette, seed: 900 + i + (placement === 'community' ? 50 : 0), label: b.label }),
    mobileImage: artUrl({ kind: 'banner-mobile', motif: b.motif, palette: b.palette, seed: 900 + i + (placement === 'community' ? 50 : 0), label: b.label }),
    link: resolveLink(b.link),
    sortOrder: i + 1,
  }));
  await bulkInsert(db, banners, bannerRows);

  await bulkInsert(
    db,
    crazyDeals,
    CRAZY_DEALS.map((d, i) => ({
      id: seedIds.merch('crazy-deal', i),
      title: d.title,
      subtitle: d.subtitle,
      image: artUrl({ kind: 'deal', motif: d.motif, palette: d.palette, seed: 1000 + i }),
      discount: d.discount,
      link: resolveLink(d.link),
      sortOrder: i + 1,
    })),
  );

  await bulkInsert(
    db,
    subcategoryCards,
    SUBCATEGORY_CARDS.map((c, i) => ({
      id: seedIds.merch('subcategory-card', i),
      subcategoryId: seedIds.subcategory(c.subcategory),
      title: c.title,
      image: artUrl({ kind: 'card', motif: c.motif, palette: c.palette, seed: 1100 + i, label: c.title }),
      sortOrder: i + 1,
    })),
  );

  await bulkInsert(
    db,
    vendorSection,
    FEATURED_VENDORS.map((f, i) => {
      const seeded = vendors.find((v) => v.def.slug === f.vendor);
      if (!seeded) throw new Error(`Featured vendor ${f.vendor} is not in data/vendors.ts`);
      const style = STYLES.find((s) => s.slug === seeded.def.lines[0]![1])!;
      return {
        id: seedIds.merch('vendor-section', i),
        vendorUserId: seeded.userId,
        image: artUrl({ kind: 'card', motif: style.motif, palette: style.palette + 1, seed: 1200 + i, label: seeded.def.brandName }),
        place: f.place,
        description: f.description,
        sortOrder: i + 1,
      };
    }),
  );
}
