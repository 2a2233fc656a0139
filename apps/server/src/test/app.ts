import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { App } from '../context.ts';
import type { Database, Db } from '../db/client.ts';
import type { LogStream } from '../lib/log-redact.ts';
import type { Notifier } from '../lib/notify.ts';
import type { OtpDelivery } from '../lib/otp-delivery.ts';
import { createTestDatabase } from './db.ts';

export interface TestServer {
  app: App;
  db: Db;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, for one test file (`beforeAll`). Requests go through the whole HTTP
 * layer with `app.inject`. Settings can be overridden per file (undefined unsets one, e.g. PUBLIC_URL); `otpDelivery`
 * captures the codes sent (see test/auth.ts, `captureOtps`); `logStream` receives the server's log lines (at
 * LOG_LEVEL, silent unless given) instead of silencing them; `sitemapUrlsPerFile` makes sitemap files split early.
 */
export async function createTestServer(
  env: Record<string, string | undefined> = {},
  options: { otpDelivery?: OtpDelivery; notifier?: Notifier; logStream?: LogStream; sitemapUrlsPerFile?: number } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'statewise-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...env });
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: options.logStream ? undefined : false,
    logStream: options.logStream,
    catalogueVersionTtlMs: 0,
    otpDelivery: options.otpDelivery,
    notifier: options.notifier,
    sitemapUrlsPerFile: options.sitemapUrlsPerFile,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
