import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './http.ts';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, as browsers allow them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(['deflate', 'gzip'])).toBe('gzip');
  });

  it('sends plain JSON when the client takes neither', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(preferredEncoding('*;q=0')).toBeUndefined();
    expect(preferredEncoding('gzip;q=nonsense')).toBeUndefined();
  });

  it('answers the same for a header seen before, whatever came between', () => {
    for (let i = 0; i < 600; i++) preferredEncoding(`gzip;q=0.${i % 10}, x-custom-${i}`);
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=0.0, x-custom-0')).toBeUndefined();
  });
});
