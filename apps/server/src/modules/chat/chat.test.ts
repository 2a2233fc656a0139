import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG, chatMessagesOut, chatOut } from '@statewise/contract';
import { chatMessages, chats } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import type { Notification, Notifier } from '../../lib/notify.ts';
import { authHeader, loginAs, travel } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newVendor, unique } from '../../test/factories.ts';
import { maskContacts } from './mask.ts';
import { remindUnread } from './reminders.ts';
import { outsideHours } from './settings.ts';
import { chatForMember, markSeen, storeMessage, type MessageChecks } from './service.ts';

let s: TestServer;
type Headers = Record<string, string>;
type FilePart = { field: string; data: Buffer; filename?: string; type?: string };
let png: Buffer;

const checks: MessageChecks = { isChatImage: (url) => url.startsWith('/uploads/chat/'), isVendorsTempProduct: async () => false };

function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----statewise${unique()}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename ?? 'photo.png'}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function call(method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: unknown) {
  const res = await s.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

/** A shopper, a vendor and their chat (made through the API). */
async function aChat() {
  const shopper = await loginAs(s);
  const vendor = await newVendor(s.db);
  const vendorHeaders = await authHeader(s, vendor.user);
  const created = await call('POST', '/chat/create', shopper.headers, { vendorId: vendor.userId });
  expect(created.status).toBe(201);
  const chat = await chatForMember(s.db, created.body.data._id, shopper.user.id);
  return { shopper, vendor, vendorHeaders, chat };
}

beforeAll(async () => {
  s = await createTestServer();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0392b' } }).png().toBuffer();
});
afterAll(() => s.close());

describe('POST chat/create', () => {
  it('makes the one chat of a shopper and a vendor (201), and opens the same one again (200)', async () => {
    const shopper = await loginAs(s);
    const vendor = await newVendor(s.db);
    const first = await call('POST', '/chat/create', shopper.headers, { vendorId: vendor.userId });
    expect(first.status).toBe(201);
    const chat = expectContract(chatOut, first.body);
    expect(chat).toMatchObject({ userId: { _id: shopper.user.id }, vendorId: { _id: vendor.userId, brandName: vendor.vendor.brandName }, customerNumber: 1, lastMessage: null });
    const again = await call('POST', '/chat/create', shopper.headers, { vendorId: vendor.userId });
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(chat._id);
  });

  it('numbers a vendor’s shoppers Customer 1, 2, … in the order they first wrote', async () => {
    const vendor = await newVendor(s.db);
    for (let i = 1; i <= 3; i++) {
      const shopper = await loginAs(s);
      const res = await call('POST', '/chat/create', shopper.headers, { vendorId: vendor.userId });
      expect(res.body.data.customerNumber).toBe(i);
    }
  });

  it('lets only shoppers start a chat (403 for a vendor or an admin, 401 for a guest)', async () => {
    const vendor = await newVendor(s.db);
    const otherVendor = await loginAs(s, { role: 'vendor' });
    const admin = await loginAs(s, { role: 'admin' });
    expect((await call('POST', '/chat/create', otherVendor.headers, { vendorId: vendor.userId })).status).toBe(403);
    expect((await call('POST', '/chat/create', admin.headers, { vendorId: vendor.userId })).status).toBe(403);
    expect((await call('POST', '/chat/create', {}, { vendorId: vendor.userId })).status).toBe(401);
  });

  it('answers 404 for an unknown vendor, a shopper’s id, or a vendor awaiting approval, and 400 for a malformed id', async () => {
    const shopper = await loginAs(s);
    const other = await loginAs(s);
    const pending = await newVendor(s.db, { vendor: { registrationStep: 1 } });
    for (const vendorId of ['00000000-0000-4000-8000-000000000000', other.user.id, pending.userId]) {
      const res = await call('POST', '/chat/create', shopper.headers, { vendorId });
      expect(res.status, vendorId).toBe(404);
      expect(res.body.message).toBe(CHAT_MSG.vendorUnavailable);
    }
    expect((await call('POST', '/chat/create', shopper.headers, { vendorId: 'nope' })).status).toBe(400);
  });
});

describe('chat/list, chat/vendor-chat-list and chat/get-msg-count', () => {
  it('shows the shopper the vendor by name, and the vendor the shopper only as Customer N, with unread counts', async () => {
    const { shopper, vendor, vendorHeaders, chat } = await aChat();
    await storeMessage(s.db, chat, shopper.user.id, { msgType: 'text', message: 'Is the saree in red?' }, checks);
    await storeMessage(s.db, chat, shopper.user.id, { msgType: 'text', message: 'And blue?' }, checks);

    const mine = await call('GET', '/chat/list', shopper.headers);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ _id: chat.id, vendorId: { _id: vendor.userId, firstname: vendor.user.firstname }, unreadCount: { userId: 0, vendorId: 2 }, lastMessage: { message: 'And blue?', seq: 2 } });

    const theirs = await call('POST', '/chat/vendor-chat-list', vendorHeaders, {});
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.total).toBe(1);
    const row = theirs.body.data.chats[0] as ReturnType<typeof chatOut.parse>;
    expect(row.userId).toEqual({ _id: shopper.user.id, firstname: 'Customer', lastname: '1', picture: '' });
    expect(JSON.stringify(theirs.body)).not.toContain(shopper.user.firstname);
    expect(JSON.stringify(theirs.body)).not.toContain(shopper.user.mobile!);
    const viaList = await call('GET', '/chat/list', vendorHeaders);
    expect(viaList.body.data[0].userId.firstname).toBe('Customer');

    expect((await call('GET', '/chat/get-msg-count', vendorHeaders)).body.data).toEqual({ count: 2, chats: 1 });
    expect((await call('GET', '/chat/get-msg-count', shopper.headers)).body.data).toEqual({ count: 0, chats: 0 });
  });

  it('refuses the vendor chat list to shoppers (403) and every chat call to guests (401)', async () => {
    const shopper = await loginAs(s);
    expect((await call('POST', '/chat/vendor-chat-list', shopper.headers, {})).status).toBe(403);
    expect((await call('GET', '/chat/list')).status).toBe(401);
    expect((await call('GET', '/chat/get-msg-count')).status).toBe(401);
  });

  it('gives a shopper with no chats an empty list', async () => {
    const shopper = await loginAs(s);
    expect((await call('GET', '/chat/list', shopper.headers)).body.data).toEqual([]);
  });
});

describe('POST chat/messages/{chatId}', () => {
  it('gives the two members the chat and its messages oldest first, and the reader’s incoming ones become unread (two ticks)', async () => {
    const { shopper, vendorHeaders, chat } = await aChat();
    for (const text of ['one', 'two', 'three']) await storeMessage(s.db, chat, shopper.user.id, { msgType: 'text', message: text }, checks);
    const forShopper = await call('POST', `/chat/messages/${chat.id}`, shopper.headers, {});
    expect(forShopper.status).toBe(200);
    const page = expectContract(chatMessagesOut, forShopper.body);
    expect(page.messages.map((m) => [m.message, m.seq, m.status])).toEqual([
      ['one', 1, 'pending'],
      ['two', 2, 'pending'],
      ['three', 3, 'pending'],
    ]);
    expect(page.chatData).toMatchObject({ _id: chat.id, userId: { _id: shopper.user.id } });

    const forVendor = await call('POST', `/chat/messages/${chat.id}`, vendorHeaders, {});
    expect(forVendor.body.data.messages.map((m: { status: string }) => m.status)).toEqual(['unread', 'unread', 'unread']);
    expect(forVendor.body.data.chatData.userId.firstname).toBe('Customer');
    const rows = await s.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(rows.every((r) => r.status === 'unread' && r.deliveredAt)).toBe(true);
  });

  it('pages back with beforeSeq and catches up with afterSeq', async () => {
    const { shopper, chat } = await aChat();
    for (let i = 1; i <= 7; i++) await storeMessage(s.db, chat, shopper.user.id, { msgType: 'text', message: `m${i}` }, checks);
    const latest = await call('POST', `/chat/messages/${chat.id}`, shopper.headers, { pageSize: 3 });
    expect(latest.body.data.messages.map((m: { seq: number }) => m.seq)).toEqual([5, 6, 7]);
    expect(latest.body.data.hasMore).toBe(true);
    const older = await call('POST', `/chat/messages/${chat.id}`, shopper.headers, { pageSize: 3, beforeSeq: 5 });
    expect(older.body.data.messages.map((m: { seq: number }) => m.seq)).toEqual([2, 3, 4]);
    const oldest = await call('POST', `/chat/messages/${chat.id}`, shopper.headers, { pageSize: 3, beforeSeq: 2 });
    expect(oldest.body.data.messages.map((m: { seq: number }) => m.seq)).toEqual([1]);
    expect(oldest.body.data.hasMore).toBe(false);
    const missed = await call('POST', `/chat/messages/${chat.id}`, shopper.headers, { afterSeq: 4 });
    expect(missed.body.data.messages.map((m: { seq: number }) => m.seq)).toEqual([5, 6, 7]);
    const none = await call('POST', `/chat/messages/${chat.id}`, shopper.headers, { afterSeq: 7 });
    expect(none.body.data.messages).toEqual([]);
  });

  it('answers 403 to someone outside the chat, 404 for an unknown chat and 400 for a malformed id', async () => {
    const { chat } = await aChat();
    const stranger = await loginAs(s);
    const otherVendor = await newVendor(s.db);
    const strangerVendor = await authHeader(s, otherVendor.user);
    expect((await call('POST', `/chat/messages/${chat.id}`, stranger.headers, {})).status).toBe(403);
    expect((await call('POST', `/chat/messages/${chat.id}`, strangerVendor, {})).status).toBe(403);
    const unknown = await call('POST', '/chat/messages/00000000-0000-4000-8000-000000000000', stranger.headers, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CHAT_MSG.chatNotFound);
    expect((await call('POST', '/chat/messages/abc', stranger.headers, {})).status).toBe(400);
    expect((await call('POST', `/chat/messages/${chat.id}`, {}, {})).status).toBe(401);
  });

  it('hides phone numbers, e-mails and links from the recipient, while the sender sees what they wrote', async () => {
    const { shopper, vendorHeaders, chat } = await aChat();
    const text = 'Call me on 98765 43210 or mail asha@example.com, see www.myshop.in';
    await storeMessage(s.db, chat, shopper.user.id, { msgType: 'text', message: text }, checks);
    const mine = await call('POST', `/chat/messages/${chat.id}`, shopper.headers, {});
    expect(mine.body.data.messages[0].message).toBe(text);
    const theirs = await call('POST', `/chat/messages/${chat.id}`, vendorHeaders, {});
    expect(theirs.body.data.messages[0].message).toBe('Call me on [hidden] or mail [hidden], see [hidden]');
  });
});

describe('maskContacts', () => {
  it.each([
    ['+91 98765-43210', '[hidden]'],
    ['(987) 654 3210', '[hidden]'],
    ['09876543210', '[hidden]'],
    ['https://wa.me/919876543210', '[hidden]'],
    ['price 1500, size 42, 3 pieces', 'price 1500, size 42, 3 pieces'],
    ['order SW1234 for 2 sarees', 'order SW1234 for 2 sarees'],
  ])('turns “%s” into “%s”', (input, output) => {
    expect(maskContacts(input)).toBe(output);
  });
});

describe('POST product/file-Upload', () => {
  const upload = (headers: Headers, files: FilePart[]) => {
    const form = multipart({}, files);
    return s.app.inject({ method: 'POST', url: '/api/product/file-Upload', headers: { ...headers, 'content-type': form.contentType }, payload: form.payload });
  };

  it('stores chat pictures and answers their addresses in imageList', async () => {
    const { headers } = await loginAs(s);
    const res = await upload(headers, [
      { field: 'images', data: png },
      { field: 'images', data: png, filename: 'b.png' },
    ]);
    expect(res.statusCode).toBe(200);
    const list = res.json().data.imageList as string[];
    expect(list).toHaveLength(2);
    expect(list[0]).toMatch(/^\/uploads\/chat\/[0-9a-f]+-\d+w\.webp$/);
    const picture = await s.app.inject({ method: 'GET', url: list[0]! });
    expect(picture.statusCode).toBe(200);
  });

  it('refuses a picture over 5 MB with the spec’s message (413), other files (415), and guests (401)', async () => {
    const { headers } = await loginAs(s);
    const big = await upload(headers, [{ field: 'images', data: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(CHAT_MSG.imageTooLarge);
    const text = await upload(headers, [{ field: 'images', data: Buffer.from('hello there'), filename: 'a.png' }]);
    expect(text.statusCode).toBe(415);
    const none = await upload(headers, []);
    expect(none.statusCode).toBe(400);
    const guest = await upload({}, [{ field: 'images', data: png }]);
    expect(guest.statusCode).toBe(401);
  });
});

describe('GET and PATCH chat/settings', () => {
  it('keeps a vendor’s auto-reply text and working hours, and refuses half a window or a bad time (400)', async () => {
    const vendor = await newVendor(s.db);
    const headers = await authHeader(s, vendor.user);
    expect((await call('GET', '/chat/settings', headers)).body.data).toEqual({ autoReply: '', opensAt: null, closesAt: null, defaultAutoReply: CHAT_MSG.autoReply });
    const saved = await s.app.inject({ method: 'PATCH', url: '/api/chat/settings', headers, payload: { autoReply: 'Back at 10 am!', opensAt: '10:00', closesAt: '19:30' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ autoReply: 'Back at 10 am!', opensAt: '10:00', closesAt: '19:30' });
    expect((await call('GET', '/chat/settings', headers)).body.data.opensAt).toBe('10:00');
    for (const payload of [{ opensAt: '10:00' }, { opensAt: '25:00', closesAt: '10:00' }, { opensAt: '10:00', closesAt: '10:00' }, { autoReply: 'x'.repeat(501) }]) {
      const res = await s.app.inject({ method: 'PATCH', url: '/api/chat/settings', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const shopper = await loginAs(s);
    expect((await call('GET', '/chat/settings', shopper.headers)).status).toBe(403);
  });

  it.each([
    [{ opensAt: 600, closesAt: 1170 }, '04:30', false], // 10:00 IST
    [{ opensAt: 600, closesAt: 1170 }, '14:00', true], // 19:30 IST: closed
    [{ opensAt: 1320, closesAt: 360 }, '18:00', false], // 23:30 IST, a night window
    [{ opensAt: 1320, closesAt: 360 }, '06:30', true], // 12:00 IST
    [{ opensAt: null, closesAt: null }, '06:30', false],
  ])('tells whether %o is closed at %s UTC', (hours, utc, closed) => {
    expect(outsideHours(hours, new Date(`2026-11-26T${utc}:00Z`))).toBe(closed);
  });
});

describe('reminders of unread messages', () => {
  afterEach(() => travel.reset());

  it('e-mails the receiver once about messages left unread for 10 minutes, never about read ones or auto-replies', async () => {
    const sent: Notification[] = [];
    const notifier: Notifier = { name: 'capture', send: async (n) => void sent.push(n) };
    const { shopper, vendor, chat } = await aChat();
    await storeMessage(s.db, chat, shopper.user.id, { msgType: 'text', message: 'Hello?' }, checks);
    await storeMessage(s.db, chat, shopper.user.id, { msgType: 'text', message: 'Anyone?' }, checks);
    const other = await aChat();
    const read = await storeMessage(s.db, other.chat, other.shopper.user.id, { msgType: 'text', message: 'seen soon' }, checks);
    await markSeen(s.db, other.chat, other.vendor.userId, { messageIds: [read.row.id] });

    travel(9 * 60);
    await remindUnread(s.db, notifier);
    expect(sent.filter((n) => n.to.email === vendor.user.email)).toHaveLength(0);
    travel(2 * 60);
    await remindUnread(s.db, notifier);
    const mine = sent.filter((n) => n.to.email === vendor.user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'chat-unread', subject: 'You have 2 unread messages on Statewise' });
    expect(sent.some((n) => n.to.email === other.vendor.user.email)).toBe(false);
    await remindUnread(s.db, notifier);
    expect(sent.filter((n) => n.to.email === vendor.user.email)).toHaveLength(1);
  });
});

describe('messages in the database', () => {
  it('stores a retried send (same clientId) once, and numbers messages 1, 2, 3 per chat', async () => {
    const { shopper, chat } = await aChat();
    const a = await storeMessage(s.db, chat, shopper.user.id, { msgType: 'text', message: 'hi', clientId: 'c-1' }, checks);
    const again = await storeMessage(s.db, chat, shopper.user.id, { msgType: 'text', message: 'hi', clientId: 'c-1' }, checks);
    expect(again).toMatchObject({ duplicate: true, row: { id: a.row.id } });
    const parallel = await Promise.all([1, 2, 3, 4].map((i) => storeMessage(s.db, chat, shopper.user.id, { msgType: 'text', message: `p${i}`, clientId: `p-${i}` }, checks)));
    expect(parallel.map((p) => p.row.seq).sort()).toEqual([2, 3, 4, 5]);
    const [c] = await s.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(c!.lastSeq).toBe(5);
  });

  it('refuses an empty text, an image that was not uploaded here, and a product card from the shopper', async () => {
    const { shopper, chat } = await aChat();
    await expect(storeMessage(s.db, chat, shopper.user.id, { msgType: 'text', message: '   ' }, checks)).rejects.toMatchObject({ status: 400, message: CHAT_MSG.messageRequired });
    await expect(storeMessage(s.db, chat, shopper.user.id, { msgType: 'image', image: 'https://evil.example/x.png' }, checks)).rejects.toMatchObject({ status: 400 });
    await expect(storeMessage(s.db, chat, shopper.user.id, { msgType: 'product', productId: chat.id }, checks)).rejects.toMatchObject({ status: 403 });
  });
});

describe('OpenAPI', () => {
  it('documents the chat and chat-product calls', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/chat/get-msg-count',
        '/api/chat/list',
        '/api/chat/vendor-chat-list',
        '/api/chat/create',
        '/api/chat/messages/{chatId}',
        '/api/chat/settings',
        '/api/product/file-Upload',
        '/api/temp-product/products',
        '/api/temp-product/extra-categories',
        '/api/temp-product',
        '/api/temp-product/edit-product/{id}',
      ]),
    );
  });
});
