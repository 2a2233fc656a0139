import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendors } from '../../db/schema/index.ts';
import type { AuthUser } from '../../lib/auth.ts';
import { renderInvoices } from '../../lib/pdf/invoice.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { newCategory, newProduct, newVendor } from '../../test/factories.ts';
import { buyNow, newShop } from '../../test/orders.ts';
import { buildInvoice, shareShipping, type InvoiceOrder, type InvoiceSeller } from './model.ts';
import { invoiceDocuments } from './service.ts';
import { placedOrder, testAddress } from './test-orders.ts';

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;

describe('buildInvoice (the invoice’s figures)', () => {
  const order: InvoiceOrder = {
    orderInitial: 'SW',
    orderNumber: 12,
    createdAt: new Date('2025-12-31T20:00:00Z'),
    paidAt: new Date('2025-12-31T20:05:00Z'),
    paymentMode: 'online',
    walletAmountUsed: 0,
    address: testAddress({ state: 'Rajasthan', city: 'Jaipur' }),
  };
  const seller: InvoiceSeller = {
    brandName: 'Jaipur Prints',
    sellerName: 'Rohit Jain',
    address: '21 Johari Bazaar',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302003',
    gstin: '08AAPFJ1234K1Z5',
  };
  const lines = [
    { name: 'Block Print Kurta', size: 'm', color: null, hsnCode: '6204', gstRate: 5, price: 1499, quantity: 2 },
    { name: 'Silk Dupatta', size: null, color: 'Red', hsnCode: '5007', gstRate: 12, price: 2350, quantity: 1 },
  ];

  it('splits tax into CGST and SGST when the seller ships within their own state', () => {
    const doc = buildInvoice({ order, seller, lines, shippingPaise: 0, position: 1 });
    expect(doc).toMatchObject({
      kind: 'tax-invoice',
      supply: 'intra',
      invoiceNumber: 'SW0012/1',
      orderNumber: 'SW0012',
      // India time: 20:05 UTC on 31 Dec is 1 Jan
      invoiceDate: '01 Jan 26',
      orderDate: '01 Jan 26',
      placeOfSupply: 'Rajasthan (08)',
      paymentMode: 'Paid online',
      seller: { brandName: 'Jaipur Prints', sellerName: 'Rohit Jain', gstin: '08AAPFJ1234K1Z5', addressLines: ['21 Johari Bazaar', 'Jaipur, Rajasthan (08), 302003'] },
    });
    // ₹2,998 at 5 %: taxable 299800 × 100 / 105 = 285523.8 → 285524; tax 14276 → 7138 + 7138
    expect(doc.lines[0]).toMatchObject({ description: 'Block Print Kurta', detail: 'Size: M', hsn: '6204', quantity: 2, unitPrice: 149_900 });
    expect(doc.lines[0]!.split).toEqual({ gross: 299_800, taxable: 285_524, rate: 5, cgst: 7_138, sgst: 7_138, igst: 0 });
    // ₹2,350 at 12 %: 235000 × 100 / 112 = 209821.43 → 209821; tax 25179 → 12590 + 12589
    expect(doc.lines[1]!.split).toEqual({ gross: 235_000, taxable: 209_821, rate: 12, cgst: 12_590, sgst: 12_589, igst: 0 });
    expect(doc.lines[1]!.detail).toBe('Colour: Red');
    expect(doc.totals).toEqual({ gross: 534_800, taxable: 495_345, cgst: 19_728, sgst: 19_727, igst: 0 });
    expect(doc.totals.taxable + doc.totals.cgst + doc.totals.sgst).toBe(534_800);
    expect(doc.taxSummary).toEqual([
      { rate: 5, gross: 299_800, taxable: 285_524, cgst: 7_138, sgst: 7_138, igst: 0 },
      { rate: 12, gross: 235_000, taxable: 209_821, cgst: 12_590, sgst: 12_589, igst: 0 },
    ]);
    expect(doc.amountInWords).toBe('Rupees Five Thousand Three Hundred Forty-Eight Only');
  });

  it('charges IGST when the goods go to another state', () => {
    const doc = buildInvoice({ order: { ...order, address: testAddress({ state: 'Maharashtra', city: 'Mumbai', pincode: 400001 }) }, seller, lines, shippingPaise: 0, position: 2 });
    expect(doc.supply).toBe('inter');
    expect(doc.placeOfSupply).toBe('Maharashtra (27)');
    expect(doc.invoiceNumber).toBe('SW0012/2');
    expect(doc.lines.map((l) => l.split)).toEqual([
      { gross: 299_800, taxable: 285_524, rate: 5, cgst: 0, sgst: 0, igst: 14_276 },
      { gross: 235_000, taxable: 209_821, rate: 12, cgst: 0, sgst: 0, igst: 25_179 },
    ]);
    expect(doc.totals).toEqual({ gross: 534_800, taxable: 495_345, cgst: 0, sgst: 0, igst: 39_455 });
  });

  it('shares shipping between vendors and taxes it at the vendor’s highest rate', () => {
    expect(shareShipping(100, [2_000, 1_000])).toEqual([6_667, 3_333]);
    expect(shareShipping(1, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareShipping(0, [5, 5])).toEqual([0, 0]);
    const doc = buildInvoice({ order, seller, lines, shippingPaise: 5_000, position: 1 });
    expect(doc.lines[2]).toMatchObject({ description: 'Shipping and handling', quantity: 1, unitPrice: 5_000 });
    expect(doc.lines[2]!.split).toEqual({ gross: 5_000, taxable: 4_464, rate: 12, cgst: 268, sgst: 268, igst: 0 });
    expect(doc.totals.gross).toBe(539_800);
    expect(doc.amountInWords).toBe('Rupees Five Thousand Three Hundred Ninety-Eight Only');
  });

  it('prints a plain invoice without GST for a seller with no GSTIN', () => {
    const doc = buildInvoice({ order, seller: { ...seller, gstin: null }, lines, shippingPaise: 0, position: 1 });
    expect(doc.kind).toBe('untaxed');
    expect(doc.seller.gstin).toBeNull();
    expect(doc.totals).toEqual({ gross: 534_800, taxable: 534_800, cgst: 0, sgst: 0, igst: 0 });
    expect(doc.taxSummary).toEqual([]);
  });

  it('says how a part-wallet order was paid, and writes paise in words', () => {
    const doc = buildInvoice({ order: { ...order, paymentMode: 'cod', walletAmountUsed: 300 }, seller, lines: [{ ...lines[0]!, quantity: 1 }], shippingPaise: 50, position: 1 });
    expect(doc.paymentMode).toBe('Cash on delivery and wallet');
    expect(doc.amountInWords).toBe('Rupees One Thousand Four Hundred Ninety-Nine and Fifty Paise Only');
  });

  it('renders a long invoice across pages', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ ...lines[0]!, name: `Kurta number ${i + 1}` }));
    const pdf = await renderInvoices([buildInvoice({ order, seller, lines: many, shippingPaise: 0, position: 1 })]);
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(2);
  });
});

describe('POST /api/order/invoice/{orderId}', () => {
  let s: TestServer;
  let categoryId: string;
  let rajasthanVendor: string;
  let maharashtraVendor: string;

  beforeAll(async () => {
    s = await createTestServer();
    categoryId = (await newCategory(s.db, { gstRate: 5, hsnCode: '6204' })).id;
    rajasthanVendor = (await newVendor(s.db, { vendor: { brandName: 'Jaipur Prints', state: 'Rajasthan', city: 'Jaipur', gstin: '08AAPFJ1234K1Z5' } })).userId;
    maharashtraVendor = (await newVendor(s.db, { vendor: { brandName: 'Paithani House', state: 'Maharashtra', city: 'Yeola', pickupPincode: '423401', gstin: '27AAPFP1234K1Z5' } })).userId;
  });
  afterAll(() => s.close());

  const invoice = (orderId: string, o: { headers?: { authorization: string }; productId?: string; noBody?: boolean } = {}) =>
    s.app.inject({
      method: 'POST',
      url: `/api/order/invoice/${orderId}`,
      headers: o.headers,
      ...(o.noBody ? {} : { payload: o.productId ? { productId: o.productId } : {} }),
    });

  async function twoVendorOrder(status: 'pending' | 'created' | 'cancelled' | 'delivered' = 'pending') {
    const buyer = await loginAs(s);
    const kurta = await newProduct(s.db, { categoryId, vendorId: rajasthanVendor, name: 'Block Print Kurta', price: 1999, offeredPrice: 1499 });
    const saree = await newProduct(s.db, { categoryId, vendorId: maharashtraVendor, name: 'Paithani Saree', price: 9999, offeredPrice: 8999, isFreeSize: true, freeSizeQty: 3 });
    const order = await placedOrder(s.db, {
      userId: buyer.user.id,
      status,
      address: testAddress({ state: 'Rajasthan' }),
      lines: [{ product: kurta, quantity: 2, size: 'm' }, { product: saree }],
    });
    return { buyer, kurta, saree, order };
  }

  it('sends the buyer the PDF, saved as Invoice.pdf', async () => {
    const { buyer, kurta, order } = await twoVendorOrder();
    const res = await invoice(order.id, { headers: buyer.headers, productId: kurta.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Invoice.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    // the embedded font that has ₹, never the built-in Helvetica (which prints "¹")
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed/);
    expect(raw).not.toContain('/Helvetica');
    expect(pageCount(pdf)).toBe(1);
  });

  it('gives the invoice of the vendor that sold the product, or every vendor’s without one', async () => {
    const { buyer, saree, order } = await twoVendorOrder();
    const caller: AuthUser = { id: buyer.user.id, role: 'user', sessionId: '' };
    const one = await invoiceDocuments(s.db, caller, order.id, saree.id);
    expect(one.map((d) => [d.invoiceNumber, d.seller.brandName])).toEqual([['SW' + String(order.orderNumber).padStart(4, '0') + '/2', 'Paithani House']]);
    const all = await invoiceDocuments(s.db, caller, order.id);
    expect(all.map((d) => d.seller.brandName)).toEqual(['Jaipur Prints', 'Paithani House']);
    const res = await invoice(order.id, { headers: buyer.headers, noBody: true });
    expect(res.statusCode).toBe(200);
    expect(pageCount(res.rawPayload)).toBe(2);
  });

  it('splits GST both ways from the vendors’ and the shipping state', async () => {
    const { buyer, order } = await twoVendorOrder();
    const [fromRajasthan, fromMaharashtra] = await invoiceDocuments(s.db, { id: buyer.user.id, role: 'user', sessionId: '' }, order.id);
    // same state (Rajasthan → Rajasthan): CGST + SGST on 2 × ₹1,499 at the category's 5 %
    expect(fromRajasthan).toMatchObject({ kind: 'tax-invoice', supply: 'intra', placeOfSupply: 'Rajasthan (08)' });
    expect(fromRajasthan!.lines).toHaveLength(1);
    expect(fromRajasthan!.lines[0]).toMatchObject({ hsn: '6204', quantity: 2, detail: 'Size: M' });
    expect(fromRajasthan!.lines[0]!.split).toEqual({ gross: 299_800, taxable: 285_524, rate: 5, cgst: 7_138, sgst: 7_138, igst: 0 });
    // another state (Maharashtra → Rajasthan): IGST on ₹8,999
    expect(fromMaharashtra).toMatchObject({ supply: 'inter' });
    expect(fromMaharashtra!.lines[0]!.split).toEqual({ gross: 899_900, taxable: 857_048, rate: 5, cgst: 0, sgst: 0, igst: 42_852 });
    expect(fromMaharashtra!.amountInWords).toBe('Rupees Eight Thousand Nine Hundred Ninety-Nine Only');
  });

  it('uses the rate and HSN code copied onto the order, not today’s category', async () => {
    const { buyer, kurta, order } = await twoVendorOrder();
    await s.db.update(vendors).set({ gstin: null }).where(eq(vendors.userId, maharashtraVendor));
    try {
      const [kurtaInvoice, sareeInvoice] = await invoiceDocuments(s.db, { id: buyer.user.id, role: 'user', sessionId: '' }, order.id);
      expect(kurtaInvoice!.lines[0]!.split.rate).toBe(5);
      expect(kurtaInvoice!.lines[0]!.description).toBe(kurta.name);
      // a vendor without a GSTIN cannot charge GST: a plain invoice
      expect(sareeInvoice).toMatchObject({ kind: 'untaxed', totals: { gross: 899_900, taxable: 899_900, cgst: 0, sgst: 0, igst: 0 } });
    } finally {
      await s.db.update(vendors).set({ gstin: '27AAPFP1234K1Z5' }).where(eq(vendors.userId, maharashtraVendor));
    }
  });

  it('invoices an order placed through checkout (buy now, cash on delivery)', async () => {
    // newShop: a Rajasthan vendor (Jaipur), a 12 % category with HSN 6204, a sized product at ₹1,500
    const shop = await newShop(s);
    const buyer = await loginAs(s);
    const placed = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: 2 }, { paymentMode: 'cod' });
    expect(placed.status, placed.body.message).toBeLessThan(300);
    const orderId = placed.body.data.orderId as string;
    const res = await invoice(orderId, { headers: buyer.headers, productId: shop.product.id });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [doc] = await invoiceDocuments(s.db, { id: buyer.user.id, role: 'user', sessionId: '' }, orderId);
    // shipped to Jaipur, Rajasthan from Jaipur: intra-state; ₹3,000 at 12 % → 267857 + 16072 + 16071 paise
    expect(doc).toMatchObject({ kind: 'tax-invoice', supply: 'intra', paymentMode: 'Cash on delivery' });
    expect(doc!.lines).toHaveLength(1);
    expect(doc!.lines[0]).toMatchObject({ hsn: '6204', quantity: 2, unitPrice: 150_000, detail: 'Size: M' });
    expect(doc!.lines[0]!.split).toEqual({ gross: 300_000, taxable: 267_857, rate: 12, cgst: 16_072, sgst: 16_071, igst: 0 });
    expect(doc!.amountInWords).toBe('Rupees Three Thousand Only');
  });

  it('refuses anyone but the buyer', async () => {
    const { order } = await twoVendorOrder();
    const other = await loginAs(s);
    const res = await invoice(order.id, { headers: other.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'This order belongs to another account' });
    const vendor = await loginAs(s, { role: 'admin' });
    expect((await invoice(order.id, { headers: vendor.headers })).statusCode).toBe(403);
    expect((await invoice(order.id)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown order or a product not in it, and 400 for malformed ids', async () => {
    const { buyer, order } = await twoVendorOrder();
    const unknown = await invoice(randomUUID(), { headers: buyer.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Order not found');
    const elsewhere = await newProduct(s.db, { categoryId, vendorId: rajasthanVendor });
    const notInOrder = await invoice(order.id, { headers: buyer.headers, productId: elsewhere.id });
    expect(notInOrder.statusCode).toBe(404);
    expect(notInOrder.json().message).toBe('This product is not part of the order');
    expect((await invoice('12', { headers: buyer.headers })).statusCode).toBe(400);
    expect((await invoice(order.id, { headers: buyer.headers, productId: 'x' })).statusCode).toBe(400);
  });

  it('has no invoice for an unpaid or cancelled order', async () => {
    for (const [status, message] of [
      ['created', 'The invoice will be available once the order is paid'],
      ['cancelled', 'This order was cancelled, so it has no invoice'],
    ] as const) {
      const { buyer, order } = await twoVendorOrder(status);
      const res = await invoice(order.id, { headers: buyer.headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const { buyer, order } = await twoVendorOrder('delivered');
    expect((await invoice(order.id, { headers: buyer.headers })).statusCode).toBe(200);
  });
});
