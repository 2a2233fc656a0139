import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { chatMessages, chats } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../test/db.ts';
import { newUser, newVendor, unique } from '../../test/factories.ts';
import { createChat } from './service.ts';
import { saveChatSettings } from './settings.ts';
import { writeMessage, type MessageToWrite } from './writer.ts';

/** The batching message writer (ADR 034): many sends at once, one statement, the same guarantees as one by one. */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function aChat() {
  const shopper = await newUser(database.db);
  const vendor = await newVendor(database.db);
  const { chat } = await createChat(database.db, { id: shopper.id, role: 'user' }, vendor.userId);
  const from = (who: 'shopper' | 'vendor', message: string, clientId: string | null = unique()): MessageToWrite => ({
    chatId: chat.id,
    senderId: who === 'shopper' ? chat.userId : chat.vendorId,
    clientId,
    msgType: 'text',
    message,
    image: null,
    caption: null,
    productId: null,
  });
  return { chat, from };
}

describe('writeMessage', () => {
  it('gives sends made at the same moment, in several chats, each chat’s next sequences in the order they were made', async () => {
    const a = await aChat();
    const b = await aChat();
    const sends = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? b.from('shopper', `b${i}`) : a.from(i % 2 ? 'vendor' : 'shopper', `a${i}`)));
    const written = await Promise.all(sends.map((m) => writeMessage(database.db, m)));
    expect(written.every((w) => !w.duplicate)).toBe(true);
    for (const { chat } of [a, b]) {
      const rows = (await database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).sort((x, y) => x.seq - y.seq);
      const mine = sends.filter((m) => m.chatId === chat.id);
      expect(rows.map((r) => r.seq)).toEqual(mine.map((_, k) => k + 1));
      expect(rows.map((r) => r.message)).toEqual(mine.map((m) => m.message));
      const [c] = await database.db.select().from(chats).where(eq(chats.id, chat.id));
      expect(c!.lastSeq).toBe(mine.length);
    }
    // each answer is its own row
    expect(written.map((w) => w.row.message)).toEqual(sends.map((m) => m.message));
  });

  it('stores a clientId once, whether repeated within one batch or sent again later, without a gap in the sequence', async () => {
    const { chat, from } = await aChat();
    const once = from('shopper', 'once', 'same-id');
    const [first, repeat, other] = await Promise.all([writeMessage(database.db, once), writeMessage(database.db, { ...once }), writeMessage(database.db, from('shopper', 'next'))]);
    expect(first!.duplicate).toBe(false);
    expect(repeat).toMatchObject({ duplicate: true, row: { id: first!.row.id, seq: first!.row.seq } });
    const later = await writeMessage(database.db, { ...once });
    expect(later).toMatchObject({ duplicate: true, row: { id: first!.row.id } });
    const after = await writeMessage(database.db, from('vendor', 'reply'));
    const rows = await database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(rows).toHaveLength(3);
    expect([first!.row.seq, other!.row.seq, after.row.seq].sort()).toEqual([1, 2, 3]);
  });

  it('brings the vendor’s auto-reply settings with a shopper’s message, and lets the vendor’s own writing end a silence', async () => {
    const { chat, from } = await aChat();
    await saveChatSettings(database.db, chat.vendorId, { autoReply: 'Back at ten', opensAt: '10:00', closesAt: '19:00' });
    const w = await writeMessage(database.db, from('shopper', 'hello'));
    expect(w.settings).toEqual({ autoReply: 'Back at ten', opensAt: 600, closesAt: 1140 });
    await database.db.update(chats).set({ autoRepliedAt: new Date() }).where(eq(chats.id, chat.id));
    await writeMessage(database.db, { ...from('vendor', 'auto'), msgType: 'auto' });
    expect((await database.db.select().from(chats).where(eq(chats.id, chat.id)))[0]!.autoRepliedAt).not.toBeNull();
    await writeMessage(database.db, from('vendor', 'here now'));
    expect((await database.db.select().from(chats).where(eq(chats.id, chat.id)))[0]!.autoRepliedAt).toBeNull();
  });

  it('refuses a message to a chat that does not exist, without failing the others of its batch', async () => {
    const { from } = await aChat();
    const gone = { ...from('shopper', 'lost'), chatId: '00000000-0000-4000-8000-000000000000' };
    const [bad, good] = await Promise.allSettled([writeMessage(database.db, gone), writeMessage(database.db, from('shopper', 'fine'))]);
    expect(bad.status).toBe('rejected');
    expect(good).toMatchObject({ status: 'fulfilled', value: { row: { message: 'fine' } } });
  });

  it('takes the receiver from the chat, and stores nothing from someone who is not one of its members', async () => {
    const { chat, from } = await aChat();
    const stranger = await newUser(database.db);
    const [intruder, shopper, vendor] = await Promise.allSettled([
      writeMessage(database.db, { ...from('shopper', 'let me in'), senderId: stranger.id }),
      writeMessage(database.db, from('shopper', 'hi')),
      writeMessage(database.db, from('vendor', 'hello')),
    ]);
    expect(intruder.status).toBe('rejected');
    expect(shopper).toMatchObject({ status: 'fulfilled', value: { row: { receiverId: chat.vendorId, seq: 1 }, chat: { id: chat.id, userId: chat.userId, vendorId: chat.vendorId } } });
    expect(vendor).toMatchObject({ status: 'fulfilled', value: { row: { receiverId: chat.userId, seq: 2 } } });
    const rows = await database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(rows.map((r) => r.message).sort()).toEqual(['hello', 'hi']);
  });
});
