import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import { buildApp } from '../app.ts';
import { createTestServer, type TestServer } from '../test/app.ts';
import { travel } from '../test/auth.ts';
import { newUser } from '../test/factories.ts';
import { MemoryCounters, RateLimiter, type RateCounters, type RateRule } from './rate-limit.ts';
import { RedisCounters } from './redis-counters.ts';
import { refusal } from '../test/refusal.ts';

/*
 * The rate limiter over both counter stores: this process's memory, and Redis (shared by every process) when
 * TEST_REDIS_URL names one that answers (.ci/run sets it when 127.0.0.1:6379 does).
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
const quiet = { warn: () => {}, info: () => {} };
const opened: RateCounters[] = [];
afterAll(async () => {
  for (const c of opened) await c.close();
});
afterEach(() => travel.reset());

async function redisCounters(prefix: string): Promise<RedisCounters> {
  const counters = await RedisCounters.connect(REDIS_URL!, quiet, { prefix });
  if (!counters) throw new Error(`Redis at ${REDIS_URL} did not answer`);
  opened.push(counters);
  return counters;
}

const rule: RateRule = { limit: 3, windowMs: 60_000, kind: 'login' };


const stores: [string, () => Promise<RateCounters>][] = [
  ['memory', async () => new MemoryCounters()],
  ...(REDIS_URL ? ([['redis', () => redisCounters(`statewise:test:${randomUUID()}:`)]] as [string, () => Promise<RateCounters>][]) : []),
];

describe.each(stores)('RateLimiter on %s counters', (_name, make) => {
  it('lets the limit through, then answers 429 with the wait and what was refused', async () => {
    const limiter = new RateLimiter(await make());
    for (let i = 0; i < 3; i++) await limiter.hit('login:ip:10.0.0.1', rule);
    const err = await refusal(limiter.hit('login:ip:10.0.0.1', rule));
    expect(err.status).toBe(429);
    expect(err.message).toMatch(/^Too many login attempts. Please try again in (59|60) seconds$/);
    // another key has its own window
    await limiter.hit('login:ip:10.0.0.2', rule);
  });

  it('checks without counting, and counts only what add says', async () => {
    const limiter = new RateLimiter(await make());
    for (let i = 0; i < 10; i++) await limiter.check('k', rule);
    await limiter.add('k', rule);
    await limiter.add('k', rule);
    await limiter.check('k', rule);
    await limiter.add('k', rule);
    await refusal(limiter.check('k', rule));
  });

  it('says how long until a key at its limit is under it again, and 0 under it; add gives the count', async () => {
    const limiter = new RateLimiter(await make());
    expect(await limiter.wait('k', rule)).toBe(0);
    expect(await limiter.add('k', rule)).toBe(1);
    expect(await limiter.add('k', rule)).toBe(2);
    expect(await limiter.wait('k', rule)).toBe(0);
    expect(await limiter.add('k', rule)).toBe(3);
    expect(await limiter.wait('k', rule)).toBeGreaterThanOrEqual(59);
    expect(await limiter.wait('k', rule)).toBeLessThanOrEqual(60);
  });

  it('remembers a fact for its time, from the last time it was remembered', async () => {
    const limiter = new RateLimiter(await make());
    expect(await limiter.remembers('proven:mobile:9876543210:ip:10.0.0.1')).toBe(false);
    await limiter.remember('proven:mobile:9876543210:ip:10.0.0.1', 60_000);
    await limiter.remember('proven:mobile:9876543210:ip:10.0.0.1', 60_000);
    expect(await limiter.remembers('proven:mobile:9876543210:ip:10.0.0.1')).toBe(true);
    expect(await limiter.remembers('proven:mobile:9876543210:ip:10.0.0.2')).toBe(false);
  });

  it('forgets a key on reset (a successful login)', async () => {
    const limiter = new RateLimiter(await make());
    for (let i = 0; i < 3; i++) await limiter.add('login:contact:mobile:9876543210', rule);
    await refusal(limiter.check('login:contact:mobile:9876543210', rule));
    await limiter.reset('login:contact:mobile:9876543210');
    await limiter.check('login:contact:mobile:9876543210', rule);
  });
});

describe('MemoryCounters', () => {
  it('opens a new window once the last one has ended', async () => {
    const limiter = new RateLimiter(new MemoryCounters());
    for (let i = 0; i < 3; i++) await limiter.add('k', rule);
    await refusal(limiter.check('k', rule));
    travel(61);
    await limiter.check('k', rule);
  });

  it('forgets a remembered fact once its time is over', async () => {
    const limiter = new RateLimiter(new MemoryCounters());
    await limiter.remember('proven:mobile:9876543210:ip:10.0.0.1', 60_000);
    travel(59);
    expect(await limiter.remembers('proven:mobile:9876543210:ip:10.0.0.1')).toBe(true);
    travel(2);
    expect(await limiter.remembers('proven:mobile:9876543210:ip:10.0.0.1')).toBe(false);
  });
});

describe.runIf(REDIS_URL)('RedisCounters', () => {
  it('shares one count between processes: hits spread over two limiters are counted together', async () => {
    const prefix = `statewise:test:${randomUUID()}:`;
    const a = new RateLimiter(await redisCounters(prefix));
    const b = new RateLimiter(await redisCounters(prefix));
    await a.hit('otp:ip:10.1.1.1', rule);
    await b.hit('otp:ip:10.1.1.1', rule);
    await a.hit('otp:ip:10.1.1.1', rule);
    expect((await refusal(b.hit('otp:ip:10.1.1.1', rule))).status).toBe(429);
    expect((await refusal(a.check('otp:ip:10.1.1.1', rule))).status).toBe(429);
  });

  it('counts concurrent hits exactly and keeps the first window (no hit lost, no window stretched)', async () => {
    const counters = await redisCounters(`statewise:test:${randomUUID()}:`);
    const windows = await Promise.all(Array.from({ length: 50 }, () => counters.add('k', 60_000)));
    expect(windows.map((w) => w.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await counters.read('k'))!.count).toBe(50);
  });

  it('lets the window end in Redis time', async () => {
    const counters = await redisCounters(`statewise:test:${randomUUID()}:`);
    await counters.add('k', 150);
    expect((await counters.read('k'))!.count).toBe(1);
    await new Promise((r) => setTimeout(r, 250));
    expect(await counters.read('k')).toBeNull();
  });

  it('keeps no mobile number or e-mail in clear in Redis keys', async () => {
    const prefix = `statewise:test:${randomUUID()}:`;
    const counters = await redisCounters(prefix);
    await counters.add('login:contact:mobile:9876543210', 60_000);
    await counters.add('otp:contact:email:asha@example.com', 60_000);
    const client = createClient({ url: REDIS_URL });
    await client.connect();
    try {
      const keys = await client.keys(`${prefix}*`);
      expect(keys).toHaveLength(2);
      for (const k of keys) expect(k).not.toMatch(/9876543210|asha|example/);
    } finally {
      await client.close();
    }
  });
});

describe('a Redis that does not answer', () => {
  it('gives no counters within the timeout, so the app counts in its own memory', async () => {
    const started = Date.now();
    expect(await RedisCounters.connect('redis://127.0.0.1:1', quiet, { timeoutMs: 500 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('still starts the app, whose limits still hold', async () => {
    const s = await createTestServer({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const user = await newUser(s.db, { password: 'Rightful1' });
      const login = (password: string) =>
        s.app.inject({ method: 'POST', url: '/api/auth/password-login', payload: { type: 'mobile', mobile: user.mobile, password } });
      for (let i = 0; i < 10; i++) expect((await login('Wrong1234')).statusCode).toBe(401);
      expect((await login('Rightful1')).statusCode).toBe(429);
    } finally {
      await s.close();
    }
  });
});

describe.runIf(REDIS_URL)('two app processes on one Redis', () => {
  let s: TestServer;
  afterAll(() => s?.close());

  it('count failed logins together: ten wrong passwords spread over both lock the account on each', async () => {
    // this run's own namespace: counters of earlier runs and of the other database's project stay apart
    const env = { REDIS_URL: REDIS_URL!, REDIS_PREFIX: `statewise-test:${randomUUID()}:` };
    s = await createTestServer(env);
    // a second process: its own app and limiter, the same settings, database and Redis
    const second = await buildApp({ config: s.config, database: s.database, logger: false });
    try {
      const user = await newUser(s.db, { password: 'Rightful1' });
      const login = (app: typeof second, password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/password-login', payload: { type: 'mobile', mobile: user.mobile, password } });
      for (let i = 0; i < 10; i++) expect((await login(i % 2 ? s.app : second, 'Wrong1234')).statusCode).toBe(401);
      expect((await login(s.app, 'Rightful1')).statusCode).toBe(429);
      expect((await login(second, 'Rightful1')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
