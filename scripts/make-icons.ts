// The installed app's icons (the web app manifest's and the home-screen icon of iPhones), drawn from the brand mark
// with sharp: `npx tsx scripts/make-icons.ts`. The PNGs are committed under apps/web/public/icons (ADR 052), so run
// this again only when the mark changes and commit what it writes.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const BRAND = '#7a1f3d';
const GOLD = '#f2b33d';
const CREAM = '#fdfaf5';

/** The mark's four petals and centre on a 32-unit square, as apps/web/src/app/Wordmark.tsx draws it. */
const FLOWER = `<g fill="${GOLD}"><path d="M16 5c3 3.2 3 6.8 0 10-3-3.2-3-6.8 0-10zM16 27c-3-3.2-3-6.8 0-10 3 3.2 3 6.8 0 10zM5 16c3.2-3 6.8-3 10 0-3.2 3-6.8 3-10 0zM27 16c-3.2 3-6.8 3-10 0 3.2-3 6.8-3 10 0z"/></g><circle cx="16" cy="16" r="2.2" fill="${CREAM}"/>`;

/**
 * `rounded`: the mark as the header shows it, a rounded square with transparent corners (an "any" icon: shown as
 * drawn). `full`: the square filled to the edges, for a platform that cuts its own shape (a maskable icon, an
 * iPhone's home screen, which paints transparent corners black). There the flower is drawn smaller, so that a
 * circle cut from the middle (the maskable safe zone: 80% of the width) leaves room around the petals.
 */
export function markSvg(shape: 'rounded' | 'full'): string {
  const background = shape === 'rounded' ? `<rect width="32" height="32" rx="9" fill="${BRAND}"/>` : `<rect width="32" height="32" fill="${BRAND}"/>`;
  const flower = shape === 'rounded' ? FLOWER : `<g transform="translate(16 16) scale(0.8) translate(-16 -16)">${FLOWER}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}${flower}</svg>`;
}

/** Every icon file: its name under icons/, its width and height in pixels, and which drawing. */
export const ICONS = [
  { file: 'icon-192.png', size: 192, shape: 'rounded' },
  { file: 'icon-512.png', size: 512, shape: 'rounded' },
  { file: 'icon-maskable-512.png', size: 512, shape: 'full' },
  { file: 'apple-touch-icon.png', size: 180, shape: 'full' },
] as const;

export async function makeIcons(outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  for (const icon of ICONS) {
    // drawn at the icon's own size (not scaled from one big picture), so small icons keep sharp edges
    let image = sharp(Buffer.from(markSvg(icon.shape)), { density: (72 * icon.size) / 32 }).resize(icon.size, icon.size);
    // A full-bleed icon has nothing to see through: no alpha channel, a smaller file.
    if (icon.shape === 'full') image = image.flatten({ background: BRAND });
    await image.png({ compressionLevel: 9, adaptiveFiltering: true }).toFile(path.join(outDir, icon.file));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = path.resolve(import.meta.dirname, '../apps/web/public/icons');
  await makeIcons(outDir);
  console.log(`icons written to ${path.relative(process.cwd(), outDir)}: ${ICONS.map((i) => i.file).join(', ')}`);
}
