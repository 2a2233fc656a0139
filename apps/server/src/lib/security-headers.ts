import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

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
export function securityHeaders(config: Config): FastifyHelmetOptions {
  const razorpay = config.payments.provider === 'razorpay';
  const production = config.env === 'production';
  return {
    global: true,
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

/** Registered before the routes, so every route (API, pages, pictures, the web app) gets the headers. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, securityHeaders(config));
}

/** Payment pages send no referrer at all: their addresses name a payment. */
export const PAYMENT_PAGE_HEADERS = { referrerPolicy: { policy: 'no-referrer' as const } };
