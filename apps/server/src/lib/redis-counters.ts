import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { clock } from './clock.ts';
import { MemoryCounters, type RateCounters, type WindowCount } from './rate-limit.ts';

type Client = ReturnType<typeof createClient>;

/**
 * Rate-limit counters in Redis, shared by every process of the marketplace (REDIS_URL). A window is one key:
 * INCR counts, PEXPIRE … NX opens the window on the first count only, PTTL says when it ends — all in one
 * MULTI, so two processes counting at once never lose a hit or stretch a window.
 *
 * Keys are hashed: the counters name mobiles and e-mails, which Redis has no need to hold in clear.
 *
 * When Redis does not answer, the limits keep working on this process's own counters (and the outage is logged
 * once): refusing every login because the counter store is down would be worse than counting per process for a
 * while. Commands fail fast instead of queueing while Redis is away.
 */
export class RedisCounters implements RateCounters {
  private readonly fallback = new MemoryCounters();
  private down = false;

  private constructor(
    private readonly client: Client,
    private readonly prefix: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {}

  /** Connects (within `timeoutMs`); null when Redis cannot be reached, so the caller keeps memory counters. */
  static async connect(
    url: string,
    log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    opts: { prefix?: string; timeoutMs?: number } = {},
  ): Promise<RedisCounters | null> {
    const client: Client = createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: opts.timeoutMs ?? 2000, reconnectStrategy: (retries) => Math.min(200 * 2 ** retries, 5000) },
    });
    // node-redis reports socket errors as events; the command that fails says so to its caller.
    client.on('error', () => {});
    try {
      await withTimeout(client.connect(), opts.timeoutMs ?? 2000);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'Redis did not answer: rate limits count in this process only');
      await client.destroy();
      return null;
    }
    log.info('Rate limits count in Redis, shared by every process');
    return new RedisCounters(client, opts.prefix ?? 'statewise:rate:', log);
  }

  async read(key: string): Promise<WindowCount | null> {
    return this.guard(
      async () => {
        const k = this.keyOf(key);
        const [count, ttl] = await this.client.multi().get(k).pTTL(k).exec();
        const n = Number(count ?? 0);
        return n > 0 && Number(ttl) > 0 ? { count: n, resetAt: clock.now().getTime() + Number(ttl) } : null;
      },
      () => this.fallback.read(key),
    );
  }

  async add(key: string, windowMs: number): Promise<WindowCount> {
    return this.guard(
      async () => {
        const k = this.keyOf(key);
        const [count, , ttl] = await this.client.multi().incr(k).pExpire(k, windowMs, 'NX').pTTL(k).exec();
        return { count: Number(count), resetAt: clock.now().getTime() + Math.max(0, Number(ttl)) };
      },
      () => this.fallback.add(key, windowMs),
    );
  }

  async forget(key: string): Promise<void> {
    await this.guard(
      async () => {
        await this.client.del(this.keyOf(key));
      },
      () => this.fallback.forget(key),
    );
    await this.fallback.forget(key);
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => this.client.destroy());
  }

  private keyOf(key: string): string {
    return this.prefix + createHash('sha256').update(key).digest('base64url');
  }

  private async guard<T>(work: () => Promise<T>, instead: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      if (this.down) {
        this.down = false;
        this.log.info('Redis answers again: rate limits are shared again');
      }
      return result;
    } catch (err) {
      if (!this.down) {
        this.down = true;
        this.log.warn({ err: (err as Error).message }, 'Redis is not answering: rate limits count in this process until it is back');
      }
      return instead();
    }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
