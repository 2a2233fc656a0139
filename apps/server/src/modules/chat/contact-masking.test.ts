import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@statewise/contract';
import { chatMessages, tempProducts } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs, tokenFor } from '../../test/auth.ts';
import { newCategory, newVendor, unique } from '../../test/factories.ts';
import { createChat } from './service.ts';

/** Contacts written to slip past the mask, sent through the chat as a shopper and a vendor use it. */
let s: TestServer;
let url: string;
let png: Buffer;
let categoryId: string;
const open: Socket[] = [];

async function connected(token: string): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const emit = (socket: Socket, event: string, payload: unknown) => socket.timeout(5000).emitWithAck(event, payload) as Promise<Record<string, unknown>>;
const received = (socket: Socket) => new Promise<ChatMessage>((resolve) => socket.once('receive_message', ({ message }: { message: ChatMessage }) => resolve(message)));

async function aChat() {
  const shopper = await loginAs(s);
  const vendor = await newVendor(s.db);
  const { chat } = await createChat(s.db, { id: shopper.user.id, role: 'user' }, vendor.userId);
  return { shopper, vendor, vendorToken: await tokenFor(s, vendor.user), chat };
}

function form(fields: Record<string, string>) {
  const boundary = `----statewise${unique()}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

beforeAll(async () => {
  s = await createTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#16a085' } }).png().toBuffer();
  categoryId = (await newCategory(s.db)).id;
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(() => s.close());

describe('a chat message carrying disguised contacts', () => {
  it.each([
    ['Devanagari digits', 'मेरा नंबर ९८७६५ ४३२१० है', 'मेरा नंबर [hidden] है'],
    ['full-width digits', 'call ９８７６５４３２１０', 'call [hidden]'],
    ['number words', 'nine eight seven six five four three two one zero', '[hidden]'],
    ['Hindi number words', 'नौ आठ सात छह पांच चार तीन दो एक शून्य', '[hidden]'],
    ['a slash in the number', '98765 / 43210', '[hidden]'],
    ['a spelled-out e-mail', 'asha at gmail dot com', '[hidden]'],
    ['a UPI id', 'pay asha@okaxis, ₹2,400 for size 42', 'pay [hidden], ₹2,400 for size 42'],
  ])('arrives at the vendor with %s hidden, and the sender keeps what they wrote', async (_name, text, masked) => {
    const { shopper, vendor, vendorToken, chat } = await aChat();
    const user = await connected(shopper.token);
    const seller = await connected(vendorToken);
    const arriving = received(seller);
    const ack = await emit(user, 'send_message', { chatId: chat.id, message: text, clientId: unique() });
    expect(ack).toMatchObject({ ok: true, message: { message: text } });
    expect((await arriving).message).toBe(masked);

    const listed = await s.app.inject({ method: 'POST', url: `/api/chat/messages/${chat.id}`, headers: await authHeader(s, vendor.user), payload: {}, remoteAddress: '198.51.100.7' });
    expect(listed.json().data.messages.map((m: ChatMessage) => m.message)).toEqual([masked]);
    // the record keeps the original (issue 13: masking is what the recipient is shown)
    const [row] = await s.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(row!.message).toBe(text);
  });
});

describe('a chat product whose name carries a contact', () => {
  it('is stored with the contact hidden, and the shopper sees the card that way', async () => {
    const { shopper, vendor, vendorToken, chat } = await aChat();
    const f = form({ name: 'Silk saree, call nine eight seven six five four three two one zero', price: '5000', tax: '5', categoryId });
    const made = await s.app.inject({ method: 'POST', url: '/api/temp-product', headers: { ...(await authHeader(s, vendor.user)), 'content-type': f.contentType }, payload: f.payload });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.name).toBe('Silk saree, call [hidden]');
    const [row] = await s.db.select().from(tempProducts).where(eq(tempProducts.id, made.json().data._id));
    expect(row!.name).toBe('Silk saree, call [hidden]');

    const user = await connected(shopper.token);
    const seller = await connected(vendorToken);
    const arriving = received(user);
    const ack = await emit(seller, 'send_message', { chatId: chat.id, msgType: 'product', productId: row!.id, clientId: unique() });
    expect(ack).toMatchObject({ ok: true });
    expect((await arriving).productId?.name).toBe('Silk saree, call [hidden]');
  });

  it('is stored with the contact hidden when it is edited in', async () => {
    const { vendor } = await aChat();
    const headers = await authHeader(s, vendor.user);
    const f = form({ name: 'Silk saree', price: '5000', tax: '5', categoryId });
    const made = await s.app.inject({ method: 'POST', url: '/api/temp-product', headers: { ...headers, 'content-type': f.contentType }, payload: f.payload });
    const edited = await s.app.inject({
      method: 'PATCH',
      url: `/api/temp-product/edit-product/${made.json().data._id}`,
      headers,
      payload: { name: 'Silk saree (asha at gmail dot com)', price: '5000', tax: '5' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.name).toBe('Silk saree ([hidden])');
  });
});
