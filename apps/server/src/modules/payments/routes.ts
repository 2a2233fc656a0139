import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelope, MSG, paymentIdParams, sandboxCompleteBody } from '@statewise/contract';
import type { App, AppContext, Module } from '../../context.ts';
import { paymentEvents, type PaymentRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { ok, publicOrigin } from '../../lib/http.ts';
import { transaction } from '../../lib/transaction.ts';
import { PAYMENT_PAGE_HEADERS } from '../../lib/security-headers.ts';
import { missingPage, RAZORPAY_LAUNCHER, RAZORPAY_LAUNCHER_PATH, razorpayPage, resultPage, sandboxPage } from './page.ts';
import { paymentProvider } from './provider.ts';
import type { RazorpayProvider } from './razorpay.ts';
import type { SandboxProvider } from './sandbox.ts';
import { expireDuePayments, getPayment, paymentByProviderOrder, recordFailureNote, recordOutcome, recordOutcomeTx, returnPath } from './service.ts';

const tags = ['payments'];

/** How often the server expires abandoned payments (besides doing it whenever orders, payments or the wallet are read). */
const SWEEP_EVERY_MS = 60_000;

/** HTML forms post application/x-www-form-urlencoded; read it as a flat object (keys like error[code] kept as they are). */
function acceptForms(scope: App): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

async function pendingPayment(ctx: AppContext, id: string, provider: string): Promise<PaymentRow | null> {
  await expireDuePayments(ctx.db, { paymentId: id });
  try {
    const payment = await getPayment(ctx.db, id);
    return payment.provider === provider ? payment : null;
  } catch {
    return null;
  }
}

/** Payment pages and their redirects send no referrer (helmet, per route): their addresses name a payment. */
function paymentPageHeaders(scope: App): void {
  scope.addHook('onRoute', (route) => {
    route.config = Object.assign(route.config ?? {}, { helmet: PAYMENT_PAGE_HEADERS });
  });
}

function html(reply: FastifyReply, status: number, page: string): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page);
}

/**
 * Payment gateways (API.md, "The sandbox payment gateway"; Razorpay behind PAYMENT_PROVIDER=razorpay), and the
 * sweeper that expires payments left unpaid for 30 minutes.
 */
export const paymentsModule: Module = async (app, ctx) => {
  const timer = setInterval(() => {
    expireDuePayments(ctx.db).catch((err: unknown) => app.log.error({ err }, 'expiring abandoned payments failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // ---------- the sandbox gateway ----------
  await app.register(async (scope: App) => {
    acceptForms(scope);
    paymentPageHeaders(scope);

    scope.get(
      '/payments/sandbox/:paymentId',
      {
        schema: {
          tags,
          summary: 'The sandbox payment page (HTML): amount, what is paid, Pay and Fail',
          params: paymentIdParams,
          response: { 200: z.string(), 404: z.string() },
        },
      },
      async (request, reply) => {
        const payment = await pendingPayment(ctx, request.params.paymentId, 'sandbox');
        if (!payment) return html(reply, 404, missingPage());
        if (payment.status !== 'pending') return html(reply, 200, resultPage(payment, returnPath(payment)));
        const sandbox = paymentProvider(ctx.config) as SandboxProvider;
        return html(reply, 200, sandboxPage(payment, { success: sandbox.sign(payment.id, 'success'), failure: sandbox.sign(payment.id, 'failure') }));
      },
    );

    scope.post(
      '/payments/sandbox/:paymentId/complete',
      {
        schema: {
          tags,
          summary: "The sandbox page's completion: {outcome: success|failure, signature} as a form or JSON",
          description:
            'Verifies the signature the payment page put in its form (403 otherwise), records the outcome exactly once ' +
            '(a replay changes nothing; a success after the 30 minutes counts as expired), then 303 to ' +
            '/payment-confirmation?status=true|false&orderId={order _id} or /wallet?status=true|false — status being what ' +
            'was recorded first.',
          params: paymentIdParams,
          body: sandboxCompleteBody,
        },
      },
      async (request, reply) => {
        const payment = await getPayment(ctx.db, request.params.paymentId);
        const provider = paymentProvider(ctx.config);
        if (payment.provider !== 'sandbox' || provider.name !== 'sandbox') throw notFound(MSG.paymentNotFound);
        const completion = provider.verifyCompletion(payment, request.body);
        const { payment: recorded } = await recordOutcome(ctx.db, payment.id, completion.outcome === 'success' ? 'succeeded' : 'failed', {
          providerPaymentId: completion.providerPaymentId,
          reason: completion.reason,
        });
        return reply.redirect(returnPath(recorded), 303);
      },
    );
  });

  if (ctx.config.payments.provider !== 'razorpay') return;
  const razorpay = paymentProvider(ctx.config) as RazorpayProvider;

  // ---------- Razorpay ----------
  await app.register(async (scope: App) => {
    acceptForms(scope);
    paymentPageHeaders(scope);

    scope.get(
      RAZORPAY_LAUNCHER_PATH.replace(/^\/api/, ''),
      { schema: { tags, summary: "The Razorpay page's launcher script (so the page needs no inline script)" } },
      async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(RAZORPAY_LAUNCHER),
    );

    scope.get(
      '/payments/razorpay/:paymentId',
      { schema: { tags, summary: 'Razorpay Checkout for one payment (HTML)', params: paymentIdParams, response: { 200: z.string(), 404: z.string() } } },
      async (request, reply) => {
        const payment = await pendingPayment(ctx, request.params.paymentId, 'razorpay');
        if (!payment) return html(reply, 404, missingPage());
        if (payment.status !== 'pending' || !payment.providerOrderId) return html(reply, 200, resultPage(payment, returnPath(payment)));
        return html(
          reply,
          200,
          razorpayPage(payment, { keyId: razorpay.publicKeyId, callbackUrl: `${publicOrigin(ctx.config, request)}/api/payments/razorpay/${payment.id}/callback` }),
        );
      },
    );

    scope.post(
      '/payments/razorpay/:paymentId/callback',
      {
        schema: {
          tags,
          summary: "Razorpay Checkout's redirect: razorpay_payment_id, razorpay_order_id, razorpay_signature (or error[…])",
          description:
            'The signature is HMAC-SHA256 of "order_id|payment_id" with the key secret (hex); a wrong one is 403. Recorded ' +
            'exactly once, then 303 to the return page. A failure (error[…], which Razorpay does not sign) is checked ' +
            "against Razorpay's own list of the order's payments: recorded only when the attempt it names failed there (or " +
            'the order was in fact paid); otherwise nothing changes and the payer is sent to the failure page.',
          params: paymentIdParams,
          body: z.record(z.string(), z.unknown()),
        },
      },
      async (request, reply) => {
        const payment = await getPayment(ctx.db, request.params.paymentId);
        if (payment.provider !== 'razorpay') throw notFound(MSG.paymentNotFound);
        const completion = await razorpay.callbackCompletion(payment, request.body);
        if (!completion) {
          // An unsigned failure report Razorpay does not confirm: the payer sees the failure page, nothing is recorded.
          request.log.warn({ paymentId: payment.id }, 'Razorpay failure post not confirmed by Razorpay; the payment is left as it is');
          return reply.redirect(returnPath(payment), 303);
        }
        const { payment: recorded } = await recordOutcome(ctx.db, payment.id, completion.outcome === 'success' ? 'succeeded' : 'failed', {
          providerPaymentId: completion.providerPaymentId,
          reason: completion.reason,
          gatewayConfirmed: completion.outcome === 'success',
        });
        return reply.redirect(returnPath(recorded), 303);
      },
    );
  });

  // The webhook's signature covers the raw bytes: this route alone reads JSON as a Buffer.
  await app.register(async (scope: App) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));

    scope.post(
      '/payments/razorpay/webhook',
      {
        schema: {
          tags,
          summary: 'Razorpay webhooks: payment.captured, order.paid, payment.failed',
          description:
            'X-Razorpay-Signature must be HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET (hex), else 403. Each ' +
            'X-Razorpay-Event-Id is handled once (a redelivery answers duplicate: true). payment.captured and order.paid ' +
            'record the payment as succeeded (amount checked); payment.failed is noted on the payment but leaves the order ' +
            'awaiting payment, since Razorpay Checkout lets the payer retry (the 30-minute expiry ends it otherwise).',
          response: { 200: envelope(z.object({ received: z.literal(true), duplicate: z.boolean(), handled: z.string() })) },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('Request body is not valid JSON');
        const event = razorpay.parseWebhook(request.body, request.headers);
        const result = await transaction(ctx.db, async (tx) => {
          const fresh = await tx
            .insert(paymentEvents)
            .values({ provider: 'razorpay', eventId: event.eventId, type: event.type })
            .onConflictDoNothing()
            .returning({ eventId: paymentEvents.eventId });
          if (!fresh.length) return { duplicate: true, handled: 'already handled' };
          if (!event.outcome || !event.providerOrderId) return { duplicate: false, handled: 'ignored' };
          const payment = await paymentByProviderOrder(tx, 'razorpay', event.providerOrderId);
          if (!payment) return { duplicate: false, handled: 'unknown order' };
          if (event.outcome === 'failure') {
            await recordFailureNote(tx, payment.id, event.reason ?? 'Payment failed');
            return { duplicate: false, handled: 'failure noted' };
          }
          if (event.amountPaise !== null && event.amountPaise !== payment.amount * 100) {
            request.log.error({ paymentId: payment.id, amountPaise: event.amountPaise }, 'Razorpay event amount does not match the payment');
            return { duplicate: false, handled: 'amount mismatch' };
          }
          const { changed } = await recordOutcomeTx(tx, payment.id, 'succeeded', { providerPaymentId: event.providerPaymentId, gatewayConfirmed: true });
          return { duplicate: false, handled: changed ? 'recorded' : 'already recorded' };
        });
        return ok({ received: true as const, ...result });
      },
    );
  });
};
