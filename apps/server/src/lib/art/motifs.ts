import { luminance, mix, type Palette } from './palettes.ts';
import { between, n, pick, polygon, ring, wrapped, type Rng } from './svg.ts';
import type { ArtMotif } from './url.ts';

/** One repeat of a textile pattern: an SVG fragment drawn in a w×h box that tiles without seams. */
export interface Tile {
  w: number;
  h: number;
  /** The fragment, background included. */
  svg: string;
  /** Turn of the whole pattern in degrees (leheriya runs diagonally, for one). */
  rotate: number;
  /** Extra `<defs>` the fragment refers to (gradients, filters), ids prefixed with the given prefix. */
  defs?: string;
}

export interface MotifContext {
  p: Palette;
  rnd: Rng;
  /** The size of one repeat in pixels, already varied by the seed. */
  u: number;
  /** Prefix for ids of defs, unique within the document. */
  id: string;
}

type Painter = (c: MotifContext) => Tile;

const rect = (w: number, h: number, fill: string) => `<rect width="${n(w)}" height="${n(h)}" fill="${fill}"/>`;
const circle = (x: number, y: number, r: number, fill: string, extra = '') => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"${extra}/>`;

/** A paisley (buta) of height ~1 around (0,0), tip up and curling right. */
const PAISLEY =
  'M0,0.46C0.27,0.46 0.4,0.24 0.36,0.02C0.32,-0.17 0.17,-0.27 0.12,-0.38C0.09,-0.45 0.13,-0.52 0.2,-0.54' +
  'C0.06,-0.56 -0.06,-0.5 -0.14,-0.4C-0.3,-0.22 -0.4,-0.04 -0.36,0.16C-0.32,0.36 -0.17,0.46 0,0.46Z';

/** A fish in Madhubani style, length ~1 along x, head at +x. */
const FISH = 'M0.5,0C0.35,-0.2 0.05,-0.26 -0.22,-0.12L-0.5,-0.26L-0.42,0L-0.5,0.26L-0.22,0.12C0.05,0.26 0.35,0.2 0.5,0Z';

/** A petal of length 1 from (0,0) towards -y. */
const PETAL = 'M0,0C0.22,-0.25 0.2,-0.7 0,-1C-0.2,-0.7 -0.22,-0.25 0,0Z';

const place = (path: string, x: number, y: number, scale: number, rotate: number, attrs: string) =>
  `<path d="${path}" transform="translate(${n(x)},${n(y)}) rotate(${n(rotate)}) scale(${n(scale)})" ${attrs}/>`;

// Bandhani: rows of tiny resist-tied rings clustered into flowers, on a dyed ground.
const bandhani: Painter = ({ p, rnd, u }) => {
  const w = u * 1.1;
  const h = u * 1.1;
  const ground = pick(rnd, [p.base, p.base, p.deep]);
  const dotA = pick(rnd, [p.light, p.accent]);
  const dotB = dotA === p.light ? p.accent : p.light;
  const petals = pick(rnd, [6, 8, 8, 10]);
  const dot = u * 0.038;
  const tie = (x: number, y: number, fill: string, r = dot) => circle(x, y, r, fill) + circle(x, y, r * 0.38, ground);
  const flower = (cx: number, cy: number, fill: string) =>
    wrapped(w, h, cx, cy, u * 0.25, (x, y) =>
      tie(x, y, p.gold, dot * 1.15) + ring(x, y, u * 0.15, petals).map(([px, py]) => tie(px, py, fill)).join('') + ring(x, y, u * 0.24, petals, 180 / petals).map(([px, py]) => tie(px, py, fill, dot * 0.75)).join(''),
    );
  let svg = rect(w, h, ground) + flower(w * 0.25, h * 0.25, dotA) + flower(w * 0.75, h * 0.75, dotB);
  // Single dots scattered in the gaps, as a tier ties them.
  for (const [x, y] of [[0.75, 0.25], [0.25, 0.75]] as const) svg += wrapped(w, h, w * x, h * y, dot * 2, (a, b) => tie(a, b, dotA, dot * 0.9));
  return { w, h, svg, rotate: pick(rnd, [0, 0, 45]) };
};

// Leheriya: diagonal waves of resist-dyed stripes.
const leheriya: Painter = ({ p, rnd, u }) => {
  const w = u * 2;
  const colours = pick(rnd, [
    [p.base, p.light, p.accent, p.light],
    [p.base, p.accent, p.deep, p.accent2, p.light],
    [p.light, p.base, p.light, p.accent],
    [p.deep, p.base, p.gold, p.base],
  ]);
  const widths = colours.map(() => u * between(rnd, 0.1, 0.28));
  const h = widths.reduce((a, b) => a + b, 0);
  const amp = u * between(rnd, 0.04, 0.1);
  const steps = 24;
  const wave = (y: number) => Array.from({ length: steps + 1 }, (_, i) => [(i / steps) * w, y + amp * Math.sin((i / steps) * Math.PI * 2)] as const);
  let y = 0;
  let svg = '';
  colours.forEach((fill, i) => {
    const top = wave(y);
    const bottom = wave(y + widths[i]!).reverse();
    // Draw each band over a little overlap so sub-pixel gaps never show the layer beneath; repeat it one
    // period above and below so the waves fill the tile's top and bottom edges.
    for (const dy of [-h, 0, h]) {
      svg += `<path d="${polygon([...top, ...bottom].map(([a, b]) => [a, b + dy] as [number, number]))}" fill="${fill}" stroke="${fill}" stroke-width="0.6"/>`;
    }
    y += widths[i]!;
  });
  // A thin dark thread between some bands, as the dye bleeds.
  return { w, h, svg, rotate: pick(rnd, [-35, -30, 30, 35, -45, 45]) };
};

// Ikat: stepped diamonds whose edges feather sideways, as the yarn was tied and dyed before weaving.
const ikat: Painter = ({ p, rnd, u }) => {
  const w = u * 1.2;
  const h = u * 1.6;
  const ground = pick(rnd, [p.base, p.deep, p.light]);
  const ring1 = ground === p.light ? p.base : p.light;
  const ring2 = ground === p.light ? p.accent2 : p.accent;
  const step = u / 16;
  // A diamond drawn as a staircase: the tell-tale jagged edge of ikat.
  const stepped = (cx: number, cy: number, rx: number, ry: number) => {
    const rows = Math.max(2, Math.round(ry / step));
    const right: [number, number][] = [];
    for (let i = -rows; i <= rows; i++) {
      const half = rx * (1 - Math.abs(i) / rows);
      const jitter = (((i * 7919) % 5) / 5) * step * 0.6;
      right.push([cx + half + jitter, cy + i * step], [cx + half + jitter, cy + (i + 1) * step]);
    }
    const left = right.map(([x, y]) => [2 * cx - x, y] as [number, number]).reverse();
    return polygon([...right, ...left]);
  };
  const diamond = (x: number, y: number) =>
    `<path d="${stepped(x, y, u * 0.5, u * 0.72)}" fill="${ring1}"/>` +
    `<path d="${stepped(x, y, u * 0.34, u * 0.5)}" fill="${ring2}"/>` +
    `<path d="${stepped(x, y, u * 0.18, u * 0.28)}" fill="${ground}"/>` +
    `<path d="${stepped(x, y, u * 0.07, u * 0.11)}" fill="${p.gold}"/>`;
  const svg = rect(w, h, ground) + wrapped(w, h, w / 2, h / 2, u * 0.8, diamond) + wrapped(w, h, 0, 0, u * 0.8, diamond);
  return { w, h, svg, rotate: 0 };
};

// Paisley: Kalamkari and block-print butas in a half-drop repeat, with outlines and dotted halos.
const paisley: Painter = ({ p, rnd, u }) => {
  const w = u * 1.3;
  const h = u * 1.3;
  const ground = pick(rnd, [p.light, p.light, p.base, p.deep]);
  const fill = ground === p.light ? p.base : p.light;
  const inner = ground === p.light ? p.accent2 : p.accent;
  const line = ground === p.light ? p.deep : p.gold;
  const size = u * 0.62;
  const buta = (x: number, y: number, turn: number) =>
    wrapped(w, h, x, y, size * 0.8, (a, b) =>
      place(PAISLEY, a, b, size * 1.18, turn, `fill="none" stroke="${line}" stroke-width="0.025" stroke-dasharray="0.02 0.04" stroke-linecap="round"`) +
      place(PAISLEY, a, b, size, turn, `fill="${fill}" stroke="${line}" stroke-width="0.03"`) +
      place(PAISLEY, a, b, size * 0.62, turn, `fill="${inner}"`) +
      place(PAISLEY, a + size * 0.02, b + size * 0.06, size * 0.3, turn, `fill="${p.gold}"`),
    );
  const flower = (x: number, y: number) =>
    wrapped(w, h, x, y, u * 0.1, (a, b) => ring(a, b, u * 0.045, 4).map(([px, py]) => circle(px, py, u * 0.03, inner)).join('') + circle(a, b, u * 0.02, p.gold));
  const svg = rect(w, h, ground) + buta(w * 0.27, h * 0.3, -20) + buta(w * 0.77, h * 0.8, 160) + flower(w * 0.75, h * 0.25) + flower(w * 0.25, h * 0.78);
  return { w, h, svg, rotate: 0 };
};

// Brocade: Banarasi zari buttis on a rich silk ground, with a fine gold trellis.
const brocade: Painter = ({ p, rnd, u, id }) => {
  const w = u * 1.1;
  const h = u * 1.1;
  const ground = pick(rnd, [p.base, p.deep, p.base]);
  const trellis = rnd() < 0.5;
  const zari = `url(#${id}-zari)`;
  const defs = `<linearGradient id="${id}-zari" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.gold, '#ffffff', 0.45)}"/><stop offset="0.5" stop-color="${p.gold}"/><stop offset="1" stop-color="${mix(p.gold, '#000000', 0.3)}"/></linearGradient>`;
  const s = u * 0.2;
  const butti = (x: number, y: number) =>
    wrapped(w, h, x, y, s * 1.6, (a, b) => {
      let out = '';
      for (let i = 0; i < 6; i++) out += place(PETAL, a, b - s * 0.25, s * 0.75, i * 60, `fill="${zari}"`);
      out += place(PETAL, a - s * 0.05, b + s * 0.35, s * 0.7, -130, `fill="${zari}"`) + place(PETAL, a + s * 0.05, b + s * 0.35, s * 0.7, 130, `fill="${zari}"`);
      out += `<path d="M${n(a)},${n(b - s * 0.2)}L${n(a)},${n(b + s * 0.9)}" stroke="${p.gold}" stroke-width="${n(s * 0.08)}"/>`;
      out += circle(a, b - s * 0.25, s * 0.2, p.accent2 === p.light ? p.accent : p.accent2) + circle(a, b - s * 0.25, s * 0.1, p.gold);
      return out;
    });
  let svg = rect(w, h, ground);
  if (trellis) {
    svg += `<path d="M0,0L${n(w)},${n(h)}M${n(w)},0L0,${n(h)}" stroke="${p.gold}" stroke-opacity="0.55" stroke-width="${n(u * 0.012)}"/>`;
  }
  svg += butti(w * 0.25, h * 0.25) + butti(w * 0.75, h * 0.75);
  for (const [x, y] of [[0.75, 0.25], [0.25, 0.75]] as const) svg += wrapped(w, h, w * x, h * y, u * 0.05, (a, b) => circle(a, b, u * 0.028, zari));
  return { w, h, svg, rotate: 0, defs };
};

// Temple: the Kanjeevaram border — rows of temple-tower triangles between zari stripes, over a dotted body.
const temple: Painter = ({ p, rnd, u }) => {
  const w = u * 0.5;
  const body = pick(rnd, [p.base, p.accent2, p.deep]);
  const border = body === p.base ? p.deep : p.base;
  const teeth = pick(rnd, [p.gold, p.accent]);
  const bodyH = u * between(rnd, 0.9, 1.5);
  const borderH = u * 0.75;
  const h = bodyH + borderH;
  let svg = rect(w, h, body);
  // Body: small zari dots (butta) in a half-drop.
  svg += circle(w * 0.25, bodyH * 0.25, u * 0.03, p.gold) + circle(w * 0.75, bodyH * 0.75, u * 0.03, p.gold);
  // Border band.
  const y0 = bodyH;
  svg += `<rect y="${n(y0)}" width="${n(w)}" height="${n(borderH)}" fill="${border}"/>`;
  svg += `<rect y="${n(y0 + u * 0.04)}" width="${n(w)}" height="${n(u * 0.03)}" fill="${p.gold}"/>`;
  // Temple towers: stacked, stepped triangles.
  const base = y0 + u * 0.42;
  const tw = w;
  const tower: [number, number][] = [
    [0, base],
    [tw * 0.12, base],
    [tw * 0.12, base - u * 0.06],
    [tw * 0.22, base - u * 0.06],
    [tw * 0.5, base - u * 0.3],
    [tw * 0.78, base - u * 0.06],
    [tw * 0.88, base - u * 0.06],
    [tw * 0.88, base],
    [tw, base],
  ];
  svg += `<path d="${polygon(tower)}" fill="${teeth}"/>`;
  svg += `<path d="${polygon([[tw * 0.36, base - u * 0.06], [tw * 0.5, base - u * 0.18], [tw * 0.64, base - u * 0.06]])}" fill="${border}"/>`;
  svg += `<rect y="${n(base)}" width="${n(w)}" height="${n(u * 0.05)}" fill="${teeth}"/>`;
  // Checks (kattam) along the outer edge.
  const cy = base + u * 0.1;
  svg += `<rect y="${n(cy)}" width="${n(w / 2)}" height="${n(u * 0.08)}" fill="${p.gold}"/><rect x="${n(w / 2)}" y="${n(cy + u * 0.08)}" width="${n(w / 2)}" height="${n(u * 0.08)}" fill="${p.gold}"/>`;
  svg += `<rect y="${n(cy + u * 0.2)}" width="${n(w)}" height="${n(u * 0.025)}" fill="${p.gold}"/>`;
  return { w, h, svg, rotate: 0 };
};

// Chikankari: white shadow-work vines, leaves and phanda knots on a pastel ground.
const chikankari: Painter = ({ p, rnd, u }) => {
  const w = u * 1.2;
  const h = u * 1.6;
  // Pastel of the palette's most colourful tone (a near-black base would only give grey).
  const dye = luminance(p.base) < 0.04 ? p.accent2 : p.base;
  const ground = mix(dye, '#ffffff', pick(rnd, [0.35, 0.45, 0.55]));
  const THREAD = '#fdfbf6';
  const sw = u * 0.014;
  const amp = u * 0.18;
  // A vine swaying down the middle of the tile; it meets itself at the top and bottom edges.
  const vine = (x0: number) => {
    const pts = Array.from({ length: 17 }, (_, i) => [x0 + amp * Math.sin((i / 16) * Math.PI * 2), (i / 16) * h] as const);
    return `<path d="M${pts.map(([x, y]) => `${n(x)},${n(y)}`).join('L')}" fill="none" stroke="${THREAD}" stroke-width="${n(sw * 1.3)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  };
  const leaf = (x: number, y: number, turn: number) =>
    place(PETAL, x, y, u * 0.16, turn, `fill="${THREAD}" fill-opacity="0.35" stroke="${THREAD}" stroke-width="${n(0.09)}"`);
  const flower = (x: number, y: number, r: number) =>
    wrapped(w, h, x, y, r * 2, (a, b) => {
      let out = '';
      for (let i = 0; i < 5; i++) out += place(PETAL, a, b, r, i * 72, `fill="${THREAD}" fill-opacity="0.45" stroke="${THREAD}" stroke-width="${n(0.07)}"`);
      return out + circle(a, b, r * 0.16, THREAD);
    });
  let work = vine(w * 0.5);
  for (let i = 0; i < 4; i++) {
    const t = (i + 0.5) / 4;
    const x = w * 0.5 + amp * Math.sin(t * Math.PI * 2);
    const y = t * h;
    work += leaf(x, y, i % 2 ? 60 : -60) + leaf(x, y, i % 2 ? 120 : -120);
  }
  work += flower(w * 0.5 + amp, h * 0.25, u * 0.17) + flower(w * 0.5 - amp, h * 0.75, u * 0.17) + flower(0, h * 0.5, u * 0.12) + flower(w, h * 0.0, u * 0.1);
  // Phanda: tiny knots.
  for (let i = 0; i < 10; i++) work += wrapped(w, h, rnd() * w, rnd() * h, u * 0.02, (a, b) => circle(a, b, u * 0.012, THREAD, ' fill-opacity="0.85"'));
  // The embroidery casts a faint shadow on the cloth, which is what makes white-on-pastel readable.
  const shadow = work.replaceAll(THREAD, mix(ground, '#000000', 0.35));
  const svg = rect(w, h, ground) + `<g transform="translate(${n(u * 0.008)},${n(u * 0.01)})" opacity="0.55">${shadow}</g>` + work;
  return { w, h, svg, rotate: 0 };
};

// Phulkari: satin-stitched geometric flowers in silk floss on a khaddar ground.
const phulkari: Painter = ({ p, rnd, u }) => {
  const w = u * 1.2;
  const h = u * 1.2;
  const ground = pick(rnd, [p.deep, mix(p.base, '#000000', 0.45), p.base]);
  const floss = [p.gold, p.accent, mix(p.accent, '#ffffff', 0.3), p.light].filter((c) => c !== ground);
  const petal = (cx: number, cy: number, len: number, turn: number, fill: string) => {
    const hw = len * 0.28;
    const pts: [number, number][] = [[0, 0], [hw, -len / 2], [0, -len], [-hw, -len / 2]];
    // Stitch lines along the petal catch the light like floss.
    let stitches = '';
    for (let i = 1; i < 5; i++) {
      const t = i / 5;
      const half = hw * (1 - Math.abs(2 * t - 1));
      stitches += `M${n(-half)},${n(-len * t)}L${n(half)},${n(-len * t)}`;
    }
    return `<g transform="translate(${n(cx)},${n(cy)}) rotate(${n(turn)})"><path d="${polygon(pts)}" fill="${fill}"/><path d="${stitches}" stroke="#000" stroke-opacity="0.18" stroke-width="${n(len * 0.02)}"/></g>`;
  };
  const star = (x: number, y: number, size: number, a: string, b: string) =>
    wrapped(w, h, x, y, size * 1.05, (cx, cy) => {
      let out = '';
      for (let i = 0; i < 8; i++) out += petal(cx, cy, size, i * 45, i % 2 ? b : a);
      return out + `<path d="${polygon([[cx, cy - size * 0.16], [cx + size * 0.16, cy], [cx, cy + size * 0.16], [cx - size * 0.16, cy]])}" fill="${ground}"/>`;
    });
  const [a, b, c] = [floss[0]!, floss[1]!, floss[2] ?? floss[0]!];
  let svg = rect(w, h, ground) + star(w * 0.5, h * 0.5, u * 0.4, a, b);
  svg += wrapped(w, h, 0, 0, u * 0.2, (x, y) => `<path d="${polygon([[x, y - u * 0.16], [x + u * 0.16, y], [x, y + u * 0.16], [x - u * 0.16, y]])}" fill="${c}"/>` + circle(x, y, u * 0.04, ground));
  return { w, h, svg, rotate: 0 };
};

// Madhubani: fish pairs with double black outlines, hatching and dotted borders on handmade-paper cream.
const madhubani: Painter = ({ p, rnd, u }) => {
  const w = u * 1.6;
  const h = u * 1.1;
  const ground = mix(p.light, '#f3e6c8', 0.5);
  const ink = '#1f1a17';
  const fills = [p.base, p.accent, p.accent2, p.gold];
  const fish = (x: number, y: number, flip: boolean, fill: string) =>
    wrapped(w, h, x, y, u * 0.5, (a, b) => {
      const t = `translate(${n(a)},${n(b)}) scale(${flip ? -1 : 1},1) scale(${n(u * 0.7)})`;
      let scales = '';
      for (let i = 0; i < 4; i++) scales += `M${n(0.2 - i * 0.1)},-0.14Q${n(0.12 - i * 0.1)},0 ${n(0.2 - i * 0.1)},0.14`;
      return (
        `<g transform="${t}"><path d="${FISH}" fill="${fill}" stroke="${ink}" stroke-width="0.035"/>` +
        `<path d="${FISH}" fill="none" stroke="${ink}" stroke-width="0.012" transform="scale(0.82)"/>` +
        `<path d="${scales}" fill="none" stroke="${ink}" stroke-width="0.014"/>` +
        `<path d="M-0.42,0L-0.22,0M-0.45,-0.12L-0.25,-0.05M-0.45,0.12L-0.25,0.05" stroke="${ink}" stroke-width="0.012"/>` +
        `<circle cx="0.33" cy="-0.04" r="0.045" fill="${ground}" stroke="${ink}" stroke-width="0.02"/><circle cx="0.33" cy="-0.04" r="0.018" fill="${ink}"/></g>`
      );
    });
  const f1 = pick(rnd, fills);
  const f2 = pick(rnd, fills.filter((f) => f !== f1));
  let svg = rect(w, h, ground) + fish(w * 0.28, h * 0.3, false, f1) + fish(w * 0.72, h * 0.72, true, f2);
  // Lotus-bud flowers and dots in the gaps.
  const bud = (x: number, y: number) =>
    wrapped(w, h, x, y, u * 0.15, (a, b) =>
      [-40, 0, 40].map((t) => place(PETAL, a, b, u * 0.13, t, `fill="${p.base}" stroke="${ink}" stroke-width="0.06"`)).join('') + circle(a, b, u * 0.02, ink),
    );
  svg += bud(w * 0.78, h * 0.28) + bud(w * 0.22, h * 0.8);
  // Double-line border between rows, with little semicircles as Mithila painters draw them.
  let border = `<path d="M0,${n(h * 0.02)}H${n(w)}M0,${n(h * 0.055)}H${n(w)}" stroke="${ink}" stroke-width="${n(u * 0.012)}"/>`;
  const count = 8;
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.5) / count) * w;
    border += `<path d="M${n(x - w / count / 2.6)},${n(h * 0.055)}A${n(w / count / 2.6)},${n(w / count / 2.6)} 0 0 0 ${n(x + w / count / 2.6)},${n(h * 0.055)}" fill="${p.accent}" stroke="${ink}" stroke-width="${n(u * 0.01)}"/>`;
  }
  svg += border;
  return { w, h, svg, rotate: 0 };
};

// Checks: gamcha and Madras checks — crossing bands of colour, woven so crossings deepen.
const checks: Painter = ({ p, rnd, u }) => {
  const ground = pick(rnd, [p.light, p.base, p.light]);
  const bands = [
    { c: ground === p.light ? p.base : p.light, w: between(rnd, 0.18, 0.32) },
    { c: p.accent, w: between(rnd, 0.03, 0.07) },
    { c: p.deep, w: between(rnd, 0.08, 0.16) },
    { c: p.gold, w: 0.02 },
    { c: p.accent2, w: between(rnd, 0.04, 0.1) },
  ];
  let size = 0;
  const gaps = bands.map(() => between(rnd, 0.06, 0.16));
  bands.forEach((b, i) => (size += b.w + gaps[i]!));
  const w = u * size;
  let svg = rect(w, w, ground);
  let pos = 0;
  const stripes: string[] = [];
  bands.forEach((b, i) => {
    pos += gaps[i]! * u;
    stripes.push(`<rect x="${n(pos)}" width="${n(b.w * u)}" height="${n(w)}" fill="${b.c}" fill-opacity="0.78"/>`);
    stripes.push(`<rect y="${n(pos)}" height="${n(b.w * u)}" width="${n(w)}" fill="${b.c}" fill-opacity="0.78"/>`);
    pos += b.w * u;
  });
  svg += stripes.join('');
  return { w, h: w, svg, rotate: 0 };
};

// Mandala: rangoli rosettes of petals, dots and rings, in a grid.
const mandala: Painter = ({ p, rnd, u }) => {
  const w = u * 1.5;
  const h = w;
  const ground = pick(rnd, [p.base, p.deep, p.light]);
  const a = ground === p.light ? p.base : p.light;
  const b = ground === p.light ? p.accent2 : p.accent;
  const petals = pick(rnd, [8, 12, 16]);
  const R = w * 0.42;
  const rosette = (x: number, y: number, r: number) =>
    wrapped(w, h, x, y, r * 1.05, (cx, cy) => {
      let out = circle(cx, cy, r, 'none', ` stroke="${p.gold}" stroke-width="${n(r * 0.02)}"`);
      for (let i = 0; i < petals; i++) out += place(PETAL, cx, cy, r * 0.95, (i * 360) / petals, `fill="${a}"`);
      for (let i = 0; i < petals; i++) out += place(PETAL, cx, cy, r * 0.62, (i * 360) / petals + 180 / petals, `fill="${b}"`);
      out += circle(cx, cy, r * 0.32, ground) + circle(cx, cy, r * 0.32, 'none', ` stroke="${p.gold}" stroke-width="${n(r * 0.03)}"`);
      out += ring(cx, cy, r * 0.24, petals).map(([px, py]) => circle(px, py, r * 0.035, p.gold)).join('');
      for (let i = 0; i < 8; i++) out += place(PETAL, cx, cy, r * 0.2, i * 45, `fill="${b}"`);
      return out + circle(cx, cy, r * 0.05, p.gold);
    });
  let svg = rect(w, h, ground) + rosette(w / 2, h / 2, R);
  svg += wrapped(w, h, 0, 0, R * 0.5, (x, y) => ring(x, y, R * 0.2, 8).map(([px, py]) => circle(px, py, R * 0.05, b)).join('') + circle(x, y, R * 0.08, p.gold));
  return { w, h, svg, rotate: 0 };
};

// Herringbone: the broken twill of a pashmina shawl, tone on tone.
const herringbone: Painter = ({ p, rnd, u }) => {
  const col = u * 0.16;
  const pitch = u * 0.06;
  const rows = 24;
  const w = col * 2;
  const h = pitch * rows;
  const ground = pick(rnd, [p.base, p.deep, mix(p.base, p.light, 0.5)]);
  const hi = mix(ground, '#ffffff', 0.22);
  const lo = mix(ground, '#000000', 0.22);
  let svg = rect(w, h, ground);
  for (let i = -3; i < rows + 1; i++) {
    const y = i * pitch;
    svg += `<path d="M0,${n(y)}L${n(col)},${n(y + col * 0.6)}" stroke="${hi}" stroke-width="${n(pitch * 0.45)}"/>`;
    svg += `<path d="M${n(col)},${n(y + col * 0.6)}L${n(w)},${n(y)}" stroke="${lo}" stroke-width="${n(pitch * 0.45)}"/>`;
  }
  // Most shawls carry a woven stripe: a band of the accent edged with a fine contrasting thread.
  if (rnd() < 0.7) {
    const band = pitch * pick(rnd, [1.5, 2.5, 3.5]);
    const y = h * 0.5;
    svg += `<rect y="${n(y)}" width="${n(w)}" height="${n(band)}" fill="${p.accent}" fill-opacity="0.85"/>`;
    svg += `<rect y="${n(y - pitch * 0.6)}" width="${n(w)}" height="${n(pitch * 0.25)}" fill="${p.gold}"/><rect y="${n(y + band + pitch * 0.35)}" width="${n(w)}" height="${n(pitch * 0.25)}" fill="${p.gold}"/>`;
  }
  return { w, h, svg, rotate: pick(rnd, [0, 0, 90]) };
};

// Warli: white stick-figure dancers holding hands, trees and suns on a mud-red wall.
const warli: Painter = ({ p, rnd, u }) => {
  const w = u * 1.6;
  const h = u * 1.25;
  const ground = pick(rnd, [p.deep, p.base, mix(p.base, '#5b2c1a', 0.5)]);
  const white = '#f6efe2';
  const sw = u * 0.018;
  const stroke = `stroke="${white}" stroke-width="${n(sw)}" stroke-linecap="round" stroke-linejoin="round"`;
  const figure = (x: number, y: number, s: number, lean: number) => {
    const head = circle(x, y - s * 0.78, s * 0.11, white);
    const torso = polygon([[x - s * 0.18, y - s * 0.62], [x + s * 0.18, y - s * 0.62], [x, y - s * 0.32]]);
    const hips = polygon([[x, y - s * 0.32], [x - s * 0.17, y - s * 0.02], [x + s * 0.17, y - s * 0.02]]);
    const limbs = `M${n(x - s * 0.16)},${n(y - s * 0.58)}L${n(x - s * 0.36)},${n(y - s * 0.42 + lean)}M${n(x + s * 0.16)},${n(y - s * 0.58)}L${n(x + s * 0.36)},${n(y - s * 0.42 - lean)}M${n(x - s * 0.1)},${n(y - s * 0.02)}L${n(x - s * 0.2)},${n(y + s * 0.2)}M${n(x + s * 0.1)},${n(y - s * 0.02)}L${n(x + s * 0.22)},${n(y + s * 0.2)}`;
    return head + `<path d="${torso}" fill="${white}"/><path d="${hips}" fill="${white}"/><path d="${limbs}" fill="none" ${stroke}/>`;
  };
  let svg = rect(w, h, ground);
  const s = u * 0.36;
  const row1 = h * 0.42;
  for (let i = 0; i < 4; i++) svg += figure((i + 0.5) * (w / 4), row1, s, (i % 2 ? 1 : -1) * s * 0.06);
  // Ground line and a tree with a sun in the lower row.
  svg += `<path d="M0,${n(row1 + s * 0.24)}H${n(w)}" ${stroke} stroke-dasharray="${n(u * 0.02)} ${n(u * 0.05)}"/>`;
  const tx = w * 0.3;
  const ty = h * 0.95;
  let tree = `M${n(tx)},${n(ty)}L${n(tx)},${n(ty - u * 0.32)}`;
  for (let i = 0; i < 4; i++) {
    const by = ty - u * (0.1 + i * 0.07);
    tree += `M${n(tx)},${n(by)}L${n(tx - u * 0.09)},${n(by - u * 0.07)}M${n(tx)},${n(by)}L${n(tx + u * 0.09)},${n(by - u * 0.07)}`;
  }
  svg += `<path d="${tree}" fill="none" ${stroke}/>`;
  const sx = w * 0.75;
  const sy = h * 0.82;
  svg += circle(sx, sy, u * 0.06, white) + ring(sx, sy, u * 0.1, 12).map(([a, b]) => `<path d="M${n(sx + (a - sx) * 0.75)},${n(sy + (b - sy) * 0.75)}L${n(a)},${n(b)}" ${stroke}/>`).join('');
  for (let i = 0; i < 6; i++) svg += circle(rnd() * w, h * (0.55 + rnd() * 0.1), u * 0.012, white);
  return { w, h, svg, rotate: 0 };
};

// Jaali: the carved lattice of Mughal stone screens — eight-point stars linked by bars.
const jaali: Painter = ({ p, rnd, u }) => {
  const w = u * 0.9;
  const h = w;
  const ground = pick(rnd, [p.deep, p.base]);
  const stone = pick(rnd, [p.light, p.gold, mix(p.light, p.base, 0.25)]);
  const sw = u * 0.05;
  const c = w / 2;
  const r = w * 0.3;
  const sq = (turn: number) =>
    `<rect x="${n(c - r / Math.SQRT2)}" y="${n(c - r / Math.SQRT2)}" width="${n((2 * r) / Math.SQRT2)}" height="${n((2 * r) / Math.SQRT2)}" transform="rotate(${turn} ${n(c)} ${n(c)})" fill="none" stroke="${stone}" stroke-width="${n(sw)}" stroke-linejoin="round"/>`;
  const bars = `<path d="M${n(c)},0V${n(c - r)}M${n(c)},${n(c + r)}V${n(h)}M0,${n(c)}H${n(c - r)}M${n(c + r)},${n(c)}H${n(w)}M0,0L${n(c - r * 0.5)},${n(c - r * 0.5)}M${n(w)},0L${n(c + r * 0.5)},${n(c - r * 0.5)}M0,${n(h)}L${n(c - r * 0.5)},${n(c + r * 0.5)}M${n(w)},${n(h)}L${n(c + r * 0.5)},${n(c + r * 0.5)}" stroke="${stone}" stroke-width="${n(sw)}"/>`;
  // A darker inner line gives the carving depth.
  const shade = `<g transform="translate(${n(sw * 0.35)},${n(sw * 0.35)})" opacity="0.35">${sq(0).replaceAll(stone, '#000')}${sq(45).replaceAll(stone, '#000')}</g>`;
  const svg = rect(w, h, ground) + shade + bars + sq(0) + sq(45) + circle(c, c, r * 0.28, stone) + circle(c, c, r * 0.13, ground);
  return { w, h, svg, rotate: pick(rnd, [0, 0, 45]) };
};

export const MOTIF_PAINTERS: Record<ArtMotif, Painter> = {
  bandhani,
  leheriya,
  ikat,
  paisley,
  brocade,
  temple,
  chikankari,
  phulkari,
  madhubani,
  checks,
  mandala,
  herringbone,
  warli,
  jaali,
};
