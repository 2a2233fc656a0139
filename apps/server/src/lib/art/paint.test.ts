import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { paintArt } from './paint.ts';
import { contrast, PALETTES } from './palettes.ts';
import { ART_KINDS, ART_MOTIFS, type ArtKind } from './url.ts';

const KINDS = Object.keys(ART_KINDS) as ArtKind[];

/** Rasterises at a quarter of the size: enough to prove the SVG is valid and not a flat box. */
async function rasterStats(svg: string) {
  const img = sharp(Buffer.from(svg), { density: 18 });
  const stats = await img.stats();
  return { spread: Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev)), meta: await sharp(Buffer.from(svg)).metadata() };
}

describe('paintArt', () => {
  it('draws the same SVG for the same spec', () => {
    const spec = { kind: 'product', motif: 'paisley', palette: 4, seed: 321 } as const;
    expect(paintArt(spec) === paintArt({ ...spec })).toBe(true);
  });

  it('draws different pictures for different seeds, palettes and motifs', () => {
    const a = paintArt({ kind: 'product', motif: 'bandhani', palette: 0, seed: 1 });
    expect(paintArt({ kind: 'product', motif: 'bandhani', palette: 0, seed: 2 }) === a).toBe(false);
    expect(paintArt({ kind: 'product', motif: 'bandhani', palette: 1, seed: 1 }) === a).toBe(false);
    expect(paintArt({ kind: 'product', motif: 'ikat', palette: 0, seed: 1 }) === a).toBe(false);
  });

  it('sizes every kind as ART_KINDS says', async () => {
    for (const kind of KINDS) {
      const { meta } = await rasterStats(paintArt({ kind, motif: 'mandala', palette: 2, seed: 9, label: 'Test' }));
      expect([meta.width, meta.height]).toEqual([ART_KINDS[kind].width, ART_KINDS[kind].height]);
    }
  });

  it('renders every motif in several palettes as a valid, patterned picture', async () => {
    for (const [i, motif] of ART_MOTIFS.entries()) {
      for (const palette of [i % 16, (i + 5) % 16, (i + 11) % 16]) {
        for (const kind of ['product', 'category'] as const) {
          const { spread } = await rasterStats(paintArt({ kind, motif, palette, seed: i * 31 + palette }));
          // A flat grey box has no spread; every picture has a visible pattern.
          expect(spread, `${kind} ${motif} ${palette}`).toBeGreaterThan(12);
        }
      }
    }
  });

  it('renders every kind with and without a label', async () => {
    for (const kind of KINDS) {
      for (const label of [undefined, 'Dadra & Nagar Haveli & Daman & Diu', "Tailor's <Choice>"]) {
        const { spread } = await rasterStats(paintArt({ kind, motif: 'jaali', palette: 7, seed: 3, ...(label ? { label } : {}) }));
        expect(spread).toBeGreaterThan(12);
      }
    }
  });

  it('escapes the caption so any label keeps the SVG valid', () => {
    const svg = paintArt({ kind: 'banner', motif: 'ikat', palette: 1, seed: 1, label: "A & B's <sale>" });
    expect(svg.includes('A &amp; B&apos;s') && svg.includes('&lt;sale&gt;')).toBe(true);
    expect(svg.includes('<sale>')).toBe(false);
  });

  it('writes the size chart as a real table, XS to XXXL', () => {
    const svg = paintArt({ kind: 'size-chart', motif: 'checks', palette: 3, seed: 1 });
    for (const text of ['Size Chart', 'Bust / Chest', 'Waist', 'Length', '>XS<', '>M<', '>XXXL<', '>44<']) expect(svg.includes(text), text).toBe(true);
  });

  it('draws the initials of the label on an avatar', () => {
    expect(paintArt({ kind: 'avatar', motif: 'mandala', palette: 1, seed: 1, label: 'Kutch Crafts' }).includes('>KC</text>')).toBe(true);
    expect(paintArt({ kind: 'avatar', motif: 'mandala', palette: 1, seed: 1, label: 'AB' }).includes('>AB</text>')).toBe(true);
    expect(paintArt({ kind: 'avatar', motif: 'mandala', palette: 1, seed: 1, label: 'meera' }).includes('>M</text>')).toBe(true);
  });
});

describe('palettes', () => {
  it('has 16, each with ink that reads on its pale tint', () => {
    expect(PALETTES).toHaveLength(16);
    for (const p of PALETTES) expect(contrast(p.ink, p.light), p.name).toBeGreaterThanOrEqual(7);
  });
});
