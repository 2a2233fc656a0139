import type { Config } from '../../config.ts';
import { RazorpayProvider } from './razorpay.ts';
import { SandboxProvider } from './sandbox.ts';

/**
 * A payment gateway as the rest of the server sees it. Orders and wallet recharges start a payment for an amount
 * and a purpose and send the browser to the URL it gives; the gateway's way back (a signed form post, a webhook)
 * is verified here before anything is recorded. PAYMENT_PROVIDER picks one: `sandbox` (default, API.md) or
 * `razorpay`.
 */

export type PaymentPurpose = 'order' | 'wallet';

/** A payment as a provider needs it to start. */
export interface PaymentToStart {
  /** Our payment id (payments.id): the receipt at the gateway. */
  id: string;
  purpose: PaymentPurpose;
  /** Whole rupees. */
  amount: number;
  description: string;
}

export interface StartedPayment {
  /** Where on this server the payer pays; launchPayment makes it absolute (data.url) for the caller's address. */
  path: string;
  /** The gateway's own id for this payment (Razorpay order_…), when it has one. */
  providerOrderId?: string;
}

/** What a verified completion says. */
export interface Completion {
  outcome: 'success' | 'failure';
  providerPaymentId?: string;
  reason?: string;
}

/** A verified gateway webhook event. `outcome` null: an event we do not act on (acknowledged and ignored). */
export interface WebhookEvent {
  eventId: string;
  type: string;
  providerOrderId: string | null;
  providerPaymentId: string | null;
  /** Paise, as gateways count. */
  amountPaise: number | null;
  outcome: 'success' | 'failure' | null;
  reason?: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'razorpay';
  /** Starts a payment at the gateway (never inside a database transaction: it may call the network). */
  start(payment: PaymentToStart): Promise<StartedPayment>;
  /** Where on this server the payer pays a payment already started (the path start gave). */
  pagePath(paymentId: string): string;
  /**
   * Checks what the payer's browser brought back from the gateway (the payment page's form, Razorpay's callback)
   * for `payment`; throws 403 when it is not authentic.
   */
  verifyCompletion(payment: { id: string; providerOrderId: string | null }, fields: Record<string, unknown>): Completion;
  /**
   * Gives back `amount` (whole rupees) of a captured payment through the gateway (never inside a database
   * transaction). `null` means this gateway refunds to the buyer's wallet instead (the sandbox). Throws when the
   * gateway refuses or cannot be reached, so the refund stays pending and is retried.
   */
  refund(payment: { providerPaymentId: string | null }, amount: number, notes: Record<string, string>): Promise<{ providerRefundId: string } | null>;
  /** Verifies and reads a webhook delivery (raw body, as sent); throws 400/403 when it is not authentic. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}

// Keyed by the payment settings, which a request's copy of the config (lib/http.ts forCaller) shares.
const providers = new WeakMap<Config['payments'], PaymentProvider>();

/** The configured provider (one per loaded settings, so tests with different settings each get theirs). */
export function paymentProvider(config: Config): PaymentProvider {
  let provider = providers.get(config.payments);
  if (!provider) {
    provider = config.payments.provider === 'razorpay' ? new RazorpayProvider(config) : new SandboxProvider(config);
    providers.set(config.payments, provider);
  }
  return provider;
}
