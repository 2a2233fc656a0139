import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { CHAT_MSG, type ChatMessage, MSG, deliveredPayload, joinChatPayload, markAsSeenPayload, sendMessagePayload, syncPayload } from '@statewise/contract';
import type { AppContext } from '../context.ts';
import type { ChatMessageRow } from '../db/schema/index.ts';
import { clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
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
import type { Realtime, SocketData } from './server.ts';

/**
 * The chat's socket events (accounts §7 Chat; ADR 031). Client → server, each answered through its acknowledgement
 * callback with `{ok:true,…}` or `{ok:false,status,message}`:
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
/** Sends per socket: a burst of 30, then 5 a second. */
export const SEND_BURST = 30;
export const SEND_PER_SECOND = 5;
const chatRoom = (chatId: string) => `chat:${chatId}`;

export function registerChatEvents(
  rt: Realtime,
  ctx: Pick<AppContext, 'db'>,
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
    // at most SEND_BURST messages at once, refilled at SEND_PER_SECOND (a person types slower; a script does not)
    let tokens = SEND_BURST;
    let filledAt = clock.now().getTime();
    const sendAllowed = () => {
      const now = clock.now().getTime();
      tokens = Math.min(SEND_BURST, tokens + ((now - filledAt) / 1000) * SEND_PER_SECOND);
      filledAt = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    };

    const handle = <S extends z.ZodType>(event: string, schema: S, work: (input: z.output<S>) => Promise<unknown>) => {
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => {};
        // the same refusal as the HTTP routes' (lib/http.ts): PostgreSQL cannot store a NUL character
        if (nulAt(payload) !== undefined) {
          reply({ ok: false, status: 400, message: MSG.nulCharacter });
          return;
        }
        const parsed = schema.safeParse(payload ?? {});
        if (!parsed.success) {
          reply({ ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid request' });
          return;
        }
        work(parsed.data).then(
          (answer) => reply({ ok: true, ...(answer as object) }),
          (err: unknown) => {
            if (err instanceof AppError) reply({ ok: false, status: err.status, message: err.message });
            else {
              log.error({ err, event }, 'chat event failed');
              reply({ ok: false, status: 500, message: 'Something went wrong' });
            }
          },
        );
      });
    };

    handle('join_chat', joinChatPayload, async ({ chatId }) => {
      // a session ended since the socket connected (logout, block) ends the socket too
      if (!(await rt.sessionValid(socket))) {
        setImmediate(() => socket.disconnect(true));
        throw new AppError(401, 'Please log in to continue');
      }
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
      if (!sendAllowed()) throw new AppError(429, CHAT_MSG.tooFast);
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
