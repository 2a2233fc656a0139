import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config.ts';
import { LoggingNotifier, notifierFor, orderSmsEnabled } from './notify.ts';

function fakeLog() {
  const lines: unknown[][] = [];
  const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('notifications', () => {
  it('in demo mode are logged with a masked address and without their text', async () => {
    const { log, lines } = fakeLog();
    await new LoggingNotifier(log).send({
      kind: 'seller-rejected',
      to: { email: 'asha.meena@example.test', name: 'Asha' },
      subject: 'Your Statewise seller application',
      text: 'Reason: the PAN ABCDE1234F does not match',
    });
    expect(lines).toHaveLength(1);
    const logged = JSON.stringify(lines[0]);
    expect(logged).toContain('a***@example.test');
    expect(logged).toContain('seller-rejected');
    expect(logged).not.toContain('asha.meena');
    expect(logged).not.toContain('ABCDE1234F');
  });

  it('go by e-mail when SMTP is configured, by SMS through MSG91 with a gateway, else to the log', () => {
    const { log } = fakeLog();
    const DATA_DIR = '/tmp/statewise-notify-test';
    expect(notifierFor(loadConfig({ DATA_DIR }), log).name).toBe('email:log,sms:log');
    const withMail = loadConfig({ DATA_DIR, SMTP_URL: 'smtp://u:p@127.0.0.1:2525', MAIL_FROM: 'no-reply@statewise.test' });
    expect(notifierFor(withMail, log).name).toBe('email:smtp,sms:log');
    const withSms = loadConfig({ DATA_DIR, SMS_PROVIDER: 'msg91', SMS_AUTH_KEY: 'k', SMS_TEMPLATE_ID: 'otp', SMS_ORDER_TEMPLATE_ID: 'order' });
    expect(notifierFor(withSms, log).name).toBe('email:log,sms:msg91');
  });

  it('text vendors of new orders with SMS_ORDER_TEMPLATE_ID, or in demo mode without a gateway (logged); never through a gateway without the template', () => {
    const DATA_DIR = '/tmp/statewise-notify-test';
    expect(orderSmsEnabled(loadConfig({ DATA_DIR }))).toBe(true);
    const gateway = { DATA_DIR, SMS_PROVIDER: 'msg91', SMS_AUTH_KEY: 'k', SMS_TEMPLATE_ID: 'otp' };
    expect(orderSmsEnabled(loadConfig(gateway))).toBe(false);
    expect(orderSmsEnabled(loadConfig({ ...gateway, SMS_ORDER_TEMPLATE_ID: ' ' }))).toBe(false);
    expect(loadConfig({ ...gateway, SMS_ORDER_TEMPLATE_ID: ' 1207161234567890 ' }).notifications.orderSmsTemplateId).toBe('1207161234567890');
    expect(orderSmsEnabled(loadConfig({ ...gateway, SMS_ORDER_TEMPLATE_ID: '1207161234567890' }))).toBe(true);
  });

  it('log an SMS in demo mode with the mobile masked and without its text', async () => {
    const { log, lines } = fakeLog();
    await notifierFor(loadConfig({ DATA_DIR: '/tmp/statewise-notify-test' }), log).send({
      kind: 'vendor-new-order',
      channel: 'sms',
      to: { email: null, mobile: '9876501234', name: 'Asha' },
      subject: 'New order SW0042',
      text: 'Statewise: new order SW0042, 2 pieces, Rs 3,000.',
      vars: { order: 'SW0042', pieces: '2', amount: 'Rs 3,000' },
    });
    expect(lines).toHaveLength(1);
    const logged = JSON.stringify(lines[0]);
    expect(logged).toContain('******1234');
    expect(logged).toContain('"channel":"sms"');
    expect(logged).not.toContain('9876501234');
    expect(logged).not.toContain('SW0042');
  });
});
