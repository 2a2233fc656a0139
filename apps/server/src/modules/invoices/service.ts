import { and, asc, eq, inArray } from 'drizzle-orm';
import { MSG } from '@statewise/contract';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, orderVendorGroups, vendors } from '../../db/schema/index.ts';
import type { AuthUser } from '../../lib/auth.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { renderInvoices, type InvoiceDocument } from '../../lib/pdf/invoice.ts';
import { buildInvoice, shareShipping, type InvoiceSeller } from './model.ts';

/**
 * POST order/invoice/{orderId} {productId}: the buyer's invoices of an order, as one PDF.
 *
 * - Only the order's buyer (403 for anyone else, 404 for an unknown order). Guest orders have no account to
 *   download with.
 * - An order awaiting payment has no invoice yet, a cancelled one none at all (409).
 * - With productId (a product of the order, or one of its lines' ids): the invoice of the vendor that sold it,
 *   as the order detail's per-product Invoice button asks. Without: every vendor's invoice, one after another.
 */
export async function invoiceDocuments(db: Db, caller: AuthUser, orderId: string, productId?: string, as: 'buyer' | 'vendor' = 'buyer'): Promise<InvoiceDocument[]> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(MSG.orderNotFound);
  // the vendor console (issue 10): a vendor gets its own part's invoice only; another vendor's order does not exist
  if (as === 'vendor') {
    const [part] = await db.select({ status: orderVendorGroups.status }).from(orderVendorGroups).where(and(eq(orderVendorGroups.orderId, order.id), eq(orderVendorGroups.vendorId, caller.id)));
    if (!part) throw notFound(MSG.orderNotFound);
    if (part.status === 'cancelled') throw conflict(MSG.invoiceOrderCancelled);
  } else if (order.userId !== caller.id) throw forbidden(MSG.orderNotYours);
  if (order.status === 'created') throw conflict(MSG.invoiceNotPaid);
  if (order.status === 'cancelled') throw conflict(MSG.invoiceOrderCancelled);

  const [lines, groups] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)),
    db.select().from(orderVendorGroups).where(eq(orderVendorGroups.orderId, order.id)),
  ]);
  // Vendors in the order their first line appears; that order numbers the invoices (SW0012/1, /2…).
  const vendorIds = [...new Set(lines.map((l) => l.vendorId))];
  let wanted = as === 'vendor' ? [caller.id] : vendorIds;
  if (productId) {
    const line = lines.find((l) => l.productId === productId || l.tempProductId === productId || l.id === productId);
    if (!line) throw notFound(MSG.invoiceProductNotInOrder);
    wanted = [line.vendorId];
  }
  const stores = vendorIds.length ? await db.select().from(vendors).where(inArray(vendors.userId, vendorIds)) : [];
  const goodsOf = (vendorId: string) => lines.filter((l) => l.vendorId === vendorId);
  const shipping = shareShipping(
    order.shippingCharges,
    vendorIds.map((v) => goodsOf(v).reduce((sum, l) => sum + l.price * l.quantity, 0)),
  );

  return wanted.map((vendorId) => {
    const position = vendorIds.indexOf(vendorId);
    const store = stores.find((s) => s.userId === vendorId);
    const group = groups.find((g) => g.vendorId === vendorId);
    const seller: InvoiceSeller = {
      brandName: group?.brandName || store?.brandName || '',
      sellerName: store?.sellerName ?? group?.brandName ?? 'Seller',
      address: store?.address ?? '',
      city: store?.city ?? '',
      state: store?.state ?? '',
      pincode: store?.pickupPincode ?? '',
      gstin: store?.gstin?.trim() || null,
    };
    return buildInvoice({
      order,
      seller,
      lines: goodsOf(vendorId),
      shippingPaise: shipping[position] ?? 0,
      position: position + 1,
    });
  });
}

export async function invoicePdf(db: Db, caller: AuthUser, orderId: string, productId?: string, as: 'buyer' | 'vendor' = 'buyer'): Promise<Buffer> {
  return renderInvoices(await invoiceDocuments(db, caller, orderId, productId, as));
}
