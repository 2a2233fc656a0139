import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { analyzeIfNeverAnalyzed, vacuumAnalyze } from './db/maintenance.ts';
import { seedIfEmpty, seedModeFor } from './db/seed/index.ts';
import { ensureContentDefaults } from './modules/content/defaults.ts';
import { DEMO_ACCOUNTS, liveDemoAccounts } from './db/seed/accounts.ts';
import { adminCount } from './cli/first-admin.ts';
import { warmFirstPictures } from './modules/media/warm.ts';
import { seedShopVideos } from './db/seed/videos.ts';
import { storageFor } from './lib/storage.ts';

const step = (text: string) => process.stdout.write(`› ${text}\n`);

async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();

  step(config.databaseUrl ? 'Connecting to PostgreSQL' : `Opening the embedded database in ${config.dataDir}`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

  step('Applying migrations');
  await database.migrate();

  const mode = seedModeFor(config);
  if (mode === 'production') {
    // A database that was a demo keeps accounts whose password is printed in the README: never serve it live (ADR 044).
    const published = await liveDemoAccounts(database.db);
    if (published.length) {
      await database.close();
      throw new ConfigError(
        `This database holds the demo accounts (${published.join(', ')}) with the password printed in the README. ` +
          'NODE_ENV=production will not serve it: point DATA_DIR or DATABASE_URL at an empty database, ' +
          'then create the first admin with `npm run admin:create -- --mobile … --email …`.',
      );
    }
  }
  const seeded = await seedIfEmpty(database.db, { mode, onProgress: (message) => step(message) });
  if (!seeded) step(mode === 'demo' ? 'Demo data already present; keeping it' : 'Reference data already present; keeping it');
  else {
    // New data: draw the pictures a first visitor meets now, as part of seeding, so the first home page
    // is never a wall of placeholders waiting to be drawn (ADR 004). Later starts only check them, in the background.
    let shown = 0;
    const drawn = await warmFirstPictures(database.db, config.dataDir, (done, total) => {
      if (done === total || done - shown >= 100) {
        shown = done;
        step(`Drawing the first pictures: ${done} of ${total}`);
      }
    });
    step(`Drew ${drawn} pictures`);
    if (mode === 'demo') {
      // The watch-and-shop demo clips, made from those pictures and queued in the video pipeline (ADR 030).
      const clipsStarted = Date.now();
      const clips = await seedShopVideos({ db: database.db, storage: storageFor(config) }, { dataDir: config.dataDir, onProgress: step }).catch((err: unknown) => {
        step(`The watch-and-shop clips could not be made: ${err instanceof Error ? err.message : String(err)}`);
        return 0;
      });
      step(`Queued ${clips} watch-and-shop clips in ${((Date.now() - clipsStarted) / 1000).toFixed(1)} s`);
    }
  }
  // The content pages' first texts, FAQ and social links, on any database that lacks them (never over an admin's edits).
  await ensureContentDefaults(database.db);
  // Planner statistics (db/maintenance.ts): PGlite never gathers them by itself.
  if (seeded) await vacuumAnalyze(database.db);
  else if (await analyzeIfNeverAnalyzed(database.db)) step('Gathered planner statistics (the catalogue had none)');

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      process.stdout.write('Forced exit\n');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // In the background on a later start: draw what a cleared picture cache lacks (ADR 004); requests keep priority.
  if (!seeded) {
    void warmFirstPictures(database.db, config.dataDir).then(
      (drawn) => drawn && app.log.info({ drawn }, 'drew the first pictures ahead of visitors'),
      (err: unknown) => app.log.warn({ err }, 'could not draw pictures ahead; they will be drawn on request'),
    );
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const noAdmin = mode === 'production' && (await adminCount(database.db)) === 0;
  const docs = {
    on: `API docs: ${config.publicUrl}/api/docs`,
    admin: `API docs: ${config.publicUrl}/api/docs (admins only: send an admin's bearer token)`,
    off: 'API docs: off (set API_DOCS=admin or API_DOCS=on to serve them)',
  }[config.apiDocs];
  const lines = [
    '',
    `Statewise is running at ${config.publicUrl}  (ready in ${seconds} s, database: ${database.engine})`,
    docs,
    config.demoMode ? 'Demo accounts (password login and OTP login both work; OTPs are shown in demo mode):' : '',
    ...(config.demoMode
      ? DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(6)}  mobile ${a.mobile}  e-mail ${a.email.padEnd(22)} password ${a.password}`)
      : []),
    noAdmin ? 'No admin account yet: create the first one with  npm run admin:create -- --mobile 98XXXXXXXX --email you@example.in' : '',
    'Press Ctrl+C to stop.',
    '',
  ];
  process.stdout.write(lines.filter((l, i) => l !== '' || i === 0 || i === lines.length - 1).join('\n'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Statewise could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
