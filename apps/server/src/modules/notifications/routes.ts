import type { Module } from '../../context.ts';
import { dispatchNotifications } from './outbox.ts';

/** Every few seconds the outbox is emptied (outbox.ts); a slow mail server never holds up an order. */
export const DISPATCH_EVERY_MS = 3_000;

export const notificationsModule: Module = (app, ctx) => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    dispatchNotifications(ctx, app.log)
      .catch((err: Error) => app.log.warn({ err: err.message }, 'notification dispatch failed'))
      .finally(() => (running = false));
  }, DISPATCH_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
