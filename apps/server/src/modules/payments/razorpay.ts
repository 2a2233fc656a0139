import { createHmac, timingSafeEqual } from 'node:crypto';
import { MSG } from '@statewise/contract';
import type { Config } from '../../config.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import type { Completion, PaymentProvider, PaymentToStart, StartedPayment, WebhookEvent } from './provider.ts';

/**
 * Razorpay (PAYMENT_PROVIDER=razorpay), as its documentation describes the Orders flow:
 * 1. start: POST {RAZORPAY_API_URL}/v1/orders {amount in paise, currency INR, receipt = our payment id} with HTTP
 *    basic auth (key id : key secret) → order_…; the browser goes to our checkout page, which opens Razorpay
 *    Checkout for that order and has it post back to our callback URL (redirect mode);
 * 2. the callback carries razorpay_payment_id, razorpay_order_id and razorpay_signature, where the signature is
 *    HMAC-SHA256(`${razorpay_order_id}|${razorpay_payment_id}`, key secret) in hex; a failed payment posts
 *    error[code], error[description], error[metadata] instead — unsigned, so anyone could post one: we believe
 *    only what GET /v1/orders/{id}/payments then says of that order's payments;
 * 3. webhooks (payment.captured, payment.failed, order.paid) are signed in X-Razorpay-Signature: HMAC-SHA256 of the
 *    RAW request body with the webhook secret, hex; X-Razorpay-Event-Id names the event (redeliveries repeat it).
 */

/** Razorpay's hex signatures, compared in constant time. */
export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

function sameHex(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

interface RazorpayEntity {
  id?: string;
  order_id?: string;
  amount?: number;
  amount_paid?: number;
  status?: string;
  error_description?: string | null;
}
interface RazorpayEvent {
  event?: string;
  payload?: { payment?: { entity?: RazorpayEntity }; order?: { entity?: RazorpayEntity } };
}

export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay';
  private readonly keyId: string;
  private readonly keySecret: string;

  constructor(private readonly config: Pick<Config, 'payments'>) {
    // config.ts refuses PAYMENT_PROVIDER=razorpay without both keys
    this.keyId = config.payments.razorpay.keyId ?? '';
    this.keySecret = config.payments.razorpay.keySecret ?? '';
  }

  /** Razorpay's API authenticates with HTTP basic auth: key id and key secret. */
  private basicAuth(): string {
    return `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`;
  }

  /** The public key the checkout page hands to Razorpay Checkout. */
  get publicKeyId(): string {
    return this.keyId;
  }

  pagePath(paymentId: string): string {
    return `/api/payments/razorpay/${paymentId}`;
  }

  async start(payment: PaymentToStart): Promise<StartedPayment> {
    let res: Response;
    try {
      res = await fetch(`${this.config.payments.razorpay.apiUrl}/v1/orders`, {
        method: 'POST',
        headers: { authorization: this.basicAuth(), 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: payment.amount * 100,
          currency: 'INR',
          receipt: payment.id,
          notes: { paymentId: payment.id, purpose: payment.purpose },
        }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw Object.assign(new AppError(503, MSG.paymentStartFailed), { cause: err });
    }
    const body = (await res.json().catch(() => null)) as { id?: unknown; error?: { description?: string } } | null;
    if (!res.ok || typeof body?.id !== 'string') {
      throw Object.assign(new AppError(503, MSG.paymentStartFailed), {
        cause: new Error(`Razorpay orders API answered ${res.status}: ${body?.error?.description ?? 'no order id'}`),
      });
    }
    return { path: this.pagePath(payment.id), providerOrderId: body.id };
  }

  /** The checkout signature Razorpay puts in the callback (and the handler of in-page checkout). */
  checkoutSignature(orderId: string, paymentId: string): string {
    return hmacHex(this.keySecret, `${orderId}|${paymentId}`);
  }

  /** A signed checkout success (the callback, or the in-page handler's fields): 403 unless the signature is right. */
  verifyCompletion(payment: { id: string; providerOrderId: string | null }, fields: Record<string, unknown>): Completion {
    const orderId = fields.razorpay_order_id;
    const paymentId = fields.razorpay_payment_id;
    const signature = fields.razorpay_signature;
    if (typeof orderId !== 'string' || typeof paymentId !== 'string' || orderId !== payment.providerOrderId) {
      throw forbidden(MSG.paymentSignatureInvalid);
    }
    if (!sameHex(this.checkoutSignature(orderId, paymentId), signature)) throw forbidden(MSG.paymentSignatureInvalid);
    return { outcome: 'success', providerPaymentId: paymentId };
  }

  /**
   * What Razorpay Checkout's post to our callback proves: a signed success, or — for a failure report, which
   * Razorpay does not sign — whatever Razorpay itself then says of the order's payments. Null when nothing is
   * proven (the post was forged or came too early, or Razorpay could not be asked): the payment stays as it is,
   * for the webhook, a later success or the 30-minute expiry to settle.
   */
  async callbackCompletion(payment: { id: string; providerOrderId: string | null; amount: number }, fields: Record<string, unknown>): Promise<Completion | null> {
    if (fields.razorpay_payment_id !== undefined || fields.razorpay_signature !== undefined) return this.verifyCompletion(payment, fields);
    const error = readError(fields);
    if (!error) throw badRequest(MSG.paymentSignatureInvalid);
    if (error.orderId && error.orderId !== payment.providerOrderId) throw forbidden(MSG.paymentSignatureInvalid);
    if (!payment.providerOrderId) return null;
    const attempts = await this.orderPayments(payment.providerOrderId);
    if (!attempts) return null;
    const captured = attempts.find((p) => p.status === 'captured' && p.amount === payment.amount * 100);
    if (captured?.id) return { outcome: 'success', providerPaymentId: captured.id };
    // The attempt the post names, really of this order, really failed.
    const failed = error.paymentId ? attempts.find((p) => p.id === error.paymentId && p.status === 'failed') : undefined;
    if (failed) return { outcome: 'failure', providerPaymentId: failed.id, reason: failed.error_description ?? error.description ?? 'Payment failed' };
    return null;
  }

  /** POST /v1/payments/{id}/refund: a normal-speed refund of part or all of a captured payment. */
  async refund(payment: { providerPaymentId: string | null }, amount: number, notes: Record<string, string>): Promise<{ providerRefundId: string }> {
    if (!payment.providerPaymentId) throw new Error('This payment has no Razorpay payment id to refund');
    const res = await fetch(`${this.config.payments.razorpay.apiUrl}/v1/payments/${encodeURIComponent(payment.providerPaymentId)}/refund`, {
      method: 'POST',
      // Razorpay's idempotency key: a retry after a timeout or a crash never refunds twice.
      headers: { authorization: this.basicAuth(), 'content-type': 'application/json', ...(notes.refundId ? { 'x-refund-idempotency': notes.refundId } : {}) },
      body: JSON.stringify({ amount: amount * 100, speed: 'normal', notes }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => null)) as { id?: unknown; error?: { description?: string } } | null;
    if (!res.ok || typeof body?.id !== 'string') throw new Error(`Razorpay refunds API answered ${res.status}: ${body?.error?.description ?? 'no refund id'}`);
    return { providerRefundId: body.id };
  }

  /** GET /v1/orders/{id}/payments: the order's payment attempts as Razorpay knows them; null when it cannot say. */
  private async orderPayments(providerOrderId: string): Promise<RazorpayEntity[] | null> {
    try {
      const res = await fetch(`${this.config.payments.razorpay.apiUrl}/v1/orders/${encodeURIComponent(providerOrderId)}/payments`, {
        headers: { authorization: this.basicAuth() },
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) return null;
      const body = (await res.json()) as { items?: unknown };
      if (!Array.isArray(body.items)) return null;
      return (body.items as RazorpayEntity[]).filter((p) => p && typeof p === 'object' && p.order_id === providerOrderId);
    } catch {
      return null;
    }
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent {
    const secret = this.config.payments.razorpay.webhookSecret;
    if (!secret) throw new AppError(503, MSG.webhookNotConfigured);
    if (!sameHex(hmacHex(secret, rawBody), header(headers, 'x-razorpay-signature'))) throw forbidden(MSG.webhookSignatureInvalid);
    let event: RazorpayEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as RazorpayEvent;
    } catch {
      throw badRequest('Request body is not valid JSON');
    }
    const type = typeof event.event === 'string' ? event.event : 'unknown';
    const payment = event.payload?.payment?.entity;
    const order = event.payload?.order?.entity;
    // Razorpay names every delivery; without the header, the event and payment identify it well enough.
    const eventId = header(headers, 'x-razorpay-event-id') ?? `${type}:${payment?.id ?? order?.id ?? hmacHex(secret, rawBody)}`;
    const base = {
      eventId,
      type,
      providerOrderId: payment?.order_id ?? order?.id ?? null,
      providerPaymentId: payment?.id ?? null,
      amountPaise: payment?.amount ?? order?.amount_paid ?? order?.amount ?? null,
    };
    switch (type) {
      case 'payment.captured':
      case 'order.paid':
        return { ...base, outcome: 'success' };
      case 'payment.failed':
        return { ...base, outcome: 'failure', reason: payment?.error_description ?? 'Payment failed' };
      default:
        return { ...base, outcome: null };
    }
  }
}

/** error[code], error[description], error[metadata] (a JSON string with payment_id and order_id) of a failed checkout. */
function readError(fields: Record<string, unknown>): { code?: string; description?: string; orderId?: string; paymentId?: string } | null {
  const nested = (fields.error && typeof fields.error === 'object' ? fields.error : {}) as Record<string, unknown>;
  const get = (k: string) => {
    const v = fields[`error[${k}]`] ?? nested[k];
    return typeof v === 'string' ? v : v && typeof v === 'object' ? JSON.stringify(v) : undefined;
  };
  const code = get('code');
  const description = get('description');
  if (!code && !description) return null;
  let meta: { order_id?: unknown; payment_id?: unknown } = {};
  try {
    meta = JSON.parse(get('metadata') ?? '{}') as typeof meta;
  } catch {
    meta = {};
  }
  return {
    code,
    description,
    orderId: typeof meta.order_id === 'string' ? meta.order_id : undefined,
    paymentId: typeof meta.payment_id === 'string' ? meta.payment_id : undefined,
  };
}
