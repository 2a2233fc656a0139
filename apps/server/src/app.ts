import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { App, AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { requireAuth } from './lib/auth.ts';
import { CatalogueCache } from './lib/catalogue-cache.ts';
import { registerNulRefusal } from './lib/http.ts';
import { loggerOptions, type LogStream } from './lib/log-redact.ts';
import { notifierFor, type Notifier } from './lib/notify.ts';
import { otpDeliveryFor, type OtpDelivery } from './lib/otp-delivery.ts';
import { RateLimiter, type RateCounters } from './lib/rate-limit.ts';
import { RedisCounters } from './lib/redis-counters.ts';
import { lazyRequestLogger } from './lib/request-logger.ts';
import { registerErrorHandling } from './lib/errors.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { storageFor } from './lib/storage.ts';
import { registerMedia } from './modules/media/routes.ts';
import { registerUploads, uploadTempDir } from './modules/media/multipart.ts';
import { modules } from './modules/index.ts';
import { registerPages } from './modules/pages/routes.ts';
import { registerSeo } from './modules/seo/routes.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pass false to silence logs (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Where the log lines go instead of stdout (tests that read the log). */
  logStream?: LogStream;
  /** How long a known catalogue version is trusted before it is re-read (tests use 0). */
  catalogueVersionTtlMs?: number;
  /** Where OTPs go; the logging provider when absent. */
  otpDelivery?: OtpDelivery;
  /** Where notifications go; SMTP or the log, by the settings, when absent. */
  notifier?: Notifier;
  /** Rate-limit counters; Redis when REDIS_URL is set and answers, this process's memory otherwise. */
  rateCounters?: RateCounters;
  /** URLs per sitemap file (tests make it small); the protocol's 50,000 when absent. */
  sitemapUrlsPerFile?: number;
}

/** Builds the whole server: API modules, docs, uploads and the web app. main.ts and the tests both call this. */
export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config, database } = opts;
  // An address the router cannot even decode (a broken escape): a page asked for gets the 400 page (modules/pages),
  // an API call the envelope.
  let badAddressPage: ((reply: FastifyReply) => FastifyReply) | null = null;
  const app = Fastify({
    frameworkErrors(error, request, reply) {
      const page = badAddressPage && !request.url.startsWith('/api') && (request.method === 'GET' || request.method === 'HEAD');
      if (page) return badAddressPage!(reply as unknown as FastifyReply);
      return (reply as unknown as FastifyReply).status(400).send({ success: false, message: error.code === 'FST_ERR_BAD_URL' ? 'This address is not valid.' : error.message });
    },
    // Request lines are redacted: some addresses carry one-time sign-in codes (lib/log-redact.ts).
    logger: opts.logger ?? loggerOptions(config.logLevel, opts.logStream),
    childLoggerFactory: lazyRequestLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Bodies never carry prototypes; reject them instead of stripping silently.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set as the request starts (an error answer keeps it); a synchronous hook costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerErrorHandling(app);
  registerNulRefusal(app);
  registerSecurityHeaders(app, config);
  // JSON answers compressed for slow mobile networks; a fast brotli level keeps CPU low. Static assets are
  // precompressed at build time, pictures are WebP already.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  const rateCounters = opts.rateCounters ?? (config.redisUrl ? await RedisCounters.connect(config.redisUrl, app.log, { prefix: `${config.redisPrefix}rate:` }) : null) ?? undefined;
  const rateLimiter = new RateLimiter(rateCounters);
  app.addHook('onClose', () => rateLimiter.close());

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    catalogueCache: new CatalogueCache(database.db, {
      versionTtlMs: opts.catalogueVersionTtlMs ?? 250,
      maxBytes: 64 * 1024 * 1024,
    }),
    otpDelivery: opts.otpDelivery ?? otpDeliveryFor(config, app.log),
    notifier: opts.notifier ?? notifierFor(config, app.log),
    rateLimiter,
    storage: storageFor(config),
  };

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Statewise API',
        description: 'Shop wise, statewise. Conventions: envelope, errors and paging as in API.md.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // API_DOCS (ADR 044): off serves nothing (404), admin puts the UI, the document and its files behind the admin guard.
  if (config.apiDocs !== 'off') {
    await app.register(async (docs) => {
      if (config.apiDocs === 'admin') docs.addHook('preHandler', requireAuth(ctx, ['admin']));
      await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    });
  }

  await app.register(
    async (api) => {
      // Forms with files, for every module: read them with readUpload (modules/media/uploads.ts), which sets the
      // limits per route; nothing is parsed until a route asks. Large files wait in DATA_DIR/tmp/uploads (ADR 048).
      await registerUploads(api, uploadTempDir(config.dataDir));
      for (const register of modules) await register(api as App, ctx);
    },
    { prefix: '/api' },
  );

  await registerMedia(app, ctx);
  await registerSeo(app, ctx, { urlsPerFile: opts.sitemapUrlsPerFile });
  badAddressPage = await registerPages(app, ctx);
  return app;
}
