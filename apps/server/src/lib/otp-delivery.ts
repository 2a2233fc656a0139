import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { SmtpMailer } from './mail-smtp.ts';
import { Msg91Sms } from './sms-msg91.ts';

export type OtpChannel = 'mobile' | 'email';
export type OtpPurpose = 'signup' | 'login' | 'reset' | 'profile' | 'guest';

export interface OtpMessage {
  channel: OtpChannel;
  /** Ten-digit mobile or e-mail address. */
  to: string;
  code: string;
  purpose: OtpPurpose;
  /** Minutes the code stays valid, for the message text. */
  validMinutes: number;
}

/**
 * Where one-time codes go: an SMS gateway for mobiles, a mail server for e-mails (otpDeliveryFor picks them from
 * the settings). A send that fails throws, and the caller answers with an error instead of pretending the code
 * went out.
 */
export interface OtpDelivery {
  readonly name: string;
  send(message: OtpMessage): Promise<void>;
}

const PURPOSE_TEXT: Record<OtpPurpose, string> = {
  signup: 'to create your Statewise account',
  login: 'to log in to Statewise',
  reset: 'to reset your Statewise password',
  profile: 'to verify this contact on your Statewise profile',
  guest: 'to verify your mobile number for your Statewise order',
};

/** The text an SMS or e-mail carries. */
export function otpText(m: OtpMessage): string {
  return `${m.code} is your one-time code ${PURPOSE_TEXT[m.purpose]}. It is valid for ${m.validMinutes} minutes. Do not share it with anyone.`;
}

/** A recipient as logs may show it: the last digits of a mobile, the first letter and domain of an e-mail. */
export function maskContact(channel: OtpChannel, to: string): string {
  if (channel === 'mobile') return `******${to.slice(-4)}`;
  const [name = '', domain = ''] = to.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

/**
 * Demo mode without a provider (DESIGN.md, "OTP delivery"): the code is shown on screen and returned as data.otp,
 * so the log only says that one went out, to whom (masked) and why. A code never reaches a log: logs are read by
 * people and shipped to other systems.
 */
export class LoggingOtpDelivery implements OtpDelivery {
  readonly name = 'log';
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: OtpMessage): Promise<void> {
    this.log.info({ otpDelivery: { channel: message.channel, to: maskContact(message.channel, message.to), purpose: message.purpose } }, 'one-time code issued (demo mode: shown on screen, not sent)');
  }
}

/** Mobiles to the SMS adapter, e-mails to the mail adapter; a channel without one falls back (demo mode only). */
export class ChannelOtpDelivery implements OtpDelivery {
  readonly name: string;
  constructor(
    private readonly byChannel: Partial<Record<OtpChannel, OtpDelivery>>,
    private readonly fallback: OtpDelivery | null,
  ) {
    this.name = `mobile:${byChannel.mobile?.name ?? fallback?.name ?? 'none'},email:${byChannel.email?.name ?? fallback?.name ?? 'none'}`;
  }

  async send(message: OtpMessage): Promise<void> {
    const delivery = this.byChannel[message.channel] ?? this.fallback;
    if (!delivery) throw new Error(`No delivery is configured for ${message.channel} codes`);
    await delivery.send(message);
  }
}

/** The delivery the settings ask for. Production always has both channels (config.ts refuses to start otherwise). */
export function otpDeliveryFor(config: Config, log: FastifyBaseLogger): OtpDelivery {
  const { sms, mail } = config.otpDelivery;
  return new ChannelOtpDelivery(
    {
      ...(sms ? { mobile: new Msg91Sms(sms) } : {}),
      ...(mail ? { email: new SmtpMailer(mail) } : {}),
    },
    config.demoMode ? new LoggingOtpDelivery(log) : null,
  );
}
