import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGliteWorkerClient } from './pglite-worker-client.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Both drivers answer raw queries with `{rows}`; this is what `db.execute` gives services. */
export interface RowsResult<T> {
  rows: T[];
}
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}
/** The one database type services see, whichever engine is underneath. */
export type Db = PgDatabase<RowsResultHKT, Schema>;
export type Tx = PgTransaction<RowsResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service function that can run alone or inside a caller's transaction takes this. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies the migrations in the repo (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded client, when the engine is PGlite in this thread (tests dump it as a template). */
  pglite?: PGlite;
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

// Postgres hands bigint (count(*), sums) back as strings; our counts and sums fit a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  /** postgres://… uses a PostgreSQL server. */
  databaseUrl?: string;
  /**
   * Folder for the embedded database; memory:// when absent. A database in a folder runs in a worker thread
   * (pglite-worker-client.ts) unless `inProcess` is set.
   */
  dataDir?: string;
  inProcess?: boolean;
  /** A dump made by PGlite's dumpDataDir(), loaded into a fresh in-memory database (tests). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client's connection dropped; the pool replaces it. Queries in flight get their own error.
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = path.join(opts.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  if (dataDir && !opts.inProcess && !opts.loadDataDir) {
    // The server's queries must not hold its event loop (see pglite-worker-client.ts).
    const worker = await PGliteWorkerClient.open(dataDir);
    const workerDb = () => drizzlePglite({ client: worker as unknown as PGlite, schema });
    const db = workerDb() as unknown as Db;
    return {
      db,
      engine: 'pglite',
      migrate: () => migratePglite(workerDb(), { migrationsFolder }),
      close: () => worker.close(),
    };
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    pglite: client,
  };
}
