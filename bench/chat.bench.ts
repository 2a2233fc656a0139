/**
 * Chat at scale (issue 13): `npx tsx bench/chat.bench.ts`.
 *
 * Target: one server process holds 5,000 connected sockets, and at a steady 500 messages a second between random
 * pairs the time from send to receipt is p99 ≤ 50 ms; the same with two processes behind Redis, every message sent
 * on one and received on the other.
 *
 * 1. A fresh database — embedded PGlite in a temporary DATA_DIR, or (BENCH_DATABASE_URL set) a database created for
 *    the run on that PostgreSQL server and dropped after — migrated, with BENCH_SOCKETS / 2 shoppers and as many
 *    vendors (set-based inserts), one chat per pair, and a session per person; the access tokens are signed here with
 *    the server's JWT_SECRET.
 * 2. Starts the real server (apps/server/src/main.ts, NODE_ENV=production, LOG_LEVEL=warn) on it: one process, or
 *    with BENCH_PROCESSES=2 two (ports BENCH_PORT and BENCH_PORT + 1, both on the same database, REDIS_URL required,
 *    a fresh Redis key prefix). Then each pair's shopper connects to one process and its vendor to the other.
 * 3. Connects BENCH_SOCKETS sockets (socket.io-client, WebSocket) from this process, BENCH_BATCH at a time.
 * 4. For BENCH_DURATION seconds, sends BENCH_RATE messages a second, each from a random shopper to its vendor
 *    (send_message; the server stores it with the next sequence, acknowledges, then delivers), and times each one
 *    from the emit to the vendor's receive_message. Counts what arrived twice or out of sequence order. Prints connect
 *    time, sent, acknowledged, delivered, lost, and ack / delivery latency p50, p99, max, the 1-minute load average
 *    before and after, PASS/FAIL against 50 ms p99; writes the JSON to bench/.results/.
 *
 * The clients run in this process, on the same cores as the server(s): the figures include their cost.
 * Settings: BENCH_SOCKETS (5000), BENCH_RATE (500), BENCH_DURATION (20), BENCH_BATCH (250), BENCH_PORT (3330),
 * BENCH_DATABASE_URL (PostgreSQL instead of PGlite), BENCH_PROCESSES (1; 2 needs REDIS_URL), REDIS_URL (passed to the
 * server: the adapter is in the path).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { signAccessToken } from '../apps/server/src/lib/auth.ts';
import { baseUrl, machine, pgliteTarget, postgresTarget, startServer, stopServer, waitForServer, writeResults, type Target } from './lib/server.ts';

const env = process.env;
const S = {
  sockets: Number(env.BENCH_SOCKETS ?? 5000),
  rate: Number(env.BENCH_RATE ?? 500),
  duration: Number(env.BENCH_DURATION ?? 20),
  batch: Number(env.BENCH_BATCH ?? 250),
  port: Number(env.BENCH_PORT ?? 3330),
  processes: Number(env.BENCH_PROCESSES ?? 1),
};
if (S.processes !== 1 && S.processes !== 2) throw new Error('BENCH_PROCESSES is 1 or 2');
if (S.processes === 2 && !env.REDIS_URL) throw new Error('two processes need REDIS_URL (the Redis adapter carries messages between them)');
const ports = Array.from({ length: S.processes }, (_, i) => S.port + i);
const secret = randomBytes(24).toString('hex');
const pairs = Math.floor(S.sockets / 2);

/** n in letters (a, b, … z, ba, bb …). */
const letters = (n: number): string => (n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26)) + String.fromCharCode(97 + (n % 26)));
const step = (t: string) => process.stdout.write(`› ${t}\n`);
const pct = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN);

interface Pair {
  chatId: string;
  shopper: { id: string; token: string };
  vendor: { id: string; token: string };
}

async function seed(target: Target): Promise<Pair[]> {
  const database = await target.open();
  await database.migrate();
  const { db } = database;
  const run = randomBytes(3).toString('hex');
  await db.execute(sql`insert into users (role, firstname, lastname, mobile, mobile_verified)
    select 'user', 'Shopper', g::text, '6' || lpad(g::text, 9, '0'), true from generate_series(1, ${pairs}) g`);
  await db.execute(sql`insert into users (role, firstname, lastname, mobile, mobile_verified)
    select 'vendor', 'Vendor', g::text, '7' || lpad(g::text, 9, '0'), true from generate_series(1, ${pairs}) g`);
  await db.execute(sql`insert into vendors (user_id, brand_name, seller_name, slug, pickup_pincode, registration_step)
    select id, 'Brand ' || lastname, 'Seller ' || lastname, 'bench-${sql.raw(run)}-' || lastname, '302001', 2 from users where role = 'vendor'`);
  await db.execute(sql`insert into chats (user_id, vendor_id, customer_number)
    select s.id, v.id, 1 from users s join users v on v.role = 'vendor' and v.lastname = s.lastname where s.role = 'user'`);
  const expires = new Date(Date.now() + 24 * 3600_000);
  await db.execute(sql`insert into sessions (user_id, expires_at) select id, ${expires} from users`);
  const rows = await db.execute<{ chat_id: string; user_id: string; vendor_id: string; user_sid: string; vendor_sid: string }>(sql`
    select c.id as chat_id, c.user_id, c.vendor_id, su.id as user_sid, sv.id as vendor_sid
    from chats c join sessions su on su.user_id = c.user_id join sessions sv on sv.user_id = c.vendor_id`);
  const now = new Date();
  const sign = (userId: string, sessionId: string) => signAccessToken(secret, { userId, sessionId, issuedAt: now, expiresAt: expires });
  const out: Pair[] = [];
  for (const r of rows.rows) {
    out.push({
      chatId: r.chat_id,
      shopper: { id: r.user_id, token: await sign(r.user_id, r.user_sid) },
      vendor: { id: r.vendor_id, token: await sign(r.vendor_id, r.vendor_sid) },
    });
  }
  await database.close();
  return out;
}

function connect(token: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl(port), { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true, timeout: 60_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function main() {
  const startedAt = new Date();
  const target = env.BENCH_DATABASE_URL ? await postgresTarget(env.BENCH_DATABASE_URL, { name: 'chat' }) : pgliteTarget({ name: 'chat' });
  const servers: ChildProcess[] = [];
  const sockets: Socket[] = [];
  try {
    step(`${machine()} · ${target.engine} · ${S.processes} server process${S.processes > 1 ? 'es with Redis' : ''}`);
    step(`Seeding ${pairs} shoppers, ${pairs} vendors and their chats`);
    const all = await seed(target);
    step(`Starting ${S.processes} server process${S.processes > 1 ? 'es' : ''}`);
    const redisPrefix = `statewise-bench-${randomBytes(4).toString('hex')}:`;
    for (const port of ports) {
      const server = startServer(port, { ...target.serverEnv, JWT_SECRET: secret, ...(env.REDIS_URL ? { REDIS_URL: env.REDIS_URL, REDIS_PREFIX: redisPrefix } : {}) });
      servers.push(server);
      await waitForServer(server, port);
    }

    step(`Connecting ${all.length * 2} sockets, ${S.batch} at a time`);
    const t0 = performance.now();
    const shopperSockets = new Map<string, Socket>();
    const pending = new Map<string, number>(); // clientId → sent at
    const delivery: number[] = [];
    const ack: number[] = [];
    let delivered = 0;
    // with two processes a pair is split: the shopper on one, the vendor on the other, so every message crosses Redis
    const people = all.flatMap((p, k) => [
      { token: p.shopper.token, role: 'shopper' as const, pair: p, port: ports[k % ports.length]! },
      { token: p.vendor.token, role: 'vendor' as const, pair: p, port: ports[(k + 1) % ports.length]! },
    ]);
    const lastSeq = new Map<string, number>();
    let duplicates = 0;
    let outOfOrder = 0;
    // a socket dropped (e.g. a missed ping on a starved machine) does not reconnect here: its sends never arrive
    let dropped = 0;
    for (let i = 0; i < people.length; i += S.batch) {
      const batch = people.slice(i, i + S.batch);
      const made = await Promise.all(batch.map((x) => connect(x.token, x.port)));
      made.forEach((socket, j) => {
        const who = batch[j]!;
        sockets.push(socket);
        socket.on('disconnect', () => dropped++);
        if (who.role === 'shopper') shopperSockets.set(who.pair.chatId, socket);
        else
          socket.on('receive_message', ({ message }: { message: { chatId: string; seq: number; message: string } }) => {
            const before = lastSeq.get(message.chatId) ?? 0;
            if (message.seq === before) duplicates++;
            else if (message.seq < before) outOfOrder++;
            else lastSeq.set(message.chatId, message.seq);
            const sentAt = pending.get(message.message);
            if (sentAt === undefined) return;
            pending.delete(message.message);
            delivery.push(performance.now() - sentAt);
            delivered++;
          });
      });
    }
    const connectSeconds = (performance.now() - t0) / 1000;
    step(`${sockets.length} sockets connected in ${connectSeconds.toFixed(1)} s`);

    const loadBefore = os.loadavg()[0]!;
    step(`Sending ${S.rate} messages a second for ${S.duration} s (load average ${loadBefore.toFixed(2)})`);
    let sent = 0;
    let acked = 0;
    let refused = 0;
    const total = S.rate * S.duration;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * S.rate));
        while (sent < due) {
          const p = all[Math.floor(Math.random() * all.length)]!;
          const clientId = randomUUID();
          // letters only: digits could read as a phone number, which the recipient sees masked
          const text = `bench ${letters(sent)}`;
          const at = performance.now();
          pending.set(text, at);
          sent++;
          shopperSockets
            .get(p.chatId)!
            .timeout(30_000)
            .emit('send_message', { chatId: p.chatId, clientId, message: text }, (err: unknown, a: { ok: boolean }) => {
              if (err || !a?.ok) refused++;
              else {
                acked++;
                ack.push(performance.now() - at);
              }
            });
        }
        if (sent >= total) {
          clearInterval(tick);
          resolve();
        }
      }, 5);
    });
    // wait for the last deliveries (up to 10 s)
    const until = Date.now() + 10_000;
    while ((delivered < sent || acked + refused < sent) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));

    const loadAfter = os.loadavg()[0]!;
    delivery.sort((a, b) => a - b);
    ack.sort((a, b) => a - b);
    const result = {
      engine: target.engine,
      processes: S.processes,
      sockets: sockets.length,
      connectSeconds,
      rate: S.rate,
      duration: S.duration,
      sent,
      acknowledged: acked,
      refused,
      delivered,
      undelivered: sent - delivered,
      duplicates,
      outOfOrder,
      dropped,
      load1: { before: Number(loadBefore.toFixed(2)), after: Number(loadAfter.toFixed(2)) },
      ackMs: { p50: pct(ack, 50), p99: pct(ack, 99), max: ack.at(-1) ?? NaN },
      deliveryMs: { p50: pct(delivery, 50), p99: pct(delivery, 99), max: delivery.at(-1) ?? NaN },
      redis: Boolean(env.REDIS_URL),
    };
    const pass = result.deliveryMs.p99 <= 50 && result.undelivered === 0 && duplicates === 0 && outOfOrder === 0;
    process.stdout.write(
      `\nchat (${target.engine}, ${S.processes} process${S.processes > 1 ? 'es, Redis' : ''}): ${result.sockets} sockets (connected in ${connectSeconds.toFixed(1)} s), ${S.rate} msg/s for ${S.duration} s, load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}\n` +
        `  sent ${sent}, acknowledged ${acked}, refused ${refused}, delivered ${delivered}, not delivered within 10 s of the last send ${result.undelivered}, twice ${duplicates}, out of order ${outOfOrder}, sockets dropped ${dropped}\n` +
        `  ack       p50 ${result.ackMs.p50.toFixed(1)} ms  p99 ${result.ackMs.p99.toFixed(1)} ms  max ${result.ackMs.max.toFixed(1)} ms\n` +
        `  delivery  p50 ${result.deliveryMs.p50.toFixed(1)} ms  p99 ${result.deliveryMs.p99.toFixed(1)} ms  max ${result.deliveryMs.max.toFixed(1)} ms  ${pass ? 'PASS' : 'FAIL'} (p99 ≤ 50 ms, all delivered)\n`,
    );
    step(`Figures in ${writeResults(`chat-${target.engine}-${S.processes}p`, startedAt, result)}`);
  } finally {
    for (const s of sockets) s.removeAllListeners('disconnect').disconnect();
    await Promise.all(servers.map((s) => stopServer(s)));
    await target.cleanup();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
