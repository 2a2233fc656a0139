import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { MSG } from '@statewise/contract';
import type { Config } from '../../config.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Completion, PaymentProvider, PaymentToStart, StartedPayment, WebhookEvent } from './provider.ts';

/**
 * The built-in gateway of API.md: a hosted payment page on this server (GET /api/payments/sandbox/{paymentId})
 * whose Pay and Fail forms post to /api/payments/sandbox/{paymentId}/complete. Each form carries the signature
 * of its outcome — an HMAC of the payment id and the outcome with a key derived from the server secret — so a
 * completion not made by the page (a forged "success" for a payment never paid) is refused.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly key: Buffer;

  constructor(config: Pick<Config, 'jwtSecret'>) {
    // a key of its own, derived from the server secret (kept apart from its other uses)
    this.key = createHash('sha256').update(`sandbox-payment:${config.jwtSecret}`).digest();
  }

  async start(payment: PaymentToStart): Promise<StartedPayment> {
    return { path: this.pagePath(payment.id) };
  }

  pagePath(paymentId: string): string {
    return `/api/payments/sandbox/${paymentId}`;
  }

  /** The signature the payment page puts in the form of `outcome`. */
  sign(paymentId: string, outcome: Completion['outcome']): string {
    return createHmac('sha256', this.key).update(`${paymentId}:${outcome}`).digest('base64url');
  }

  verifyCompletion(payment: { id: string }, fields: Record<string, unknown>): Completion {
    const outcome = fields.outcome;
    const signature = fields.signature;
    if ((outcome !== 'success' && outcome !== 'failure') || typeof signature !== 'string') throw forbidden(MSG.paymentSignatureInvalid);
    const expected = Buffer.from(this.sign(payment.id, outcome));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw forbidden(MSG.paymentSignatureInvalid);
    return outcome === 'success'
      ? { outcome, providerPaymentId: `sandbox_${payment.id}` }
      : { outcome, reason: 'The payer chose Fail on the sandbox payment page' };
  }

  /** The sandbox holds no real money: what it "took" goes back to the buyer's wallet (orders/cancel.ts). */
  async refund(): Promise<null> {
    return null;
  }

  parseWebhook(): WebhookEvent {
    // The sandbox reports outcomes through its signed completion only.
    throw notFound(MSG.notFound);
  }
}
