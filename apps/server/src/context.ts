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
import type { Notifier } from './lib/notify.ts';
import type { OtpDelivery } from './lib/otp-delivery.ts';
import type { RateLimiter } from './lib/rate-limit.ts';

/** What every module gets: settings, the database and shared services. Built once in app.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  catalogueCache: CatalogueCache;
  /** Where one-time codes are sent (lib/otp-delivery.ts; logged by default). */
  otpDelivery: OtpDelivery;
  /** Where notifications to people go (lib/notify.ts; logged in demo mode without SMTP). */
  notifier: Notifier;
  /** Counters for the auth and OTP rate limits (lib/rate-limit.ts). */
  rateLimiter: RateLimiter;
}

/** The Fastify instance as modules see it: zod schemas type the handlers. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A module adds its routes (already under /api) using the shared context. */
export type Module = (app: App, ctx: AppContext) => Promise<void> | void;
