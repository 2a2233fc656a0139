import { seedUuid } from './random.ts';

/** The seed's row ids, derived from stable keys so they are the same on every run (links carry some of them). */
export const seedIds = {
  state: (slug: string) => seedUuid(`state:${slug}`),
  category: (slug: string) => seedUuid(`category:${slug}`),
  subcategory: (slug: string) => seedUuid(`subcategory:${slug}`),
  style: (slug: string) => seedUuid(`style:${slug}`),
  vendorUser: (slug: string) => seedUuid(`vendor-user:${slug}`),
  vendor: (slug: string) => seedUuid(`vendor:${slug}`),
  festiveOffer: (slug: string) => seedUuid(`festive-offer:${slug}`),
  product: (index: number) => seedUuid(`product:${index}`),
  productColor: (index: number, colour: number) => seedUuid(`product-color:${index}:${colour}`),
  merch: (kind: string, index: number) => seedUuid(`${kind}:${index}`),
};
