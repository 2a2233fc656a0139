import type { OtpDelivery, OtpMessage } from './otp-delivery.ts';

export interface Msg91Settings {
  authKey: string;
  /** The DLT-approved OTP template (Indian SMS rules): its ##otp## variable carries the code. */
  templateId: string;
  apiUrl: string;
}

/**
 * One message through MSG91's flow API, the usual route for transactional SMS in India: DLT rules allow only a
 * registered template, so the request names the template and gives its variables; MSG91 fills them in. Numbers go out
 * with the 91 country code. A refusal or an unreachable API throws, so the caller can say so or retry.
 */
export async function sendMsg91Flow(
  settings: Pick<Msg91Settings, 'authKey' | 'apiUrl'>,
  templateId: string,
  mobile: string,
  vars: Record<string, string>,
  timeoutMs = 10_000,
): Promise<void> {
  const res = await fetch(`${settings.apiUrl}/api/v5/flow/`, {
    method: 'POST',
    headers: { authkey: settings.authKey, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ template_id: templateId, short_url: '0', recipients: [{ ...vars, mobiles: `91${mobile}` }] }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await res.json().catch(() => ({}))) as { type?: string; message?: string };
  if (!res.ok || body.type === 'error') throw new Error(`MSG91 refused the SMS (${res.status}): ${body.message ?? 'no reason given'}`);
}

/** One-time codes by SMS through the OTP template (its variables: otp, minutes). */
export class Msg91Sms implements OtpDelivery {
  readonly name = 'msg91';
  constructor(
    private readonly settings: Msg91Settings,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: OtpMessage): Promise<void> {
    await sendMsg91Flow(this.settings, this.settings.templateId, message.to, { otp: message.code, minutes: String(message.validMinutes) }, this.timeoutMs);
  }
}
