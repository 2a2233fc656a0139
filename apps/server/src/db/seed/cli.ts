// `npm run seed -- --products 100000 [--reset]`: builds a demo catalogue of any size (benchmarks), on the
// database the server would use (DATABASE_URL, or the embedded one in DATA_DIR).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.ts';
import { fail, readArgs } from '../../cli/args.ts';
import { openDatabase } from '../client.ts';
import { vacuumAnalyze } from '../maintenance.ts';
import { DEFAULT_DEMO_PRODUCTS, seedDemo } from './index.ts';
import { existingData, resetDemoData } from './reset.ts';

const MAX_PRODUCTS = 1_000_000;
const USAGE = `Usage: npm run seed -- [--products N] [--reset]

  --products N   how many products to make (default ${DEFAULT_DEMO_PRODUCTS}, at most ${MAX_PRODUCTS.toLocaleString('en-IN')})
  --reset        empty the accounts and the catalogue first (and everything that refers to them:
                 sessions, carts, orders…)

Refused when NODE_ENV=production: the demo comes with demo accounts whose password is published.

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./.data), like the server.
`;

/** A refusal with a message for the user (no stack); thrown so the database is closed on the way out. */
class Refusal extends Error {}

async function main(): Promise<void> {
  const args = readArgs(
    () =>
      parseArgs({
        options: { products: { type: 'string' }, reset: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
        strict: true,
      }).values,
    USAGE,
  );
  if (!args) return;
  const products = args.products === undefined ? DEFAULT_DEMO_PRODUCTS : Number(args.products);
  if (!Number.isInteger(products) || products < 0 || products > MAX_PRODUCTS || !/^\d+$/.test(args.products ?? '0')) {
    fail(`--products must be a whole number from 0 to ${MAX_PRODUCTS}, not "${args.products}"`);
  }

  const config = loadConfig();
  if (config.env === 'production') {
    fail(
      args.reset
        ? 'Refusing to --reset with NODE_ENV=production: it would delete every account and order.'
        : 'Refusing to seed with NODE_ENV=production: the demo marketplace comes with demo accounts whose password is published (ADR 044).',
    );
  }

  const where = config.databaseUrl ? 'the PostgreSQL database in DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  process.stdout.write(`› Opening ${where}\n`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const found = await existingData(database.db);
    if ((found.users > 0 || found.products > 0 || found.categories > 0) && !args.reset) {
      throw new Refusal(
        `The database already has data (${found.users} accounts, ${found.products} products). ` +
          'Run with --reset to empty it first, or point DATA_DIR or DATABASE_URL at an empty database.',
      );
    }
    const started = Date.now();
    const say = (message: string) => process.stdout.write(`› ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${message}\n`);
    const summary = await database.db.transaction(async (tx) => {
      if (args.reset) {
        say('Emptying accounts and catalogue (--reset)');
        await resetDemoData(tx);
      }
      return seedDemo(tx, { products, onProgress: say });
    });
    say('Gathering planner statistics (VACUUM ANALYZE)');
    await vacuumAnalyze(database.db);
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `Seeded ${summary.products.toLocaleString('en-IN')} products from ${summary.vendors} vendors in ${seconds.toFixed(1)} s` +
        ` (${Math.round(summary.products / Math.max(seconds, 0.001)).toLocaleString('en-IN')} products/s, ${database.engine}).\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof Refusal) fail(err.message);
  fail(`The seed failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
});
