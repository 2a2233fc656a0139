/**
 * What a file is, read from its first bytes (its "magic"), never from its name or the type the browser declared:
 * a script renamed photo.jpg, or a JPEG sent as image/png, is told apart here.
 */
export type FileKind = 'jpeg' | 'png' | 'webp' | 'mp4' | 'mov' | 'csv';

export const IMAGE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'webp'];
/** Videos are kept and transcoded by videos.ts (DESIGN "Uploads", ADR 029). */
export const VIDEO_KINDS: readonly FileKind[] = ['mp4', 'mov'];

export const CONTENT_TYPES: Record<FileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  csv: 'text/csv',
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ascii = (b: Uint8Array, from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');

/**
 * ISO base media brands (the `ftyp` box) that are video. HEIC/AVIF pictures use the same box with brands such as
 * `heic`, `mif1` or `avif`, so the brand decides, not the box.
 */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'msnv', 'f4v ']);
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

/** The ISO BMFF `ftyp` box at the start: major brand, then compatible brands. */
function isoKind(b: Uint8Array): FileKind | null {
  if (b.length < 16 || ascii(b, 4, 8) !== 'ftyp') return null;
  const size = Buffer.from(b.subarray(0, 4)).readUInt32BE(0);
  if (size < 16 || size % 4 !== 0 || size > 4096) return null;
  const brands = [ascii(b, 8, 12)];
  for (let i = 16; i + 4 <= Math.min(size, b.length); i += 4) brands.push(ascii(b, i, i + 4));
  if (IMAGE_BRANDS.has(brands[0]!)) return null;
  if (brands[0] === 'qt  ') return 'mov';
  return brands.some((brand) => MP4_BRANDS.has(brand)) ? 'mp4' : brands.includes('qt  ') ? 'mov' : null;
}

/** The kind of file `bytes` start with, or null for anything else (GIF, SVG, text, PDF, HEIC, truncated…). */
export function detectKind(bytes: Uint8Array): FileKind | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && Buffer.from(b.subarray(0, 8)).equals(PNG)) return 'png';
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' && ascii(b, 12, 15) === 'VP8') return 'webp';
  return isoKind(b);
}

/** Control characters no text file carries (all but tab, line feed, form feed and carriage return). */
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * Whether `bytes` are UTF-8 text (a CSV, told by content, as the pictures are): valid UTF-8 without the control
 * characters of binary files. A spreadsheet (.xlsx is a zip), a picture, or a CSV saved in a legacy code page
 * (Excel's plain "CSV" writes Windows-1252, so ₹ or é are not UTF-8) is not.
 */
export function isUtf8Text(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !BINARY.test(text);
}
