import { describe, expect, it } from 'vitest';
import { catalogueAuditLink, describeCatalogueAudit } from './audit-text.ts';

describe('the catalogue’s audit entries', () => {
  it('read as sentences naming the entry', () => {
    expect(describeCatalogueAudit({ entity: 'category', action: 'hide', detail: {} })).toBe('Hid the category');
    expect(describeCatalogueAudit({ entity: 'banner', action: 'create', detail: { name: 'Diwali' } })).toBe('Added the banner “Diwali”');
    expect(describeCatalogueAudit({ entity: 'product', action: 'trend', detail: { name: 'Ikat saree' } })).toBe('Marked the product “Ikat saree” trending');
    expect(describeCatalogueAudit({ entity: 'style', action: 'reorder', detail: {} })).toBe('Reordered the styles');
    expect(describeCatalogueAudit({ entity: 'festive_offer', action: 'add_product', detail: { name: 'Diwali', product: 'Ikat saree' } })).toBe(
      'Put the product “Ikat saree” in the festive offer “Diwali”',
    );
    expect(describeCatalogueAudit({ entity: 'festive_offer', action: 'remove_product', detail: { name: 'Diwali', product: 'Ikat saree' } })).toBe(
      'Took the product “Ikat saree” out of the festive offer “Diwali”',
    );
    expect(describeCatalogueAudit({ entity: 'user', action: 'block', detail: {} })).toBeNull();
  });

  it('link to the tab that keeps them', () => {
    expect(catalogueAuditLink('crazy_deal')).toBe('/admin/catalogue/crazyDeals');
    expect(catalogueAuditLink('faq')).toBeNull();
  });
});
