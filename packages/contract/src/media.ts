/**
 * Uploaded pictures (DESIGN "Uploads", ADR 015): the server stores every picture as WebP in the widths of
 * IMAGE_WIDTHS up to the picture's own largest width, and the stored URL names that largest width:
 *
 *   /uploads/products/3f9c…e1-1080w.webp   (the address kept in the database; the 1080 px file)
 *   /uploads/products/3f9c…e1-640w.webp    (siblings: every ladder width below the largest)
 *   /uploads/products/3f9c…e1-320w.webp
 *
 * So the web builds `srcset` from the stored URL alone, and the server deletes every width from it. A picture
 * narrower than a ladder width is never enlarged: a 500 px photo is stored at 320 and 500.
 * The ladder is part of the storage format: changing it would make old URLs name files that do not exist.
 */
export const IMAGE_WIDTHS = [320, 640, 1080, 1600] as const;

/** `{prefix}{32 hex id}-{width}w.webp`, the name the pipeline gives every width of a picture. */
const UPLOADED_IMAGE = /^(.*?)([0-9a-f]{32})-([1-9]\d{0,4})w\.webp$/;

/** The widths stored for an uploaded picture's URL (or storage key), smallest first; null for any other URL. */
export function uploadedImageWidths(url: string): number[] | null {
  const m = UPLOADED_IMAGE.exec(url);
  if (!m) return null;
  const largest = Number(m[3]);
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/** The URL (or key) of one stored width of an uploaded picture; `url` itself when it is not one. */
export function uploadedImageAt(url: string, width: number): string {
  const m = UPLOADED_IMAGE.exec(url);
  return m ? `${m[1]}${m[2]}-${width}w.webp` : url;
}

/** The file name of one width, as the server writes it (`id` is 32 hex characters). */
export const uploadedImageName = (id: string, width: number) => `${id}-${width}w.webp`;

/**
 * Whether a picture in rich text (a product description, a store's policy, a static page) is one of our own: a path
 * under /uploads, with no way out of it. A picture from anywhere else would let its writer watch the page's readers
 * (a tracking pixel records each view, the reader's address and browser), so both sanitisers (apps/server
 * lib/sanitize.ts before storing, apps/web lib/sanitize-html.ts before showing) drop it. An absolute address is
 * dropped even when it names this site: a path says the same and keeps working when the site's address changes.
 */
export function isOwnPicture(src: string | null | undefined): boolean {
  if (!src) return false;
  const path = src.trim();
  return /^\/uploads\/[\w\-./~%]+(?:\?[\w\-.=&%]*)?$/.test(path) && !/(?:^|\/)\.{1,2}(?:\/|\?|$)|%2e|%2f|%5c|\/\//i.test(path);
}
