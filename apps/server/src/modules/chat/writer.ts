import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ChatMessageRow, ChatRow } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { isRetryableTxError } from '../../lib/transaction.ts';

/**
 * Writes chat messages (ADR 031, ADR 034). Sends that arrive while a write is on its way to the database wait and
 * go together in the next one: one statement per batch takes each chat's next sequence numbers (the chat row's lock
 * orders them), inserts the rows and updates the chats' last message, and the senders hear back only once that
 * statement has committed. A batch of one is the plain case; a busy server writes a few dozen rows per round trip
 * instead of one transaction (four round trips) per message.
 *
 * The statement also checks that the sender is one of the chat's two members and takes the receiver from the chat
 * (ADR 038), so a socket's first send to a chat needs no query of its own to learn them.
 */

export interface MessageToWrite {
  chatId: string;
  /** Must be one of the chat's members (the shopper or the vendor); the other one receives it. */
  senderId: string;
  clientId: string | null;
  msgType: ChatMessageRow['msgType'];
  message: string;
  image: string | null;
  caption: string | null;
  productId: string | null;
}

/** The vendor's chat settings as they stood when the message was stored (null: none saved). */
export interface VendorSettingsSnapshot {
  autoReply: string;
  opensAt: number | null;
  closesAt: number | null;
}

/** Who a chat is between: never changes once the chat exists. */
export type ChatParties = Pick<ChatRow, 'id' | 'userId' | 'vendorId'>;

export interface Written {
  row: ChatMessageRow;
  chat: ChatParties;
  /** True when this sender had already stored a message with this clientId: `row` is that first copy. */
  duplicate: boolean;
  settings: VendorSettingsSnapshot | null;
}

/** Thrown for a message whose chat does not exist, or whose sender is not one of its members. */
export class ChatGoneError extends Error {}

interface Waiting {
  m: MessageToWrite;
  resolve: (w: Written) => void;
  reject: (err: unknown) => void;
}

/** At most this many rows per statement; more waiting go in the next one. */
const MAX_BATCH = 200;

class MessageWriter {
  private queue: Waiting[] = [];
  private busy = false;

  constructor(private readonly db: Db) {}

  write(m: MessageToWrite): Promise<Written> {
    return new Promise((resolve, reject) => {
      this.queue.push({ m, resolve, reject });
      if (!this.busy) void this.drain();
    });
  }

  /** One batch at a time per process: while it is written, the next one gathers. */
  private async drain(): Promise<void> {
    this.busy = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.writeBatch(batch);
      }
    } finally {
      this.busy = false;
    }
  }

  private async writeBatch(batch: Waiting[]): Promise<void> {
    // the same clientId twice in one batch (a retry sent before the first was answered): the later ones get the
    // first's row as a duplicate
    const firsts: Waiting[] = [];
    const repeats: { of: Waiting; w: Waiting }[] = [];
    const byKey = new Map<string, Waiting>();
    for (const w of batch) {
      const key = w.m.clientId === null ? null : `${w.m.chatId}|${w.m.senderId}|${w.m.clientId}`;
      const first = key === null ? undefined : byKey.get(key);
      if (first) repeats.push({ of: first, w });
      else {
        if (key !== null) byKey.set(key, w);
        firsts.push(w);
      }
    }
    const results = new Map<Waiting, Written>();
    try {
      const written = await this.insertAll(firsts.map((w) => w.m));
      firsts.forEach((w, i) => results.set(w, written[i]!));
    } catch {
      // a clash the batch could not see coming (the same clientId committed by another process meanwhile), or a
      // deadlock with another process's batch: each message alone, so only the one at fault fails
      for (const w of firsts) {
        try {
          results.set(w, (await this.insertAll([w.m]))[0]!);
        } catch (one) {
          w.reject(one);
        }
      }
    }
    for (const w of firsts) {
      const r = results.get(w);
      if (r) w.resolve(r);
    }
    for (const { of, w } of repeats) {
      const r = results.get(of);
      if (r) w.resolve({ ...r, duplicate: true });
      else this.insertAll([w.m]).then((x) => w.resolve(x[0]!), w.reject);
    }
  }

  /**
   * Stores `ms` in one statement, in their order, and returns what each became. A message whose clientId this
   * sender already stored is not stored again: its first copy comes back as a duplicate. Retried on a deadlock.
   */
  private async insertAll(ms: MessageToWrite[]): Promise<Written[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.insertOnce(ms);
      } catch (err) {
        if (attempt >= 4 || !(isRetryableTxError(err) || (ms.length === 1 && isUniqueViolation(err)))) throw err;
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
      }
    }
  }

  private async insertOnce(ms: MessageToWrite[]): Promise<Written[]> {
    const now = clock.now();
    const input = ms.map((m, i) => ({
      i,
      chat_id: m.chatId,
      sender_id: m.senderId,
      client_id: m.clientId,
      msg_type: m.msgType,
      message: m.message,
      image: m.image,
      caption: m.caption,
      product_id: m.productId,
    }));
    // A single statement is atomic: the sequence bump and the rows commit together or not at all. Messages already
    // stored under their clientId are left out before the sequences are counted, so the sequence has no gaps.
    // The LIMIT is the planner's row estimate for the list (a set-returning function counts as 100 rows otherwise):
    // with it, the dedupe lookups below probe the (chat, sender, clientId) index instead of hashing the whole
    // chat_messages table, which cost as much as the rest of the statement at only 10,000 stored messages.
    const res = await this.db.execute<RawRow>(sql`
      with input as materialized (
        select t.* from json_to_recordset(${JSON.stringify(input)}::json) as t(
          i int, chat_id uuid, sender_id uuid, client_id text, msg_type text, message text, image text, caption text,
          product_id uuid)
        limit ${input.length}
      ),
      given as (
        -- a sender who is not a member of the chat stores nothing; an automatic reply is not the vendor writing
        select t.*, case when c.user_id = t.sender_id then c.vendor_id else c.user_id end as receiver_id,
          t.sender_id = c.vendor_id and t.msg_type <> 'auto' as vendor_writes
        from input t join chats c on c.id = t.chat_id and t.sender_id in (c.user_id, c.vendor_id)
        where t.client_id is null or not exists (
          select 1 from chat_messages m where m.chat_id = t.chat_id and m.sender_id = t.sender_id and m.client_id = t.client_id)
      ),
      numbered as (
        select g.*, row_number() over (partition by g.chat_id order by g.i)::int as k from given g
      ),
      per_chat as (
        select chat_id, count(*)::int as n, bool_or(vendor_writes) as vendor_wrote from numbered group by chat_id
      ),
      bumped as (
        update chats c set last_seq = c.last_seq + p.n, last_message_at = ${now}, updated_at = ${now},
          auto_replied_at = case when p.vendor_wrote then null else c.auto_replied_at end
        from per_chat p where c.id = p.chat_id
        returning c.id, c.last_seq, c.user_id, c.vendor_id
      ),
      inserted as (
        insert into chat_messages (chat_id, seq, sender_id, receiver_id, client_id, msg_type, message, image, caption, product_id, status, created_at)
        select n.chat_id, b.last_seq - p.n + n.k, n.sender_id, n.receiver_id, n.client_id, n.msg_type, n.message, n.image, n.caption, n.product_id, 'pending', ${now}
        from numbered n join per_chat p on p.chat_id = n.chat_id join bumped b on b.id = n.chat_id
        returning *
      )
      select x.*, s.vendor_id is not null as s_found, s.auto_reply as s_auto_reply, s.opens_at as s_opens_at, s.closes_at as s_closes_at
      from (
        select r.*, false as duplicate, b.user_id as chat_user_id, b.vendor_id as chat_vendor_id from inserted r join bumped b on b.id = r.chat_id
        union all
        select m.*, true as duplicate, c.user_id as chat_user_id, c.vendor_id as chat_vendor_id
          from input t
          join chat_messages m on m.chat_id = t.chat_id and m.sender_id = t.sender_id and m.client_id = t.client_id
          join chats c on c.id = t.chat_id
      ) x
      -- the vendor's auto-reply settings come along, so the rule needs no query of its own
      left join chat_vendor_settings s on s.vendor_id = x.chat_vendor_id
    `);
    // match the rows to the messages: a duplicate by its clientId, a new one by its chat's sequence order
    const dupByKey = new Map<string, RawRow>();
    const newByChat = new Map<string, RawRow[]>();
    for (const r of res.rows) {
      if (r.duplicate) dupByKey.set(`${r.chat_id}|${r.sender_id}|${r.client_id}`, r);
      else newByChat.set(r.chat_id, [...(newByChat.get(r.chat_id) ?? []), r]);
    }
    for (const rows of newByChat.values()) rows.sort((a, b) => a.seq - b.seq);
    return ms.map((m) => {
      const dup = m.clientId === null ? undefined : dupByKey.get(`${m.chatId}|${m.senderId}|${m.clientId}`);
      const r = dup ?? newByChat.get(m.chatId)?.shift();
      if (!r) throw new ChatGoneError(`chat ${m.chatId} is gone, or ${m.senderId} is not in it`);
      const settings = r.s_found ? { autoReply: r.s_auto_reply ?? '', opensAt: r.s_opens_at, closesAt: r.s_closes_at } : null;
      return { row: toRow(r), chat: { id: r.chat_id, userId: r.chat_user_id, vendorId: r.chat_vendor_id }, duplicate: Boolean(dup), settings };
    });
  }
}

type RawRow = {
  id: string;
  chat_id: string;
  seq: number;
  sender_id: string;
  receiver_id: string;
  client_id: string | null;
  msg_type: ChatMessageRow['msgType'];
  message: string;
  image: string | null;
  caption: string | null;
  product_id: string | null;
  status: ChatMessageRow['status'];
  created_at: string | Date;
  delivered_at: string | Date | null;
  read_at: string | Date | null;
  reminded_at: string | Date | null;
  duplicate: boolean;
  chat_user_id: string;
  chat_vendor_id: string;
  s_found: boolean;
  s_auto_reply: string | null;
  s_opens_at: number | null;
  s_closes_at: number | null;
};

const date = (v: string | Date | null) => (v === null ? null : new Date(v));

function toRow(r: RawRow): ChatMessageRow {
  return {
    id: r.id,
    chatId: r.chat_id,
    seq: Number(r.seq),
    senderId: r.sender_id,
    receiverId: r.receiver_id,
    clientId: r.client_id,
    msgType: r.msg_type,
    message: r.message,
    image: r.image,
    caption: r.caption,
    productId: r.product_id,
    status: r.status,
    createdAt: new Date(r.created_at),
    deliveredAt: date(r.delivered_at),
    readAt: date(r.read_at),
    remindedAt: date(r.reminded_at),
  };
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return (e?.code ?? e?.cause?.code) === '23505';
}

const writers = new WeakMap<Db, MessageWriter>();

/** Stores a message (with others sent at the same moment) and resolves once it is committed. */
export function writeMessage(db: Db, m: MessageToWrite): Promise<Written> {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new MessageWriter(db)));
  return w.write(m);
}
