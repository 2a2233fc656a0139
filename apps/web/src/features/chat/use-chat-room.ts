import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Chat, ChatMessage } from '@statewise/contract';
import { ApiError } from '../../lib/api.ts';
import { chatKeys, fetchMessages } from './api.ts';
import { ask, chatSocket } from './socket.ts';

/** A message as the screen holds it: a stored one, or one of mine still on its way (`sending`, or `failed`). */
export type RoomMessage = ChatMessage & { local?: 'sending' | 'failed' };

export interface NewMessage {
  msgType: 'text' | 'image' | 'product';
  message?: string;
  image?: string;
  caption?: string;
  productId?: string;
}

const rank = { pending: 0, unread: 1, read: 2 } as const;

function merge(list: RoomMessage[], incoming: RoomMessage[]): RoomMessage[] {
  const byId = new Map(list.map((m) => [m._id, m]));
  for (const m of incoming) {
    // the stored copy of one of mine replaces its local stand-in
    if (m.clientId) for (const [id, old] of byId) if (old.local && old.clientId === m.clientId) byId.delete(id);
    const old = byId.get(m._id);
    // never step a tick back (a late copy may carry an older status)
    byId.set(m._id, old && !old.local && rank[old.status] > rank[m.status] ? { ...m, status: old.status } : m);
  }
  return [...byId.values()].sort((a, b) => (a.local ? Infinity : a.seq) - (b.local ? Infinity : b.seq) || a.createdAt.localeCompare(b.createdAt));
}

const lastSeqOf = (list: RoomMessage[]) => list.reduce((n, m) => (!m.local && m.seq > n ? m.seq : n), 0);

/**
 * One open chat (ADR 031): the latest page over REST, then the socket — join the chat (presence), ask what came
 * after the last sequence on every (re)connect, take new messages and tick changes as they come, say "delivered"
 * for what arrives and "seen" while the page is visible. Sending shows the message at once (a clock) and keeps
 * the server's copy (one tick) when it answers; a send that got no answer can be retried with the same id.
 */
export function useChatRoom(chatId: string, me: string | null) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<RoomMessage[]>([]);
  const [chat, setChat] = useState<Chat | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'missing' | 'error'>('loading');
  const [otherOnline, setOtherOnline] = useState(false);
  const listRef = useRef<RoomMessage[]>([]);
  useEffect(() => {
    listRef.current = messages;
  }, [messages]);

  const add = useCallback((incoming: RoomMessage[]) => setMessages((list) => merge(list, incoming)), []);

  /** Tells the server (and so the sender) that what the other person wrote is seen, while the page is visible. */
  const markSeen = useCallback((justArrived?: number) => {
    if (document.visibilityState !== 'visible' || !me) return;
    const unseen = listRef.current.filter((m) => !m.local && m.senderId !== me && m.status !== 'read');
    if (!unseen.length && !justArrived) return;
    const upToSeq = Math.max(justArrived ?? 0, ...unseen.map((m) => m.seq));
    setMessages((list) => list.map((m) => (m.senderId !== me && !m.local && m.seq <= upToSeq ? { ...m, status: 'read' } : m)));
    void ask('mark_as_seen', { chatId, upToSeq }).then(() => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.count });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
    });
  }, [chatId, me, queryClient]);

  // the latest page (the screen is keyed by chat: a new chat starts from the initial state)
  useEffect(() => {
    let live = true;
    fetchMessages(chatId).then(
      (page) => {
        if (!live) return;
        setChat(page.chatData);
        setHasMore(page.hasMore);
        add(page.messages);
        setStatus('ready');
      },
      (err: unknown) => {
        if (!live) return;
        setStatus(err instanceof ApiError && (err.status === 404 || err.status === 403 || err.status === 400) ? 'missing' : 'error');
      },
    );
    return () => {
      live = false;
    };
  }, [chatId, add]);

  // the socket
  useEffect(() => {
    if (status !== 'ready') return;
    const socket = chatSocket();
    const onConnect = () => {
      void ask('join_chat', { chatId }).then((a) => {
        if (a.ok) setOtherOnline(a.userStatus === 'online');
      });
      void ask('sync', { chatId, afterSeq: lastSeqOf(listRef.current) }).then((a) => {
        if (a.ok && Array.isArray(a.messages)) add(a.messages as RoomMessage[]);
      });
    };
    const onMessage = ({ message }: { message: ChatMessage }) => {
      if (message.chatId !== chatId) return;
      add([message]);
      if (message.senderId !== me) {
        socket.emit('message_delivered', { chatId, upToSeq: message.seq });
        markSeen(message.seq);
      }
    };
    const onStatus = (p: { chatId: string; status: 'unread' | 'read'; upToSeq?: number; messageIds?: string[] }) => {
      if (p.chatId !== chatId) return;
      const ids = new Set(p.messageIds ?? []);
      setMessages((list) =>
        list.map((m) =>
          !m.local && m.senderId === me && rank[m.status] < rank[p.status] && (ids.has(m._id) || (p.upToSeq !== undefined && m.seq <= p.upToSeq)) ? { ...m, status: p.status } : m,
        ),
      );
    };
    const onPresence = (p: { chatId: string; userId: string; userStatus: string }) => {
      if (p.chatId === chatId && p.userId !== me) setOtherOnline(p.userStatus === 'online');
    };
    socket.on('connect', onConnect);
    socket.on('receive_message', onMessage);
    socket.on('message_status', onStatus);
    socket.on('joined_chat', onPresence);
    if (socket.connected) onConnect();
    const onVisible = () => markSeen();
    document.addEventListener('visibilitychange', onVisible);
    markSeen();
    return () => {
      socket.off('connect', onConnect);
      socket.off('receive_message', onMessage);
      socket.off('message_status', onStatus);
      socket.off('joined_chat', onPresence);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [status, chatId, me, add, markSeen]);

  const deliver = useCallback(
    (local: RoomMessage) => {
      const { msgType, message, image, caption } = local;
      void ask('send_message', {
        chatId,
        senderId: me,
        receiverId: local.receiverId,
        clientId: local.clientId,
        msgType,
        message,
        image,
        caption,
        productId: local.productId?._id ?? undefined,
      }).then((a) => {
        if (a.ok && a.message) {
          add([a.message as RoomMessage]);
          void queryClient.invalidateQueries({ queryKey: chatKeys.list });
        } else setMessages((list) => list.map((m) => (m._id === local._id ? { ...m, local: 'failed' } : m)));
      });
    },
    [chatId, me, add, queryClient],
  );

  const send = useCallback(
    (input: NewMessage & { product?: ChatMessage['productId'] }) => {
      if (!chat || !me) return;
      const clientId = crypto.randomUUID();
      const local: RoomMessage = {
        _id: `local-${clientId}`,
        chatId,
        seq: 0,
        senderId: me,
        receiverId: chat.userId._id === me ? chat.vendorId._id : chat.userId._id,
        clientId,
        msgType: input.msgType,
        message: input.message ?? '',
        image: input.image ?? null,
        caption: input.caption ?? null,
        productId: input.product ?? null,
        status: 'pending',
        createdAt: new Date().toISOString(),
        local: 'sending',
      };
      if (input.productId && !local.productId) local.productId = { _id: input.productId } as ChatMessage['productId'];
      add([local]);
      deliver(local);
    },
    [chat, chatId, me, add, deliver],
  );

  const retry = useCallback(
    (m: RoomMessage) => {
      setMessages((list) => list.map((x) => (x._id === m._id ? { ...x, local: 'sending' } : x)));
      deliver(m);
    },
    [deliver],
  );

  const loadEarlier = useCallback(async () => {
    const first = listRef.current.find((m) => !m.local);
    if (!first) return;
    const page = await fetchMessages(chatId, { beforeSeq: first.seq });
    setHasMore(page.hasMore);
    add(page.messages);
  }, [chatId, add]);

  return { chat, messages, hasMore, status, otherOnline, send, retry, loadEarlier };
}
