import { describe, expect, it } from 'vitest';
import { ART_KINDS, ART_MOTIFS, ART_PALETTES, artUrl, parseArtPath, type ArtKind, type ArtSpec } from './url.ts';

const split = (url: string) => {
  const u = new URL(url, 'http://x');
  const [, , , kind, file] = u.pathname.split('/');
  return { kind: kind!, file: file!, label: u.searchParams.get('label') ?? undefined };
};

describe('artUrl and parseArtPath', () => {
  it('round-trips every kind and motif', () => {
    for (const kind of Object.keys(ART_KINDS) as ArtKind[]) {
      for (const [i, motif] of ART_MOTIFS.entries()) {
        const spec: ArtSpec = { kind, motif, palette: i % ART_PALETTES, seed: i * 7919 };
        const { kind: k, file, label } = split(artUrl(spec));
        expect(parseArtPath(k, file, label)).toEqual(spec);
      }
    }
  });

  it('round-trips a label with spaces, & and an apostrophe', () => {
    const spec: ArtSpec = { kind: 'state', motif: 'warli', palette: 3, seed: 12, label: "Andaman & Nicobar Islands" };
    const url = artUrl(spec);
    expect(url).toBe('/media/art/state/warli-3-12.webp?label=Andaman%20%26%20Nicobar%20Islands');
    const { kind, file, label } = split(url);
    expect(parseArtPath(kind, file, label)).toEqual(spec);
    const apostrophe = { ...spec, label: "Tailor's Choice" };
    const parts = split(artUrl(apostrophe));
    expect(parseArtPath(parts.kind, parts.file, parts.label)).toEqual(apostrophe);
  });

  it('wraps the palette and drops the sign of the seed', () => {
    expect(artUrl({ kind: 'product', motif: 'ikat', palette: 17, seed: -5 })).toBe('/media/art/product/ikat-1-5.webp');
    expect(artUrl({ kind: 'product', motif: 'ikat', palette: -1, seed: 5 })).toBe('/media/art/product/ikat-15-5.webp');
  });

  it.each([
    ['poster', 'ikat-1-5.webp', undefined],
    ['product', 'velvet-1-5.webp', undefined],
    ['product', 'ikat-16-5.webp', undefined],
    ['product', 'ikat-1-5.png', undefined],
    ['product', 'ikat-1-12345678901.webp', undefined],
    ['product', '../ikat-1-5.webp', undefined],
    ['product', 'ikat-1-5.webp', '<script>'],
    ['product', 'ikat-1-5.webp', 'x'.repeat(41)],
    ['product', 'ikat-1-5.webp', ''],
  ])('refuses %s/%s label %s', (kind, file, label) => {
    expect(parseArtPath(kind, file, label)).toBeUndefined();
  });
});
