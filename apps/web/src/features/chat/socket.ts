import { io, type Socket } from 'socket.io-client';
import { CHAT_SOCKET } from '@statewise/contract';
import { reportUnauthorized } from '../../lib/api.ts';
import { KEYS, storage } from '../../lib/storage.ts';

/**
 * The chat's one Socket.IO connection (ADR 031), opened by the chat screens and shared by them: WebSocket only
 * (long-polling would need sticky sessions between server processes), authenticated with the stored token.
 * Reconnects by itself; the chat room asks for what it missed on every connect.
 */
let socket: Socket | null = null;
let tokenOfSocket: string | null = null;

export function chatSocket(): Socket {
  const token = storage.get(KEYS.accessToken);
  if (socket && tokenOfSocket === token) return socket;
  socket?.disconnect();
  tokenOfSocket = token;
  const made = io({ path: '/socket.io', transports: ['websocket'], auth: { token }, reconnectionDelayMax: 5000 });
  // The session was ended (logout elsewhere, password reset, block): the same as a 401 from the API, unless this
  // tab has already let go of that token itself (its own logout); never reconnect with it.
  let ended = false;
  const sessionEnded = () => {
    if (ended) return;
    ended = true;
    made.disconnect();
    if (storage.get(KEYS.accessToken) === token) reportUnauthorized();
  };
  made.on(CHAT_SOCKET.sessionEnded, sessionEnded);
  // a server that ends the connection for another reason is not retried by Socket.IO: come back after a moment
  made.on('disconnect', (reason) => {
    if (reason === 'io server disconnect' && !ended) setTimeout(() => made.connect(), 1000);
  });
  socket = made;
  return socket;
}

export type Ack = { ok: boolean; status?: number; message?: unknown; [k: string]: unknown };

/** Emits with an acknowledgement, or a refusal after 10 s without one. */
export function ask(event: string, payload: unknown): Promise<Ack> {
  return chatSocket()
    .timeout(10_000)
    .emitWithAck(event, payload)
    .catch(() => ({ ok: false, status: 0, message: 'No answer from the server. Please try again.' })) as Promise<Ack>;
}
