import { uploadedImageAt, uploadedImageWidths } from '@statewise/contract/media';

export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * The `<img>` attributes for a picture address. An uploaded picture (stored by the server's upload pipeline in
 * several WebP widths, named `…/{id}-{largest}w.webp`; contract media.ts) gets a `srcSet` of every stored width and
 * the `sizes` given, so a phone downloads the 320 px file and a wide screen the largest. Any other address (demo art
 * at /media/art, a Google picture, a blob: preview) is returned as it is.
 *
 *   <img {...responsiveImage(product.image, '(min-width: 768px) 25vw, 50vw')} alt="" width={300} height={400} />
 */
export function responsiveImage(url: string, sizes: string): ImageSources {
  const widths = uploadedImageWidths(url);
  if (!widths || widths.length < 2) return { src: url };
  return { src: url, srcSet: widths.map((w) => `${uploadedImageAt(url, w)} ${w}w`).join(', '), sizes };
}
