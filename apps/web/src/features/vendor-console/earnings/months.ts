/** Months as the earnings screens use them: YYYY-MM strings, in India time like the server's statements. */

const indiaYearMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' });

/** The month it is now in India (YYYY-MM). */
export function currentIndiaMonth(now: Date = new Date()): string {
  const parts = indiaYearMonth.formatToParts(now);
  const y = parts.find((p) => p.type === 'year')!.value;
  const m = parts.find((p) => p.type === 'month')!.value;
  return `${y}-${m}`;
}

export const isMonth = (v: string | null | undefined): v is string => !!v && /^(20[2-9]\d|2100)-(0[1-9]|1[0-2])$/.test(v);

/** The month `delta` months from `month`. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + delta;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

const longMonth = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat('en-IN', { month: 'short', timeZone: 'UTC' });

/** "November 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return longMonth.format(new Date(Date.UTC(y, m - 1, 1)));
}

/** "Nov". */
export function shortMonthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return shortMonth.format(new Date(Date.UTC(y, m - 1, 1)));
}
