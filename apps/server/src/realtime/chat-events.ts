import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { CHAT_MSG, CHAT_SOCKET, type ChatMessage, MSG, deliveredPayload, joinChatPayload, markAsSeenPayload, sendMessagePayload, syncPayload } from '@statewise/contract';
import type { AppContext } from '../context.ts';
import type { ChatMessageRow } from '../db/schema/index.ts';
import { clock } from '../lib/clock.ts';
import { AppError, tooMany } from '../lib/errors.ts';
import { nulAt } from '../lib/http.ts';
import {
  autoReplyIfDue,
  chatForMember,
  markDelivered,
  markSeen,
  otherParty,
  readMessages,
  serializeMessages,
  storeMessage,
  type MessageChecks,
} from '../modules/chat/service.ts';
import { autoReplyRuleOf } from '../modules/chat/settings.ts';
import type { ChatParties } from '../modules/chat/writer.ts';
import { sessionEndedNotice, type Realtime, type SocketData } from './server.ts';

/**
 * The chat's socket events (accounts §7 Chat; ADR 031). Client → server, each answered through its acknowledgement
 * callback with `{ok:true,…}` or `{ok:false,status,message}` (and `code` where CHAT_SOCKET names one). Every event
 * first checks that the socket's session still stands (ADR 045): when it does not, the answer is 401 with
 * `code: 'session_ended'`, then the `session_ended` event, and the socket is closed.
 *   join_chat {chatId}                 → joins the chat's room (members only); answers the other party's presence
 *   send_message {chatId, clientId, message | image+caption | productId, msgType}
 *                                      → stored (next sequence) before the answer {ok, message}; then receive_message
 *   message_delivered {chatId, upToSeq} → pending → unread (two ticks) for messages to the caller
 *   mark_as_seen {chatId, messageIds | upToSeq} → read (coloured ticks)
 *   sync {chatId, afterSeq}            → the messages after afterSeq, from the database (after a reconnect)
 * Server → client:
 *   joined_chat {chatId, userId, userStatus: 'online'|'offline'}  presence of the other member
 *   receive_message {message, offlineReceiver}                       a new message (to every device of both members)
 *   message_status {chatId, status: 'unread'|'read', upToSeq?, messageIds?}  ticks for the sender
 */

type Ack = (answer: unknown) => void;
/**
 * Sends per account, all its sockets on all processes together (the rate limiter's counters: Redis with REDIS_URL):
 * a person types far slower; a script, or one account opening sockets to multiply its allowance, does not.
 */
export const SEND_LIMIT = { limit: 30, windowMs: 5000 } as const;
const chatRoom = (chatId: string) => `chat:${chatId}`;

export function registerChatEvents(
  rt: Realtime,
  ctx: Pick<AppContext, 'db' | 'rateLimiter'>,
  checks: MessageChecks,
  log: Pick<FastifyBaseLogger, 'error'>,
): void {
  const { io } = rt;
  const { db } = ctx;

  /** Tells both members about a stored message: the receiver's devices and the sender's other devices. */
  async function deliver(chat: ChatParties, row: ChatMessageRow, exceptSocketId?: string, senderCopy?: ChatMessage): Promise<boolean> {
    const [forReceiver] = await serializeMessages(db, [row], row.receiverId);
    // a device that gets this is online: the receiver's copy does not wait for the presence answer
    rt.toUser(row.receiverId, 'receive_message', { message: forReceiver, offlineReceiver: false });
    const offlineReceiver = !(await rt.isOnline(row.receiverId));
    const forSender = senderCopy ?? (await serializeMessages(db, [row], row.senderId))[0];
    rt.toUser(row.senderId, 'receive_message', { message: forSender, offlineReceiver }, exceptSocketId);
    return offlineReceiver;
  }

  io.on('connection', (socket) => {
    const me = (socket.data as SocketData).user;
    // chats this socket has been let into: membership never changes, so a send does not ask again (a first send
    // does not ask either: the statement that stores it checks the membership)
    const member = new Map<string, ChatParties>();
    // counted and compared in one step (INCR), so sends in flight together cannot all pass a check made before any
    // of them was counted
    const countSend = async () => {
      const window = await ctx.rateLimiter.counters.add(`chat:send:user:${me.id}`, SEND_LIMIT.windowMs);
      if (window.count > SEND_LIMIT.limit) throw tooMany(CHAT_MSG.tooFast, Math.max(1, Math.ceil((window.resetAt - clock.now().getTime()) / 1000)));
    };

    const handle = <S extends z.ZodType>(event: string, schema: S, work: (input: z.output<S>) => Promise<unknown>) => {
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => {};
        const refuse = (err: unknown) => {
          if (err instanceof AppError) {
            const tooFast = err.status === 429 ? { code: CHAT_SOCKET.tooFast, retryAfter: err.retryAfter } : {};
            reply({ ok: false, status: err.status, message: err.message, ...tooFast });
          } else {
            log.error({ err, event }, 'chat event failed');
            reply({ ok: false, status: 500, message: 'Something went wrong' });
          }
        };
        // the same refusal as the HTTP routes' (lib/http.ts): PostgreSQL cannot store a NUL character
        if (nulAt(payload) !== undefined) {
          reply({ ok: false, status: 400, message: MSG.nulCharacter });
          return;
        }
        // the session cache answers this from memory; a revocation here or announced by another process is seen at
        // once, and one whose notice was lost within SESSION_CACHE_TTL_MS
        rt.sessionValid(socket)
          .then(async (valid) => {
            if (!valid) {
              reply({ ok: false, status: 401, ...sessionEndedNotice });
              rt.endSocket(socket);
              return;
            }
            const parsed = schema.safeParse(payload ?? {});
            if (!parsed.success) {
              reply({ ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid request' });
              return;
            }
            reply({ ok: true, ...((await work(parsed.data)) as object) });
          })
          .catch(refuse);
      });
    };

    handle('join_chat', joinChatPayload, async ({ chatId }) => {
      const chat = await chatForMember(db, chatId, me.id);
      member.set(chat.id, chat);
      await socket.join(chatRoom(chat.id));
      const other = otherParty(chat, me.id);
      const userStatus = (await rt.isOnline(other)) ? 'online' : 'offline';
      socket.emit('joined_chat', { chatId: chat.id, userId: other, userStatus });
      socket.to(chatRoom(chat.id)).emit('joined_chat', { chatId: chat.id, userId: me.id, userStatus: 'online' });
      return { chatId: chat.id, userId: other, userStatus, lastSeq: chat.lastSeq };
    });

    handle('send_message', sendMessagePayload, async (input) => {
      await countSend();
      const { row, chat, duplicate, settings } = await storeMessage(db, member.get(input.chatId) ?? input.chatId, me.id, input, checks);
      member.set(chat.id, chat);
      const [mine] = await serializeMessages(db, [row], me.id);
      // stored: the sender's answer comes first (one tick), then the other devices hear of it
      if (!duplicate) {
        queueMicrotask(() => {
          void (async () => {
            const offline = await deliver(chat, row, socket.id, mine);
            if (me.id !== chat.userId) return;
            // the vendor's auto-reply: when it has no device connected, or outside its working hours
            const rule = autoReplyRuleOf(settings);
            if (offline || rule.outsideHours) {
              const auto = await autoReplyIfDue(db, chat, rule.text);
              if (auto) await deliver(chat, auto);
            }
          })().catch((err: unknown) => log.error({ err }, 'chat delivery failed'));
        });
      }
      return { message: mine, duplicate };
    });

    handle('message_delivered', deliveredPayload, async ({ chatId, upToSeq }) => {
      const chat = await chatForMember(db, chatId, me.id);
      const upTo = await markDelivered(db, chat, me.id, upToSeq);
      if (upTo !== null) rt.toUser(otherParty(chat, me.id), 'message_status', { chatId, status: 'unread', upToSeq: upTo });
      return { upToSeq: upTo };
    });

    handle('mark_as_seen', markAsSeenPayload, async ({ chatId, messageIds, upToSeq }) => {
      const chat = await chatForMember(db, chatId, me.id);
      const seen = await markSeen(db, chat, me.id, { messageIds, upToSeq });
      if (seen.length) {
        const payload = { chatId, status: 'read', messageIds: seen.map((m) => m._id), upToSeq: seen.at(-1)!.seq };
        rt.toUser(otherParty(chat, me.id), 'message_status', payload);
        rt.toUser(me.id, 'message_status', payload, socket.id); // my other devices clear their badge
      }
      return { count: seen.length };
    });

    handle('sync', syncPayload, async ({ chatId, afterSeq }) => {
      const chat = await chatForMember(db, chatId, me.id);
      const page = await readMessages(db, chat, me.id, { afterSeq });
      if (page.deliveredUpTo !== null) rt.toUser(otherParty(chat, me.id), 'message_status', { chatId, status: 'unread', upToSeq: page.deliveredUpTo });
      return { messages: page.messages, hasMore: page.hasMore };
    });

    socket.on('disconnecting', () => {
      const rooms = [...socket.rooms].filter((r) => r.startsWith('chat:'));
      if (!rooms.length) return;
      // after this socket is gone: if it was the person's last device, the chats they had open see them offline
      setImmediate(() => {
        if (rt.closed) return;
        void rt.isOnline(me.id).then((online) => {
          if (online || rt.closed) return;
          for (const room of rooms) io.to(room).emit('joined_chat', { chatId: room.slice(5), userId: me.id, userStatus: 'offline' });
        });
      });
    });
  });
}
