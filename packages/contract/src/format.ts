/** Formatters shared by the web app, invoices and e-mails. Pure, no zod, safe to import anywhere. */

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** ₹1,00,000 — whole rupees, Indian digit grouping. */
export function formatINR(rupees: number): string {
  return inr.format(Math.round(rupees));
}

const inrPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,339.29 — an amount in whole paise with two decimals (invoices, where tax splits leave paise). */
export function formatINRPaise(paise: number): string {
  return inrPaise.format(Math.round(paise) / 100);
}

/** The spec's order number: the orderInitial prefix, then the number zero-padded to 4. */
export function formatOrderNumber(orderInitial: string, orderId: number): string {
  return `${orderInitial}${String(orderId).padStart(4, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// made once: building an Intl formatter costs far more than using one (a page of reviews formats many dates)
const istDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: '2-digit' });

/** 'dd MMM yy' in India time, whatever the viewer's time zone. */
export function formatDate(value: string | number | Date): string {
  const d = new Date(value);
  const parts = istDate.formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('day')} ${MONTHS[Number(get('month')) - 1]} ${get('year')}`;
}

/** Cuts a name to `max` characters and adds an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Percentage saved, rounded down, from a list price and an offered price. */
export function discountPercent(price: number, offeredPrice: number): number {
  if (price <= 0 || offeredPrice >= price) return 0;
  return Math.floor(((price - offeredPrice) * 100) / price);
}

/** Slug rule of the spec: lowercase, special characters stripped, spaces and underscores to hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Districts that are the same place as their state under another spelling. */
const SAME_PLACE: Record<string, string> = { pondicherry: 'puducherry', 'new delhi': 'delhi' };
/** Districts named only by a direction ("North" in Delhi, "East District" in Sikkim) read with the state's name. */
const DIRECTIONS = new Set(['north', 'south', 'east', 'west', 'central', 'north east', 'north west', 'south east', 'south west']);

/**
 * Where a vendor is, as a person says it: "Jaipur, Rajasthan", but the state alone where the district is the
 * state (Chandigarh, Lakshadweep District) or part of its name (Dadra & Nagar Haveli), and "North Delhi" for a
 * district named by a direction. Either part may be empty.
 */
export function placeName(district: string, state: string): string {
  const d = district.trim().replace(/\s+district$/i, '');
  const s = state.trim();
  if (!d || !s) return d || s;
  const key = (text: string) => text.toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ');
  const dk = key(d);
  const sk = key(s);
  if (dk === sk || SAME_PLACE[dk] === sk) return s;
  if (DIRECTIONS.has(dk)) return `${d} ${s}`;
  if (sk.startsWith(`${dk} `)) return s;
  return `${d}, ${s}`;
}
