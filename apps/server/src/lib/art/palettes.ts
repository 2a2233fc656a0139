import { ART_PALETTES } from './url.ts';

/**
 * The painter's colours, one set per palette index: traditional Indian dye and craft colours. Every palette
 * has a strong main colour, its deep shade, two contrasting accents, a pale tint, a metallic gold, a soft
 * studio background and an ink that reads on the pale tint.
 */
export interface Palette {
  name: string;
  /** The main dye colour of the fabric. */
  base: string;
  /** A darker shade of base (shadows, grounds of rich silks). */
  deep: string;
  /** The strongest contrast to base. */
  accent: string;
  /** A second, quieter contrast. */
  accent2: string;
  /** A pale tint that goes with base (cotton grounds, thread, plaques). */
  light: string;
  /** Zari: the metallic thread colour. */
  gold: string;
  /** The studio backdrop behind a product. */
  backdrop: string;
  /** Text colour on `light`. */
  ink: string;
}

export const PALETTES: readonly Palette[] = [
  { name: 'madder', base: '#b3261e', deep: '#731510', accent: '#f0b84a', accent2: '#1f3a5f', light: '#f7e8d4', gold: '#d9a441', backdrop: '#efe4d8', ink: '#5a1410' },
  { name: 'indigo', base: '#25397a', deep: '#131d45', accent: '#f3ece0', accent2: '#c98f2a', light: '#e7eaf4', gold: '#d4ae52', backdrop: '#e4e6ec', ink: '#16204a' },
  { name: 'turmeric', base: '#dc9f1c', deep: '#9c640c', accent: '#8e1b2a', accent2: '#2e5e4e', light: '#fbf0d6', gold: '#f4d27a', backdrop: '#f1e9da', ink: '#5c3a06' },
  { name: 'peacock', base: '#0f6e73', deep: '#083f44', accent: '#e0ae4c', accent2: '#8a2d62', light: '#e1f0ee', gold: '#e0b75a', backdrop: '#e2ebe9', ink: '#073a3e' },
  { name: 'marigold', base: '#ec7a17', deep: '#a84c07', accent: '#7a1e48', accent2: '#fbe08a', light: '#fdeedb', gold: '#f7cf5d', backdrop: '#f3e6d9', ink: '#5e2a04' },
  { name: 'rani', base: '#c2185b', deep: '#7c0c38', accent: '#f5c542', accent2: '#1b7f6b', light: '#fbe4ed', gold: '#eac15a', backdrop: '#f1e3e8', ink: '#5e0a2b' },
  { name: 'mehendi', base: '#647f2b', deep: '#394c14', accent: '#e3ad22', accent2: '#9b3324', light: '#eff2de', gold: '#dcb653', backdrop: '#e8eadc', ink: '#2e3d0f' },
  { name: 'ivory', base: '#e9dcc0', deep: '#a88a55', accent: '#7e5a26', accent2: '#4d7388', light: '#faf5ea', gold: '#c4a05a', backdrop: '#ede8df', ink: '#4a3516' },
  { name: 'kohl', base: '#232020', deep: '#0e0c0c', accent: '#d1a844', accent2: '#a8322c', light: '#f0e7d6', gold: '#d6b054', backdrop: '#e6e2dc', ink: '#1c1919' },
  { name: 'terracotta', base: '#b5562f', deep: '#753217', accent: '#f2dcb8', accent2: '#2f4b3a', light: '#f7e6d8', gold: '#e3b768', backdrop: '#efe2d6', ink: '#5a2711' },
  { name: 'lotus', base: '#e0899c', deep: '#a84a61', accent: '#3f6b3d', accent2: '#f6e1ae', light: '#fceef1', gold: '#dbb66a', backdrop: '#f3e7ea', ink: '#6e2537' },
  { name: 'jamun', base: '#5d2a72', deep: '#371345', accent: '#ebbb5e', accent2: '#2a8c7e', light: '#f1e7f4', gold: '#e2bb63', backdrop: '#e9e3ec', ink: '#331040' },
  { name: 'firozi', base: '#2797b1', deep: '#155e70', accent: '#f6ecda', accent2: '#d4533b', light: '#e2f3f6', gold: '#e6c170', backdrop: '#e1ecee', ink: '#0f4553' },
  { name: 'kattha', base: '#7b4a2e', deep: '#4c2b18', accent: '#ecca8c', accent2: '#3e6a6b', light: '#f4e9dc', gold: '#dcb260', backdrop: '#ece4da', ink: '#3f2313' },
  { name: 'panna', base: '#12704a', deep: '#0a452e', accent: '#e6bb4e', accent2: '#b8273b', light: '#e1f1e8', gold: '#e3be5e', backdrop: '#e2ebe5', ink: '#083723' },
  { name: 'coral', base: '#e0645a', deep: '#a23a33', accent: '#21405e', accent2: '#f7d68e', light: '#fde9e5', gold: '#e8bd67', backdrop: '#f3e6e2', ink: '#6a201b' },
];

if (PALETTES.length !== ART_PALETTES) throw new Error('PALETTES must have ART_PALETTES entries');

export function palette(index: number): Palette {
  return PALETTES[((index % ART_PALETTES) + ART_PALETTES) % ART_PALETTES]!;
}

/** Mixes two #rrggbb colours; t=0 gives a, t=1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) => Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, '0')}`;
}

/** Relative luminance (WCAG) of a #rrggbb colour, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
