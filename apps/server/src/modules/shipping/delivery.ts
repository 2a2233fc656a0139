/**
 * Delivery estimate rules (ADR docs/decisions/005-delivery-estimate-from-pincode-distance.md).
 *
 * Distance is the great-circle distance between the vendor's pickup PIN and the customer's PIN (each PIN's
 * own centre, else its district's centre). For an order from several vendors the farthest vendor counts.
 *
 * | great-circle distance | days |
 * | --- | --- |
 * | up to 50 km (same city)  | 2 |
 * | up to 300 km             | 3 |
 * | up to 800 km             | 4 |
 * | up to 1,500 km           | 5 |
 * | up to 2,500 km           | 6 |
 * | beyond 2,500 km          | 7 |
 *
 * Plus 1 day when either end lies in a remote region served by few flights and long road links: Andaman &
 * Nicobar Islands, Lakshadweep, Ladakh and the North-East hill states (Arunachal Pradesh, Manipur, Meghalaya,
 * Mizoram, Nagaland, Sikkim, Tripura). Days are working days: counted from today in India time, Sundays skipped.
 */
export const DISTANCE_BANDS: readonly { maxKm: number; days: number }[] = [
  { maxKm: 50, days: 2 },
  { maxKm: 300, days: 3 },
  { maxKm: 800, days: 4 },
  { maxKm: 1500, days: 5 },
  { maxKm: 2500, days: 6 },
  { maxKm: Infinity, days: 7 },
];

/** State names as the PIN directory writes them. */
export const REMOTE_STATES: ReadonlySet<string> = new Set([
  'Andaman & Nicobar Islands',
  'Lakshadweep',
  'Ladakh',
  'Arunachal Pradesh',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
]);

/** Working days for a parcel travelling `distanceKm`, touching the given states (both ends). */
export function deliveryDaysFor(distanceKm: number, states: readonly string[]): number {
  const band = DISTANCE_BANDS.find((b) => distanceKm <= b.maxKm)!;
  return band.days + (states.some((s) => REMOTE_STATES.has(s)) ? 1 : 0);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const indiaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day `now` falls on in India, as a UTC-midnight Date (so day arithmetic ignores time zones). */
export function indiaToday(now: Date): Date {
  // en-CA formats as YYYY-MM-DD.
  return new Date(`${indiaDate.format(now)}T00:00:00Z`);
}

/** The day `workingDays` working days after `now`'s India date; Sundays are not working days. */
export function addWorkingDays(now: Date, workingDays: number): Date {
  const day = indiaToday(now);
  let left = workingDays;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0) left--;
  }
  return day;
}

export interface DeliveryEstimate {
  deliveryDays: number;
  /** ISO date, YYYY-MM-DD (India calendar). */
  deliveryDate: string;
  /** 'Delivery by Tue, 25 Nov'. */
  deliveryText: string;
  distanceKm: number;
}

/** The whole estimate for a distance and the states at both ends, as of `now`. */
export function estimateDelivery(distanceKm: number, states: readonly string[], now: Date): DeliveryEstimate {
  const deliveryDays = deliveryDaysFor(distanceKm, states);
  const date = addWorkingDays(now, deliveryDays);
  return {
    deliveryDays,
    deliveryDate: date.toISOString().slice(0, 10),
    deliveryText: `Delivery by ${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`,
    distanceKm: Math.round(distanceKm),
  };
}
