import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { SmtpMailer } from './mail-smtp.ts';
import { maskContact } from './otp-delivery.ts';

/** What people are told of (issue 10 "Notifications"): the outcome of a seller application, a vendor's new order. */
export type NotificationKind = 'seller-approved' | 'seller-rejected' | 'vendor-new-order' | 'chat-unread';

export interface Notification {
  kind: NotificationKind;
  /** The person's e-mail address (a seller application always has one: step one requires it). */
  to: { email: string | null; name: string };
  subject: string;
  text: string;
}

/**
 * Where notifications go: e-mail through the SMTP adapter when configured, else the log (demo mode). One interface,
 * injected like the OTP delivery (app.ts `notifier`), so tests capture what was sent. A failed send throws; callers
 * that have already committed their change log it rather than undo the change.
 */
export interface Notifier {
  readonly name: string;
  send(n: Notification): Promise<void>;
}

/** Demo mode without a mail server: the log says what went out and to whom (masked), never the text itself. */
export class LoggingNotifier implements Notifier {
  readonly name = 'log';
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(n: Notification): Promise<void> {
    this.log.info({ notification: { kind: n.kind, to: n.to.email ? maskContact('email', n.to.email) : null } }, 'notification (demo mode: logged, not sent)');
  }
}

export class MailNotifier implements Notifier {
  readonly name = 'smtp';
  constructor(private readonly mailer: SmtpMailer) {}

  async send(n: Notification): Promise<void> {
    if (!n.to.email) throw new Error('The person has no e-mail address');
    await this.mailer.sendText(n.to.email, n.subject, n.text);
  }
}

/** The notifier the settings ask for: SMTP when SMTP_URL is set (always in production), else the log. */
export function notifierFor(config: Config, log: FastifyBaseLogger): Notifier {
  const { mail } = config.otpDelivery;
  return mail ? new MailNotifier(new SmtpMailer(mail)) : new LoggingNotifier(log);
}
