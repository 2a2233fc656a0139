import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG } from '@statewise/contract';
import type { Config } from '../config.ts';
import { encodeText, type CachedJson, type CacheScope, type CatalogueCache, type Encoding } from './catalogue-cache.ts';
import { badRequest } from './errors.ts';
import { stableKey } from './stable-key.ts';

/** The success envelope of API.md. Routes return `ok(data)`; `created` sets 201 on the reply. */
export function ok<T>(data: T, message?: string): { success: true; message?: string; data: T } {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

/** host or host:port: a name, an IPv4 address or a bracketed IPv6 address. */
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The address the caller reached us at, for links handed back to their browser (the payment page, the gateway's
 * way back): PUBLIC_URL when set; otherwise the request's own scheme and host. A browser keeps a site's storage
 * (the session, the guest cart) per address, so a payment begun at http://127.0.0.1:3000 must come back there,
 * not to localhost. Fastify believes X-Forwarded-Proto and X-Forwarded-Host only from a trusted proxy
 * (TRUST_PROXY); a host that is not a plain host[:port] gets the default address.
 */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'publicUrlFixed'>, request: FastifyRequest): string {
  if (config.publicUrlFixed) return config.publicUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return PLAIN_HOST.test(request.host) ? `${protocol}://${request.host.toLowerCase()}` : config.publicUrl;
}

/** `ctx` whose config.publicUrl is the caller's publicOrigin, for services whose answers link back to us. */
export function forCaller<C extends { config: Config }>(ctx: C, request: FastifyRequest): C {
  if (ctx.config.publicUrlFixed) return ctx;
  return { ...ctx, config: { ...ctx.config, publicUrl: publicOrigin(ctx.config, request) } };
}

/** Answers smaller than this go uncompressed (as @fastify/compress's threshold in app.ts). */
const COMPRESS_MIN_BYTES = 1024;

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, else gzip, when the client takes them
 * (q > 0, or a `*` that allows them); undefined for identity.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (typeof header !== 'string') return parseEncoding(header.join(','));
  // Browsers send a handful of spellings; each is parsed once (a bounded memo: a client cannot grow it past its size).
  const known = encodingOf.get(header);
  if (known !== undefined) return known || undefined;
  const found = parseEncoding(header);
  if (encodingOf.size >= 256) encodingOf.clear();
  encodingOf.set(header, found ?? '');
  return found;
}

const encodingOf = new Map<string, Encoding | ''>();

function parseEncoding(header: string): Encoding | undefined {
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const given = params.find((p) => p.startsWith('q='));
    const weight = given === undefined ? 1 : Number(given.slice(2));
    q[name] = Number.isFinite(weight) ? weight : 0;
  }
  const weight = (name: string) => q[name] ?? q['*'] ?? 0;
  const br = weight('br');
  const gz = Math.max(weight('gzip'), q['x-gzip'] ?? 0);
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return undefined;
}

/**
 * A catalogue read served through the catalogue cache: the envelope of `load()`'s data, remembered as JSON text
 * under the route and its normalised (parsed) input, and sent as-is (Fastify does not re-serialise JSON text),
 * compressed once per entry for clients that take brotli or gzip. `scope.stock` marks answers that show stock
 * quantities, sales counts or reviews (see CatalogueCache). The route's response schema still documents the
 * shape; tests check the body against it.
 */
export async function sendCached(
  reply: FastifyReply,
  cache: CatalogueCache,
  route: string,
  input: unknown,
  load: () => Promise<unknown>,
  scope: CacheScope = {},
): Promise<FastifyReply> {
  const entry = await cache.get(`${route} ${stableKey(input)}`, async () => ok(await load()), scope);
  return sendCachedJson(reply, entry);
}

/** A kept answer (a CachedJson, a feed page), compressed once per encoding. */
export function sendCachedJson(reply: FastifyReply, entry: Pick<CachedJson, 'json' | 'compressed'>): Promise<FastifyReply> {
  return sendJsonText(reply, entry.json, (encoding) => entry.compressed(encoding));
}

/**
 * An answer made afresh for each request (one vendor's orders, say) sent the way sendCached sends a cached one: the
 * envelope of `data` as JSON text, compressed in one call off the event loop, instead of through the route's
 * serializer and @fastify/compress's streams, which cost a large list a third of its CPU (bench/vendor-console).
 * As with sendCached, the route's response schema documents the shape and tests check bodies against it.
 */
export function sendJson(reply: FastifyReply, data: unknown, message?: string): Promise<FastifyReply> {
  const json = JSON.stringify(ok(data, message));
  return sendJsonText(reply, json, (encoding) => encodeText(json, encoding));
}

function sendJsonText(reply: FastifyReply, json: string, compressed: (encoding: Encoding) => Buffer | Promise<Buffer>): Promise<FastifyReply> {
  return sendText(reply, 'application/json; charset=utf-8', json, compressed);
}

/** Text of any type (JSON, an XML sitemap) sent compressed with `compressed`'s copy when the client takes one. */
export async function sendText(
  reply: FastifyReply,
  type: string,
  text: string,
  compressed: (encoding: Encoding) => Buffer | Promise<Buffer>,
): Promise<FastifyReply> {
  reply.type(type);
  if (text.length < COMPRESS_MIN_BYTES) return reply.send(text);
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  if (!encoding) return reply.send(text);
  // @fastify/compress leaves an answer alone when it already has a Content-Encoding.
  const body = await compressed(encoding);
  return reply.header('content-encoding', encoding).send(body);
}

/** A POST body whose fields are all optional: a request without a body (Fastify gives null) counts as `{}`. */
export function bodyOrEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => v ?? {}, schema);
}

/**
 * Where the first U+0000 sits in a parsed input (a string, or an object or list of them, property names included):
 * '' for the value itself, a dotted path ('items.0.size') inside; undefined when there is none. PostgreSQL cannot
 * store the character in text, so an input carrying one is refused before it reaches a query.
 */
export function nulAt(value: unknown): string | undefined {
  // a list of what is left to look at, not recursion: a JSON body may nest deeper than the stack
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0')) return at;
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, inner] of Object.entries(v)) {
        const path = at ? `${at}.${key}` : key;
        if (key.includes('\0')) return path;
        stack.push([inner, path]);
      }
    }
  }
  return undefined;
}

/** Throws the 400 for a NUL in `value` (see nulAt), naming the field it is in when there is one. */
export function refuseNul(value: unknown, field?: string): void {
  const at = nulAt(value);
  if (at === undefined) return;
  const path = [field, at].filter(Boolean).join('.');
  throw badRequest(MSG.nulCharacter, path ? { [path]: MSG.nulCharacter } : undefined);
}

/**
 * A NUL character is refused with 400 wherever a request carries it: in the address (path or query, where it arrives
 * as %00) before any route runs, and in a parsed body (JSON's \u0000, a form's field) before validation. Form fields
 * read by a route itself (multipart) are checked where they are read (modules/media/multipart.ts).
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.includes('%00') || request.url.includes('\0') ? badRequest(MSG.nulCharacter) : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseNul(request.body);
      done();
    } catch (err) {
      done(err as Error);
    }
  });
}
