import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { RemotePresence } from './presence.ts';
import { redisAnswers } from '../test/redis.ts';

/**
 * Presence across processes without a round trip (presence.ts, ADR 038), on a real Redis: each RemotePresence here
 * stands for one server process, with its own publish and subscribe connections. Runs when Redis answers.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisAnswers(REDIS_URL);

const clients: Redis[] = [];
const started: RemotePresence[] = [];
afterEach(async () => {
  for (const p of started.splice(0)) await p.stop();
  for (const c of clients.splice(0)) c.disconnect();
});

const redis = () => {
  const c = new Redis(REDIS_URL);
  clients.push(c);
  return c;
};

/** A process holding `users` locally, on `channel`. */
async function processOn(channel: string, users: Set<string> = new Set(), beatMs?: number) {
  const presence = new RemotePresence(redis(), redis(), channel, () => users, beatMs);
  started.push(presence);
  await presence.start();
  return {
    presence,
    connect(u: string) {
      users.add(u);
      presence.joined(u);
    },
    leave(u: string) {
      users.delete(u);
      presence.left(u);
    },
  };
}

const channel = () => `statewise-test-${randomBytes(4).toString('hex')}:presence`;

describe.skipIf(!redisUp)('presence across processes', () => {
  it('tells each process who connects to and leaves the others, and a late starter who is there already', async () => {
    const ch = channel();
    const a = await processOn(ch, new Set(['early']));
    const b = await processOn(ch);
    // b's hello brought a's list
    await expect.poll(() => b.presence.has('early')).toBe(true);
    b.connect('vendor');
    await expect.poll(() => a.presence.has('vendor')).toBe(true);
    expect(a.presence.has('early')).toBe(false); // its own people are not "elsewhere"
    b.leave('vendor');
    await expect.poll(() => a.presence.has('vendor')).toBe(false);
  });

  it('forgets everyone of a process that stops at once, and of one that dies once its heartbeats stop', async () => {
    const ch = channel();
    const a = await processOn(ch, new Set(), 100);
    const b = await processOn(ch, new Set(['shopper']), 100);
    const c = await processOn(ch, new Set(['vendor']), 100);
    await expect.poll(() => a.presence.has('shopper') && a.presence.has('vendor')).toBe(true);
    await b.presence.stop(); // says bye
    await expect.poll(() => a.presence.has('shopper')).toBe(false);
    // c dies: no bye, its notes stop (its connections are cut)
    started.splice(started.indexOf(c.presence), 1);
    for (const client of clients.slice(-2)) client.disconnect();
    expect(a.presence.has('vendor')).toBe(true);
    await expect.poll(() => a.presence.has('vendor'), { timeout: 2000 }).toBe(false);
  });

  it('asks a process for its whole list again when one of its notes went missing', async () => {
    const ch = channel();
    const a = await processOn(ch);
    const pub = redis();
    // a process 'x' that a never heard start, whose 5th change is the first to arrive
    await pub.publish(ch, JSON.stringify({ s: 'x', t: 'on', u: 'someone', v: 5 }));
    await expect.poll(() => a.presence.has('someone')).toBe(true);
    const sub = redis();
    const wants: unknown[] = [];
    sub.on('message', (_c: string, text: string) => {
      if (text.startsWith('{') && text.includes('"t":"want","to":"x"')) wants.push(text);
    });
    await sub.subscribe(ch);
    // the next note follows on: nothing to ask; one that skips a change, or a heartbeat that does not match, asks
    await pub.publish(ch, JSON.stringify({ s: 'x', t: 'off', u: 'someone', v: 6 }));
    await expect.poll(() => a.presence.has('someone')).toBe(false);
    expect(wants).toHaveLength(0);
    await pub.publish(ch, JSON.stringify({ s: 'x', t: 'on', u: 'other', v: 8 }));
    await expect.poll(() => wants.length).toBe(1);
    await pub.publish(ch, JSON.stringify({ s: 'x', t: 'all', u: ['other', 'third'], v: 9 }));
    await expect.poll(() => a.presence.has('third')).toBe(true);
    await pub.publish(ch, JSON.stringify({ s: 'x', t: 'beat', v: 9 }));
    await pub.publish(ch, JSON.stringify({ s: 'x', t: 'beat', v: 10 }));
    await expect.poll(() => wants.length).toBe(2);
    // a message that is not a note is ignored, and the next one still counts
    await pub.publish(ch, 'not json');
    await pub.publish(ch, JSON.stringify({ s: 'x', t: 'off', u: 'other', v: 10 }));
    await expect.poll(() => a.presence.has('other')).toBe(false);
    expect(a.presence.has('third')).toBe(true);
  });
});
