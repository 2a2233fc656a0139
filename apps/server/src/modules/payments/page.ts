import { formatINR } from '@statewise/contract';
import type { PaymentRow } from '../../db/schema/index.ts';

/**
 * The gateway's own pages, rendered on the server: small, no JavaScript needed for the sandbox, readable on a
 * phone. Every value is escaped.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
    font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:#f6f1ea;color:#2b2118}
  main{width:100%;max-width:420px;background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(60,35,10,.12);overflow:hidden}
  header{background:#7a2e1d;color:#fff;padding:18px 22px;display:flex;justify-content:space-between;align-items:center}
  header strong{font-size:20px;letter-spacing:.5px} header span{font-size:12px;opacity:.85;text-transform:uppercase;letter-spacing:1px}
  section{padding:22px}
  .label{font-size:13px;color:#7b6a5c;margin:0}
  .amount{font-size:40px;font-weight:700;margin:2px 0 14px}
  .what{margin:0 0 4px;font-weight:600} .merchant{margin:0 0 22px;color:#5b4b3f}
  form{margin:0}
  button,a.button{display:block;width:100%;padding:14px 16px;border-radius:10px;font:inherit;font-weight:600;text-align:center;
    text-decoration:none;cursor:pointer;border:2px solid transparent}
  .pay{background:#1f7a3a;color:#fff;margin-bottom:12px} .pay:hover{background:#18652f}
  .fail{background:#fff;color:#a32020;border-color:#e3b4b4} .fail:hover{background:#fdf1f1}
  .back{background:#7a2e1d;color:#fff}
  .status{font-size:20px;font-weight:700;margin:0 0 8px} .ok{color:#1f7a3a} .bad{color:#a32020}
  .note{font-size:12px;color:#8a7a6d;margin:18px 0 0;text-align:center}
`;

function layout(title: string, body: string, extraHead = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Statewise</title><style>${STYLE}</style>${extraHead}</head>
<body><main><header><strong>Statewise</strong><span>Secure payment</span></header><section>${body}</section></main></body></html>`;
}

function summary(payment: Pick<PaymentRow, 'amount' | 'description' | 'purpose'>): string {
  return `<p class="label">Amount to pay</p>
<p class="amount">${escapeHtml(formatINR(payment.amount))}</p>
<p class="what">${escapeHtml(payment.description)}</p>
<p class="merchant">Paying <strong>Statewise</strong>${payment.purpose === 'wallet' ? ' · wallet recharge' : ''}</p>`;
}

/** The sandbox's payment page: Pay and Fail, each a plain form carrying its signed outcome. */
export function sandboxPage(payment: PaymentRow, signatures: { success: string; failure: string }): string {
  const action = `/api/payments/sandbox/${payment.id}/complete`;
  const form = (outcome: 'success' | 'failure', label: string, cls: string) =>
    `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="outcome" value="${outcome}"><input type="hidden" name="signature" value="${escapeHtml(signatures[outcome])}">
<button type="submit" class="${cls}">${escapeHtml(label)}</button></form>`;
  return layout(
    'Pay',
    `${summary(payment)}
${form('success', `Pay ${formatINR(payment.amount)}`, 'pay')}
${form('failure', 'Fail payment', 'fail')}
<p class="note">Statewise sandbox gateway — no real money moves. The payment expires 30 minutes after it was started.</p>`,
  );
}

/** A payment that already has its outcome (or expired): what happened, and the way back. */
export function resultPage(payment: PaymentRow, returnTo: string): string {
  const ok = payment.status === 'succeeded';
  const text =
    payment.status === 'succeeded'
      ? 'This payment is complete.'
      : payment.status === 'expired'
        ? 'This payment expired: it was not completed within 30 minutes.'
        : payment.status === 'failed'
          ? 'This payment failed.'
          : 'This payment is waiting to be completed.';
  return layout(
    ok ? 'Payment complete' : 'Payment not completed',
    `${summary(payment)}<p class="status ${ok ? 'ok' : 'bad'}">${escapeHtml(text)}</p>
<a class="button back" href="${escapeHtml(returnTo)}">Return to Statewise</a>`,
  );
}

/** A page for a payment link that leads nowhere. */
export function missingPage(): string {
  return layout('Payment not found', `<p class="status bad">Payment not found</p><p>This payment link is not valid.</p><a class="button back" href="/">Go to Statewise</a>`);
}

/**
 * Razorpay's checkout for one payment: Razorpay Checkout (their script) opens on load for the Razorpay order and,
 * in redirect mode, posts the result to our callback. A button reopens it if the payer closed it.
 */
/** Where the Razorpay page's launcher script is served (payments/routes.ts). */
export const RAZORPAY_LAUNCHER_PATH = '/api/payments/razorpay/checkout.js';

/** Opens Razorpay Checkout with the page's options, and again from the Pay button if the payer closed it. */
export const RAZORPAY_LAUNCHER = `(function () {
  var options = JSON.parse(document.getElementById('rzp-options').textContent);
  function open() { new Razorpay(options).open(); }
  document.getElementById('pay').addEventListener('click', open);
  open();
})();
`;

export function razorpayPage(payment: PaymentRow, opts: { keyId: string; callbackUrl: string }): string {
  const options = {
    key: opts.keyId,
    amount: payment.amount * 100,
    currency: 'INR',
    name: 'Statewise',
    description: payment.description,
    order_id: payment.providerOrderId,
    callback_url: opts.callbackUrl,
    redirect: true,
    theme: { color: '#7a2e1d' },
  };
  // Options as inert JSON ('<' escaped so no value can close the tag); our launcher script reads them, so the page
  // carries no inline script and the Content-Security-Policy allows none.
  const json = JSON.stringify(options).replace(/</g, '\\u003c');
  return layout(
    'Pay',
    `${summary(payment)}
<button type="button" class="pay" id="pay">Pay ${escapeHtml(formatINR(payment.amount))}</button>
<form method="post" action="${escapeHtml(opts.callbackUrl)}"><input type="hidden" name="error[code]" value="PAYMENT_CANCELLED">
<input type="hidden" name="error[description]" value="Cancelled by the payer"><button type="submit" class="fail">Cancel payment</button></form>
<p class="note">Payments are processed by Razorpay.</p>
<script id="rzp-options" type="application/json">${json}</script>
<script src="https://checkout.razorpay.com/v1/checkout.js"></script>
<script src="${RAZORPAY_LAUNCHER_PATH}"></script>`,
  );
}
