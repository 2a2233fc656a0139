import type { OtpDelivery, OtpMessage } from './otp-delivery.ts';

export interface Msg91Settings {
  authKey: string;
  /** The DLT-approved OTP template (Indian SMS rules): its ##otp## variable carries the code. */
  templateId: string;
  apiUrl: string;
}

/**
 * One-time codes by SMS through MSG91's flow API, the usual route for transactional SMS in India (DLT templates).
 * Numbers go out with the 91 country code. A refusal or an unreachable API throws, so the caller says the code
 * was not sent.
 */
export class Msg91Sms implements OtpDelivery {
  readonly name = 'msg91';
  constructor(
    private readonly settings: Msg91Settings,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: OtpMessage): Promise<void> {
    const res = await fetch(`${this.settings.apiUrl}/api/v5/flow/`, {
      method: 'POST',
      headers: { authkey: this.settings.authKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        template_id: this.settings.templateId,
        short_url: '0',
        recipients: [{ mobiles: `91${message.to}`, otp: message.code, minutes: String(message.validMinutes) }],
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as { type?: string; message?: string };
    if (!res.ok || body.type === 'error') throw new Error(`MSG91 refused the SMS (${res.status}): ${body.message ?? 'no reason given'}`);
  }
}
