import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { ok } from '../../lib/http.ts';

/** Liveness with a database round trip, and the empty route the benchmarks compare against. */
export const healthModule: Module = (app, ctx) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: envelope(z.object({ status: z.literal('ok'), engine: z.string() })) } } },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return ok({ status: 'ok' as const, engine: ctx.database.engine });
    },
  );
  app.get('/ping', { schema: { hide: true } }, async () => ({ success: true }));
};
