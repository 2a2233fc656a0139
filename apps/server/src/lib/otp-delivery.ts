import type { FastifyBaseLogger } from 'fastify';

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
 * Where one-time codes go: an SMS gateway for mobiles, a mail service for e-mails. A provider adapter
 * (MSG91, Twilio, SES…) implements this; the server picks one at start (app.ts). A send that fails throws,
 * and the caller answers with an error instead of pretending the code went out.
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

/**
 * The default provider (DESIGN.md, "OTP delivery: logged"): writes the message to the server log, where an
 * operator without an SMS/e-mail contract can read it. Deployments that send real messages plug in an adapter.
 */
export class LoggingOtpDelivery implements OtpDelivery {
  readonly name = 'log';
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: OtpMessage): Promise<void> {
    this.log.info({ otpDelivery: { channel: message.channel, to: message.to, purpose: message.purpose } }, otpText(message));
  }
}
