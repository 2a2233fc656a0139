/**
 * Kill -9 in the middle of work (issue 23): `npm run bench:crash` (npx tsx bench/crash.bench.ts).
 *
 * The real server (apps/server/src/main.ts, demo mode so the sandbox gateway pays) runs as a child process on a fresh
 * database — embedded PGlite in a temporary DATA_DIR, or with BENCH_DATABASE_URL a database created for the run on
 * that PostgreSQL server and dropped after. Each scenario kills it with SIGKILL while it works (no shutdown at all),
 * starts it again on the same data and port, lets the clients finish as real ones would (send again what got no
 * answer), then stops it and reads what was stored:
 *
 * 1. Chat: BENCH_CHAT_PAIRS shopper–vendor pairs, both sides writing BENCH_CHAT_RATE messages a second each with a
 *    client id, for BENCH_CHAT_SECONDS of the server's uptime, split by BENCH_CHAT_KILLS kills (they go on writing
 *    while it is down). Each client keeps an outbox: a send without an answer goes again with the same client id until
 *    acknowledged. Stored: every acknowledged message exactly once, under the id its acknowledgement named; every
 *    message at most once; each chat's sequence 1…n without a gap.
 * 2. Payment completions: BENCH_ORDERS buy-now orders paid online through the sandbox page (every other buyer puts
 *    wallet cash in too); each order's signed "Pay" form is posted twice at once (a double click), all orders
 *    BENCH_CONCURRENCY at a time, while the server is killed BENCH_KILLS times; completions that got no answer are
 *    posted again after the last start. Stored: each order paid by exactly one payment, its wallet cash spent once, its
 *    vendor told once, nothing paid and cancelled; the product's stock and sales count match the orders.
 * 3. Refunds: the buyers cancel those orders, each cancel sent twice at once, with kills in between; the unanswered
 *    sent again. Stored: one refund per order adding up to exactly what was paid, one wallet credit of that amount
 *    (sandbox payments come back to the wallet, ADR 012), the order cancelled and refunded, the stock back.
 * 4. Transcode: an admin uploads a short video (testsrc, made here with the ffmpeg the server uses); the server is
 *    killed while ffmpeg works on it; the time from the kill until the video is ready again (the new process's start
 *    included; target ≤ 30 s), waited for at most BENCH_VIDEO_WAIT seconds after the new process answers.
 *
 * Chat and payments share one life of the server, refunds and the transcode the next: each life ends with a gentle
 * stop and the read of what was stored (PGlite is one process's). The restart times (SIGKILL → /api/health) are
 * printed too: on a busy machine they dominate the run's length.
 *
 * Prints each scenario's figures and a summary table, writes the JSON to bench/.results/, exits 1 when any check
 * fails. Traffic goes to 127.0.0.1 only; every loop is bounded in count and time.
 * Settings: BENCH_CHAT_PAIRS (10), BENCH_CHAT_RATE (4; the server takes 5 a second per socket), BENCH_CHAT_SECONDS
 * (24), BENCH_CHAT_KILLS (2), BENCH_ORDERS (60), BENCH_CONCURRENCY (12), BENCH_KILLS (2), BENCH_VIDEO_WAIT (120),
 * BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres: a throwaway database is made there).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import type { Database } from '../apps/server/src/db/client.ts';
import { createSession } from '../apps/server/src/lib/auth.ts';
import { createChat } from '../apps/server/src/modules/chat/service.ts';
import { FFMPEG, runFfmpeg } from '../apps/server/src/modules/media/transcode.ts';
import { newUser, newVendor } from '../apps/server/src/test/factories.ts';
import { anAddress, fundWallet, newShop } from '../apps/server/src/test/orders.ts';
import { serverProcess, type ServerProcess } from '../apps/server/src/test/processes.ts';
import { machine, pgliteTarget, postgresTarget, say, writeResults, type Target } from './lib/server.ts';

const env = process.env;
const S = {
  chatPairs: Number(env.BENCH_CHAT_PAIRS ?? 10),
  chatRate: Number(env.BENCH_CHAT_RATE ?? 4),
  chatSeconds: Number(env.BENCH_CHAT_SECONDS ?? 24),
  chatKills: Number(env.BENCH_CHAT_KILLS ?? 2),
  orders: Number(env.BENCH_ORDERS ?? 60),
  concurrency: Number(env.BENCH_CONCURRENCY ?? 12),
  kills: Number(env.BENCH_KILLS ?? 2),
  videoWaitSeconds: Number(env.BENCH_VIDEO_WAIT ?? 120),
};
const VIDEO_TARGET_SECONDS = 30;
/** Chat messages a client has on their way at once (acknowledgements pending). */
const SEND_WINDOW = 5;
/** Each buyer paying with wallet cash has this much in the wallet (less than an order: the rest goes online). */
const WALLET_FUNDS = 500;
const UNITS = 1000;
const jwtSecret = randomBytes(24).toString('hex');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => Number((ms / 1000).toFixed(1));
/** n in letters (a, b, … z, ba …): chat texts carry no digits (a phone number is masked for the recipient). */
const letters = (n: number): string => (n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26)) + String.fromCharCode(97 + (n % 26)));

// ---------- the server and its crashes ----------

interface Crashes {
  server: ServerProcess;
  /** Seconds from each SIGKILL until the new process answered /api/health. */
  restarts: number[];
  /** Resolves while the server is up; a crash in progress replaces it until the new process answers. */
  up: Promise<void>;
}

/** Every server started, to be ended whatever happens. */
const started: ServerProcess[] = [];

async function startServer(target: Target): Promise<Crashes> {
  const server = await serverProcess({ ...target.serverEnv, JWT_SECRET: jwtSecret }, 180_000);
  started.push(server);
  await server.start();
  return { server, restarts: [], up: Promise.resolve() };
}

/** SIGKILL, then the same server on the same data and port; resolves once it answers again. */
function crash(c: Crashes): Promise<void> {
  c.up = (async () => {
    await c.server.kill('SIGKILL');
    const t0 = performance.now();
    await c.server.start();
    c.restarts.push(seconds(performance.now() - t0));
  })();
  return c.up;
}

/** Stops the server gently (SIGTERM) and opens the database to read what it stored. */
async function stopAndOpen(c: Crashes, target: Target): Promise<Database> {
  await c.server.kill('SIGTERM');
  await c.server.dispose();
  return target.open();
}

interface Answer {
  status: number;
  body: { data?: unknown; message?: string } | null;
  location: string | null;
}

/** One HTTP call; null when no answer came (the server died, or was not listening). */
async function call(c: Crashes, method: string, url: string, opts: { token?: string; json?: unknown; form?: Record<string, string>; multipart?: FormData } = {}): Promise<Answer | null> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | FormData | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.multipart) body = opts.multipart;
  try {
    const res = await fetch(`${c.server.url}${url}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let parsed: Answer['body'] = null;
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      // an HTML page or a redirect
    }
    return { status: res.status, body: parsed, location: res.headers.get('location') };
  } catch {
    return null;
  }
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

/**
 * Requests sent twice at once per item while the server is killed after each `1 / (kills + 1)` of the items have
 * started; a worker starts its next item only while the server is up. The second pass sends again, one at a time,
 * each request that got no answer.
 */
async function twiceEachWithKills<T>(c: Crashes, items: readonly T[], kills: number, send: (item: T) => Promise<Answer | null>) {
  const answers: (Answer | null)[][] = items.map(() => []);
  const killAt = new Set(Array.from({ length: kills }, (_, k) => Math.floor(((k + 1) * items.length) / (kills + 1))));
  let started = 0;
  const crashes: Promise<void>[] = [];
  await pool(items, S.concurrency, async (item, i) => {
    await c.up;
    started += 1;
    if (killAt.has(started)) {
      // the requests of the workers already under way are in flight now
      killAt.delete(started);
      crashes.push(sleep(5).then(() => crash(c)));
    }
    answers[i] = await Promise.all([send(item), send(item)]);
  });
  await Promise.all(crashes);
  await c.up;
  let resent = 0;
  for (const [i, item] of items.entries()) {
    for (const [k, a] of answers[i]!.entries()) {
      if (a) continue;
      resent += 1;
      answers[i]![k] = await send(item);
    }
  }
  return { answers, resent, sent: items.length * 2 + resent };
}

// ---------- 1. chat ----------

interface Pair {
  chatId: string;
  shopper: { id: string; token: string };
  vendor: { id: string; token: string };
}

async function seedChats(database: Database): Promise<Pair[]> {
  const db = database.db;
  const pairs: Pair[] = [];
  for (let i = 0; i < S.chatPairs; i++) {
    const shopper = await newUser(db);
    const vendor = await newVendor(db);
    const { chat } = await createChat(db, { id: shopper.id, role: 'user' }, vendor.userId);
    pairs.push({
      chatId: chat.id,
      shopper: { id: shopper.id, token: (await createSession({ db, config: { jwtSecret } }, shopper.id)).accessToken },
      vendor: { id: vendor.userId, token: (await createSession({ db, config: { jwtSecret } }, vendor.userId)).accessToken },
    });
  }
  return pairs;
}

interface Sent {
  clientId: string;
  chatId: string;
  senderId: string;
  attempts: number;
  ackedId: string | null;
  /** written before a restart completed, acknowledged by the new process */
  crossedKill: boolean;
}

type Check<T> = (database: Database) => Promise<T>;
type Outgoing = { m: Sent; text: string; restartsAtWrite: number };

async function chatScenario(c: Crashes, pairs: Pair[]) {
  const restartsBefore = c.restarts.length;
  const sockets: Socket[] = [];
  const sent: Sent[] = [];
  const refusals: Record<string, number> = {};
  let restartsDone = 0;
  // sent to the process that was killed, not acknowledged by it
  let inFlightAtKills = 0;
  const queues: Outgoing[][] = [];
  const slice = (S.chatSeconds * 1000) / (S.chatKills + 1);
  let giveUpAt = Infinity;
  try {
    const people = pairs.flatMap((p) => [
      { chatId: p.chatId, ...p.shopper },
      { chatId: p.chatId, ...p.vendor },
    ]);
    await Promise.all(
      people.map(
        (who) =>
          new Promise<void>((resolve, reject) => {
            const socket = io(c.server.url, {
              path: '/socket.io',
              transports: ['websocket'],
              auth: { token: who.token },
              forceNew: true,
              reconnection: true,
              reconnectionDelay: 100,
              reconnectionDelayMax: 500,
            });
            sockets.push(socket);
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          }),
      ),
    );
    let writing = true;
    /**
     * A chat client's outbox: what was written waits here, in order, until acknowledged; up to SEND_WINDOW at once
     * go out while connected, a send without an answer within 3 s goes again with its client id, and a refusal
     * (429: the server's 5 a second per socket, after a backlog) waits half a second.
     */
    const outbox = async (socket: Socket, queue: Outgoing[]) => {
      while ((writing || queue.length) && performance.now() < giveUpAt) {
        if (!socket.connected || !queue.length) {
          await sleep(50);
          continue;
        }
        const batch = queue.slice(0, SEND_WINDOW);
        const refused = await Promise.all(
          batch.map(async (x) => {
            x.m.attempts += 1;
            try {
              const a = (await socket.timeout(3000).emitWithAck('send_message', { chatId: x.m.chatId, clientId: x.m.clientId, message: x.text })) as {
                ok: boolean;
                status?: number;
                message?: { _id: string };
              };
              if (a.ok) {
                x.m.ackedId = a.message!._id;
                x.m.crossedKill = restartsDone > x.restartsAtWrite;
                queue.splice(queue.indexOf(x), 1);
                return false;
              }
              refusals[String(a.status)] = (refusals[String(a.status)] ?? 0) + 1;
            } catch {
              // no answer within 3 s (the server died, or the socket dropped): the same client id again
            }
            return true;
          }),
        );
        if (refused.some(Boolean)) await sleep(500);
      }
    };
    say(`chat: ${sockets.length} sockets, ${S.chatRate} messages a second each, killed after every ${seconds(slice)} s up, ${S.chatKills} times`);
    let n = 0;
    const writers = people.map(async (who, k) => {
      const socket = sockets[k]!;
      const queue: Outgoing[] = [];
      queues.push(queue);
      const sending = outbox(socket, queue);
      // staggered so the sends spread over each second
      await sleep((k * 1000) / people.length / S.chatRate);
      // people keep writing while the server is down: their messages wait in the outbox
      while (writing) {
        const m: Sent = { clientId: randomUUID(), chatId: who.chatId, senderId: who.id, attempts: 0, ackedId: null, crossedKill: false };
        sent.push(m);
        queue.push({ m, text: `crash ${letters(n++)}`, restartsAtWrite: restartsDone });
        await sleep(1000 / S.chatRate);
      }
      await sending;
    });
    const killer = (async () => {
      for (let k = 1; k <= S.chatKills; k++) {
        await sleep(slice);
        inFlightAtKills += queues.reduce((sum, q) => sum + q.filter((x) => x.m.attempts > 0).length, 0);
        await crash(c);
        restartsDone += 1;
      }
      await sleep(slice);
      writing = false;
    })();
    await killer;
    // what is still unacknowledged two minutes after the last message was written is given up (and counted)
    giveUpAt = performance.now() + 120_000;
    await Promise.all(writers);
  } finally {
    for (const s of sockets) s.disconnect();
  }

  const restartSeconds = c.restarts.slice(restartsBefore);
  return async (database: Database) => {
    const chatIds = pairs.map((p) => p.chatId);
    const rows = (
      await database.db.execute<{ id: string; chat_id: string; sender_id: string; client_id: string | null; seq: number; msg_type: string }>(
        sql`select id, chat_id, sender_id, client_id, seq, msg_type from chat_messages where chat_id in ${chatIds}`,
      )
    ).rows;
    const byClient = new Map<string, typeof rows>();
    for (const r of rows) if (r.client_id) byClient.set(`${r.chat_id}|${r.sender_id}|${r.client_id}`, [...(byClient.get(`${r.chat_id}|${r.sender_id}|${r.client_id}`) ?? []), r]);
    const acked = sent.filter((m) => m.ackedId);
    const storedOf = (m: Sent) => byClient.get(`${m.chatId}|${m.senderId}|${m.clientId}`) ?? [];
    const lost = acked.filter((m) => !storedOf(m).some((r) => r.id === m.ackedId)).length;
    const doubled = sent.filter((m) => storedOf(m).length > 1).length;
    const unacked = sent.filter((m) => !m.ackedId);
    const gaps = chatIds.filter((id) => {
      const seqs = rows
        .filter((r) => r.chat_id === id)
        .map((r) => Number(r.seq))
        .sort((a, b) => a - b);
      return seqs.some((s, i) => s !== i + 1);
    }).length;
    return {
      sockets: pairs.length * 2,
      kills: restartSeconds.length,
      restartSeconds,
      sent: sent.length,
      acknowledged: acked.length,
      acknowledgedAfterRetry: acked.filter((m) => m.attempts > 1).length,
      inFlightAtKills,
      acknowledgedAfterRestart: acked.filter((m) => m.crossedKill).length,
      refusals,
      lost,
      doubled,
      neverAcknowledged: unacked.length,
      neverAcknowledgedStored: unacked.filter((m) => storedOf(m).length === 1).length,
      storedRows: rows.filter((r) => r.msg_type !== 'auto').length,
      autoReplies: rows.filter((r) => r.msg_type === 'auto').length,
      chatsWithSeqGaps: gaps,
      pass: lost === 0 && doubled === 0 && gaps === 0 && unacked.length === 0,
    };
  };
}

// ---------- 2. payment completions ----------

interface Buyer {
  id: string;
  token: string;
  funded: number;
}

interface Shop {
  productId: string;
  buyers: Buyer[];
}

async function seedShop(database: Database): Promise<Shop> {
  const db = database.db;
  const shop = await newShop({ db }, { sizes: { m: UNITS } });
  const buyers: Buyer[] = [];
  for (let i = 0; i < S.orders; i++) {
    const user = await newUser(db);
    const funded = i % 2 === 0 ? WALLET_FUNDS : 0;
    if (funded) await fundWallet(db, user.id, funded);
    buyers.push({ id: user.id, token: (await createSession({ db, config: { jwtSecret } }, user.id)).accessToken, funded });
  }
  return { productId: shop.product.id, buyers };
}

interface Placed {
  buyer: Buyer;
  orderId: string;
  pagePath: string;
  signature: string;
  quantity: number;
}

async function place(c: Crashes, shop: Shop): Promise<Placed[]> {
  const placed: Placed[] = [];
  await pool(shop.buyers, 4, async (buyer, i) => {
    const quantity = 1 + (i % 3);
    const res = await call(c, 'POST', '/api/order/create/buyNow', {
      token: buyer.token,
      json: { address: anAddress(), paymentMode: 'online', productId: shop.productId, size: 'm', quantity, isWalletUse: buyer.funded ? 'true' : 'false' },
    });
    const data = res?.body?.data as { url: string; orderId: string } | undefined;
    if (res?.status !== 201 || !data?.url) throw new Error(`buyNow answered ${res?.status}: ${res?.body?.message}`);
    const pagePath = new URL(data.url).pathname;
    const page = await fetch(`${c.server.url}${pagePath}`).then((r) => r.text());
    const match = /name="outcome" value="success"><input type="hidden" name="signature" value="([^"]+)"/.exec(page);
    if (!match) throw new Error('no Pay form on the sandbox page');
    placed.push({ buyer, orderId: data.orderId, pagePath, signature: match[1]!, quantity });
  });
  return placed;
}

type OrderRow = {
  id: string;
  user_id: string;
  status: string;
  payment_status: string;
  wallet_amount_used: number;
  amount_payable: number;
  grand_total: number;
};

async function readOrders(database: Database, ids: string[]) {
  const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await database.db.execute<T>(query)).rows;
  const orders = await q<OrderRow>(
    sql`select id, user_id, status, payment_status, wallet_amount_used, amount_payable, grand_total from orders where id in ${ids}`,
  );
  const payments = await q<{ order_id: string; status: string }>(sql`select order_id, status from payments where order_id in ${ids}`);
  const ledger = await q<{ user_id: string; order_id: string | null; type: string; status: string; kind: string; amount: number }>(
    sql`select user_id, order_id, type, status, kind, amount from wallet_transactions where user_id in (select user_id from orders where id in ${ids})`,
  );
  const told = await q<{ order_id: string; n: number }>(
    sql`select payload->>'orderId' as order_id, count(*)::int as n from notification_outbox where kind = 'vendor-new-order' and payload->>'orderId' in ${ids} group by 1`,
  );
  const refunds = await q<{ order_id: string; wallet_amount: number; gateway_amount: number; gateway_method: string; status: string }>(
    sql`select order_id, wallet_amount, gateway_amount, gateway_method, status from order_refunds where order_id in ${ids}`,
  );
  return { orders, payments, ledger, told: new Map(told.map((t) => [t.order_id, Number(t.n)])), refunds };
}

async function stockOf(database: Database, productId: string) {
  const [row] = (
    await database.db.execute<{ left: number; sales: number }>(
      sql`select (select quantity from product_sizes where product_id = ${productId} and size = 'm') as left, (select sales_count from products where id = ${productId}) as sales`,
    )
  ).rows;
  return { left: Number(row!.left), sales: Number(row!.sales) };
}

/** Σ completed credits − Σ pending or completed debits (the ledger's rule, db/schema/wallet.ts). */
const balance = (rows: { type: string; status: string; amount: number }[]) =>
  rows.reduce((b, r) => (r.type === 'credit' ? (r.status === 'completed' ? b + r.amount : b) : r.status === 'failed' ? b : b - r.amount), 0);

async function paymentScenario(c: Crashes, shop: Shop) {
  const restartsBefore = c.restarts.length;
  say(`payments: placing ${shop.buyers.length} online orders (every other with wallet cash too)`);
  const placed = await place(c, shop);
  say(`payments: posting each order's Pay form twice, ${S.concurrency} orders at a time, ${S.kills} kills`);
  const run = await twiceEachWithKills(c, placed, S.kills, (o) => call(c, 'POST', `${o.pagePath}/complete`, { form: { outcome: 'success', signature: o.signature } }));

  const answered = run.answers.flat().filter((a): a is Answer => a !== null);
  const answerKinds: Record<string, number> = {};
  for (const a of answered) {
    const kind = a.status === 303 ? `303 ${a.location?.includes('status=true') ? 'paid' : 'not paid'}` : String(a.status);
    answerKinds[kind] = (answerKinds[kind] ?? 0) + 1;
  }
  const restartSeconds = c.restarts.slice(restartsBefore);
  const check = async (database: Database) => {
    const stored = await readOrders(database, placed.map((o) => o.orderId));
    const stock = await stockOf(database, shop.productId);
    let paidOnce = 0;
    let doubled = 0;
    let lost = 0;
    let paidAndCancelled = 0;
    const problems: string[] = [];
    for (const o of placed) {
      const order = stored.orders.find((r) => r.id === o.orderId)!;
      const succeeded = stored.payments.filter((p) => p.order_id === o.orderId && p.status === 'succeeded').length;
      const debits = stored.ledger.filter((l) => l.order_id === o.orderId && l.kind === 'order_payment');
      const told = stored.told.get(o.orderId) ?? 0;
      const wallet = balance(stored.ledger.filter((l) => l.user_id === o.buyer.id));
      const isPaid = order.status === 'pending' && order.payment_status === 'paid';
      const walletOk =
        wallet === o.buyer.funded - Number(order.wallet_amount_used) &&
        (Number(order.wallet_amount_used) === 0 ? debits.length === 0 : debits.length === 1 && debits[0]!.status === 'completed' && debits[0]!.amount === Number(order.wallet_amount_used));
      if (order.status === 'cancelled' && succeeded > 0) paidAndCancelled += 1;
      if (succeeded > 1 || debits.length > 1 || told > 1) doubled += 1;
      else if (!isPaid || succeeded === 0) lost += 1;
      else if (walletOk && told === 1) paidOnce += 1;
      if (!(isPaid && succeeded === 1 && walletOk && told === 1)) {
        problems.push(`${o.orderId}: ${order.status}/${order.payment_status}, ${succeeded} succeeded payments, ${debits.length} wallet debits, wallet ${wallet} (of ${o.buyer.funded}, ${order.wallet_amount_used} used), vendor told ${told}×`);
      }
    }
    const pieces = placed.reduce((s, o) => s + o.quantity, 0);
    const stockOk = stock.left === UNITS - pieces && stock.sales === pieces;
    return {
      orders: placed.length,
      kills: restartSeconds.length,
      restartSeconds,
      completionsSent: run.sent,
      resentAfterNoAnswer: run.resent,
      answers: answerKinds,
      paidOnce,
      doubled,
      lost,
      paidAndCancelled,
      stock: { initial: UNITS, piecesOrdered: pieces, left: stock.left, salesCount: stock.sales, consistent: stockOk },
      problems: problems.slice(0, 10),
      pass: paidOnce === placed.length && doubled === 0 && lost === 0 && paidAndCancelled === 0 && stockOk,
    };
  };
  return { placed, check };
}

// ---------- 3. refunds ----------

async function refundScenario(c: Crashes, shop: Shop, placed: Placed[]) {
  const restartsBefore = c.restarts.length;
  say(`refunds: cancelling ${placed.length} paid orders, each cancel sent twice, ${S.kills} kills`);
  const run = await twiceEachWithKills(c, placed, S.kills, (o) => call(c, 'POST', `/api/order/cancel/${o.orderId}`, { token: o.buyer.token, json: {} }));
  const answerKinds: Record<string, number> = {};
  for (const a of run.answers.flat()) if (a) answerKinds[String(a.status)] = (answerKinds[String(a.status)] ?? 0) + 1;
  const cancelledAnswers = run.answers.filter((pair) => pair.some((a) => a?.status === 200)).length;
  const no200 = new Set(placed.filter((_, i) => !run.answers[i]!.some((a) => a?.status === 200)).map((o) => o.orderId));

  const restartSeconds = c.restarts.slice(restartsBefore);
  return async (database: Database) => {
    const stored = await readOrders(database, placed.map((o) => o.orderId));
    const stock = await stockOf(database, shop.productId);
    let refundedOnce = 0;
    let doubled = 0;
    let missing = 0;
    let wrongAmount = 0;
    // the cancel went through, but its answer was lost in a crash and the one sent again was refused (409)
    let cancelledButRefusedOnRetry = 0;
    const problems: string[] = [];
    for (const o of placed) {
      const order = stored.orders.find((r) => r.id === o.orderId)!;
      const paid = Number(order.wallet_amount_used) + Number(order.amount_payable);
      const refunds = stored.refunds.filter((r) => r.order_id === o.orderId);
      const refunded = refunds.reduce((s, r) => s + r.wallet_amount + r.gateway_amount, 0);
      const credits = stored.ledger.filter((l) => l.order_id === o.orderId && l.kind === 'order_refund');
      const credited = credits.reduce((s, l) => s + l.amount, 0);
      const wallet = balance(stored.ledger.filter((l) => l.user_id === o.buyer.id));
      const done = order.status === 'cancelled' && order.payment_status === 'refunded';
      if (done && no200.has(o.orderId)) cancelledButRefusedOnRetry += 1;
      if (refunds.length > 1 || credits.length > 1) doubled += 1;
      else if (!refunds.length || !credits.length || !done) missing += 1;
      else if (refunded !== paid || credited !== paid || wallet !== o.buyer.funded + Number(order.amount_payable)) wrongAmount += 1;
      else refundedOnce += 1;
      if (!(done && refunds.length === 1 && credits.length === 1 && refunded === paid && credited === paid)) {
        problems.push(`${o.orderId}: ${order.status}/${order.payment_status}, paid ${paid}, ${refunds.length} refunds (${refunded}), ${credits.length} wallet credits (${credited}), wallet ${wallet}`);
      }
    }
    const stockOk = stock.left === UNITS && stock.sales === 0;
    return {
      orders: placed.length,
      kills: restartSeconds.length,
      restartSeconds,
      cancelsSent: run.sent,
      resentAfterNoAnswer: run.resent,
      answers: answerKinds,
      ordersWithA200: cancelledAnswers,
      cancelledButRefusedOnRetry,
      refundedOnce,
      doubled,
      missing,
      wrongAmount,
      stock: { left: stock.left, salesCount: stock.sales, restored: stockOk },
      problems: problems.slice(0, 10),
      pass: refundedOnce === placed.length && doubled === 0 && missing === 0 && wrongAmount === 0 && stockOk,
    };
  };
}

// ---------- 4. transcode ----------

/** 10 s of 1280×720 test pattern with a tone, made with the server's own ffmpeg: a transcode of several seconds. */
async function makeClip(file: string): Promise<void> {
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=30:duration=10', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file]);
}

async function transcodeScenario(c: Crashes, adminToken: string, clip: string) {
  const form = new FormData();
  form.set('title', 'Crash bench clip');
  form.set('video', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const up = await call(c, 'POST', '/api/admin/videos', { token: adminToken, multipart: form });
  const jobId = (up?.body?.data as { jobId?: string } | undefined)?.jobId;
  if (up?.status !== 201 || !jobId) throw new Error(`the upload answered ${up?.status}: ${up?.body?.message}`);
  const state = async () => ((await call(c, 'GET', `/api/media/videos/${jobId}`, { token: adminToken }))?.body?.data as { state?: string } | undefined)?.state;
  const uploadedAt = performance.now();
  while (performance.now() - uploadedAt < 60_000 && (await state()) === 'queued') await sleep(50);
  // ffmpeg is under way: kill the server in the middle of it
  await sleep(500);
  const atKill = await state();
  say(`transcode: the video is ${atKill} ${seconds(performance.now() - uploadedAt)} s after the upload; killing the server`);
  const t0 = performance.now();
  await crash(c);
  const bootSeconds = c.restarts.at(-1)!;
  const answering = performance.now();
  let after: string | undefined;
  while (performance.now() - answering < S.videoWaitSeconds * 1000) {
    after = await state();
    if (after === 'ready' || after === 'failed') break;
    await sleep(250);
  }
  const readySeconds = after === 'ready' ? seconds(performance.now() - t0) : null;
  return async (database: Database) => {
    const [job] = (await database.db.execute<{ state: string; attempts: number; lease_until: string | null }>(sql`select state, attempts, lease_until from video_jobs where id = ${jobId}`)).rows;
    return {
      clip: '10 s, 1280×720, H.264 + AAC',
      stateAtKill: atKill,
      restartSeconds: [bootSeconds],
      bootSeconds,
      readySeconds,
      readyAfterBootSeconds: readySeconds === null ? null : Number((readySeconds - bootSeconds).toFixed(1)),
      waitedSeconds: S.videoWaitSeconds,
      finalState: job?.state,
      attempts: job?.attempts,
      leaseUntil: job?.lease_until ?? null,
      targetSeconds: VIDEO_TARGET_SECONDS,
      pass: atKill === 'processing' && readySeconds !== null && readySeconds <= VIDEO_TARGET_SECONDS,
    };
  };
}

// ---------- the run ----------

async function main() {
  const startedAt = new Date();
  const target = env.BENCH_DATABASE_URL ? await postgresTarget(env.BENCH_DATABASE_URL, { name: 'crash' }) : pgliteTarget({ name: 'crash' });
  const results: Record<string, unknown> = {};
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'statewise-bench-crash-'));
  let ok = true;
  try {
    say(`${machine()} · ${target.engine} · ffmpeg ${path.basename(FFMPEG)}`);
    const database = await target.open();
    await database.migrate();
    const pairs = await seedChats(database);
    const shop = await seedShop(database);
    const admin = await newUser(database.db, { role: 'admin' });
    const adminToken = (await createSession({ db: database.db, config: { jwtSecret } }, admin.id)).accessToken;
    await database.close();

    const clip = path.join(scratch, 'clip.mp4');
    await makeClip(clip);

    const took: Record<string, number> = {};
    const failed = (name: string, err: unknown) => {
      ok = false;
      results[name] = { error: err instanceof Error ? err.message : String(err), pass: false };
      say(`${name} could not run: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    };
    const attempt = async <T>(name: string, run: () => Promise<T>): Promise<T | null> => {
      const t0 = performance.now();
      try {
        return await run();
      } catch (err) {
        failed(name, err);
        return null;
      } finally {
        took[name] = seconds(performance.now() - t0);
      }
    };
    // PGlite is one process's: the server stops (gently) before what it stored is read
    const checkAll = async (c: Crashes, checks: [string, Check<{ pass: boolean }> | null][]) => {
      const database = await stopAndOpen(c, target);
      try {
        for (const [name, check] of checks) {
          if (!check) continue;
          try {
            const r = await check(database);
            results[name] = { ...r, seconds: took[name] };
            ok &&= r.pass;
          } catch (err) {
            failed(name, err);
          }
        }
      } finally {
        await database.close();
      }
    };

    // chat and payments on one server's life, refunds and the transcode on the next (each life ends in a check)
    let c = await startServer(target);
    const chatCheck = await attempt('chat', () => chatScenario(c, pairs));
    const paid = await attempt('payments', () => paymentScenario(c, shop));
    await checkAll(c, [
      ['chat', chatCheck],
      ['payments', paid?.check ?? null],
    ]);
    c = await startServer(target);
    const refundCheck = paid ? await attempt('refunds', () => refundScenario(c, shop, paid.placed)) : null;
    const videoCheck = await attempt('transcode', () => transcodeScenario(c, adminToken, clip));
    await checkAll(c, [
      ['refunds', refundCheck],
      ['transcode', videoCheck],
    ]);

    const r = results as Record<string, Record<string, unknown> | undefined>;
    const verdict = (x?: Record<string, unknown>) => (x?.error ? 'ERROR' : x?.pass ? 'PASS' : 'FAIL');
    const rows: string[][] = [['scenario', 'kills', 'figures', 'verdict']];
    if (r.chat)
      rows.push([
        'chat',
        String(r.chat.kills ?? '-'),
        r.chat.error ? String(r.chat.error) : `sent ${r.chat.sent} · acknowledged ${r.chat.acknowledged} (${r.chat.inFlightAtKills} in flight at a kill, ${r.chat.acknowledgedAfterRestart} written before a restart and acknowledged after it) · lost ${r.chat.lost} · doubled ${r.chat.doubled} · never acknowledged ${r.chat.neverAcknowledged} · seq gaps ${r.chat.chatsWithSeqGaps} · refusals ${JSON.stringify(r.chat.refusals)}`,
        verdict(r.chat),
      ]);
    if (r.payments)
      rows.push([
        'payment completions',
        String(r.payments.kills ?? '-'),
        r.payments.error
          ? String(r.payments.error)
          : `orders ${r.payments.orders} · completions sent ${r.payments.completionsSent} (${r.payments.resentAfterNoAnswer} re-sent) · paid once ${r.payments.paidOnce} · doubled ${r.payments.doubled} · lost ${r.payments.lost} · paid+cancelled ${r.payments.paidAndCancelled} · stock ${(r.payments.stock as { consistent: boolean }).consistent ? 'consistent' : 'WRONG'}`,
        verdict(r.payments),
      ]);
    if (r.refunds)
      rows.push([
        'refunds',
        String(r.refunds.kills ?? '-'),
        r.refunds.error
          ? String(r.refunds.error)
          : `orders ${r.refunds.orders} · cancels sent ${r.refunds.cancelsSent} (${r.refunds.resentAfterNoAnswer} re-sent) · refunded once ${r.refunds.refundedOnce} · doubled ${r.refunds.doubled} · missing ${r.refunds.missing} · wrong amount ${r.refunds.wrongAmount} · cancelled but the re-sent cancel answered 409: ${r.refunds.cancelledButRefusedOnRetry} · stock ${(r.refunds.stock as { restored: boolean }).restored ? 'restored' : 'WRONG'}`,
        verdict(r.refunds),
      ]);
    if (r.transcode)
      rows.push([
        'transcode',
        r.transcode.error ? '-' : '1',
        r.transcode.error
          ? String(r.transcode.error)
          : `${r.transcode.stateAtKill} at the kill · server back in ${r.transcode.bootSeconds} s · ${r.transcode.readySeconds !== null ? `ready ${r.transcode.readySeconds} s after the restart (${r.transcode.readyAfterBootSeconds} s after it answered)` : `not ready within ${r.transcode.waitedSeconds} s of it answering (${r.transcode.finalState}, attempt ${r.transcode.attempts})`} · target ≤ ${VIDEO_TARGET_SECONDS} s`,
        verdict(r.transcode),
      ]);
    const restarts = ['chat', 'payments', 'refunds', 'transcode'].flatMap((k) => ((r[k]?.restartSeconds as number[] | undefined) ?? []));
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
    process.stdout.write(
      `\ncrash bench · ${target.engine} · ${machine()}\n` +
        rows.map((row) => row.map((cell, i) => (i === 2 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n') +
        `\n  restarts (SIGKILL → /api/health): ${restarts.length ? `${restarts.join(' s, ')} s` : '-'}\n\n`,
    );
    say(`Figures in ${writeResults(`crash-${target.engine}`, startedAt, { engine: target.engine, settings: S, ...results })}`);
  } finally {
    await Promise.all(started.map((s) => s.dispose()));
    await target.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  }
  return ok;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
