import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's changes to the headers every response carries (merged over securityHeaders). */
    helmet?: HelmetOptions;
  }
}

/** Razorpay's checkout: its script, the frames it opens, the calls it makes (only when Razorpay is the provider). */
const RAZORPAY = { script: ['https://checkout.razorpay.com'], frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'], connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] };

/**
 * The headers every response carries (issue 9), set by helmet: a Content-Security-Policy under which only our own
 * scripts run (no inline script anywhere: the payment pages load theirs from us), `frame-ancestors 'none'` so no
 * other site can frame a page (a framed Pay button can be clicked by trickery), a referrer policy that keeps
 * paths to ourselves, `nosniff`, and HSTS in production.
 *
 * Styles allow 'unsafe-inline': React and the toast library set inline styles, and a style cannot run code.
 * Images may come from any https host (a Google account's picture); they cannot run code either.
 */
export function securityHeaders(config: Config): HelmetOptions {
  const razorpay = config.payments.provider === 'razorpay';
  const production = config.env === 'production';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(razorpay ? RAZORPAY.script : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(razorpay ? RAZORPAY.connect : [])],
        // The installable app (ADR 052): its service worker and web app manifest are ours, and only ours, whatever
        // script-src lets in (a worker would otherwise inherit Razorpay's script host).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: razorpay ? RAZORPAY.frame : ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(razorpay ? RAZORPAY.frame : [])],
        objectSrc: ["'none'"],
        // Only over https: on a plain-http demo at 127.0.0.1 it would break every request.
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Razorpay's checkout opens popups for some banks and UPI apps.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Shared product pictures are fetched by chat apps for link previews.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sets for `options`, read once by running its middleware against a collector: ours depend on
 * nothing in the request (no nonces, no directive functions), so every response can carry the same values.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Registered before the routes, so every route (API, pages, pictures, the web app) gets the headers, from one
 * synchronous hook that copies a ready-made set (the global one, or a route's own `config.helmet` merged over it).
 * @fastify/helmet rebuilt helmet's middleware for every request (parsing the policy's directives each time, in two
 * async hooks), a tenth of a cached feed page's CPU (bench/community). The headers go on the reply, not the raw
 * response, so Node writes them in one pass and an error answer keeps them.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const global = securityHeaders(config);
  const everywhere = helmetHeaders(global);
  const own = new WeakMap<HelmetOptions, Record<string, string>>();
  const headersFor = (route: HelmetOptions | undefined) => {
    if (!route) return everywhere;
    const known = own.get(route);
    if (known) return known;
    const headers = helmetHeaders(Object.assign({}, global, route) as HelmetOptions);
    own.set(route, headers);
    return headers;
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.routeOptions.config.helmet));
    done();
  });
}

/** Payment pages send no referrer at all: their addresses name a payment. */
export const PAYMENT_PAGE_HEADERS = { referrerPolicy: { policy: 'no-referrer' as const } };
