import type { DbOrTx } from '../client.ts';
import { creditNewUserReward } from '../../modules/wallet/service.ts';
import { seedDemoAccounts } from './accounts.ts';
import { seedCommunity } from './community.ts';
import { seedFaq } from './faq.ts';
import { seedReviews } from './reviews.ts';
import { STATES } from './data/states.ts';
import { seedFestiveOffers, seedMerchandising } from './merch.ts';
import { DEFAULT_DEMO_PRODUCTS, insertProducts, planProducts } from './products.ts';
import { seedCategories, seedStates, seedStyles, seedVendors } from './reference.ts';

export interface SeedOptions {
  /** Number of products (the demo has 1,200 by default; benchmarks ask for 100,000). */
  products?: number;
  onProgress?: (message: string) => void;
}

export interface SeedSummary {
  products: number;
  vendors: number;
}

/**
 * The deterministic demo marketplace: the demo accounts, all states and UTs, categories (with the hidden
 * Combo), styles, vendors, products with their stock and festive offers, and the home page's merchandising.
 * Everything is written in one transaction, so an interrupted first start leaves an empty database that the
 * next start seeds again, never half a demo.
 */
export async function seedDemo(db: DbOrTx, opts: SeedOptions = {}): Promise<SeedSummary> {
  const total = opts.products ?? DEFAULT_DEMO_PRODUCTS;
  if (!Number.isInteger(total) || total < 0) throw new Error(`The number of products must be a whole number, not ${total}`);
  const say = opts.onProgress ?? (() => {});
  return db.transaction(async (tx) => {
    say('Seeding demo accounts');
    const accounts = await seedDemoAccounts(tx);
    // The demo shopper signed up like anyone else, so the wallet shows the new-user reward (issue 5).
    await creditNewUserReward(tx, accounts.user);
    say(`Seeding states (${STATES.length})`);
    await seedStates(tx);
    say('Seeding categories and styles');
    await seedCategories(tx);
    await seedStyles(tx);
    const vendors = await seedVendors(tx, accounts.vendor);
    say(`Seeding vendors (${vendors.length})`);
    await seedFestiveOffers(tx);
    const plan = planProducts(vendors);
    // Small batches for the demo so the first start shows its progress; big ones for benchmark catalogues.
    const batchSize = total > 20_000 ? 2000 : 400;
    await insertProducts(tx, plan, total, {
      batchSize,
      onBatch: (done, all) => say(`Seeding products ${done.toLocaleString('en-IN')} of ${all.toLocaleString('en-IN')}`),
    });
    say('Seeding banners, deals and featured vendors');
    await seedMerchandising(tx, vendors);
    say('Seeding reviews of the best sellers');
    await seedReviews(tx);
    say('Seeding the FAQ the chatbot answers from');
    await seedFaq(tx);
    say('Seeding the community feed');
    await seedCommunity(tx, accounts);
    return { products: total, vendors: vendors.length };
  });
}
