import { invoiceBody, invoiceParams, ROLES } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { bodyOrEmpty } from '../../lib/http.ts';
import { invoicePdf } from './service.ts';

/**
 * Shopping §7 Orders: POST order/invoice/{orderId} {productId} → the PDF, saved by the browser as Invoice.pdf.
 * Its own module (not modules/orders) so invoices and orders can change independently.
 */
export const invoicesModule: Module = (app, ctx) => {
  app.post(
    '/order/invoice/:orderId',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: 'GST invoice of an order as a PDF (application/pdf, attachment Invoice.pdf); buyer only',
        description:
          'With productId (a product of the order or an order line id): the invoice of the vendor that sold it. Without: one invoice per ' +
          'vendor of the order, each on its own page(s). Tax invoice (CGST+SGST within the vendor’s state, IGST across states, from ' +
          'tax-inclusive prices at the category’s GST rate) or, for a vendor without a GSTIN, a plain invoice without GST. 403 another person’s order, ' +
          '404 unknown order or a product not in it, 409 an order not yet paid or cancelled.',
        params: invoiceParams,
        body: bodyOrEmpty(invoiceBody),
      },
    },
    async (request, reply) => {
      const pdf = await invoicePdf(ctx.db, currentUser(request), request.params.orderId, request.body.productId);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="Invoice.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
