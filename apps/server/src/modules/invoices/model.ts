import { formatDate, formatOrderNumber } from '@statewise/contract/format';
import type { OrderAddressCopy } from '../../db/schema/index.ts';
import { amountInWords } from '../../lib/amount-in-words.ts';
import { gstStateCode, paise, splitInclusive, sumSplits, supplyBetween, type TaxSplit } from '../../lib/gst.ts';
import type { InvoiceDocument, InvoiceLine } from '../../lib/pdf/invoice.ts';

/**
 * What one vendor's invoice says, worked out from the order (pure: no database, no PDF). The tax rules:
 *
 * - Prices are inclusive of GST. Each line's total (price × quantity, in paise) is split at the GST rate its
 *   category had when the order was placed (copied onto the order line; the category's rate is configurable per
 *   category, 5 % by default): taxable = round(total × 100 / (100 + rate)), tax = total − taxable (lib/gst.ts).
 * - Intra-state (the vendor's state is the shipping address's state): CGST + SGST, half each. Otherwise IGST.
 *   The place of supply is the shipping address's state.
 * - Shipping charged on the order is shared between its vendors in proportion to their goods (to the paisa) and
 *   taxed, as part of a composite supply, at the highest rate among that vendor's goods.
 * - A vendor without a GSTIN is not registered under GST and cannot charge it: their document is a plain
 *   invoice with the value and no tax split (the seller's details print without a GSTIN). Reading chosen over
 *   printing a GST split on their sale, which would claim a tax nobody collects.
 */

export interface InvoiceOrder {
  orderInitial: string;
  orderNumber: number;
  createdAt: Date;
  paidAt: Date | null;
  paymentMode: 'online' | 'cod' | 'wallet';
  walletAmountUsed: number;
  address: OrderAddressCopy;
}

export interface InvoiceSeller {
  brandName: string;
  sellerName: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  gstin: string | null;
}

export interface InvoiceOrderLine {
  name: string;
  size: string | null;
  color: string | null;
  hsnCode: string | null;
  gstRate: number;
  /** Whole rupees per piece, tax included. */
  price: number;
  quantity: number;
}

export const MARKETPLACE = 'Statewise';

const PAYMENT_LABEL: Record<InvoiceOrder['paymentMode'], string> = { online: 'Paid online', cod: 'Cash on delivery', wallet: 'Paid from wallet' };

function stateWithCode(state: string): string {
  const code = gstStateCode(state);
  return code ? `${state} (${code})` : state;
}

function addressLines(a: OrderAddressCopy, withContact: 'mobile' | 'email'): string[] {
  return [
    a.streetAddress,
    a.landmark ? `Landmark: ${a.landmark}` : '',
    `${a.city}, ${stateWithCode(a.state)} ${a.pincode}`,
    'India',
    withContact === 'mobile' ? `Mobile: ${a.mobile}` : a.email ? `E-mail: ${a.email}` : '',
  ].filter(Boolean);
}

/**
 * Order shipping (whole rupees) shared between vendor groups in proportion to their goods' value, in paise,
 * by largest remainder so the shares add up to the shipping exactly.
 */
export function shareShipping(shippingRupees: number, groupTotals: number[]): number[] {
  const total = paise(shippingRupees);
  const base = groupTotals.reduce((a, b) => a + b, 0);
  if (!total || !groupTotals.length) return groupTotals.map(() => 0);
  if (!base) return groupTotals.map((_, i) => (i === 0 ? total : 0));
  const exact = groupTotals.map((g) => (total * g) / base);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** One vendor's invoice. `position` numbers the vendor within the order (1, 2…): SW0012/1, SW0012/2. */
export function buildInvoice(input: {
  order: InvoiceOrder;
  seller: InvoiceSeller;
  lines: InvoiceOrderLine[];
  /** This vendor's share of the order's shipping, in paise. */
  shippingPaise: number;
  position: number;
}): InvoiceDocument {
  const { order, seller, lines, shippingPaise, position } = input;
  const registered = Boolean(seller.gstin);
  const supply = supplyBetween(seller.state, order.address.state);
  const split = (gross: number, rate: number): TaxSplit => (registered ? splitInclusive(gross, rate, supply) : splitInclusive(gross, 0, supply));

  const invoiceLines: InvoiceLine[] = lines.map((l) => ({
    description: l.name,
    detail: [l.size ? `Size: ${l.size.toUpperCase()}` : '', l.color ? `Colour: ${l.color}` : ''].filter(Boolean).join(' · '),
    hsn: l.hsnCode ?? '',
    quantity: l.quantity,
    unitPrice: paise(l.price),
    split: split(paise(l.price) * l.quantity, l.gstRate),
  }));
  if (shippingPaise > 0) {
    const rate = Math.max(0, ...lines.map((l) => l.gstRate));
    invoiceLines.push({ description: 'Shipping and handling', detail: '', hsn: '', quantity: 1, unitPrice: shippingPaise, split: split(shippingPaise, rate) });
  }

  const byRate = new Map<number, TaxSplit[]>();
  for (const l of invoiceLines) byRate.set(l.split.rate, [...(byRate.get(l.split.rate) ?? []), l.split]);
  const taxSummary = [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, splits]) => ({ rate, ...sumSplits(splits) }));
  const totals = sumSplits(invoiceLines.map((l) => l.split));
  const orderNumber = formatOrderNumber(order.orderInitial, order.orderNumber);
  const buyer = `${order.address.firstName} ${order.address.lastName}`.trim();
  const payment =
    order.walletAmountUsed > 0 && order.paymentMode !== 'wallet' ? `${PAYMENT_LABEL[order.paymentMode]} and wallet` : PAYMENT_LABEL[order.paymentMode];

  return {
    kind: registered ? 'tax-invoice' : 'untaxed',
    invoiceNumber: `${orderNumber}/${position}`,
    // The invoice is raised when the order is paid for (or accepted cash on delivery).
    invoiceDate: formatDate(order.paidAt ?? order.createdAt),
    orderNumber,
    orderDate: formatDate(order.createdAt),
    placeOfSupply: stateWithCode(order.address.state),
    supply,
    paymentMode: payment,
    marketplace: MARKETPLACE,
    seller: {
      brandName: seller.brandName || seller.sellerName,
      sellerName: seller.sellerName,
      addressLines: [seller.address, [seller.city, seller.state ? stateWithCode(seller.state) : '', seller.pincode].filter(Boolean).join(', ')].filter(Boolean),
      gstin: seller.gstin,
    },
    billTo: { name: buyer, lines: addressLines(order.address, 'email') },
    shipTo: { name: buyer, lines: addressLines(order.address, 'mobile') },
    lines: invoiceLines,
    totals,
    taxSummary: registered ? taxSummary : [],
    amountInWords: amountInWords(totals.gross),
  };
}
