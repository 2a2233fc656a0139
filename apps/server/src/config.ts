import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Every setting of API.md "Runtime settings", parsed once. A bad value stops the start with a clear message. */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** Namespace of our keys in Redis, so environments can share one server. */
    REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, { error: 'REDIS_PREFIX may hold letters, digits and _ : . - (at most 64)' }).default('statewise:'),
    PUBLIC_URL: z.url().optional(),
    /** Disk kept for drawn demo pictures; beyond it new pictures are drawn on every request instead of kept. */
    MEDIA_CACHE_MAX_MB: z.coerce.number().int().min(0).default(2048),
    /** sandbox (the demo's built-in gateway) by default in demo mode; production must name a real one. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).optional(),
    RAZORPAY_KEY_ID: z.string().optional(),
    RAZORPAY_KEY_SECRET: z.string().optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
    /** Razorpay's API host; tests point it at a local fake. */
    RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
    /** Encrypts sellers' PAN and bank account numbers at rest (lib/secret-box.ts). Losing it loses those numbers. */
    DATA_ENCRYPTION_KEY: z.string().min(32, { error: 'DATA_ENCRYPTION_KEY must be at least 32 characters' }).optional(),
    META_PIXEL_ID: z.string().optional(),
    /** Proxies whose X-Forwarded-For we believe: 'false' (default), 'true', a hop count, or comma-separated addresses. */
    TRUST_PROXY: z.string().default('false'),
    /** Default: info in production; warn in demo mode, so request lines do not bury the start banner. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    /** One-time codes by SMS (MSG91's OTP flow API) and by e-mail (any SMTP server); log-only without them in demo mode. */
    SMS_PROVIDER: z.enum(['msg91']).optional(),
    SMS_AUTH_KEY: z.string().optional(),
    SMS_TEMPLATE_ID: z.string().optional(),
    /** The DLT template registered for a vendor's new-order SMS (variables: order, pieces, amount); none: no such SMS through MSG91. */
    SMS_ORDER_TEMPLATE_ID: z.string().optional(),
    SMS_API_URL: z.url().default('https://control.msg91.com'),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must look like smtp://user:password@host:587 or smtps://…' }).optional(),
    MAIL_FROM: z.string().optional(),
    WEB_DIST: z.string().optional(),
    /** The OpenAPI document and its UI at /api/docs: on (default in demo mode), admin (an admin's bearer token), off (default in production). */
    API_DOCS: z.enum(['on', 'admin', 'off'], { error: 'API_DOCS must be on, admin or off' }).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET is required when NODE_ENV=production' });
    }
    if (env.NODE_ENV === 'production' && !env.DATA_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['DATA_ENCRYPTION_KEY'], message: 'DATA_ENCRYPTION_KEY is required when NODE_ENV=production' });
    }
    if (env.NODE_ENV === 'production' && !env.PAYMENT_PROVIDER) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: 'PAYMENT_PROVIDER must be set when NODE_ENV=production (razorpay)' });
    }
    if (env.NODE_ENV === 'production' && env.PAYMENT_PROVIDER === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'PAYMENT_PROVIDER=sandbox cannot run with NODE_ENV=production: its payment page lets anyone mark an order paid. Use razorpay',
      });
    }
    if (env.SMS_PROVIDER && (!env.SMS_AUTH_KEY || !env.SMS_TEMPLATE_ID)) {
      ctx.addIssue({ code: 'custom', path: ['SMS_AUTH_KEY'], message: 'SMS_PROVIDER=msg91 needs SMS_AUTH_KEY and SMS_TEMPLATE_ID' });
    }
    if (Boolean(env.SMTP_URL) !== Boolean(env.MAIL_FROM)) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL and MAIL_FROM go together' });
    }
    // Production never falls back to writing codes to the log: a code must reach the person, and only them.
    if (env.NODE_ENV === 'production' && !env.SMS_PROVIDER) {
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'NODE_ENV=production needs a real SMS delivery for one-time codes: set SMS_PROVIDER=msg91 with SMS_AUTH_KEY and SMS_TEMPLATE_ID' });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'NODE_ENV=production needs a real e-mail delivery for one-time codes: set SMTP_URL and MAIL_FROM' });
    }
    if (env.PAYMENT_PROVIDER === 'razorpay' && (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['RAZORPAY_KEY_ID'], message: 'PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_ID'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together' });
    }
  });

export type Env = z.infer<typeof schema>;

export interface Config {
  env: Env['NODE_ENV'];
  /** Demo mode: OTPs echoed as data.otp (API.md). Everything but production. */
  demoMode: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  mediaCacheMaxBytes: number;
  /**
   * The address users reach: PUBLIC_URL, else http://localhost:$PORT. When PUBLIC_URL is not set (publicUrlFixed
   * false), links handed back to a browser are built from the request instead (lib/http.ts publicOrigin), so the
   * app works opened at 127.0.0.1 as well as at localhost.
   */
  publicUrl: string;
  publicUrlFixed: boolean;
  jwtSecret: string;
  /** Key text for lib/secret-box.ts (sellers' PAN and bank account numbers). */
  dataEncryptionKey: string;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  /** Fastify's trustProxy: never `true` by default, or anyone could fake their IP and dodge per-IP limits. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  webDist: string;
  metaPixelId: string | undefined;
  payments: {
    provider: NonNullable<Env['PAYMENT_PROVIDER']>;
    razorpay: { keyId?: string; keySecret?: string; webhookSecret?: string; apiUrl: string };
  };
  google: { clientId?: string; clientSecret?: string; authUrl: string; tokenUrl: string; userInfoUrl: string };
  /** Real delivery of one-time codes; absent means log-only (demo mode only, see the production checks). */
  otpDelivery: {
    sms?: { provider: 'msg91'; authKey: string; templateId: string; apiUrl: string };
    mail?: { smtpUrl: string; from: string };
  };
  /** Who may read /api/docs (the OpenAPI document and its UI): everyone, admins only, or nobody (not served). */
  apiDocs: 'on' | 'admin' | 'off';
  /** Notifications (lib/notify.ts): the SMS gateway is otpDelivery.sms; each kind of text needs its own DLT template. */
  notifications: { orderSmsTemplateId: string | undefined };
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the environment (or an override, for tests) into a Config. Throws ConfigError listing every bad setting. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const port = env.PORT;
  return {
    env: env.NODE_ENV,
    demoMode: env.NODE_ENV !== 'production',
    port,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    mediaCacheMaxBytes: env.MEDIA_CACHE_MAX_MB * 1024 * 1024,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    publicUrlFixed: env.PUBLIC_URL !== undefined,
    jwtSecret: env.JWT_SECRET ?? demoSecret(dataDir, 'jwt-secret'),
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY ?? demoSecret(dataDir, 'data-encryption-key'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'production' ? 'info' : 'warn'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    metaPixelId: env.META_PIXEL_ID,
    apiDocs: env.API_DOCS ?? (env.NODE_ENV === 'production' ? 'off' : 'on'),
    payments: {
      provider: env.PAYMENT_PROVIDER ?? 'sandbox',
      razorpay: {
        keyId: env.RAZORPAY_KEY_ID,
        keySecret: env.RAZORPAY_KEY_SECRET,
        webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
        apiUrl: env.RAZORPAY_API_URL.replace(/\/$/, ''),
      },
    },
    otpDelivery: {
      sms: env.SMS_PROVIDER && env.SMS_AUTH_KEY && env.SMS_TEMPLATE_ID
        ? { provider: env.SMS_PROVIDER, authKey: env.SMS_AUTH_KEY, templateId: env.SMS_TEMPLATE_ID, apiUrl: env.SMS_API_URL.replace(/\/$/, '') }
        : undefined,
      mail: env.SMTP_URL && env.MAIL_FROM ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
    },
    notifications: { orderSmsTemplateId: env.SMS_ORDER_TEMPLATE_ID?.trim() || undefined },
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      authUrl: env.GOOGLE_AUTH_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      userInfoUrl: env.GOOGLE_USERINFO_URL,
    },
  };
}

/**
 * In demo mode a missing JWT_SECRET or DATA_ENCRYPTION_KEY is generated once and kept beside the data, so tokens
 * survive restarts and stored PANs stay readable.
 */
function demoSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}
