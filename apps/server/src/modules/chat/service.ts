import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { CHAT, CHAT_MSG, type Chat, type ChatMessage, type Role } from '@statewise/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { chatMessages, chats, vendors, users, type ChatMessageRow, type ChatRow } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { lockKey, transaction } from '../../lib/transaction.ts';
import { maskContacts } from './mask.ts';
import { tempProductsById, serializeTempProduct } from './temp-products.ts';
import { ChatGoneError, writeMessage, type ChatParties, type Written } from './writer.ts';

/**
 * Chat between a shopper and a vendor (accounts §2.7, §4.11, §7 Chat; ADR 031). The database is the source of
 * truth: a message is stored, with the next per-chat sequence, before anyone is told about it; a client that
 * reconnects asks for what came after the last sequence it has. Sockets (src/realtime) only carry news.
 */

export interface Caller {
  id: string;
  role: Role;
}

/** The chat `chatId` for one of its two members: 404 when there is no such chat, 403 for anyone else. */
export async function chatForMember(db: DbOrTx, chatId: string, userId: string): Promise<ChatRow> {
  const [chat] = await db.select().from(chats).where(eq(chats.id, chatId)).limit(1);
  if (!chat) throw notFound(CHAT_MSG.chatNotFound);
  if (chat.userId !== userId && chat.vendorId !== userId) throw forbidden(CHAT_MSG.notMember);
  return chat;
}

export const otherParty = (chat: Pick<ChatRow, 'userId' | 'vendorId'>, me: string) => (chat.userId === me ? chat.vendorId : chat.userId);

/** POST chat/create {vendorId}: the one chat of this shopper and that vendor, made on first use. */
export async function createChat(db: Db, caller: Caller, vendorId: string): Promise<{ chat: ChatRow; created: boolean }> {
  if (caller.role !== 'user') throw forbidden(CHAT_MSG.onlyShoppersStart);
  const [vendor] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(vendors, eq(vendors.userId, users.id))
    .where(and(eq(users.id, vendorId), eq(users.role, 'vendor'), isNull(users.deletedAt), isNull(users.blockedAt), eq(vendors.registrationStep, 2), isNull(vendors.suspendedAt)))
    .limit(1);
  if (!vendor) throw notFound(CHAT_MSG.vendorUnavailable);
  const existing = await findChat(db, caller.id, vendorId);
  if (existing) return { chat: existing, created: false };
  return transaction(db, async (tx) => {
    // customer numbers are counted per vendor: take turns per vendor so two new chats never get the same N
    await lockKey(tx, `chat-customers:${vendorId}`);
    const again = await findChat(tx, caller.id, vendorId);
    if (again) return { chat: again, created: false };
    const [row] = await tx
      .insert(chats)
      .values({
        userId: caller.id,
        vendorId,
        customerNumber: sql`(select coalesce(max(${chats.customerNumber}), 0) + 1 from ${chats} where ${chats.vendorId} = ${vendorId})`,
      })
      .returning();
    return { chat: row!, created: true };
  });
}

async function findChat(db: DbOrTx, userId: string, vendorId: string): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.userId, userId), eq(chats.vendorId, vendorId)))
    .limit(1);
  return row;
}

// ---------- reading ----------

type ChatListRow = {
  id: string;
  user_id: string;
  vendor_id: string;
  customer_number: number;
  last_seq: number;
  updated_at: string | Date;
  last_message_at: string | Date | null;
  u_first: string;
  u_last: string;
  u_picture: string;
  v_first: string;
  v_last: string;
  v_picture: string;
  brand_name: string | null;
  vendor_slug: string | null;
  user_unread: number;
  vendor_unread: number;
  last_message_id: string | null;
};

/** The chats of `viewer` (as shopper or as vendor), newest conversation first, in a fixed number of queries. */
export async function listChats(db: Db, viewer: Caller, opts: { as: 'user' | 'vendor'; page?: number; pageSize?: number }): Promise<{ chats: Chat[]; total: number }> {
  const side = opts.as === 'vendor' ? sql`c.vendor_id` : sql`c.user_id`;
  const pageSize = opts.pageSize ?? 100;
  const offset = ((opts.page ?? 1) - 1) * pageSize;
  const res = await db.execute<ChatListRow>(sql`
    select c.id, c.user_id, c.vendor_id, c.customer_number, c.last_seq, c.updated_at, c.last_message_at,
      u.firstname as u_first, u.lastname as u_last, u.picture as u_picture,
      vu.firstname as v_first, vu.lastname as v_last, vu.picture as v_picture, v.brand_name, v.slug as vendor_slug,
      (select count(*)::int from chat_messages m where m.chat_id = c.id and m.receiver_id = c.user_id and m.status <> 'read') as user_unread,
      (select count(*)::int from chat_messages m where m.chat_id = c.id and m.receiver_id = c.vendor_id and m.status <> 'read') as vendor_unread,
      (select m.id from chat_messages m where m.chat_id = c.id order by m.seq desc limit 1) as last_message_id
    from chats c
    join users u on u.id = c.user_id
    join users vu on vu.id = c.vendor_id
    left join vendors v on v.user_id = c.vendor_id
    where ${side} = ${viewer.id}
    order by coalesce(c.last_message_at, c.created_at) desc, c.id
    limit ${pageSize} offset ${offset}`);
  const [{ n } = { n: 0 }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from chats c where ${side} = ${viewer.id}`)).rows;
  const lastIds = res.rows.map((r) => r.last_message_id).filter((id): id is string => !!id);
  const lastRows = lastIds.length ? await db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds)) : [];
  const lastMessages = await serializeMessages(db, lastRows, viewer.id);
  const byId = new Map(lastMessages.map((m) => [m._id, m]));
  return {
    total: Number(n),
    chats: res.rows.map((r) => serializeChatRow(r, viewer.id, r.last_message_id ? (byId.get(r.last_message_id) ?? null) : null)),
  };
}

function serializeChatRow(r: ChatListRow, viewerId: string, lastMessage: ChatMessage | null): Chat {
  const vendorView = r.vendor_id === viewerId;
  return {
    _id: r.id,
    // a vendor knows the shopper as Customer N (accounts §4.11)
    userId: vendorView
      ? { _id: r.user_id, firstname: 'Customer', lastname: String(r.customer_number), picture: '' }
      : { _id: r.user_id, firstname: r.u_first, lastname: r.u_last, picture: r.u_picture },
    vendorId: { _id: r.vendor_id, firstname: r.v_first, lastname: r.v_last, picture: r.v_picture, brandName: r.brand_name ?? '', vendorSlug: r.vendor_slug ?? '' },
    customerNumber: r.customer_number,
    lastMessage,
    unreadCount: { userId: Number(r.user_unread), vendorId: Number(r.vendor_unread) },
    lastSeq: r.last_seq,
    updatedAt: new Date(r.last_message_at ?? r.updated_at).toISOString(),
  };
}

/** One chat as its member `viewerId` sees it. */
export async function chatView(db: Db, chat: ChatRow, viewerId: string): Promise<Chat> {
  const res = await db.execute<ChatListRow>(sql`
    select c.id, c.user_id, c.vendor_id, c.customer_number, c.last_seq, c.updated_at, c.last_message_at,
      u.firstname as u_first, u.lastname as u_last, u.picture as u_picture,
      vu.firstname as v_first, vu.lastname as v_last, vu.picture as v_picture, v.brand_name, v.slug as vendor_slug,
      (select count(*)::int from chat_messages m where m.chat_id = c.id and m.receiver_id = c.user_id and m.status <> 'read') as user_unread,
      (select count(*)::int from chat_messages m where m.chat_id = c.id and m.receiver_id = c.vendor_id and m.status <> 'read') as vendor_unread,
      null as last_message_id
    from chats c join users u on u.id = c.user_id join users vu on vu.id = c.vendor_id left join vendors v on v.user_id = c.vendor_id
    where c.id = ${chat.id}`);
  const [last] = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id)).orderBy(desc(chatMessages.seq)).limit(1);
  const lastMessage = last ? (await serializeMessages(db, [last], viewerId))[0]! : null;
  return serializeChatRow(res.rows[0]!, viewerId, lastMessage);
}

/** GET chat/get-msg-count: messages waiting for `userId` to read, in all and per chat (the header badge). */
export async function unreadCount(db: Db, userId: string): Promise<{ count: number; chats: number }> {
  const res = await db.execute<{ count: number; chats: number }>(sql`
    select count(*)::int as count, count(distinct chat_id)::int as chats
    from chat_messages where receiver_id = ${userId} and status <> 'read'`);
  const row = res.rows[0];
  return { count: Number(row?.count ?? 0), chats: Number(row?.chats ?? 0) };
}

/**
 * A page of a chat's messages, oldest first: the latest page, the page before `beforeSeq`, or (catching up after a
 * reconnect) those after `afterSeq`. Messages to the reader that were only stored are now on their device: they
 * become unread (two ticks), and `delivered` says up to which sequence, for the sender's ticks.
 */
export async function readMessages(
  db: Db,
  chat: ChatRow,
  readerId: string,
  opts: { afterSeq?: number; beforeSeq?: number; pageSize?: number },
): Promise<{ messages: ChatMessage[]; hasMore: boolean; deliveredUpTo: number | null }> {
  const pageSize = opts.pageSize ?? (opts.afterSeq !== undefined ? CHAT.syncMax : CHAT.historyPageSize);
  let rows: ChatMessageRow[];
  if (opts.afterSeq !== undefined) {
    rows = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chat.id), gt(chatMessages.seq, opts.afterSeq)))
      .orderBy(asc(chatMessages.seq))
      .limit(pageSize);
  } else {
    const cond = opts.beforeSeq !== undefined ? and(eq(chatMessages.chatId, chat.id), lt(chatMessages.seq, opts.beforeSeq)) : eq(chatMessages.chatId, chat.id);
    rows = (await db.select().from(chatMessages).where(cond).orderBy(desc(chatMessages.seq)).limit(pageSize)).reverse();
  }
  const deliveredUpTo = await markDelivered(db, chat, readerId, rows.at(-1)?.seq ?? 0);
  if (deliveredUpTo !== null) {
    for (const r of rows) if (r.receiverId === readerId && r.status === 'pending' && r.seq <= deliveredUpTo) r.status = 'unread';
  }
  const hasMore = opts.afterSeq !== undefined ? (rows.at(-1)?.seq ?? opts.afterSeq) < chat.lastSeq && rows.length === pageSize : (rows[0]?.seq ?? 1) > 1;
  return { messages: await serializeMessages(db, rows, readerId), hasMore, deliveredUpTo };
}

/** Marks the messages to `receiverId` up to `upToSeq` as on their device (pending → unread). The highest changed, or null. */
export async function markDelivered(db: DbOrTx, chat: Pick<ChatRow, 'id'>, receiverId: string, upToSeq: number): Promise<number | null> {
  if (upToSeq < 1) return null;
  const changed = await db
    .update(chatMessages)
    .set({ status: 'unread', deliveredAt: new Date() })
    .where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.receiverId, receiverId), eq(chatMessages.status, 'pending'), lte(chatMessages.seq, upToSeq)))
    .returning({ seq: chatMessages.seq });
  return changed.length ? Math.max(...changed.map((c) => c.seq)) : null;
}

/** mark_as_seen: the reader has seen these messages (by id, or all up to a sequence). Returns those that changed. */
export async function markSeen(db: Db, chat: ChatRow, readerId: string, which: { messageIds?: string[]; upToSeq?: number }): Promise<{ _id: string; seq: number }[]> {
  const conds = [eq(chatMessages.chatId, chat.id), eq(chatMessages.receiverId, readerId), ne(chatMessages.status, 'read')];
  if (which.messageIds?.length && which.upToSeq !== undefined) {
    conds.push(or(inArray(chatMessages.id, which.messageIds), lte(chatMessages.seq, which.upToSeq))!);
  } else if (which.messageIds?.length) conds.push(inArray(chatMessages.id, which.messageIds));
  else if (which.upToSeq !== undefined) conds.push(lte(chatMessages.seq, which.upToSeq));
  // neither: everything unread in the chat (opening it)
  const now = new Date();
  const rows = await db
    .update(chatMessages)
    .set({ status: 'read', readAt: now, deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, ${now})` })
    .where(and(...conds))
    .returning({ _id: chatMessages.id, seq: chatMessages.seq });
  return rows.sort((a, b) => a.seq - b.seq);
}

// ---------- writing ----------

export interface NewMessage {
  clientId?: string | null;
  msgType: 'text' | 'image' | 'product';
  message?: string;
  image?: string | null;
  caption?: string | null;
  productId?: string | null;
}

export interface MessageChecks {
  /** True when `url` is a chat picture this server stored (product/file-Upload). */
  isChatImage(url: string): boolean;
  /** True when `productId` is a temporary product of `vendorId`. */
  isVendorsTempProduct(productId: string, vendorId: string): Promise<boolean>;
}

/**
 * Stores a message from `senderId` with the chat's next sequence, in one statement (with the other sends of the
 * moment, writer.ts) and resolves once it is committed. A send repeated with the same clientId returns the message
 * stored the first time (`duplicate`), never a second copy. `chat` is the chat, or only its id when the caller has
 * not read it: that statement checks the membership (404 for no such chat, 403 for someone else's).
 */
export async function storeMessage(
  db: Db,
  chat: ChatParties | string,
  senderId: string,
  input: NewMessage,
  checks: MessageChecks,
): Promise<Written> {
  const text = (input.message ?? '').trim();
  if (input.msgType === 'text' && !text) throw badRequest(CHAT_MSG.messageRequired, { message: CHAT_MSG.messageRequired });
  if (text.length > CHAT.messageMaxLength) throw badRequest(CHAT_MSG.messageTooLong, { message: CHAT_MSG.messageTooLong });
  if (input.msgType === 'image') {
    if (!input.image) throw badRequest(CHAT_MSG.imageRequired, { image: CHAT_MSG.imageRequired });
    if (!checks.isChatImage(input.image)) throw badRequest(CHAT_MSG.imageNotUploaded, { image: CHAT_MSG.imageNotUploaded });
  }
  if (input.msgType === 'product') {
    if (typeof chat === 'string') chat = await chatForMember(db, chat, senderId);
    if (senderId !== chat.vendorId) throw forbidden(CHAT_MSG.onlyVendorSendsProducts);
    if (!input.productId || !(await checks.isVendorsTempProduct(input.productId, chat.vendorId))) throw badRequest(CHAT_MSG.productRequired, { productId: CHAT_MSG.productRequired });
  }
  const chatId = typeof chat === 'string' ? chat : chat.id;
  try {
    return await writeMessage(db, {
      chatId,
      senderId,
      clientId: input.clientId || null,
      msgType: input.msgType,
      message: text,
      image: input.msgType === 'image' ? input.image! : null,
      caption: input.msgType === 'image' ? (input.caption?.trim() || null) : null,
      productId: input.msgType === 'product' ? input.productId! : null,
    });
  } catch (err) {
    if (!(err instanceof ChatGoneError)) throw err;
    // which answer: no such chat (404) or not a member (403)
    await chatForMember(db, chatId, senderId);
    throw notFound(CHAT_MSG.chatNotFound);
  }
}

/** Hours after which a vendor still silent may auto-reply again in the same chat. */
export const AUTO_REPLY_AGAIN_AFTER_HOURS = 24;

/**
 * The offline auto-reply (accounts §4.11; ADR 031): a shopper's message reaching a vendor with no connected device
 * gets one automatic answer per spell of the vendor's silence — the first such message after the vendor last wrote
 * in this chat, and again only after 24 hours. Claimed with one conditional update, so two processes never both reply.
 */
export async function autoReplyIfDue(db: Db, chat: ChatParties, text: string = CHAT_MSG.autoReply): Promise<ChatMessageRow | null> {
  const [claimed] = await db
    .update(chats)
    .set({ autoRepliedAt: new Date() })
    .where(
      and(
        eq(chats.id, chat.id),
        or(isNull(chats.autoRepliedAt), lt(chats.autoRepliedAt, sql`now() - make_interval(hours => ${AUTO_REPLY_AGAIN_AFTER_HOURS})`)),
      ),
    )
    .returning({ id: chats.id });
  if (!claimed) return null;
  const { row } = await writeMessage(db, {
    chatId: chat.id,
    senderId: chat.vendorId,
    clientId: null,
    msgType: 'auto',
    message: text,
    image: null,
    caption: null,
    productId: null,
  });
  return row;
}

/** Messages as `viewerId` sees them: contact details masked in what others wrote, product cards filled in. */
export async function serializeMessages(db: DbOrTx, rows: readonly ChatMessageRow[], viewerId: string): Promise<ChatMessage[]> {
  const productIds = [...new Set(rows.map((r) => r.productId).filter((id): id is string => !!id))];
  const products = productIds.length ? await tempProductsById(db, productIds) : new Map();
  return rows.map((r) => serializeMessage(r, viewerId, r.productId ? (products.get(r.productId) ?? null) : null));
}

export function serializeMessage(r: ChatMessageRow, viewerId: string, product: Parameters<typeof serializeTempProduct>[0] | null): ChatMessage {
  const mine = r.senderId === viewerId;
  return {
    _id: r.id,
    chatId: r.chatId,
    seq: r.seq,
    senderId: r.senderId,
    receiverId: r.receiverId,
    clientId: mine ? r.clientId : null,
    msgType: r.msgType,
    message: mine ? r.message : maskContacts(r.message),
    image: r.image,
    caption: r.caption === null ? null : mine ? r.caption : maskContacts(r.caption),
    productId: product ? serializeTempProduct(product) : null,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  };
}
