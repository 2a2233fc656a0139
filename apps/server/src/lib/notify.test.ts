import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config.ts';
import { LoggingNotifier, MailNotifier, notifierFor } from './notify.ts';

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

  it('go by e-mail when SMTP is configured, else to the log', () => {
    const { log } = fakeLog();
    expect(notifierFor(loadConfig({ DATA_DIR: '/tmp/statewise-notify-test' }), log)).toBeInstanceOf(LoggingNotifier);
    const withMail = loadConfig({ DATA_DIR: '/tmp/statewise-notify-test', SMTP_URL: 'smtp://u:p@127.0.0.1:2525', MAIL_FROM: 'no-reply@statewise.test' });
    expect(notifierFor(withMail, log)).toBeInstanceOf(MailNotifier);
  });
});
