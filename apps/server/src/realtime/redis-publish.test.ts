import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { publishQuietly } from './redis-publish.ts';

/** A client to a port where nothing listens, that fails its commands at once instead of queueing them. */
async function clientToNowhere(): Promise<Redis> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const client = new Redis(port, '127.0.0.1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  return client;
}

describe('publishQuietly', () => {
  it('turns a publish that fails while Redis is away into a warning, not an unhandled rejection that ends the process', async () => {
    const client = await clientToNowhere();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const warnings: string[] = [];
    try {
      publishQuietly(client, (_fields, message) => warnings.push(message));
      // as the adapter does: publish and never look at the answer
      void client.publish('statewise:socket.io#/#', 'event');
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
      expect(warnings).toEqual(['Redis publish failed: the event reaches this process only']);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      client.disconnect();
    }
  });

  it('still hands the caller who waits the failure', async () => {
    const client = await clientToNowhere();
    try {
      publishQuietly(client, () => {});
      await expect(client.publish('channel', 'message')).rejects.toThrow();
    } finally {
      client.disconnect();
    }
  });
});
