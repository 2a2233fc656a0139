/**
 * Contact sheets of the demo's pictures, to look at after changing the painter, with render times per kind:
 *   npx tsx apps/server/src/lib/art/contact-sheet.ts [out-dir=/tmp/art-sheet] [seed=1]
 * Writes one PNG per kind (every motif, palettes spread over the 16) into out-dir.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { paintArt } from './paint.ts';
import { svgToWebp } from './render.ts';
import { ART_KINDS, ART_MOTIFS, ART_PALETTES, type ArtKind } from './url.ts';

const LABELS: Partial<Record<ArtKind, string>> = {
  state: 'Andaman & Nicobar Islands',
  banner: 'Handloom Silk Sarees',
  'banner-mobile': 'Wedding Edit',
  'vendor-banner': 'Banaras Weaves',
  avatar: 'Kutch Crafts',
  card: 'Kurtas & Suits',
  style: 'Bandhani',
};

async function sheet(kind: ArtKind, seed: number, outDir: string): Promise<string> {
  const { width, height } = ART_KINDS[kind];
  const cell = width > 900 ? 520 : 260;
  const cellH = Math.round((cell * height) / width);
  const cols = width > 900 ? 3 : 7;
  const times: number[] = [];
  const tiles = [];
  for (const [i, motif] of ART_MOTIFS.entries()) {
    const label = LABELS[kind];
    const spec = { kind, motif, palette: (i * 5 + seed) % ART_PALETTES, seed: seed * 100 + i, ...(label ? { label } : {}) };
    const started = performance.now();
    const webp = await svgToWebp(paintArt(spec));
    times.push(performance.now() - started);
    tiles.push(await sharp(webp).resize(cell, cellH).png().toBuffer());
  }
  const rows = Math.ceil(tiles.length / cols);
  const file = path.join(outDir, `${kind}-${seed}.png`);
  await sharp({ create: { width: cols * (cell + 6) + 6, height: rows * (cellH + 6) + 6, channels: 3, background: '#ffffff' } })
    .composite(tiles.map((input, i) => ({ input, left: 6 + (i % cols) * (cell + 6), top: 6 + Math.floor(i / cols) * (cellH + 6) })))
    .png()
    .toFile(file);
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return `${kind.padEnd(14)} ${`${width}×${height}`.padEnd(9)} render+webp mean ${mean.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms → ${file}`;
}

const outDir = path.resolve(process.argv[2] ?? '/tmp/art-sheet');
const seed = Number(process.argv[3] ?? 1);
mkdirSync(outDir, { recursive: true });
for (const kind of Object.keys(ART_KINDS) as ArtKind[]) console.log(await sheet(kind, seed, outDir));
