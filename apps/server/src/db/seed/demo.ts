import type { Db } from '../client.ts';
import { seedDemoAccounts } from './accounts.ts';

export interface SeedOptions {
  /** Number of products (the demo has at least 1,000; benchmarks ask for 100,000). */
  products?: number;
  onProgress?: (message: string) => void;
}

/** The deterministic demo marketplace. */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<void> {
  opts.onProgress?.('Seeding demo accounts');
  await seedDemoAccounts(db);
}
