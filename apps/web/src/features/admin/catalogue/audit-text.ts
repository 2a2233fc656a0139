import type { AuditEntry } from '@statewise/contract/schemas/admin';

/** The catalogue's entries of the audit log (server admin-catalogue ENTITY), as the log's filter names them. */
const ENTITIES: Record<string, { label: string; one: string; tab: string }> = {
  category: { label: 'Categories', one: 'category', tab: 'categories' },
  subcategory: { label: 'Subcategories', one: 'subcategory', tab: 'subcategories' },
  style: { label: 'Styles', one: 'style', tab: 'styles' },
  state: { label: 'States', one: 'state', tab: 'states' },
  banner: { label: 'Banners', one: 'banner', tab: 'banners' },
  festive_offer: { label: 'Festive offers', one: 'festive offer', tab: 'festiveOffers' },
  crazy_deal: { label: 'Crazy deals', one: 'crazy deal', tab: 'crazyDeals' },
  subcategory_card: { label: 'Subcategory cards', one: 'subcategory card', tab: 'subcategoryCards' },
  vendor_section: { label: 'Featured vendors', one: 'featured vendor', tab: 'vendorSection' },
  product: { label: 'Trending products', one: 'product', tab: 'trending' },
};

export const CATALOGUE_AUDIT_ENTITIES = Object.entries(ENTITIES).map(([key, e]) => ({ key, label: e.label }));

const VERB: Record<string, string> = { create: 'Added', update: 'Edited', delete: 'Deleted', hide: 'Hid', show: 'Showed again', reorder: 'Reordered' };

/** A catalogue entry as a sentence ("Hid the category “Combo”"), or null for another kind of entry. */
export function describeCatalogueAudit(e: Pick<AuditEntry, 'action' | 'entity' | 'detail'>): string | null {
  const kind = ENTITIES[e.entity];
  if (!kind) return null;
  const name = typeof e.detail.name === 'string' && e.detail.name.trim() ? ` “${e.detail.name}”` : '';
  if (e.action === 'trend') return `Marked the product${name} trending`;
  if (e.action === 'untrend') return `Took the product${name} off trending`;
  const product = typeof e.detail.product === 'string' ? ` “${e.detail.product}”` : '';
  if (e.action === 'add_product') return `Put the product${product} in the ${kind.one}${name}`;
  if (e.action === 'remove_product') return `Took the product${product} out of the ${kind.one}${name}`;
  if (e.action === 'reorder') return `Reordered the ${kind.label.toLowerCase()}`;
  const verb = VERB[e.action];
  return verb ? `${verb} the ${kind.one}${name}` : null;
}

/** The catalogue tab an entry's thing is kept on. */
export function catalogueAuditLink(entity: string): string | null {
  const kind = ENTITIES[entity];
  return kind ? `/admin/catalogue/${kind.tab}` : null;
}
