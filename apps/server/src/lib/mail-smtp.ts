import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { otpText, type OtpDelivery, type OtpMessage } from './otp-delivery.ts';

const SUBJECT: Record<OtpMessage['purpose'], string> = {
  signup: 'Your Statewise sign-up code',
  login: 'Your Statewise login code',
  reset: 'Your Statewise password reset code',
  profile: 'Verify your e-mail on Statewise',
  guest: 'Your Statewise order code',
};

/** One-time codes by e-mail through any SMTP server (SES, Postmark, a company relay…), with nodemailer. */
export class SmtpMailer implements OtpDelivery {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly settings: { smtpUrl: string; from: string }) {
    const options: SMTPTransport.Options & { url: string } = { url: settings.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
    this.transport = nodemailer.createTransport(options);
  }

  async send(message: OtpMessage): Promise<void> {
    await this.transport.sendMail({ from: this.settings.from, to: message.to, subject: SUBJECT[message.purpose], text: otpText(message) });
  }

  /** Any plain-text message (notifications, lib/notify.ts). */
  async sendText(to: string, subject: string, text: string): Promise<void> {
    await this.transport.sendMail({ from: this.settings.from, to, subject, text });
  }
}
