import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_MSG, CHAT_SOCKET, MSG, type ChatMessage } from '@statewise/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { App } from '../context.ts';
import { chatMessages } from '../db/schema/index.ts';
import { chatForMember, createChat } from '../modules/chat/service.ts';
import { indiaMinutes, saveChatSettings } from '../modules/chat/settings.ts';
import { createTestServer, type TestServer } from '../test/app.ts';
import { revokeUserSessions } from '../lib/auth.ts';
import { clock } from '../lib/clock.ts';
import { loginAs, tokenFor, travel } from '../test/auth.ts';
import { newUser, newVendor, unique } from '../test/factories.ts';
import { redisAnswers } from '../test/redis.ts';

/** The chat's socket events against a listening server (ADR 031), with socket.io-client as the web app uses it. */

let s: TestServer;
let url: string;
const open: Socket[] = [];

type Ack = { ok: boolean; status?: number; message?: unknown; [k: string]: unknown };

function client(token: string, at = url): Socket {
  const socket = connect(at, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  open.push(socket);
  return socket;
}

async function connected(token: string, at = url): Promise<Socket> {
  const socket = client(token, at);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const emit = (socket: Socket, event: string, payload: unknown) => socket.timeout(5000).emitWithAck(event, payload) as Promise<Ack>;

/** The next `event` on `socket` that passes `match`, or a timeout error. */
function next<T = Record<string, unknown>>(socket: Socket, event: string, match: (p: T) => boolean = () => true, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const on = (p: T) => {
      if (!match(p)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(p);
    };
    socket.on(event, on);
  });
}

/** Nothing matching on `event` within `ms`. */
async function silence(socket: Socket, event: string, match: (p: Record<string, unknown>) => boolean, ms = 600): Promise<void> {
  await expect(next(socket, event, match, ms)).rejects.toThrow(/no /);
}

async function aChat(server: Pick<TestServer, 'db' | 'config'> = s) {
  const shopper = await loginAs(server);
  const vendor = await newVendor(server.db);
  const vendorToken = await tokenFor(server, vendor.user);
  const { chat } = await createChat(s.db, { id: shopper.user.id, role: 'user' }, vendor.userId);
  return { shopper, vendor, vendorToken, chat };
}

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  s = await createTestServer();
  url = await listen(s.app);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(() => s.close());

describe('the chat socket', () => {
  it('refuses a connection without a token or with a bad one', async () => {
    for (const token of ['', 'not-a-token']) {
      const socket = client(token);
      const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(err.message).toBe('unauthorized');
    }
  });

  it('ends a socket whose session was revoked since it connected, at its next join', async () => {
    const { shopper, chat } = await aChat();
    const user = await connected(shopper.token);
    await revokeUserSessions(s.db, shopper.user.id, 'logout');
    const gone = new Promise((r) => user.once('disconnect', r));
    expect(await emit(user, 'join_chat', { chatId: chat.id })).toMatchObject({ ok: false, status: 401 });
    await gone;
  });

  it('lets a member join their own chat and tells them whether the other party is online', async () => {
    const { shopper, vendorToken, chat } = await aChat();
    const user = await connected(shopper.token);
    const joined = await emit(user, 'join_chat', { chatId: chat.id, userId: shopper.user.id, receiverId: chat.vendorId });
    expect(joined).toMatchObject({ ok: true, chatId: chat.id, userId: chat.vendorId, userStatus: 'offline' });

    const vendor = await connected(vendorToken);
    const seenOnline = next(user, 'joined_chat', (p) => p.userId === chat.vendorId && p.userStatus === 'online');
    expect(await emit(vendor, 'join_chat', { chatId: chat.id })).toMatchObject({ ok: true, userStatus: 'online' });
    await seenOnline;

    const seenOffline = next(user, 'joined_chat', (p) => p.userId === chat.vendorId && p.userStatus === 'offline');
    vendor.disconnect();
    await seenOffline;
  });

  it('refuses to join someone else’s chat (403) or an unknown one (404), and never sends it their messages', async () => {
    const { shopper, chat } = await aChat();
    const stranger = await loginAs(s);
    const intruder = await connected(stranger.token);
    expect(await emit(intruder, 'join_chat', { chatId: chat.id })).toMatchObject({ ok: false, status: 403, message: CHAT_MSG.notMember });
    expect(await emit(intruder, 'join_chat', { chatId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ ok: false, status: 404 });
    expect(await emit(intruder, 'join_chat', { chatId: 'nope' })).toMatchObject({ ok: false, status: 400 });
    expect(await emit(intruder, 'send_message', { chatId: chat.id, message: 'hi' })).toMatchObject({ ok: false, status: 403 });
    expect(await emit(intruder, 'send_message', { chatId: '00000000-0000-4000-8000-000000000000', message: 'hi' })).toMatchObject({ ok: false, status: 404 });
    expect(await emit(intruder, 'sync', { chatId: chat.id, afterSeq: 0 })).toMatchObject({ ok: false, status: 403 });

    const user = await connected(shopper.token);
    await emit(user, 'join_chat', { chatId: chat.id });
    await emit(user, 'send_message', { chatId: chat.id, message: 'private', clientId: unique() });
    await silence(intruder, 'receive_message', () => true);
  });

  it('stores a message before acknowledging or delivering it, then delivers it to the other member', async () => {
    const { shopper, vendorToken, chat } = await aChat();
    const user = await connected(shopper.token);
    const vendor = await connected(vendorToken);
    await emit(vendor, 'join_chat', { chatId: chat.id });

    let storedWhenDelivered = false;
    const delivered = new Promise<{ message: ChatMessage; offlineReceiver: boolean }>((resolve) => {
      vendor.once('receive_message', async (p: { message: ChatMessage; offlineReceiver: boolean }) => {
        const rows = await s.db.select().from(chatMessages).where(eq(chatMessages.id, p.message._id));
        storedWhenDelivered = rows.length === 1;
        resolve(p);
      });
    });
    const clientId = unique();
    const ack = await emit(user, 'send_message', { chatId: chat.id, senderId: shopper.user.id, receiverId: chat.vendorId, message: 'Namaste! Is this in silk?', msgType: 'text', clientId });
    expect(ack).toMatchObject({ ok: true, duplicate: false, message: { seq: 1, status: 'pending', clientId, message: 'Namaste! Is this in silk?' } });
    const [row] = await s.db.select().from(chatMessages).where(eq(chatMessages.id, (ack.message as ChatMessage)._id));
    expect(row).toMatchObject({ seq: 1, status: 'pending', senderId: shopper.user.id, receiverId: chat.vendorId });

    const got = await delivered;
    expect(storedWhenDelivered).toBe(true);
    expect(got).toMatchObject({ offlineReceiver: false, message: { _id: row!.id, seq: 1, message: 'Namaste! Is this in silk?', clientId: null } });
  });

  it('turns one tick into two when the device has it (unread), and colours them when seen (read)', async () => {
    const { shopper, vendorToken, chat } = await aChat();
    const user = await connected(shopper.token);
    const vendor = await connected(vendorToken);
    const incoming = next<{ message: ChatMessage }>(vendor, 'receive_message');
    const ack = await emit(user, 'send_message', { chatId: chat.id, message: 'Hello', clientId: unique() });
    const { message } = await incoming;

    const twoTicks = next(user, 'message_status', (p) => p.status === 'unread');
    expect(await emit(vendor, 'message_delivered', { chatId: chat.id, upToSeq: message.seq })).toMatchObject({ ok: true, upToSeq: 1 });
    expect(await twoTicks).toEqual({ chatId: chat.id, status: 'unread', upToSeq: 1 });

    const coloured = next(user, 'message_status', (p) => p.status === 'read');
    expect(await emit(vendor, 'mark_as_seen', { chatId: chat.id, messageIds: [message._id] })).toMatchObject({ ok: true, count: 1 });
    expect(await coloured).toMatchObject({ chatId: chat.id, status: 'read', messageIds: [(ack.message as ChatMessage)._id] });
    const [row] = await s.db.select().from(chatMessages).where(eq(chatMessages.id, message._id));
    expect(row!.status).toBe('read');
    // the sender cannot mark their own message read
    expect(await emit(user, 'mark_as_seen', { chatId: chat.id, upToSeq: 1 })).toMatchObject({ ok: true, count: 0 });
  });

  it('stores a send retried with the same clientId once', async () => {
    const { shopper, chat } = await aChat();
    const user = await connected(shopper.token);
    const clientId = unique();
    const first = await emit(user, 'send_message', { chatId: chat.id, message: 'once', clientId });
    const again = await emit(user, 'send_message', { chatId: chat.id, message: 'once', clientId });
    expect(again).toMatchObject({ ok: true, duplicate: true, message: { _id: (first.message as ChatMessage)._id } });
    const rows = await s.db.select().from(chatMessages).where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.senderId, shopper.user.id)));
    expect(rows).toHaveLength(1);
  });

  it('answers a shopper writing to an offline vendor once automatically, not on every message', async () => {
    const { shopper, chat } = await aChat();
    const user = await connected(shopper.token);
    const auto = next<{ message: ChatMessage; offlineReceiver: boolean }>(user, 'receive_message', (p) => p.message.msgType === 'auto');
    const ack = await emit(user, 'send_message', { chatId: chat.id, message: 'Anyone there?', clientId: unique() });
    expect(ack.ok).toBe(true);
    const got = await auto;
    expect(got.message).toMatchObject({ msgType: 'auto', senderId: chat.vendorId, receiverId: shopper.user.id, message: CHAT_MSG.autoReply, seq: 2 });

    await emit(user, 'send_message', { chatId: chat.id, message: 'Hello?', clientId: unique() });
    await silence(user, 'receive_message', (p) => (p.message as ChatMessage).msgType === 'auto');
    const autos = await s.db.select().from(chatMessages).where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.msgType, 'auto')));
    expect(autos).toHaveLength(1);
  });

  it('does not auto-reply while the vendor is online, and tells the sender the receiver was offline otherwise', async () => {
    const { shopper, vendorToken, chat } = await aChat();
    const vendor = await connected(vendorToken);
    const user = await connected(shopper.token);
    const incoming = next<{ offlineReceiver: boolean }>(vendor, 'receive_message');
    await emit(user, 'send_message', { chatId: chat.id, message: 'Hi', clientId: unique() });
    expect((await incoming).offlineReceiver).toBe(false);
    await silence(user, 'receive_message', (p) => (p.message as ChatMessage).msgType === 'auto');
  });

  it('auto-replies with the vendor’s own text outside its working hours, even while it is online', async () => {
    const { shopper, vendor, vendorToken, chat } = await aChat();
    const now = indiaMinutes(new Date());
    const at = (m: number) => `${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    await saveChatSettings(s.db, vendor.userId, { autoReply: 'We open at the hour. Namaste!', opensAt: at(now + 60), closesAt: at(now + 120) });
    await connected(vendorToken);
    const user = await connected(shopper.token);
    const auto = next<{ message: ChatMessage }>(user, 'receive_message', (p) => p.message.msgType === 'auto');
    await emit(user, 'send_message', { chatId: chat.id, message: 'Open?', clientId: unique() });
    expect((await auto).message.message).toBe('We open at the hour. Namaste!');
  });

  it('gives a client that reconnects what it missed, after the last sequence it has', async () => {
    const { shopper, vendorToken, chat } = await aChat();
    const vendor = await connected(vendorToken);
    for (const text of ['a', 'b', 'c']) await emit(vendor, 'send_message', { chatId: chat.id, message: text, clientId: unique() });
    // the shopper had only the first one, then comes back
    const user = await connected(shopper.token);
    const twoTicks = next(vendor, 'message_status', (p) => p.status === 'unread');
    const missed = await emit(user, 'sync', { chatId: chat.id, afterSeq: 1 });
    expect(missed).toMatchObject({ ok: true, hasMore: false });
    expect((missed.messages as ChatMessage[]).map((m) => [m.seq, m.message, m.status])).toEqual([
      [2, 'b', 'unread'],
      [3, 'c', 'unread'],
    ]);
    expect(await twoTicks).toMatchObject({ upToSeq: 3 });
  });

  it('sends every message to all devices of both members, but not back to the sending device', async () => {
    const { shopper, vendorToken, chat } = await aChat();
    const phone = await connected(shopper.token);
    const laptop = await connected(shopper.token);
    const vendor = await connected(vendorToken);
    const onLaptop = next<{ message: ChatMessage }>(laptop, 'receive_message');
    const onVendor = next<{ message: ChatMessage }>(vendor, 'receive_message');
    await emit(phone, 'send_message', { chatId: chat.id, message: 'from my phone', clientId: unique() });
    expect((await onLaptop).message.message).toBe('from my phone');
    expect((await onVendor).message.message).toBe('from my phone');
    await silence(phone, 'receive_message', () => true, 300);
  });

  it('refuses sends faster than a person types (429 after 30 in 5 s), and takes them again in the next window', async () => {
    const { shopper, chat } = await aChat();
    const user = await connected(shopper.token);
    // the burst arrives within one instant (a busy machine could otherwise spread it over two windows)
    const instant = vi.spyOn(clock, 'now').mockReturnValue(new Date());
    const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => emit(user, 'send_message', { chatId: chat.id, message: `burst ${i}`, clientId: unique() })));
    instant.mockRestore();
    expect(answers.filter((a) => a.ok)).toHaveLength(30);
    expect(answers.filter((a) => !a.ok)[0]).toMatchObject({ status: 429, code: CHAT_SOCKET.tooFast, message: CHAT_MSG.tooFast });
    travel(5);
    expect(await emit(user, 'send_message', { chatId: chat.id, message: 'later', clientId: unique() })).toMatchObject({ ok: true });
    travel.reset();
  });

  it('counts sends per account: two sockets of one person together get no more than one socket would', async () => {
    const { shopper, chat } = await aChat();
    const phone = await connected(shopper.token);
    const laptop = await connected(shopper.token);
    const instant = vi.spyOn(clock, 'now').mockReturnValue(new Date());
    const send = (socket: Socket, i: number) => emit(socket, 'send_message', { chatId: chat.id, message: `two-handed ${i}`, clientId: unique() });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i % 2 ? phone : laptop, i)));
    instant.mockRestore();
    expect(answers.filter((a) => a.ok)).toHaveLength(30);
    expect(answers.filter((a) => !a.ok).every((a) => a.status === 429 && a.code === CHAT_SOCKET.tooFast)).toBe(true);
    const stored = await s.db.select().from(chatMessages).where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.senderId, shopper.user.id)));
    expect(stored).toHaveLength(30);
  });

  it('lets one account open 10 chat sockets and refuses the 11th (too_many_sockets) until one closes', async () => {
    const { shopper } = await aChat();
    const ten = await Promise.all(Array.from({ length: CHAT_SOCKET.maxSocketsPerAccount }, () => connected(shopper.token)));
    const extra = client(shopper.token);
    const err = await new Promise<Error & { data?: unknown }>((resolve) => extra.once('connect_error', resolve));
    expect(err.message).toBe(CHAT_SOCKET.tooManySockets);
    expect(err.data).toEqual({ code: CHAT_SOCKET.tooManySockets, message: CHAT_SOCKET.tooManySocketsMessage });
    // someone else is not counted against them
    await connected((await loginAs(s)).token);
    ten[0]!.disconnect();
    await expect.poll(async () => connected(shopper.token).then(() => true, () => false), { timeout: 3000, interval: 100 }).toBe(true);
  });

  it('refuses an image message whose picture was not uploaded through product/file-Upload', async () => {
    const { shopper, chat } = await aChat();
    const user = await connected(shopper.token);
    expect(await emit(user, 'send_message', { chatId: chat.id, msgType: 'image', image: 'https://elsewhere.example/a.png' })).toMatchObject({
      ok: false,
      status: 400,
      message: CHAT_MSG.imageNotUploaded,
    });
    expect(await emit(user, 'send_message', { chatId: chat.id, msgType: 'text', message: '' })).toMatchObject({ ok: false, status: 400, message: CHAT_MSG.messageRequired });
  });
});

/**
 * Watches `socket` from now; `within(ms)` resolves with what it was told once the server has closed it, or rejects when
 * it is still open `ms` after that call (made when the revoking request has answered).
 */
function watchEnd(socket: Socket): { within(ms: number): Promise<{ notice: unknown; reason: string }> } {
  let notice: unknown = null;
  socket.once('session_ended', (n: unknown) => (notice = n));
  const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return {
    within: (ms) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`still open ${ms} ms after the session ended`)), ms);
        void closed.then((reason) => {
          clearTimeout(timer);
          resolve({ notice, reason });
        });
      }),
  };
}

const sessionEnded = { notice: { code: CHAT_SOCKET.sessionEnded, message: MSG.sessionExpired }, reason: 'io server disconnect' };

/** An HTTP call to the listening server, as another connection of the person (or of an admin) would make it. */
async function http(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${url}/api/${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> } };
}

/** The reconnect of a closed socket, refused: the session it carries is over. */
async function refusedAgain(socket: Socket): Promise<void> {
  const err = new Promise<Error>((resolve) => socket.once('connect_error', resolve));
  socket.connect();
  expect((await err).message).toBe('unauthorized');
}

describe('a chat socket whose session ends', () => {
  it('is closed within a second of a logout made from another connection, and cannot come back', async () => {
    const { shopper, vendorToken, chat } = await aChat();
    const user = await connected(shopper.token);
    await emit(user, 'join_chat', { chatId: chat.id });
    const ended = watchEnd(user);
    expect((await http('POST', 'auth/logout', shopper.token)).status).toBe(200);
    expect(await ended.within(1000)).toEqual(sessionEnded);
    await refusedAgain(user);
    // what the other member sends now reaches no device of the logged-out person
    const vendor = await connected(vendorToken);
    expect(await emit(vendor, 'send_message', { chatId: chat.id, message: 'still there?', clientId: unique() })).toMatchObject({ ok: true });
    await silence(user, 'receive_message', () => true, 300);
  });

  it('closes only the sockets of the session logged out, not the person’s other devices', async () => {
    const { shopper } = await aChat();
    const phone = await connected(shopper.token);
    const laptop = await connected(await tokenFor(s, shopper.user));
    const ended = watchEnd(phone);
    await http('POST', 'auth/logout', shopper.token);
    await ended.within(1000);
    await new Promise((r) => setTimeout(r, 200));
    expect(laptop.connected).toBe(true);
  });

  it('is closed within a second of a password reset, on every device', async () => {
    const user = await newUser(s.db);
    const phone = await connected(await tokenFor(s, user));
    const laptop = await connected(await tokenFor(s, user));
    const ended = [watchEnd(phone), watchEnd(laptop)];
    const sent = await http('POST', 'auth/forget-password-request-otp', null, { type: 'mobile', mobile: user.mobile });
    const verified = await http('POST', 'auth/verify-otp', null, { type: 'mobile', mobile: user.mobile, otp: sent.body.data!.otp, purpose: 'reset' });
    const reset = await http('POST', 'auth/reset-password', null, { type: 'mobile', mobile: user.mobile, otpVerificationCode: verified.body.data!.token, password: 'NewPass456' });
    expect(reset.status).toBe(200);
    expect(await Promise.all(ended.map((e) => e.within(1000)))).toEqual([sessionEnded, sessionEnded]);
    await refusedAgain(phone);
  });

  it('is closed within a second of an admin blocking the account', async () => {
    const { shopper, chat } = await aChat();
    const admin = await loginAs(s, { role: 'admin' });
    const user = await connected(shopper.token);
    await emit(user, 'join_chat', { chatId: chat.id });
    const ended = watchEnd(user);
    expect((await http('POST', `admin/users/${shopper.user.id}/block`, admin.token, { reason: 'Spam in chats' })).status).toBe(200);
    expect(await ended.within(1000)).toEqual(sessionEnded);
    await refusedAgain(user);
  });

  it('is closed within a second of the account being deleted', async () => {
    const user = await newUser(s.db, { password: 'Secret123' });
    const token = await tokenFor(s, user);
    const socket = await connected(token);
    const ended = watchEnd(socket);
    const deleted = await http('POST', 'auth/deleteAccount', token, { type: 'mobile', mobile: user.mobile, password: 'Secret123' });
    expect(deleted.status).toBe(200);
    expect(await ended.within(1000)).toEqual(sessionEnded);
    await refusedAgain(socket);
  });

  it('refuses every event (401, session_ended) of a socket that never heard its session end, stores nothing, and closes it', async () => {
    const { shopper, chat } = await aChat();
    const sockets = await Promise.all(Array.from({ length: 5 }, () => connected(shopper.token)));
    await emit(sockets[0]!, 'join_chat', { chatId: chat.id });
    // ended straight in the database: no notice reaches the sockets (as when Redis drops it between processes)
    await revokeUserSessions(s.db, shopper.user.id, 'logout');
    const events: [string, unknown][] = [
      ['send_message', { chatId: chat.id, message: 'after logout', clientId: unique() }],
      ['sync', { chatId: chat.id, afterSeq: 0 }],
      ['mark_as_seen', { chatId: chat.id, upToSeq: 1 }],
      ['message_delivered', { chatId: chat.id, upToSeq: 1 }],
      ['join_chat', { chatId: chat.id }],
    ];
    const ended = sockets.map((socket) => watchEnd(socket));
    const answers = await Promise.all(events.map(([event, payload], i) => emit(sockets[i]!, event, payload)));
    for (const answer of answers) expect(answer).toEqual({ ok: false, status: 401, code: CHAT_SOCKET.sessionEnded, message: MSG.sessionExpired });
    expect(await Promise.all(ended.map((e) => e.within(1000)))).toEqual(Array.from({ length: 5 }, () => sessionEnded));
    expect(await s.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toHaveLength(0);
  });
});

describe('a server restart in the middle of a conversation', () => {
  it('loses no message, doubles none and keeps the order, with retries by clientId and catching up by sequence', { timeout: 60_000 }, async () => {
    const { shopper, vendorToken, chat } = await aChat();
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: s.config.dataDir, LOG_LEVEL: 'silent', JWT_SECRET: s.config.jwtSecret, REDIS_URL: undefined });
    let app = await buildApp({ config, database: s.database, logger: false, catalogueVersionTtlMs: 0 });
    const at = await listen(app);
    const port = Number(new URL(at).port);
    const opts = { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 200, forceNew: true };
    const user = connect(at, { ...opts, auth: { token: shopper.token } });
    const vendor = connect(at, { ...opts, auth: { token: vendorToken } });
    open.push(user, vendor);
    await Promise.all([user, vendor].map((c) => new Promise((r) => c.once('connect', () => r(null)))));

    // the vendor keeps what arrives, and asks for what it missed after every reconnect
    const got = new Map<number, string>();
    const keep = (m: ChatMessage) => got.set(m.seq, m.message);
    vendor.on('receive_message', ({ message }: { message: ChatMessage }) => keep(message));
    vendor.on('connect', () => {
      const last = Math.max(0, ...got.keys());
      void emit(vendor, 'sync', { chatId: chat.id, afterSeq: last }).then((a) => (a.messages as ChatMessage[] | undefined)?.forEach(keep));
    });

    // the shopper sends 20 messages; a send without an answer is sent again with the same clientId until it is stored
    const sendReliably = async (text: string) => {
      const clientId = unique();
      for (let attempt = 0; attempt < 100; attempt++) {
        const a = await user.timeout(500).emitWithAck('send_message', { chatId: chat.id, message: text, clientId }).catch(() => null);
        if (a?.ok) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`could not send ${text}`);
    };
    for (let i = 1; i <= 20; i++) {
      if (i === 8 || i === 14) {
        // the server goes away with a message in flight, and comes back on the same port (twice)
        const inFlight = sendReliably(`m${i}`);
        await app.close();
        app = await buildApp({ config, database: s.database, logger: false, catalogueVersionTtlMs: 0 });
        await app.listen({ port, host: '127.0.0.1' });
        await inFlight;
        continue;
      }
      await sendReliably(`m${i}`);
    }
    // (while the server is away the vendor is offline, so the chat may also hold the offline auto-reply)
    const rows = await s.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    await expect.poll(() => got.size, { timeout: 10_000 }).toBe(rows.length);
    const seen = [...got.entries()].sort(([a], [b]) => a - b);
    expect(seen.map(([seq]) => seq)).toEqual(Array.from({ length: rows.length }, (_, k) => k + 1));
    expect(seen.map(([, text]) => text).filter((t) => t !== CHAT_MSG.autoReply)).toEqual(Array.from({ length: 20 }, (_, k) => `m${k + 1}`));
    expect(rows.filter((r) => r.senderId === shopper.user.id)).toHaveLength(20);
    user.disconnect();
    vendor.disconnect();
    await app.close();
  });
});

// Two server processes' worth of the app (each its own Socket.IO server and Redis clients) on one database: the Redis
// adapter must carry a message sent through one to a client connected to the other. Runs when Redis answers.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisAnswers(REDIS_URL);

describe.skipIf(!redisUp)('two servers with the Redis adapter', () => {
  const apps: App[] = [];
  afterAll(async () => {
    for (const socket of open.splice(0)) socket.disconnect();
    await Promise.all(apps.map((a) => a.close()));
  });

  it('delivers a message sent through one server to a client connected to the other, and sees presence across them', async () => {
    const prefix = `statewise-test-${unique()}:`;
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: s.config.dataDir, LOG_LEVEL: 'silent', JWT_SECRET: s.config.jwtSecret, REDIS_URL, REDIS_PREFIX: prefix });
      const app = await buildApp({ config, database: s.database, logger: false, catalogueVersionTtlMs: 0 });
      apps.push(app);
      urls.push(await listen(app));
    }
    const { shopper, vendorToken, chat } = await aChat();
    const vendor = await connected(vendorToken, urls[1]);
    const user = await connected(shopper.token, urls[0]);
    // the vendor's arrival on the other server reaches this one through Redis (presence.ts): a moment, not at once
    await expect
      .poll(async () => ((await emit(user, 'join_chat', { chatId: chat.id })) as { userStatus?: string }).userStatus, { timeout: 3000, interval: 50 })
      .toBe('online');

    const got = next<{ message: ChatMessage; offlineReceiver: boolean }>(vendor, 'receive_message');
    const ack = await emit(user, 'send_message', { chatId: chat.id, message: 'across servers', clientId: unique() });
    expect(ack.ok).toBe(true);
    expect(await got).toMatchObject({ offlineReceiver: false, message: { message: 'across servers', seq: 1 } });

    const ticks = next(user, 'message_status', (p) => p.status === 'read');
    await emit(vendor, 'mark_as_seen', { chatId: chat.id, upToSeq: 1 });
    expect(await ticks).toMatchObject({ chatId: chat.id, upToSeq: 1 });
    const reloaded = await chatForMember(s.db, chat.id, shopper.user.id);
    expect(reloaded.lastSeq).toBe(1);
  });

  it('counts one account’s sends on both servers together (the counters are in Redis)', async () => {
    const { shopper, chat } = await aChat();
    const [first, second] = apps.map((app) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    const phone = await connected(shopper.token, first);
    const laptop = await connected(shopper.token, second);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => emit(i % 2 ? phone : laptop, 'send_message', { chatId: chat.id, message: `both ${i}`, clientId: unique() })),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(30);
    expect(answers.filter((a) => !a.ok).every((a) => a.status === 429 && a.code === CHAT_SOCKET.tooFast)).toBe(true);
  });
});
