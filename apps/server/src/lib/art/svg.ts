/** Small helpers for writing SVG text by hand: seeded randomness, number formatting, escaping. */

export type Rng = () => number;

/** mulberry32: a tiny, fast, well-mixed 32-bit PRNG. Same seed, same sequence, on every machine. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, for mixing the parts of a picture's address into one seed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [min, max). */
export const between = (rnd: Rng, min: number, max: number) => min + rnd() * (max - min);
/** One of the items. */
export const pick = <T>(rnd: Rng, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

/** Numbers in SVG text, rounded to 2 decimals (keeps the document small and stable). */
export const n = (x: number) => String(Math.round(x * 100) / 100);

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * Draws an element at (x, y) and again at every copy shifted by a tile width or height that still reaches into
 * the tile, so a repeating pattern has no seams. `reach` is how far the element extends from its point.
 */
export function wrapped(w: number, h: number, x: number, y: number, reach: number, draw: (x: number, y: number) => string): string {
  let out = '';
  for (const dx of [-w, 0, w]) {
    for (const dy of [-h, 0, h]) {
      const cx = x + dx;
      const cy = y + dy;
      if (cx + reach < 0 || cx - reach > w || cy + reach < 0 || cy - reach > h) continue;
      out += draw(cx, cy);
    }
  }
  return out;
}

/** A closed polygon path through the points. */
export const polygon = (points: readonly (readonly [number, number])[]) => `M${points.map(([x, y]) => `${n(x)},${n(y)}`).join('L')}Z`;

/** Points on a circle, starting at the top, going clockwise. */
export function ring(cx: number, cy: number, r: number, count: number, offsetDeg = 0): [number, number][] {
  return Array.from({ length: count }, (_, i) => {
    const a = ((i * 360) / count + offsetDeg - 90) * (Math.PI / 180);
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
}
