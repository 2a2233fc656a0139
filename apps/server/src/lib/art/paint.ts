import { MOTIF_PAINTERS, type Tile } from './motifs.ts';
import { contrast, luminance, mix, palette as paletteAt, type Palette } from './palettes.ts';
import { between, escapeXml, hashString, n, pick, seededRng, type Rng } from './svg.ts';
import { ART_KINDS, type ArtKind, type ArtSpec } from './url.ts';

/**
 * Paints the demo's pictures as SVG: a textile or craft pattern (the motif) in one of 16 Indian palettes,
 * composed for what the picture is for (the kind). Everything varies with the seed through one seeded PRNG,
 * so the same spec always gives the same SVG, and different seeds give visibly different pictures
 * (repeat size, turn, colour roles, layout).
 */

/** Bump when the drawings change, so cached renders are redrawn. */
export const PAINT_VERSION = 1;

const SERIF = "'DejaVu Serif', 'Liberation Serif', 'Noto Serif', Georgia, serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', 'Noto Sans', Arial, sans-serif";

/** Base repeat size per kind, in pixels; the seed scales it by 0.75–1.35. */
const REPEAT: Record<ArtKind, number> = {
  product: 120,
  category: 130,
  style: 130,
  state: 140,
  banner: 170,
  'banner-mobile': 140,
  'vendor-banner': 150,
  avatar: 70,
  card: 110,
  deal: 130,
  'size-chart': 90,
};

interface Scene {
  spec: ArtSpec;
  p: Palette;
  rnd: Rng;
  w: number;
  h: number;
  defs: string[];
  /** The colour of the fabric's border band, fixed on first use. */
  border?: string;
}

export function paintArt(spec: ArtSpec): string {
  const { width: w, height: h } = ART_KINDS[spec.kind];
  const rnd = seededRng(hashString(`${spec.motif}|${spec.palette}|${spec.seed}`));
  const base = paletteAt(spec.palette);
  // Some seeds trade the two accents, so one palette gives more than one colourway.
  const p = rnd() < 0.35 ? { ...base, accent: base.accent2, accent2: base.accent } : base;
  const scene: Scene = { spec, p, rnd, w, h, defs: [] };
  const body = COMPOSERS[spec.kind](scene);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${scene.defs.join('')}</defs>${body}</svg>`
  );
}

/** Adds the motif as a fill pattern and returns its `url(#…)`. */
function fabric(s: Scene, id: string, scale = 1): string {
  const u = REPEAT[s.spec.kind] * scale * between(s.rnd, 0.75, 1.35);
  const tile: Tile = MOTIF_PAINTERS[s.spec.motif]({ p: s.p, rnd: s.rnd, u, id });
  if (tile.defs) s.defs.push(tile.defs);
  const offset = `translate(${n(s.rnd() * tile.w)},${n(s.rnd() * tile.h)})`;
  s.defs.push(
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${n(tile.w)}" height="${n(tile.h)}" patternTransform="rotate(${tile.rotate}) ${offset}">${tile.svg}</pattern>`,
  );
  return `url(#${id})`;
}

/**
 * A soft shadow of a shape without a blur filter (a Gaussian blur costs more than the rest of the picture):
 * the shape itself, faint, ringed by widening faint strokes so the edge fades out over `spread` pixels.
 */
function softShadow(d: string, dx: number, dy: number, spread: number, opacity: number): string {
  let out = `<g transform="translate(${n(dx)},${n(dy)})"><path d="${d}" fill="#000" fill-opacity="${n(opacity * 0.5)}"/>`;
  const steps = 8;
  for (let k = 1; k <= steps; k++) {
    out += `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${n(opacity / (steps + 2))}" stroke-width="${n((spread * 2 * k) / steps)}" stroke-linejoin="round"/>`;
  }
  return `${out}</g>`;
}

// ---------- text ----------

/** Roughly how wide a string is in ems for the bold serif face (DejaVu Serif Bold is wide; err generous). */
function textEms(text: string): number {
  let ems = 0;
  for (const ch of text) ems += ch === ' ' ? 0.32 : /[A-Z&MW]/.test(ch) ? 0.74 : /[il.,'’-]/.test(ch) ? 0.36 : 0.62;
  return ems;
}

/** Splits a caption into at most `maxLines` lines and picks the largest font size that fits `maxWidth`. */
function fitText(text: string, maxWidth: number, maxSize: number, maxLines = 2): { lines: string[]; size: number } {
  const words = text.trim().split(/\s+/);
  let best = { lines: [text.trim()], size: Math.min(maxSize, maxWidth / Math.max(1, textEms(text.trim()))) };
  for (let count = 2; count <= Math.min(maxLines, words.length); count++) {
    // Balanced split: choose breaks that minimise the widest line.
    const lines = balance(words, count);
    const widest = Math.max(...lines.map(textEms));
    const size = Math.min(maxSize * (count === 1 ? 1 : 0.92), maxWidth / widest);
    if (size > best.size * 1.12) best = { lines, size };
  }
  return { lines: best.lines, size: Math.floor(best.size) };
}

function balance(words: string[], count: number): string[] {
  if (count === 1) return [words.join(' ')];
  let bestLines = [words.join(' ')];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const head = words.slice(0, i).join(' ');
    const rest = balance(words.slice(i), count - 1);
    const widest = Math.max(textEms(head), ...rest.map(textEms));
    if (widest < bestWidth) {
      bestWidth = widest;
      bestLines = [head, ...rest];
    }
  }
  return bestLines;
}

interface TextOptions {
  x: number;
  /** Vertical centre of the block. */
  cy: number;
  maxWidth: number;
  maxSize: number;
  fill: string;
  anchor?: 'start' | 'middle';
  maxLines?: number;
  font?: string;
  weight?: number;
  letterSpacing?: number;
  /** A faint shadow under light text on busy grounds. */
  shadow?: boolean;
}

function caption(text: string, o: TextOptions): { svg: string; height: number; size: number } {
  const { lines, size } = fitText(text, o.maxWidth, o.maxSize, o.maxLines ?? 2);
  const lineH = size * 1.15;
  const top = o.cy - (lines.length * lineH) / 2 + size * 0.8;
  const attrs = `font-family="${o.font ?? SERIF}" font-size="${size}" font-weight="${o.weight ?? 700}" text-anchor="${o.anchor ?? 'middle'}"${o.letterSpacing ? ` letter-spacing="${o.letterSpacing}"` : ''}`;
  const tspans = lines.map((line, i) => `<tspan x="${n(o.x)}" y="${n(top + i * lineH)}">${escapeXml(line)}</tspan>`).join('');
  const shadow = o.shadow ? `<text ${attrs} fill="#000" fill-opacity="0.35" transform="translate(0,${n(size * 0.05)})">${tspans}</text>` : '';
  return { svg: `${shadow}<text ${attrs} fill="${o.fill}">${tspans}</text>`, height: lines.length * lineH, size };
}

/** A short ornamental rule: line, diamond, line. */
function ornament(cx: number, y: number, width: number, colour: string): string {
  const d = width * 0.06;
  return (
    `<path d="M${n(cx - width / 2)},${n(y)}H${n(cx - d * 1.6)}M${n(cx + d * 1.6)},${n(y)}H${n(cx + width / 2)}" stroke="${colour}" stroke-width="${n(Math.max(1.2, width * 0.012))}"/>` +
    `<path d="M${n(cx)},${n(y - d)}L${n(cx + d)},${n(y)}L${n(cx)},${n(y + d)}L${n(cx - d)},${n(y)}Z" fill="${colour}"/>`
  );
}

/** Dark text on pale grounds, pale text on dark ones. */
function textOn(ground: string, p: Palette): string {
  return contrast(ground, p.ink) >= contrast(ground, '#fffaf0') ? p.ink : '#fffaf0';
}

// ---------- compositions per kind ----------

/** A border band for the hem of a fabric: stripes of zari and a row of small triangles. */
function hemBand(s: Scene, x0: number, x1: number, yAt: (x: number) => number, height: number): string {
  const { p } = s;
  // One border per picture: a folded stack shows the same fabric's border on every layer.
  s.border ??= s.rnd() < 0.5 ? p.deep : p.accent;
  const band = s.border;
  // Zari shows on the band; on a band of gold itself, the pattern is woven in the deep shade instead.
  const zari = contrast(band, p.gold) >= 2 ? p.gold : contrast(band, p.deep) >= 2 ? p.deep : p.light;
  const steps = 40;
  const top: [number, number][] = [];
  const bottom: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / steps;
    top.push([x, yAt(x) - height]);
    bottom.push([x, yAt(x)]);
  }
  const poly = (pts: [number, number][]) => pts.map(([x, y]) => `${n(x)},${n(y)}`).join('L');
  const line = (offset: number, width: number) =>
    `<path d="M${poly(top.map(([x, y]) => [x, y + offset] as [number, number]))}" fill="none" stroke="${zari}" stroke-width="${n(width)}"/>`;
  let teeth = '';
  const count = Math.round((x1 - x0) / (height * 0.6));
  for (let i = 0; i < count; i++) {
    const xa = x0 + ((x1 - x0) * i) / count;
    const xb = x0 + ((x1 - x0) * (i + 1)) / count;
    const xm = (xa + xb) / 2;
    const yb = yAt(xm) - height * 0.28;
    teeth += `M${n(xa)},${n(yb)}L${n(xm)},${n(yb - height * 0.38)}L${n(xb)},${n(yb)}Z`;
  }
  return (
    `<path d="M${poly(top)}L${poly(bottom.reverse())}Z" fill="${band}"/>` +
    line(height * 0.1, height * 0.06) +
    `<path d="${teeth}" fill="${zari}" fill-opacity="0.9"/>` +
    line(height * 0.78, height * 0.05)
  );
}

/** Vertical light and shade bands: the folds of hanging cloth. */
function foldShading(s: Scene, id: string, folds: number): string {
  const stops: string[] = [];
  for (let i = 0; i <= folds * 2; i++) {
    const t = i / (folds * 2);
    const dark = i % 2 === 1;
    const strength = dark ? between(s.rnd, 0.16, 0.3) : between(s.rnd, 0.0, 0.1);
    stops.push(`<stop offset="${n(t)}" stop-color="${dark ? '#000' : '#fff'}" stop-opacity="${n(strength)}"/>`);
  }
  s.defs.push(`<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">${stops.join('')}</linearGradient>`);
  return `url(#${id})`;
}

function studio(s: Scene): string {
  const { p, w, h } = s;
  s.defs.push(
    `<radialGradient id="bg" cx="0.5" cy="0.38" r="0.75"><stop offset="0" stop-color="${mix(p.backdrop, '#ffffff', 0.55)}"/><stop offset="1" stop-color="${p.backdrop}"/></radialGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.backdrop, '#000000', 0.06)}"/><stop offset="1" stop-color="${mix(p.backdrop, '#000000', 0.12)}"/></linearGradient>`,
  );
  const floorY = h * 0.86;
  return `<rect width="${w}" height="${h}" fill="url(#bg)"/><rect y="${n(floorY)}" width="${w}" height="${n(h - floorY)}" fill="url(#floor)"/>`;
}

/** A length of fabric hanging from a wooden rod, with folds and a bordered, wavy hem. */
function hangingDrape(s: Scene): string {
  const { w, h, rnd } = s;
  const cloth = fabric(s, 'cloth');
  const folds = pick(rnd, [4, 5, 6]);
  const x0 = w * 0.17;
  const x1 = w * 0.83;
  const top = h * 0.12;
  const hem = h * between(rnd, 0.8, 0.86);
  const amp = h * 0.012;
  const flare = w * 0.035;
  const hemY = (x: number) => hem + amp * Math.sin(((x - x0) / (x1 - x0)) * Math.PI * folds * 2);
  const leftX = (t: number) => x0 - flare * t * t;
  const rightX = (t: number) => x1 + flare * t * t;
  const pts: string[] = [];
  for (let i = 0; i <= 10; i++) pts.push(`${n(rightX(i / 10))},${n(top + (hemY(x1) - top) * (i / 10))}`);
  const hemPts: string[] = [];
  for (let i = 0; i <= 40; i++) {
    const x = rightX(1) - ((rightX(1) - leftX(1)) * i) / 40;
    hemPts.push(`${n(x)},${n(hemY(x))}`);
  }
  const leftPts: string[] = [];
  for (let i = 10; i >= 0; i--) leftPts.push(`${n(leftX(i / 10))},${n(top + (hemY(x0) - top) * (i / 10))}`);
  const shape = `M${n(x0)},${n(top)}L${pts.join('L')}L${hemPts.join('L')}L${leftPts.join('L')}Z`;
  s.defs.push(`<clipPath id="clothclip"><path d="${shape}"/></clipPath>`);
  const shade = foldShading(s, 'folds', folds);
  s.defs.push(
    `<linearGradient id="rod" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a0703f"/><stop offset="0.5" stop-color="#6e4523"/><stop offset="1" stop-color="#4a2c14"/></linearGradient>`,
    `<linearGradient id="topshade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.12" stop-color="#000" stop-opacity="0"/><stop offset="0.85" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>`,
  );
  const rodY = top - h * 0.012;
  return (
    studio(s) +
    softShadow(shape, w * 0.025, h * 0.02, 16, 0.2) +
    `<g clip-path="url(#clothclip)"><rect width="${w}" height="${h}" fill="${cloth}"/>` +
    hemBand(s, leftX(1) - 5, rightX(1) + 5, hemY, h * 0.07) +
    `<rect width="${w}" height="${h}" fill="${shade}"/><rect y="${n(top)}" width="${w}" height="${n(hem - top + amp)}" fill="url(#topshade)"/></g>` +
    `<rect x="${n(w * 0.09)}" y="${n(rodY - h * 0.012)}" width="${n(w * 0.82)}" height="${n(h * 0.024)}" rx="${n(h * 0.012)}" fill="url(#rod)"/>` +
    `<circle cx="${n(w * 0.09)}" cy="${n(rodY)}" r="${n(h * 0.02)}" fill="url(#rod)"/><circle cx="${n(w * 0.91)}" cy="${n(rodY)}" r="${n(h * 0.02)}" fill="url(#rod)"/>` +
    `<path d="M${n(w * 0.5)},${n(rodY - h * 0.012)}L${n(w * 0.5)},${n(h * 0.02)}" stroke="#6e4523" stroke-width="2"/>` +
    // The cloth's edge runs over the rod in small gathers.
    Array.from({ length: folds * 2 }, (_, i) => {
      const x = x0 + ((x1 - x0) * (i + 0.5)) / (folds * 2);
      return `<ellipse cx="${n(x)}" cy="${n(top + 2)}" rx="${n((x1 - x0) / (folds * 4.2))}" ry="${n(h * 0.008)}" fill="#000" fill-opacity="0.12"/>`;
    }).join('')
  );
}

/** Folded lengths of fabric stacked on a table, showing their bordered edges, as in a saree shop. */
function foldedStack(s: Scene): string {
  const { w, h, rnd } = s;
  const cloth = fabric(s, 'cloth', 0.8);
  const layers = pick(rnd, [2, 3, 3, 4]);
  const floorY = h * 0.86;
  const layerH = h * (layers >= 4 ? 0.15 : layers === 3 ? 0.19 : 0.25);
  let out = studio(s);
  s.defs.push(
    `<radialGradient id="floorshadow"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.7" stop-color="#000" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
  );
  out += `<ellipse cx="${n(w / 2)}" cy="${n(floorY - h * 0.005)}" rx="${n(w * 0.46)}" ry="${n(h * 0.045)}" fill="url(#floorshadow)"/>`;
  s.defs.push(
    `<linearGradient id="face" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>`,
  );
  for (let i = 0; i < layers; i++) {
    const bottom = floorY - i * layerH;
    const width = w * (0.8 - i * 0.025) + between(rnd, -8, 8);
    const x = (w - width) / 2 + between(rnd, -12, 12);
    const y = bottom - layerH;
    const r = layerH * 0.16;
    const ry = layerH / 2;
    // Front face: the folded edge, its two ends rounded where the cloth turns.
    const face = `M${n(x + r)},${n(y)}H${n(x + width - r)}A${n(r)},${n(ry)} 0 0 1 ${n(x + width - r)},${n(bottom)}H${n(x + r)}A${n(r)},${n(ry)} 0 0 1 ${n(x + r)},${n(y)}Z`;
    out += `<path d="${face}" fill="${cloth}"/>`;
    s.defs.push(`<clipPath id="face${i}"><path d="${face}"/></clipPath>`);
    out += `<g clip-path="url(#face${i})">${hemBand(s, x - 10, x + width + 10, () => bottom - layerH * 0.06, layerH * 0.3)}</g>`;
    out += `<path d="${face}" fill="url(#face)"/>`;
    out += `<path d="M${n(x + r)},${n(y + 1)}H${n(x + width - r)}" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>`;
  }
  return out;
}

function product(s: Scene): string {
  return s.rnd() < 0.62 ? hangingDrape(s) : foldedStack(s);
}

/** Pattern everywhere, with a plaque at the foot carrying the label. */
function tileWithLabel(s: Scene, opts: { plaque: 'foot' | 'centre' | 'arch' }): string {
  const { p, w, h, spec } = s;
  const cloth = fabric(s, 'cloth');
  let out = `<rect width="${w}" height="${h}" fill="${cloth}"/>`;
  s.defs.push(
    `<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>`,
  );
  out += `<rect width="${w}" height="${h}" fill="url(#vignette)"/>`;
  if (!spec.label) return out;
  const plaque = mix(p.light, '#ffffff', 0.35);
  const ink = textOn(plaque, p);
  if (opts.plaque === 'foot') {
    const bh = h * 0.26;
    // A dark wash under light text: the palette's deep shade, or its ink where that shade is pale (ivory).
    const wash = luminance(p.deep) > 0.12 ? p.ink : p.deep;
    s.defs.push(
      `<linearGradient id="foot" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wash}" stop-opacity="0"/><stop offset="0.35" stop-color="${wash}" stop-opacity="0.82"/><stop offset="1" stop-color="${mix(wash, '#000000', 0.35)}" stop-opacity="0.95"/></linearGradient>`,
    );
    out += `<rect y="${n(h - bh * 1.5)}" width="${w}" height="${n(bh * 1.5)}" fill="url(#foot)"/>`;
    out += caption(spec.label, { x: w / 2, cy: h - bh * 0.52, maxWidth: w * 0.86, maxSize: h * 0.1, fill: '#fffaf0', shadow: true }).svg;
    out += ornament(w / 2, h - bh * 0.98, w * 0.28, p.gold);
    return out;
  }
  if (opts.plaque === 'centre') {
    const r = Math.min(w, h) * 0.34;
    s.defs.push(
      `<radialGradient id="disc"><stop offset="0.8" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    );
    out += `<circle cx="${n(w / 2)}" cy="${n(h / 2 + 6)}" r="${n(r * 1.12)}" fill="url(#disc)"/>`;
    out += `<circle cx="${n(w / 2)}" cy="${n(h / 2)}" r="${n(r)}" fill="${plaque}"/>`;
    out += `<circle cx="${n(w / 2)}" cy="${n(h / 2)}" r="${n(r * 0.92)}" fill="none" stroke="${p.gold}" stroke-width="${n(r * 0.025)}"/>`;
    out += `<circle cx="${n(w / 2)}" cy="${n(h / 2)}" r="${n(r * 0.88)}" fill="none" stroke="${p.base}" stroke-width="${n(r * 0.01)}"/>`;
    out += caption(spec.label, { x: w / 2, cy: h / 2, maxWidth: r * 1.5, maxSize: r * 0.36, fill: ink }).svg;
    out += ornament(w / 2, h / 2 + r * 0.58, r * 0.7, p.gold) + ornament(w / 2, h / 2 - r * 0.58, r * 0.7, p.gold);
    return out;
  }
  // Arch: a Mughal arched window (the regions' cards).
  const aw = w * 0.56;
  const ah = h * 0.62;
  const ax = (w - aw) / 2;
  const ay = (h - ah) / 2 + h * 0.04;
  const arch = `M${n(ax)},${n(ay + ah)}V${n(ay + aw * 0.42)}C${n(ax)},${n(ay + aw * 0.1)} ${n(ax + aw * 0.3)},${n(ay + aw * 0.04)} ${n(w / 2)},${n(ay - aw * 0.12)}C${n(ax + aw * 0.7)},${n(ay + aw * 0.04)} ${n(ax + aw)},${n(ay + aw * 0.1)} ${n(ax + aw)},${n(ay + aw * 0.42)}V${n(ay + ah)}Z`;
  out += softShadow(arch, 0, 8, 10, 0.22);
  out += `<path d="${arch}" fill="${plaque}" stroke="${p.gold}" stroke-width="${n(w * 0.012)}"/>`;
  out += `<path d="${arch}" fill="none" stroke="${p.base}" stroke-width="${n(w * 0.004)}" transform="translate(${n(w / 2)},${n(ay + ah)}) scale(0.92) translate(${n(-w / 2)},${n(-(ay + ah))})"/>`;
  out += caption(spec.label, { x: w / 2, cy: ay + ah * 0.56, maxWidth: aw * 0.82, maxSize: h * 0.1, fill: ink }).svg;
  out += ornament(w / 2, ay + ah * 0.28, aw * 0.5, p.gold);
  return out;
}

/** Wide hero: a deep panel with the label on one side, the pattern on the other, a border at the foot. */
function banner(s: Scene): string {
  const { p, w, h, spec, rnd } = s;
  const cloth = fabric(s, 'cloth');
  const panelW = w * (w > h ? 0.5 : 1);
  const portrait = w <= h;
  const panel = pick(rnd, [p.deep, mix(p.deep, '#000000', 0.25), p.base]);
  const text = textOn(panel, p);
  s.defs.push(
    portrait
      ? `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.25" stop-color="${panel}" stop-opacity="0"/><stop offset="0.55" stop-color="${panel}" stop-opacity="0.92"/><stop offset="1" stop-color="${panel}"/></linearGradient>`
      : `<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${panel}"/><stop offset="0.46" stop-color="${panel}" stop-opacity="0.96"/><stop offset="0.66" stop-color="${panel}" stop-opacity="0"/></linearGradient>`,
  );
  let out = `<rect width="${w}" height="${h}" fill="${cloth}"/><rect width="${w}" height="${h}" fill="url(#fade)"/>`;
  out += hemBand(s, 0, w, () => h, h * (portrait ? 0.06 : 0.075));
  if (spec.label) {
    const x = portrait ? w / 2 : w * 0.07;
    const cy = portrait ? h * 0.7 : h * 0.47;
    const c = caption(spec.label, {
      x,
      cy,
      // Generous side margins: a square picture shown in a taller box is cropped at the sides.
      maxWidth: portrait ? w * 0.72 : panelW * 0.74,
      maxSize: h * (portrait ? 0.12 : 0.16),
      fill: text,
      anchor: portrait ? 'middle' : 'start',
    });
    out += c.svg;
    const ruleY = cy - c.height / 2 - c.size * 0.45;
    out += portrait
      ? ornament(w / 2, ruleY, w * 0.3, p.gold)
      : `<path d="M${n(x)},${n(ruleY)}H${n(x + w * 0.08)}" stroke="${p.gold}" stroke-width="${n(h * 0.008)}"/><circle cx="${n(x + w * 0.088)}" cy="${n(ruleY)}" r="${n(h * 0.008)}" fill="${p.gold}"/>`;
    // A call to action under the title, as shop banners have.
    const ph = h * (portrait ? 0.07 : 0.09);
    const pw = ph * 3.6;
    const px = portrait ? w / 2 - pw / 2 : x;
    const py = cy + c.height / 2 + c.size * 0.25;
    out += `<rect x="${n(px)}" y="${n(py)}" width="${n(pw)}" height="${n(ph)}" rx="${n(ph / 2)}" fill="none" stroke="${p.gold}" stroke-width="${n(Math.max(2, h * 0.004))}"/>`;
    out += `<text x="${n(px + pw / 2)}" y="${n(py + ph * 0.64)}" font-family="${SANS}" font-weight="700" font-size="${n(ph * 0.36)}" letter-spacing="${n(ph * 0.06)}" text-anchor="middle" fill="${text}">SHOP NOW</text>`;
  }
  return out;
}

/** The wide store header: pattern with a soft darkening, and the brand on a plaque when given. */
function vendorBanner(s: Scene): string {
  const { p, w, h, spec } = s;
  const cloth = fabric(s, 'cloth');
  s.defs.push(
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>`,
  );
  let out = `<rect width="${w}" height="${h}" fill="${cloth}"/><rect width="${w}" height="${h}" fill="url(#shade)"/>`;
  out += hemBand(s, 0, w, () => h, h * 0.08);
  if (spec.label) {
    const plaque = mix(p.light, '#ffffff', 0.4);
    const c = fitText(spec.label, w * 0.5, h * 0.16, 1);
    const pw = Math.min(w * 0.6, textEms(c.lines[0]!) * c.size + h * 0.3);
    const ph = c.size * 1.9;
    const px = (w - pw) / 2;
    const py = h * 0.45 - ph / 2;
    out += `<rect x="${n(px)}" y="${n(py)}" width="${n(pw)}" height="${n(ph)}" rx="${n(ph * 0.12)}" fill="${plaque}" fill-opacity="0.94" stroke="${p.gold}" stroke-width="${n(h * 0.008)}"/>`;
    out += caption(spec.label, { x: w / 2, cy: h * 0.45, maxWidth: w * 0.5, maxSize: h * 0.16, maxLines: 1, fill: textOn(plaque, p) }).svg;
  }
  return out;
}

/** A round medallion with the motif around a monogram (the label's initials). */
function avatar(s: Scene): string {
  const { p, w, h, spec } = s;
  const cloth = fabric(s, 'cloth');
  const r = w * 0.5;
  const inner = r * 0.58;
  const words = (spec.label ?? '').split(/[\s&-]+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  // A label that is already initials ("AB") is drawn as given; otherwise the first letters of two words.
  const initials = (
    words.length === 1 && [...words[0]!].length <= 3 ? words[0]! : words.slice(0, 2).map((word) => [...word][0]!).join('')
  ).toUpperCase();
  const disc = mix(p.light, '#ffffff', 0.3);
  let out = `<rect width="${w}" height="${h}" fill="${p.deep}"/><circle cx="${r}" cy="${r}" r="${r}" fill="${cloth}"/>`;
  out += `<circle cx="${r}" cy="${r}" r="${n(r - w * 0.02)}" fill="none" stroke="${p.gold}" stroke-width="${n(w * 0.025)}"/>`;
  out += `<circle cx="${r}" cy="${r}" r="${n(inner + w * 0.03)}" fill="${p.gold}"/><circle cx="${r}" cy="${r}" r="${n(inner)}" fill="${disc}"/>`;
  if (initials) {
    const size = inner * (initials.length > 2 ? 0.62 : initials.length > 1 ? 0.82 : 0.95);
    out += `<text x="${r}" y="${n(r + size * 0.35)}" font-family="${SERIF}" font-weight="700" font-size="${n(size)}" text-anchor="middle" fill="${textOn(disc, p)}">${escapeXml(initials)}</text>`;
  } else {
    for (let i = 0; i < 8; i++) {
      out += `<path d="M0,0C${n(inner * 0.15)},${n(-inner * 0.25)} ${n(inner * 0.15)},${n(-inner * 0.6)} 0,${n(-inner * 0.8)}C${n(-inner * 0.15)},${n(-inner * 0.6)} ${n(-inner * 0.15)},${n(-inner * 0.25)} 0,0Z" transform="translate(${r},${r}) rotate(${i * 45})" fill="${i % 2 ? p.accent : p.base}"/>`;
    }
    out += `<circle cx="${r}" cy="${r}" r="${n(inner * 0.16)}" fill="${p.gold}"/>`;
  }
  return out;
}

/** A deal tile: pattern, a scalloped sale badge with the label. */
function deal(s: Scene): string {
  const { p, w, h, spec } = s;
  const cloth = fabric(s, 'cloth');
  let out = `<rect width="${w}" height="${h}" fill="${cloth}"/>`;
  s.defs.push(
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>`,
  );
  out += `<rect width="${w}" height="${h}" fill="url(#glow)"/>`;
  if (!spec.label) return out;
  const cx = w / 2;
  const cy = h / 2;
  const r = w * 0.33;
  const teeth = 24;
  const pts: string[] = [];
  for (let i = 0; i < teeth * 2; i++) {
    const a = (i * Math.PI) / teeth;
    const rr = i % 2 ? r : r * 1.08;
    pts.push(`${n(cx + rr * Math.cos(a))},${n(cy + rr * Math.sin(a))}`);
  }
  const badge = p.accent === p.light || contrast(p.accent, p.ink) < 3 ? p.accent : p.gold;
  out += softShadow(`M${pts.join('L')}Z`, 4, 8, 8, 0.22);
  out += `<path d="M${pts.join('L')}Z" fill="${badge}"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.88)}" fill="none" stroke="${textOn(badge, p)}" stroke-width="${n(r * 0.02)}" stroke-dasharray="${n(r * 0.05)} ${n(r * 0.04)}"/>`;
  out += caption(spec.label, { x: cx, cy, maxWidth: r * 1.45, maxSize: r * 0.42, maxLines: 3, fill: textOn(badge, p) }).svg;
  return out;
}

/** A printed size chart: XS to XXXL with bust/chest, waist and length in inches, in the palette. */
function sizeChart(s: Scene): string {
  const { p, w, h, spec } = s;
  const border = fabric(s, 'cloth', 0.5);
  const rows = [
    ['XS', 32, 26, 38],
    ['S', 34, 28, 39],
    ['M', 36, 30, 40],
    ['L', 38, 32, 41],
    ['XL', 40, 34, 42],
    ['XXL', 42, 36, 43],
    ['XXXL', 44, 38, 44],
  ] as const;
  const head = ['Size', 'Bust / Chest', 'Waist', 'Length'];
  const pad = w * 0.05;
  const paper = mix(p.light, '#ffffff', 0.55);
  let out = `<rect width="${w}" height="${h}" fill="${border}"/>`;
  out += `<rect x="${n(pad * 0.6)}" y="${n(pad * 0.6)}" width="${n(w - pad * 1.2)}" height="${n(h - pad * 1.2)}" rx="10" fill="${paper}"/>`;
  const title = spec.label ?? 'Size Chart';
  const inkC = textOn(paper, p);
  out += caption(title, { x: w / 2, cy: pad * 1.55, maxWidth: w * 0.7, maxSize: h * 0.065, maxLines: 1, fill: inkC }).svg;
  out += `<text x="${n(w / 2)}" y="${n(pad * 2.45)}" font-family="${SANS}" font-size="${n(h * 0.03)}" text-anchor="middle" fill="${inkC}" fill-opacity="0.75">All measurements in inches, of the garment laid flat</text>`;
  const tx = pad * 1.3;
  const tw = w - pad * 2.6;
  const ty = pad * 2.9;
  const rowH = (h - ty - pad * 1.3) / (rows.length + 1);
  const colW = [0.22, 0.3, 0.24, 0.24].map((f) => f * tw);
  const colX = colW.map((_, i) => tx + colW.slice(0, i).reduce((a, b) => a + b, 0));
  const headFill = p.base;
  const headText = textOn(headFill, p);
  out += `<rect x="${n(tx)}" y="${n(ty)}" width="${n(tw)}" height="${n(rowH)}" rx="6" fill="${headFill}"/>`;
  head.forEach((label, i) => {
    out += `<text x="${n(colX[i]! + colW[i]! / 2)}" y="${n(ty + rowH * 0.64)}" font-family="${SANS}" font-weight="700" font-size="${n(rowH * 0.42)}" text-anchor="middle" fill="${headText}">${label}</text>`;
  });
  const stripe = mix(p.light, p.base, 0.12);
  rows.forEach((row, r) => {
    const y = ty + rowH * (r + 1);
    if (r % 2 === 0) out += `<rect x="${n(tx)}" y="${n(y)}" width="${n(tw)}" height="${n(rowH)}" fill="${stripe}"/>`;
    row.forEach((cell, i) => {
      out += `<text x="${n(colX[i]! + colW[i]! / 2)}" y="${n(y + rowH * 0.64)}" font-family="${SANS}" font-weight="${i === 0 ? 700 : 400}" font-size="${n(rowH * 0.42)}" text-anchor="middle" fill="${inkC}">${cell}</text>`;
    });
  });
  out += `<rect x="${n(tx)}" y="${n(ty)}" width="${n(tw)}" height="${n(rowH * (rows.length + 1))}" rx="6" fill="none" stroke="${p.deep}" stroke-opacity="0.5" stroke-width="1.5"/>`;
  for (let i = 1; i < colX.length; i++) {
    out += `<path d="M${n(colX[i]!)},${n(ty + rowH)}V${n(ty + rowH * (rows.length + 1))}" stroke="${p.deep}" stroke-opacity="0.2"/>`;
  }
  return out;
}

const COMPOSERS: Record<ArtKind, (s: Scene) => string> = {
  product,
  category: (s) => tileWithLabel(s, { plaque: 'foot' }),
  style: (s) => tileWithLabel(s, { plaque: 'centre' }),
  state: (s) => tileWithLabel(s, { plaque: 'arch' }),
  banner,
  'banner-mobile': banner,
  'vendor-banner': vendorBanner,
  avatar,
  card: (s) => tileWithLabel(s, { plaque: 'foot' }),
  deal,
  'size-chart': sizeChart,
};
