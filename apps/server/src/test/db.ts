import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { withDatabase } from './template.ts';

export const testEngine: 'pglite' | 'postgres' = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: PGlite loaded from the template dump, or a new database
 * on the PostgreSQL server copied from the template (dropped again on close; `url` names it).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testEngine === 'pglite') {
    const dump = new Blob([readFileSync(inject('databaseTemplate'))]);
    return openDatabase({ loadDataDir: dump });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `statewise_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('databaseTemplate')}"`);
  await admin.end();
  const databaseUrl = withDatabase(url, name);
  const database = await openDatabase({ databaseUrl, poolSize: 5 });
  const close = database.close;
  return {
    ...database,
    // for a server process started on the same database (test/processes.ts)
    url: databaseUrl,
    close: async () => {
      await close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
