/** Formatters shared by the web app, invoices and e-mails. Pure, no zod, safe to import anywhere. */

/**
 * An Intl formatter built on first use and kept. Building one costs far more than using one, and the very first one
 * a page builds costs a phone tens of milliseconds of ICU set-up (30–45 ms on a desktop CPU, four times that on
 * Lighthouse's phone), so nothing is built while this module loads, and prices do without (groupIndian).
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/**
 * A whole number's digits with Indian grouping (12,34,567) and a leading '-' when negative, exactly as Intl's en-IN
 * writes it (format.test.ts compares them), without Intl. Other numbers (fractions, beyond 2^53) go through Intl.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-IN');
  return `${n < 0 || Object.is(n, -0) ? '-' : ''}${groupIndian(Math.abs(n))}`;
}

function groupIndian(whole: number): string {
  const digits = String(whole);
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${last3}` : last3;
}

const inr = once(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0, minimumFractionDigits: 0 }));

/** ₹1,00,000 — whole rupees, Indian digit grouping. */
export function formatINR(rupees: number): string {
  const r = Math.round(rupees);
  if (!Number.isSafeInteger(r)) return inr().format(r);
  return `${r < 0 || Object.is(r, -0) ? '-' : ''}₹${groupIndian(Math.abs(r))}`;
}

const inrPaise = once(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** ₹1,339.29 — an amount in whole paise with two decimals (invoices, where tax splits leave paise). */
export function formatINRPaise(paise: number): string {
  return inrPaise().format(Math.round(paise) / 100);
}

/** The spec's order number: the orderInitial prefix, then the number zero-padded to 4. */
export function formatOrderNumber(orderInitial: string, orderId: number): string {
  return `${orderInitial}${String(orderId).padStart(4, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// made once (a page of reviews formats many dates), on first use, and only for dates before India's fixed offset
const istDate = once(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: '2-digit' }));

/** India has kept UTC+5:30, with no summer time, since 15 October 1945 (the time zone database's Asia/Kolkata). */
const IST_OFFSET_MS = 330 * 60_000;
const IST_FIXED_SINCE = Date.UTC(1945, 9, 15);
const two = (n: number) => String(n).padStart(2, '0');

/**
 * 'dd MMM yy' in India time, whatever the viewer's time zone. Since 1945 by the fixed offset, not Intl: the first
 * Intl formatter a page builds is tens of ms of a phone's CPU (see once), paid by a product page's reviews.
 * format.test.ts checks both ways agree.
 */
export function formatDate(value: string | number | Date): string {
  const d = new Date(value);
  if (d.getTime() >= IST_FIXED_SINCE) {
    const ist = new Date(d.getTime() + IST_OFFSET_MS);
    return `${two(ist.getUTCDate())} ${MONTHS[ist.getUTCMonth()]} ${two(ist.getUTCFullYear() % 100)}`;
  }
  const parts = istDate().formatToParts(d);
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
