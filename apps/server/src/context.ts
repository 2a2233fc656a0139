import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { CatalogueCache } from './lib/catalogue-cache.ts';

/** What every module gets: settings, the database and shared services. Built once in app.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  catalogueCache: CatalogueCache;
}

/** The Fastify instance as modules see it: zod schemas type the handlers. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A module adds its routes (already under /api) using the shared context. */
export type Module = (app: App, ctx: AppContext) => Promise<void> | void;
