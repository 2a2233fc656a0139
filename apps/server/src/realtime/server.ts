import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { CHAT_SOCKET, MSG } from '@statewise/contract';
import type { AppContext } from '../context.ts';
import { authenticate, forgetEndedSessions, onSessionsEnded, type AuthUser, type EndedSessions } from '../lib/auth.ts';
import { RemotePresence } from './presence.ts';
import { publishQuietly } from './redis-publish.ts';

/**
 * The Socket.IO server (DESIGN "Realtime", ADR 031): on the HTTP server's own port at /socket.io, authenticated with
 * the same bearer token as the API (handshake `auth.token`, or an Authorization header). Every socket joins the room
 * `user:{id}`, so a message reaches each device of a person, on whichever process it is connected. With REDIS_URL the
 * Redis adapter (over ioredis) carries emits between processes; without it, or when Redis does not answer at start,
 * rooms live in this process only. Who is online on the other processes is kept here too (presence.ts), so presence
 * costs no round trip.
 *
 * Sockets carry news only: what a message says and where it stands is in the database (modules/chat), so a
 * client that reconnects asks for what it missed.
 *
 * A socket lives no longer than its session (ADR 045). It also joins `session:{sid}`; when sessions end
 * (lib/auth.ts sessionsEnded: logout, password reset, block, deletion) this process closes the sockets in those rooms
 * and tells the other processes over the adapter (serverSideEmit), which forget the tokens and close theirs. Each
 * socket event checks the session again through the session cache (chat-events.ts), so a notice lost while Redis was
 * away still lets a revoked socket do nothing. An account has at most CHAT_SOCKET.maxSocketsPerAccount sockets on
 * each process.
 */

export interface SocketData {
  user: AuthUser;
  token: string;
}
export type ChatSocket = Socket<Record<string, (...args: never[]) => void>, Record<string, (...args: never[]) => void>, Record<string, never>, SocketData>;

export interface Realtime {
  io: Server;
  /** Whether the socket's session still stands (not logged out, blocked or expired since it connected). */
  sessionValid(socket: Socket): Promise<boolean>;
  /** Tells the socket its session has ended (`session_ended`) and closes it. */
  endSocket(socket: Socket): void;
  /** Whether `userId` has a connected device (on any process). */
  isOnline(userId: string): Promise<boolean>;
  /** Sends `event` to every device of `userId`, but the socket `exceptSocketId` (the sender's own) when given. */
  toUser(userId: string, event: string, payload: unknown, exceptSocketId?: string): void;
  /** 'redis' when emits cross processes. */
  fanOut: 'memory' | 'redis';
  /** True once close() began: nothing more is sent. */
  readonly closed: boolean;
  close(): Promise<void>;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** What a socket hears before the server closes it because its session ended. */
export const sessionEndedNotice = { code: CHAT_SOCKET.sessionEnded, message: MSG.sessionExpired };
/** The other processes' name for "these sessions ended" (serverSideEmit). */
const SESSIONS_ENDED = 'sessions_ended';

export async function startRealtime(
  httpServer: HttpServer,
  ctx: Pick<AppContext, 'db' | 'config'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<Realtime> {
  let closed = false;
  const io = new Server(httpServer, {
    // once closing, no new connection is taken (a reconnecting client would keep the HTTP server from closing)
    allowRequest: (_req, answer) => answer(closed ? 'closing' : null, !closed),
    path: '/socket.io',
    serveClient: false,
    // long-polling needs sticky sessions behind a load balancer; the web client uses WebSocket only
    transports: ['websocket', 'polling'],
    pingInterval: 20_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 64 * 1024,
  });

  let pub: Redis | null = null;
  let sub: Redis | null = null;
  if (ctx.config.redisUrl) {
    const clients = await connectRedis(ctx.config.redisUrl, log);
    if (clients) {
      [pub, sub] = clients;
      io.adapter(createAdapter(pub, sub, { key: `${ctx.config.redisPrefix}socket.io`, requestsTimeout: 3000 }));
    }
  }
  const rooms = io.of('/').adapter.rooms;
  let presence: RemotePresence | null = null;
  if (pub && sub) {
    const localUsers = function* () {
      for (const room of rooms.keys()) if (room.startsWith('user:')) yield room.slice(5);
    };
    presence = new RemotePresence(pub, sub, `${ctx.config.redisPrefix}presence`, localUsers);
    await presence.start();
    // a person's room here is made by their first device and dropped with their last
    io.of('/').adapter.on('create-room', (room: string) => room.startsWith('user:') && presence?.joined(room.slice(5)));
    io.of('/').adapter.on('delete-room', (room: string) => room.startsWith('user:') && presence?.left(room.slice(5)));
  }

  io.use((socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error('unauthorized'));
    authenticate(ctx, token).then(
      (user) => {
        // counted and joined in the same turn, so connections arriving together cannot all pass the count
        if ((rooms.get(userRoom(user.id))?.size ?? 0) >= CHAT_SOCKET.maxSocketsPerAccount) {
          const refused = new Error(CHAT_SOCKET.tooManySockets) as Error & { data: unknown };
          refused.data = { code: CHAT_SOCKET.tooManySockets, message: CHAT_SOCKET.tooManySocketsMessage };
          return next(refused);
        }
        Object.assign(socket.data as SocketData, { user, token });
        // a socket refused after this (its client left meanwhile) leaves its rooms with it
        void socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
        next();
      },
      () => next(new Error('unauthorized')),
    );
  });

  const endSocket = (socket: Socket) => {
    if (!socket.connected) return;
    socket.emit('session_ended', sessionEndedNotice);
    socket.disconnect(true);
  };
  const sessionValid = (socket: Socket) =>
    authenticate(ctx, (socket.data as SocketData).token).then(
      () => true,
      () => false,
    );
  // sessions that ended while this socket was being let in: its check may have read the session before the revocation
  // committed, and then the notice found it in no room yet. The check again costs nothing when it is remembered, and
  // is not remembered when a revocation came in between (lib/auth.ts).
  io.on('connection', (socket) => {
    void sessionValid(socket).then((valid) => valid || endSocket(socket));
  });

  /** Closes this process's sockets of the ended sessions. */
  const closeEnded = ({ userId, sessionId }: EndedSessions) => {
    const target = io.local.in(sessionId ? sessionRoom(sessionId) : userRoom(userId));
    target.emit('session_ended', sessionEndedNotice);
    target.disconnectSockets(true);
  };
  const stopListening = onSessionsEnded((ended) => {
    if (closed) return;
    closeEnded(ended);
    if (pub) io.serverSideEmit(SESSIONS_ENDED, ended);
  });
  // from another process (the Redis adapter; never from this one)
  io.on(SESSIONS_ENDED, (ended: EndedSessions) => {
    if (typeof ended?.userId !== 'string' || (ended.sessionId !== undefined && typeof ended.sessionId !== 'string')) return;
    forgetEndedSessions(ended);
    closeEnded(ended);
  });

  return {
    io,
    fanOut: pub ? 'redis' : 'memory',
    get closed() {
      return closed;
    },
    sessionValid,
    endSocket,
    async isOnline(userId) {
      return (rooms.get(userRoom(userId))?.size ?? 0) > 0 || (presence?.has(userId) ?? false);
    },
    toUser(userId, event, payload, exceptSocketId) {
      if (closed) return;
      const target = exceptSocketId ? io.to(userRoom(userId)).except(exceptSocketId) : io.to(userRoom(userId));
      target.emit(event, payload);
    },
    async close() {
      // the sockets and the engine end here; the HTTP server is Fastify's to close
      closed = true;
      stopListening();
      await presence?.stop();
      // the transports close (clients see "transport close" and reconnect, to this process when it is back or to
      // another); disconnecting the sockets instead would tell clients not to come back
      io.engine.close();
      await new Promise<void>((resolve) => {
        // io.close() would also close the HTTP server: close only the adapter's side
        const adapter = io.of('/').adapter as { close?: () => Promise<void> | void };
        Promise.resolve(adapter.close?.()).finally(resolve);
      });
      await Promise.all([pub?.quit().catch(() => pub?.disconnect()), sub?.quit().catch(() => sub?.disconnect())]);
    },
  };
}

function tokenOf(socket: Socket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m ? m[1]! : null;
}

/** Two ioredis clients (publish, subscribe), or null when Redis does not answer within 2 s (logged). */
async function connectRedis(url: string, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<[Redis, Redis] | null> {
  const make = () => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 2000, retryStrategy: (times) => Math.min(200 * 2 ** times, 5000) });
    client.on('error', () => {}); // reconnects by itself; commands that fail say so to their caller
    return client;
  };
  const pub = make();
  const sub = make();
  try {
    await Promise.race([
      Promise.all([pub.connect(), sub.connect()]),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 2000 ms')), 2000).unref()),
    ]);
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'Redis did not answer: chat events reach this process only');
    pub.disconnect();
    sub.disconnect();
    return null;
  }
  log.info('Chat events cross processes through Redis');
  return [publishQuietly(pub, (fields, message) => log.warn(fields, message)), sub];
}
