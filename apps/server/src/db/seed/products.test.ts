import { describe, expect, it } from 'vitest';
import { VENDORS } from './data/vendors.ts';
import { generateProduct, planProducts } from './products.ts';

describe('seeded product descriptions', () => {
  it('name a vendor whose district is its state once ("Made by hand in Chandigarh", not "Chandigarh, Chandigarh")', () => {
    const plan = planProducts(VENDORS.map((def, i) => ({ def, userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` })));
    const texts = Array.from({ length: 1200 }, (_, i) => generateProduct(i, plan).product).filter((p) => p.vendorId === plan.vendors.find((v) => v.vendor.def.state === 'Chandigarh')!.vendor.userId);
    expect(texts.length).toBeGreaterThan(0);
    for (const p of texts) {
      expect(p.description).toContain('Chandigarh');
      expect(p.description).not.toMatch(/Chandigarh, Chandigarh/);
      expect(p.metaDescription).not.toMatch(/Chandigarh, Chandigarh/);
    }
    // and a district that is not its state is still named with it
    const jaipur = Array.from({ length: 24 }, (_, i) => generateProduct(i, plan).product).find((p) => p.description?.includes('Jaipur'));
    expect(jaipur?.description).toContain('Jaipur, Rajasthan');
  });
});
