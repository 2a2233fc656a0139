import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { SmtpMailer } from './mail-smtp.ts';
import { maskContact } from './otp-delivery.ts';
import { sendMsg91Flow } from './sms-msg91.ts';

/** What people are told of (issue 10 "Notifications"): the outcome of a seller application, a vendor's new order. */
export type NotificationKind = 'seller-approved' | 'seller-rejected' | 'vendor-new-order' | 'chat-unread';

export interface Notification {
  kind: NotificationKind;
  /** An e-mail (the default) to `to.email`, or a text message to `to.mobile`. */
  channel?: 'email' | 'sms';
  /** The person's e-mail address (a seller application always has one: step one requires it); their ten-digit mobile for an SMS. */
  to: { email: string | null; mobile?: string | null; name: string };
  subject: string;
  text: string;
  /**
   * An SMS's values for its DLT template's variables (Indian SMS rules: only a registered template may be sent, the
   * provider fills the variables in); `text` is the same message written out, for the log and the tests.
   */
  vars?: Record<string, string>;
}

/**
 * Where notifications go: e-mail through the SMTP adapter when configured, text messages through MSG91 when a
 * template is registered for their kind, else the log (demo mode). One interface, injected like the OTP delivery
 * (app.ts `notifier`), so tests capture what was sent. A failed send throws; callers that have already committed their
 * change log it rather than undo the change (the outbox retries it).
 */
export interface Notifier {
  readonly name: string;
  send(n: Notification): Promise<void>;
}

const channelOf = (n: Notification) => n.channel ?? 'email';

/** Demo mode without a mail server or SMS gateway: the log says what went out and to whom (masked), never the text itself. */
export class LoggingNotifier implements Notifier {
  readonly name = 'log';
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(n: Notification): Promise<void> {
    const channel = channelOf(n);
    const to = channel === 'sms' ? (n.to.mobile ? maskContact('mobile', n.to.mobile) : null) : n.to.email ? maskContact('email', n.to.email) : null;
    this.log.info({ notification: { kind: n.kind, channel, to } }, 'notification (demo mode: logged, not sent)');
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

/** Text messages through MSG91's flow API, each kind through its own registered (DLT) template. */
export class Msg91Notifier implements Notifier {
  readonly name = 'msg91';
  constructor(
    private readonly settings: { authKey: string; apiUrl: string; templates: Partial<Record<NotificationKind, string>> },
    private readonly timeoutMs = 10_000,
  ) {}

  async send(n: Notification): Promise<void> {
    const templateId = this.settings.templates[n.kind];
    if (!templateId) throw new Error(`No SMS template is registered for ${n.kind}`);
    if (!n.to.mobile) throw new Error('The person has no mobile number');
    await sendMsg91Flow(this.settings, templateId, n.to.mobile, n.vars ?? {}, this.timeoutMs);
  }
}

/** E-mails to one notifier, text messages to another. */
export class ChannelNotifier implements Notifier {
  readonly name: string;
  constructor(private readonly byChannel: { email: Notifier; sms: Notifier }) {
    this.name = `email:${byChannel.email.name},sms:${byChannel.sms.name}`;
  }

  send(n: Notification): Promise<void> {
    return this.byChannel[channelOf(n)].send(n);
  }
}

/**
 * Whether a vendor is texted of a new order: when SMS_ORDER_TEMPLATE_ID names the registered template, or when there
 * is no SMS gateway at all (demo mode: the log shows it). A gateway without that template sends no such SMS: MSG91
 * would refuse any text but a registered template's.
 */
export function orderSmsEnabled(config: Pick<Config, 'otpDelivery' | 'notifications'>): boolean {
  return Boolean(config.notifications.orderSmsTemplateId) || !config.otpDelivery.sms;
}

/** The notifier the settings ask for: SMTP when SMTP_URL is set (always in production), MSG91 for texts with a gateway, else the log. */
export function notifierFor(config: Config, log: FastifyBaseLogger): Notifier {
  const { mail, sms } = config.otpDelivery;
  const logging = new LoggingNotifier(log);
  const templates: Partial<Record<NotificationKind, string>> = {};
  if (config.notifications.orderSmsTemplateId) templates['vendor-new-order'] = config.notifications.orderSmsTemplateId;
  return new ChannelNotifier({
    email: mail ? new MailNotifier(new SmtpMailer(mail)) : logging,
    sms: sms ? new Msg91Notifier({ authKey: sms.authKey, apiUrl: sms.apiUrl, templates }) : logging,
  });
}
