import type { Redis } from 'ioredis';

type Warn = (fields: object, message: string) => void;

/**
 * Makes every publish on `client` settle quietly when Redis is away. The Socket.IO Redis adapter (and the session
 * notices) publish without waiting for the answer, so a publish that fails after its retries would be an unhandled
 * rejection, which ends a Node process: one Redis blink would take every web process down with it. The event is
 * lost for the other processes (each still serves its own sockets) and a line says so.
 */
export function publishQuietly(client: Redis, warn: Warn): Redis {
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<number>;
  (client as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args: unknown[]) => {
    const sent = publish(...args);
    sent.catch((err: unknown) => warn({ err: err instanceof Error ? err.message : String(err), channel: String(args[0]) }, 'Redis publish failed: the event reaches this process only'));
    return sent;
  };
  return client;
}
