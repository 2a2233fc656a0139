/**
 * Addresses of the demo's generated pictures. The seed stores these URLs; GET /media/art/... draws the picture
 * on first request from the URL alone (pattern, palette, seed), caches the WebP under DATA_DIR, and serves it
 * with a year's cache. So the same URL is always the same picture, on any machine, with no files shipped.
 */
export const ART_MOTIFS = [
  'bandhani', // tie-dye dots (Rajasthan, Gujarat)
  'leheriya', // diagonal waves
  'ikat', // blurred diamonds (Odisha, Telangana)
  'paisley', // kalamkari and block print
  'brocade', // Banarasi zari buttis
  'temple', // Kanjeevaram temple border
  'chikankari', // white floral embroidery
  'phulkari', // geometric flower embroidery (Punjab)
  'madhubani', // folk art fish and borders (Bihar)
  'checks', // gamcha, madras checks
  'mandala', // rangoli and mandalas
  'herringbone', // pashmina weave
  'warli', // stick-figure folk art (Maharashtra)
  'jaali', // lattice (Mughal screens)
] as const;
export type ArtMotif = (typeof ART_MOTIFS)[number];

/** What the picture is for; fixes its size. */
export const ART_KINDS = {
  product: { width: 600, height: 800 },
  category: { width: 600, height: 600 },
  style: { width: 600, height: 600 },
  state: { width: 800, height: 600 },
  banner: { width: 1600, height: 600 },
  'banner-mobile': { width: 800, height: 800 },
  'vendor-banner': { width: 1600, height: 500 },
  avatar: { width: 256, height: 256 },
  card: { width: 600, height: 400 },
  deal: { width: 600, height: 600 },
  'size-chart': { width: 900, height: 600 },
} as const;
export type ArtKind = keyof typeof ART_KINDS;

/** Number of colour palettes the painter knows; palette indices wrap around. */
export const ART_PALETTES = 16;

export interface ArtSpec {
  kind: ArtKind;
  motif: ArtMotif;
  palette: number;
  /** Any non-negative integer; different seeds give visibly different pictures. */
  seed: number;
  /** Optional short caption drawn on the picture (banners, cards, states): letters, digits, spaces, & and '. */
  label?: string;
}

export function artUrl(spec: ArtSpec): string {
  const base = `/media/art/${spec.kind}/${spec.motif}-${((spec.palette % ART_PALETTES) + ART_PALETTES) % ART_PALETTES}-${Math.abs(Math.trunc(spec.seed))}.webp`;
  return spec.label ? `${base}?label=${encodeURIComponent(spec.label)}` : base;
}

/** The inverse of artUrl for the media route; undefined for anything it did not make. */
export function parseArtPath(kind: string, file: string, label?: string): ArtSpec | undefined {
  if (!(kind in ART_KINDS)) return undefined;
  const m = /^([a-z]+)-(\d{1,2})-(\d{1,10})\.webp$/.exec(file);
  if (!m) return undefined;
  const motif = m[1] as ArtMotif;
  if (!ART_MOTIFS.includes(motif)) return undefined;
  const palette = Number(m[2]);
  if (palette >= ART_PALETTES) return undefined;
  if (label !== undefined && !/^[\p{L}\p{N} &'.,-]{1,40}$/u.test(label)) return undefined;
  return { kind: kind as ArtKind, motif, palette, seed: Number(m[3]), ...(label ? { label } : {}) };
}
