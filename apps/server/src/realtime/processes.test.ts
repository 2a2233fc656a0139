import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SOCKET, type ChatMessage } from '@statewise/contract';
import type { Database } from '../db/client.ts';
import { chatMessages } from '../db/schema/index.ts';
import { createChat } from '../modules/chat/service.ts';
import { loginAs, tokenFor } from '../test/auth.ts';
import { createTestDatabase, testEngine } from '../test/db.ts';
import { newVendor } from '../test/factories.ts';
import { serverProcess, type ServerProcess } from '../test/processes.ts';

/**
 * The chat across real server processes (ADR 031, 034): each server is src/main.ts in a child process of its own, on
 * one shared PostgreSQL database (PGlite is one process's), with the Redis adapter between them. So these run in the
 * server:postgres project, with TEST_DATABASE_URL and TEST_REDIS_URL set (CI has both).
 */

const REDIS_URL = process.env.TEST_REDIS_URL;
const missing = testEngine !== 'postgres' ? 'the server:postgres project (TEST_DATABASE_URL)' : !REDIS_URL ? 'TEST_REDIS_URL' : null;
const title = (what: string) => (missing ? `${what} (skipped: needs ${missing})` : what);

type Ack = { ok: boolean; status?: number; message?: ChatMessage; duplicate?: boolean; messages?: ChatMessage[] };

let database: Database & { url?: string };
const jwtSecret = randomBytes(24).toString('hex');
const servers: ServerProcess[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  if (missing) return;
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  // the children go whatever happened in the tests
  await Promise.all(servers.splice(0).map((p) => p.dispose()));
  await database?.close();
}, 60_000);

/** A server process on the test database (which must hold users already, or the server seeds its demo data). */
async function server(env: Record<string, string> = {}): Promise<ServerProcess> {
  const p = await serverProcess({ DATABASE_URL: database.url!, JWT_SECRET: jwtSecret, ...env });
  servers.push(p);
  await p.start();
  return p;
}

async function aChat() {
  const has = { db: database.db, config: { jwtSecret } };
  const shopper = await loginAs(has);
  const vendor = await newVendor(database.db);
  const vendorToken = await tokenFor(has, vendor.user);
  const { chat } = await createChat(database.db, { id: shopper.user.id, role: 'user' }, vendor.userId);
  return { shopperToken: shopper.token, shopperId: shopper.user.id, vendorToken, chat };
}

function client(url: string, token: string, reconnect = false): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: reconnect,
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const emit = (socket: Socket, event: string, payload: unknown, ms = 5000) => socket.timeout(ms).emitWithAck(event, payload) as Promise<Ack>;

describe.skipIf(missing)(title('two server processes with Redis'), () => {
  it('carries a message sent by a client on one process to a client on the other, with presence and ticks', { timeout: 60_000 }, async () => {
    const { shopperToken, vendorToken, chat } = await aChat();
    const redisPrefix = `statewise-test-${randomBytes(4).toString('hex')}:`;
    const [a, b] = await Promise.all([server({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: redisPrefix }), server({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: redisPrefix })]);
    const vendor = await client(b!.url, vendorToken);
    const user = await client(a!.url, shopperToken);
    // the vendor's only device is on the other process: presence is asked across them
    expect(await emit(user, 'join_chat', { chatId: chat.id })).toMatchObject({ ok: true, userStatus: 'online' });

    const got = new Promise<{ message: ChatMessage; offlineReceiver: boolean }>((resolve) => vendor.once('receive_message', resolve));
    const ack = await emit(user, 'send_message', { chatId: chat.id, message: 'across processes', clientId: randomUUID() });
    expect(ack).toMatchObject({ ok: true, message: { seq: 1, status: 'pending' } });
    expect(await got).toMatchObject({ offlineReceiver: false, message: { message: 'across processes', seq: 1 } });

    // and back: the vendor's read ticks reach the shopper on process A
    const read = new Promise<Record<string, unknown>>((resolve) => user.on('message_status', (p: Record<string, unknown>) => p.status === 'read' && resolve(p)));
    expect(await emit(vendor, 'mark_as_seen', { chatId: chat.id, upToSeq: 1 })).toMatchObject({ ok: true, count: 1 });
    expect(await read).toMatchObject({ chatId: chat.id, upToSeq: 1 });
  });
});

describe.skipIf(missing)(title('a logout on one process'), () => {
  it('closes the person’s socket on the other process within a second, and that process refuses the token at once', { timeout: 60_000 }, async () => {
    const { shopperToken } = await aChat();
    const redisPrefix = `statewise-test-${randomBytes(4).toString('hex')}:`;
    const a = await server({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: redisPrefix });
    const b = await server({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: redisPrefix });
    const headers = { authorization: `Bearer ${shopperToken}` };
    // B has just checked the token (the socket's connect, then this): it remembers it as valid (ADR 032)
    const user = await client(b.url, shopperToken);
    expect((await fetch(`${b.url}/api/auth/me`, { headers })).status).toBe(200);
    let notice: unknown = null;
    user.once('session_ended', (n: unknown) => (notice = n));
    const closed = new Promise<string>((resolve) => user.once('disconnect', resolve));
    expect((await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers })).status).toBe(200);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the socket on B was still open a second after the logout on A')), 1000)));
    expect(await Promise.race([closed, late]).finally(() => clearTimeout(timer))).toBe('io server disconnect');
    expect(notice).toMatchObject({ code: CHAT_SOCKET.sessionEnded });
    expect((await fetch(`${b.url}/api/auth/me`, { headers })).status).toBe(401);
    await expect(client(b.url, shopperToken)).rejects.toThrow('unauthorized');
  });
});

describe.skipIf(missing)(title('a server process killed in the middle of a conversation'), () => {
  it('loses no message, stores none twice and keeps the order, counted by client message id', { timeout: 60_000 }, async () => {
    const { shopperToken, shopperId, vendorToken, chat } = await aChat();
    const p = await server();
    const user = await client(p.url, shopperToken, true);
    const vendor = await client(p.url, vendorToken, true);

    // each side keeps what reaches it by sequence, and after every reconnect asks for what came after the last it has
    const views = new Map<Socket, Map<number, ChatMessage>>([
      [user, new Map()],
      [vendor, new Map()],
    ]);
    let receivedTwice = 0;
    for (const [socket, view] of views) {
      const keep = (m: ChatMessage) => {
        const had = view.get(m.seq);
        if (had && had._id !== m._id) receivedTwice++; // two different messages under one sequence
        view.set(m.seq, m);
      };
      socket.on('receive_message', ({ message }: { message: ChatMessage }) => keep(message));
      socket.on('connect', () => {
        const last = Math.max(0, ...view.keys());
        void emit(socket, 'sync', { chatId: chat.id, afterSeq: last }).then(
          (a) => a.messages?.forEach(keep),
          () => {},
        );
      });
    }

    // a send without an answer is sent again with the same clientId until one is stored
    const sent = new Map<Socket, string[]>([
      [user, []],
      [vendor, []],
    ]);
    const sendReliably = async (socket: Socket, text: string) => {
      const clientId = randomUUID();
      sent.get(socket)!.push(clientId);
      for (let attempt = 0; attempt < 200; attempt++) {
        const a = socket.connected ? await emit(socket, 'send_message', { chatId: chat.id, message: text, clientId }, 1000).catch(() => null) : null;
        if (a?.ok) {
          views.get(socket)!.set(a.message!.seq, a.message!);
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`could not send ${text}`);
    };

    // both write at once, 15 messages each; the server is SIGKILLed after the 5th round (writes in flight) and
    // again after the 10th, and started again on the same port each time
    for (let i = 1; i <= 15; i++) {
      const round = Promise.all([sendReliably(user, `shopper ${i}`), sendReliably(vendor, `vendor ${i}`)]);
      if (i === 5 || i === 10) {
        await p.kill('SIGKILL');
        await p.start();
      }
      await round;
    }

    const rows = (await database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).sort((x, y) => x.seq - y.seq);
    // stored: every client id exactly once, sequences 1..n without a gap
    for (const [socket, ids] of sent) {
      const senderId = socket === user ? shopperId : chat.vendorId;
      const stored = rows.filter((r) => r.senderId === senderId && r.msgType !== 'auto').map((r) => r.clientId);
      expect(stored).toEqual(ids);
    }
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, k) => k + 1));
    // received: both sides end with the whole conversation, in the stored order, each message once
    for (const view of views.values()) {
      await expect.poll(() => view.size, { timeout: 15_000 }).toBe(rows.length);
      expect([...view.values()].sort((x, y) => x.seq - y.seq).map((m) => m._id)).toEqual(rows.map((r) => r.id));
    }
    expect(receivedTwice).toBe(0);
    // the texts each side wrote are in the order they were written
    expect(rows.filter((r) => r.senderId === shopperId).map((r) => r.message)).toEqual(Array.from({ length: 15 }, (_, k) => `shopper ${k + 1}`));
    expect(rows.filter((r) => r.senderId === chat.vendorId && r.msgType !== 'auto').map((r) => r.message)).toEqual(Array.from({ length: 15 }, (_, k) => `vendor ${k + 1}`));
  });
});
