import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatINRPaise } from '@statewise/contract/format';
import type { Supply, TaxSplit } from '../gst.ts';

/**
 * Prints invoices as one PDF (pdfkit), one invoice per vendor, each starting on a new page. The data comes in
 * ready-made (modules/invoices/model.ts works out the taxes); this file only lays it out.
 *
 * The font is DejaVu Sans Condensed, shipped in apps/server/assets/fonts with its licence: pdfkit's built-in
 * Helvetica has no ₹ (it prints "¹"), and a font embedded from the repo renders the same on every machine.
 */

const FONTS_DIR = path.resolve(import.meta.dirname, '../../../assets/fonts');
export const INVOICE_FONTS = {
  regular: path.join(FONTS_DIR, 'DejaVuSansCondensed.ttf'),
  bold: path.join(FONTS_DIR, 'DejaVuSansCondensed-Bold.ttf'),
} as const;

/**
 * The fonts parsed once per process: parsing a 700 KB font takes ~100 ms, and pdfkit would do it for every
 * document; a parsed font is reused (each document still embeds its own subset of the glyphs it used).
 */
let parsed: { regular: Font; bold: Font } | null = null;
function fonts(): { regular: Font; bold: Font } {
  parsed ??= { regular: parseFont(readFileSync(INVOICE_FONTS.regular)), bold: parseFont(readFileSync(INVOICE_FONTS.bold)) };
  return parsed;
}

export interface InvoiceParty {
  name: string;
  lines: string[];
}

export interface InvoiceLine {
  description: string;
  /** Size or colour, under the description. */
  detail: string;
  /** HSN (goods) or SAC (services) code; '' when unknown. */
  hsn: string;
  quantity: number;
  /** Price per piece in paise, tax included. */
  unitPrice: number;
  /** The line's total (gross), taxable value and tax parts, in paise. */
  split: TaxSplit;
}

export interface InvoiceDocument {
  /** A GST-registered seller issues a tax invoice; an unregistered one cannot charge GST: a plain invoice (untaxed). */
  kind: 'tax-invoice' | 'untaxed';
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: string;
  orderDate: string;
  /** The state the goods are delivered to, with its GST code: 'Rajasthan (08)'. */
  placeOfSupply: string;
  supply: Supply;
  paymentMode: string;
  marketplace: string;
  seller: { brandName: string; sellerName: string; addressLines: string[]; gstin: string | null };
  billTo: InvoiceParty;
  shipTo: InvoiceParty;
  lines: InvoiceLine[];
  totals: Omit<TaxSplit, 'rate'>;
  /** Tax per rate, for the summary under the lines. */
  taxSummary: TaxSplit[];
  amountInWords: string;
}

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER_TOP = PAGE.height - PAGE.margin - 28;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const SHADE = '#f1f4f8';
const BRAND = '#7c2d12';

type Column = { key: string; title: string; width: number; align: 'left' | 'right' | 'center' };

function columns(supply: Supply, taxed: boolean): Column[] {
  const taxCols: Column[] = !taxed
    ? []
    : supply === 'intra'
      ? [
          { key: 'rate', title: 'GST', width: 32, align: 'right' },
          { key: 'cgst', title: 'CGST', width: 52, align: 'right' },
          { key: 'sgst', title: 'SGST', width: 52, align: 'right' },
        ]
      : [
          { key: 'rate', title: 'GST', width: 32, align: 'right' },
          { key: 'igst', title: 'IGST', width: 56, align: 'right' },
        ];
  const fixed: Column[] = [
    { key: 'n', title: '#', width: 16, align: 'center' },
    { key: 'hsn', title: 'HSN', width: 40, align: 'left' },
    { key: 'qty', title: 'Qty', width: 24, align: 'right' },
    { key: 'unit', title: 'Unit price', width: 64, align: 'right' },
    { key: 'taxable', title: taxed ? 'Taxable value' : 'Value', width: 62, align: 'right' },
    ...taxCols,
    { key: 'total', title: 'Total', width: 62, align: 'right' },
  ];
  const used = fixed.reduce((w, c) => w + c.width, 0);
  const description: Column = { key: 'desc', title: 'Description', width: CONTENT_WIDTH - used, align: 'left' };
  return [fixed[0]!, description, ...fixed.slice(1)];
}

const percent = (rate: number) => `${Number.isInteger(rate) ? rate : rate.toFixed(2).replace(/0+$/, '')}%`;

/** Renders the invoices into one PDF. `compress: false` keeps content streams readable (tests). */
export function renderInvoices(docs: InvoiceDocument[], opts: { compress?: boolean } = {}): Promise<Buffer> {
  if (!docs.length) throw new RangeError('Nothing to print');
  const first = docs[0]!;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: false,
    compress: opts.compress ?? true,
    info: {
      Title: docs.length === 1 ? `Invoice ${first.invoiceNumber}` : `Invoices for order ${first.orderNumber}`,
      Author: first.marketplace,
      Subject: `Order ${first.orderNumber}`,
      Creator: first.marketplace,
    },
  });
  // pdfkit takes a parsed fontkit font wherever it takes a font file; its types only list files.
  pdf.registerFont('regular', fonts().regular as unknown as Buffer);
  pdf.registerFont('bold', fonts().bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (const doc of docs) drawInvoice(pdf, doc);
  pdf.end();
  return done;
}

function drawInvoice(pdf: PDFKit.PDFDocument, doc: InvoiceDocument): void {
  const taxed = doc.kind === 'tax-invoice';
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  let pageNo = 0;

  const newPage = () => {
    pdf.addPage({ size: 'A4', margin: PAGE.margin });
    pageNo += 1;
    footer();
  };
  const footer = () => {
    pdf.save();
    pdf.moveTo(left, FOOTER_TOP).lineTo(right, FOOTER_TOP).lineWidth(0.5).strokeColor(RULE).stroke();
    pdf
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text('This is a computer-generated invoice and needs no signature.', left, FOOTER_TOP + 6, { width: CONTENT_WIDTH * 0.7, lineBreak: false });
    pdf.text(`${doc.invoiceNumber} · page ${pageNo}`, left, FOOTER_TOP + 6, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    pdf.restore();
  };
  const text = (value: string, x: number, y: number, o: { width?: number; align?: 'left' | 'right' | 'center'; bold?: boolean; size?: number; color?: string } = {}) => {
    pdf
      .font(o.bold ? 'bold' : 'regular')
      .fontSize(o.size ?? 9)
      .fillColor(o.color ?? INK);
    pdf.text(value, x, y, { width: o.width ?? CONTENT_WIDTH, align: o.align ?? 'left', lineGap: 1 });
    return pdf.y;
  };

  newPage();
  let y = PAGE.margin;

  // ---- title row ----
  text(doc.marketplace, left, y, { bold: true, size: 11, color: BRAND });
  text(taxed ? 'TAX INVOICE' : 'INVOICE', left, y, { bold: true, size: 14, align: 'right' });
  y += 18;
  text(taxed ? 'Original for recipient' : 'Seller not registered under GST: no GST charged', left, y, { size: 7.5, color: MUTED, align: 'right' });
  y += 14;
  pdf.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(BRAND).stroke();
  y += 10;

  // ---- seller (left) and invoice facts (right) ----
  const half = CONTENT_WIDTH / 2 - 8;
  const factsX = left + CONTENT_WIDTH / 2 + 8;
  let ly = text(doc.seller.brandName, left, y, { bold: true, size: 12, width: half });
  ly = text(`Sold by: ${doc.seller.sellerName}`, left, ly + 1, { width: half });
  for (const line of doc.seller.addressLines) ly = text(line, left, ly, { width: half, color: MUTED });
  if (doc.seller.gstin) ly = text(`GSTIN: ${doc.seller.gstin}`, left, ly + 2, { width: half, bold: true });

  const facts: [string, string][] = [
    ['Invoice number', doc.invoiceNumber],
    ['Invoice date', doc.invoiceDate],
    ['Order number', doc.orderNumber],
    ['Order date', doc.orderDate],
    ['Place of supply', doc.placeOfSupply],
    ['Payment', doc.paymentMode],
  ];
  if (taxed) facts.push(['Reverse charge', 'No']);
  let ry = y;
  for (const [label, value] of facts) {
    text(label, factsX, ry, { width: 80, color: MUTED });
    ry = Math.max(text(value, factsX + 82, ry, { width: half - 82, bold: true }), ry + 12);
  }
  y = Math.max(ly, ry) + 12;

  // ---- bill to / ship to ----
  const partyBox = (party: InvoiceParty, heading: string, x: number, top: number) => {
    let py = text(heading.toUpperCase(), x + 8, top + 6, { size: 7.5, bold: true, color: MUTED, width: half - 16 });
    py = text(party.name, x + 8, py + 1, { bold: true, width: half - 16 });
    for (const line of party.lines) py = text(line, x + 8, py, { width: half - 16 });
    return py + 6;
  };
  const billBottom = partyBox(doc.billTo, 'Bill to', left, y);
  const shipBottom = partyBox(doc.shipTo, 'Ship to', factsX - 8, y);
  const boxBottom = Math.max(billBottom, shipBottom);
  pdf.lineWidth(0.5).strokeColor(RULE);
  pdf.rect(left, y, half + 8, boxBottom - y).stroke();
  pdf.rect(factsX - 8, y, half + 8, boxBottom - y).stroke();
  y = boxBottom + 14;

  // ---- lines ----
  const cols = columns(doc.supply, taxed);
  const header = () => {
    pdf.rect(left, y, CONTENT_WIDTH, 18).fill(SHADE);
    let x = left;
    for (const c of cols) {
      text(c.title, x + 3, y + 5, { width: c.width - 6, align: c.align, bold: true, size: 7.5 });
      x += c.width;
    }
    y += 18;
  };
  header();
  doc.lines.forEach((line, i) => {
    const cells: Record<string, string> = {
      n: String(i + 1),
      desc: line.description,
      hsn: line.hsn || '—',
      qty: String(line.quantity),
      unit: formatINRPaise(line.unitPrice),
      taxable: formatINRPaise(line.split.taxable),
      rate: percent(line.split.rate),
      cgst: formatINRPaise(line.split.cgst),
      sgst: formatINRPaise(line.split.sgst),
      igst: formatINRPaise(line.split.igst),
      total: formatINRPaise(line.split.gross),
    };
    const descCol = cols.find((c) => c.key === 'desc')!;
    pdf.font('regular').fontSize(8.5);
    const descHeight = pdf.heightOfString(line.description, { width: descCol.width - 6, lineGap: 1 });
    pdf.fontSize(7.5);
    const detailHeight = line.detail ? pdf.heightOfString(line.detail, { width: descCol.width - 6 }) : 0;
    const rowHeight = Math.max(descHeight + detailHeight, 10) + 10;
    if (y + rowHeight > FOOTER_TOP - 20) {
      newPage();
      y = PAGE.margin;
      text(`${doc.invoiceNumber} (continued)`, left, y, { bold: true });
      y += 18;
      header();
    }
    let x = left;
    for (const c of cols) {
      if (c.key === 'desc') {
        const after = text(line.description, x + 3, y + 5, { width: c.width - 6, size: 8.5 });
        if (line.detail) text(line.detail, x + 3, after, { width: c.width - 6, size: 7.5, color: MUTED });
      } else {
        text(cells[c.key] ?? '', x + 3, y + 5, { width: c.width - 6, align: c.align, size: 8.5 });
      }
      x += c.width;
    }
    y += rowHeight;
    pdf.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  });

  // ---- totals, tax summary, amount in words ----
  const summaryRows = 2 + (taxed ? doc.taxSummary.length + 1 : 0);
  const needed = 40 + summaryRows * 13 + 60;
  if (y + needed > FOOTER_TOP - 10) {
    newPage();
    y = PAGE.margin;
  }
  y += 10;
  const labelX = left + CONTENT_WIDTH - 250;
  const totalRow = (label: string, value: string, bold = false) => {
    text(label, labelX, y, { width: 160, align: 'right', bold, color: bold ? INK : MUTED });
    text(value, labelX + 160, y, { width: 90, align: 'right', bold });
    y += bold ? 16 : 13;
  };
  const summaryTop = y;
  if (taxed) {
    totalRow('Taxable value', formatINRPaise(doc.totals.taxable));
    if (doc.supply === 'intra') {
      totalRow('CGST', formatINRPaise(doc.totals.cgst));
      totalRow('SGST', formatINRPaise(doc.totals.sgst));
    } else totalRow('IGST', formatINRPaise(doc.totals.igst));
  }
  pdf.moveTo(labelX + 60, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  y += 5;
  totalRow(taxed ? 'Total (inclusive of GST)' : 'Total', formatINRPaise(doc.totals.gross), true);
  const totalsBottom = y;

  // tax per rate, on the left beside the totals
  if (taxed && doc.taxSummary.length) {
    let sy = summaryTop;
    const w = labelX - left - 20;
    const sc = doc.supply === 'intra' ? [0.22, 0.26, 0.26, 0.26] : [0.3, 0.35, 0.35];
    const head = doc.supply === 'intra' ? ['Rate', 'Taxable', 'CGST', 'SGST'] : ['Rate', 'Taxable', 'IGST'];
    let x = left;
    head.forEach((h, i) => {
      text(h, x, sy, { width: w * sc[i]! - 4, align: i ? 'right' : 'left', bold: true, size: 7.5, color: MUTED });
      x += w * sc[i]!;
    });
    sy += 12;
    for (const t of doc.taxSummary) {
      const cells =
        doc.supply === 'intra'
          ? [`${percent(t.rate / 2)} + ${percent(t.rate / 2)}`, formatINRPaise(t.taxable), formatINRPaise(t.cgst), formatINRPaise(t.sgst)]
          : [percent(t.rate), formatINRPaise(t.taxable), formatINRPaise(t.igst)];
      x = left;
      cells.forEach((v, i) => {
        text(v, x, sy, { width: w * sc[i]! - 4, align: i ? 'right' : 'left', size: 8 });
        x += w * sc[i]!;
      });
      sy += 12;
    }
    y = Math.max(totalsBottom, sy);
  }
  y += 8;
  y = text('Amount in words', left, y, { size: 7.5, bold: true, color: MUTED });
  y = text(doc.amountInWords, left, y + 1, { bold: true });
  y += 6;
  const notes = [
    taxed ? 'Prices are inclusive of GST. Tax is worked out from the price paid at the rate of the goods.' : 'The seller is not registered under GST, so no GST is charged on this supply.',
    `Sold by ${doc.seller.brandName} through the ${doc.marketplace} marketplace.`,
  ];
  for (const n of notes) y = text(n, left, y, { size: 7.5, color: MUTED });
}
