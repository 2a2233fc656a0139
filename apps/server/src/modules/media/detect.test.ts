import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectKind, isUtf8Text } from './detect.ts';

const solid = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#a05020' } });

/** An ISO BMFF file start: the `ftyp` box with a major brand and compatible brands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size + 8);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((b, i) => box.write(b, 16 + 4 * i, 'latin1'));
  box.write('\0\0\0\x08free', size, 'latin1');
  return box;
}

describe('detectKind', () => {
  it('knows JPEG, PNG and WebP by their bytes', async () => {
    expect(detectKind(await solid().jpeg().toBuffer())).toBe('jpeg');
    expect(detectKind(await solid().png().toBuffer())).toBe('png');
    expect(detectKind(await solid().webp().toBuffer())).toBe('webp');
    expect(detectKind(await solid().webp({ lossless: true }).toBuffer())).toBe('webp');
  });

  it('knows MP4 and QuickTime movies by the ftyp box, not HEIC or AVIF pictures that share it', () => {
    expect(detectKind(ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'))).toBe('mp4');
    expect(detectKind(ftyp('mp42', 'mp42', 'isom'))).toBe('mp4');
    expect(detectKind(ftyp('qt  ', 'qt  '))).toBe('mov');
    expect(detectKind(ftyp('heic', 'mif1', 'heic'))).toBeNull();
    expect(detectKind(ftyp('avif', 'avif', 'mif1', 'miaf'))).toBeNull();
    expect(detectKind(ftyp('zzzz', 'zzzz'))).toBeNull();
  });

  it('goes by the content, so a name or a declared type cannot change the answer', async () => {
    // what a ".png" named file with JPEG bytes and a ".jpg" named text file look like to the server: bytes only
    expect(detectKind(await solid().jpeg().toBuffer())).toBe('jpeg');
    expect(detectKind(Buffer.from('hello, this is not a photo\n'))).toBeNull();
  });

  it('refuses everything else: GIF, SVG, HTML, PDF, empty and truncated starts', () => {
    for (const bytes of [
      Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8]),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'),
      Buffer.from('\0\0\0\x18ftyp', 'latin1'),
    ]) {
      expect(detectKind(bytes), JSON.stringify(bytes.toString('latin1'))).toBeNull();
    }
  });
});

describe('isUtf8Text', () => {
  it('accepts UTF-8 text with tabs, line breaks, a BOM and non-ASCII letters', () => {
    expect(isUtf8Text(Buffer.from('\uFEFFname,price\r\n"Kurta, ₹ éclat",1499\n\tok\n'))).toBe(true);
    expect(isUtf8Text(Buffer.alloc(0))).toBe(true);
  });

  it('refuses pictures, zip files (.xlsx), NUL bytes and a legacy code page', async () => {
    expect(isUtf8Text(await solid().png().toBuffer())).toBe(false);
    expect(isUtf8Text(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toBe(false);
    expect(isUtf8Text(Buffer.from('name\0price'))).toBe(false);
    expect(isUtf8Text(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe(false); // "café" in Windows-1252
  });
});
