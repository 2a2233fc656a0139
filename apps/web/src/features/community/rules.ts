import type { CommunityPost } from '@statewise/contract/community';
import { COMMUNITY, COMMUNITY_MSG } from './text.ts';

export { truncate } from '@statewise/contract/format';

/**
 * The community's rules that need no screen (accounts §5, §6, §9): the image grid by picture count and its name
 * truncation, the vendor's text-only comments, links in text, the post forms' checks. Pure, so unit-tested alone.
 */

/**
 * Tag names on the image grid are cut by how many pictures share the card (accounts §9: "name truncation 30, 10, 20,
 * 20 characters" for 1, 2, 3 and 4 pictures); five pictures keep the last figure, 20.
 */
const NAME_LIMIT_BY_COUNT = [30, 10, 20, 20] as const;
export function tagNameLimit(count: number): number {
  const i = Math.min(Math.max(count, 1), NAME_LIMIT_BY_COUNT.length) - 1;
  return NAME_LIMIT_BY_COUNT[i]!;
}

/**
 * The grid of a post's 1–5 pictures: the container's classes and each tile's. 1: one wide picture; 2: side by side;
 * 3: a tall one left and two stacked right; 4: two by two; 5: two over three.
 */
export function gridLayout(count: number): { grid: string; tiles: string[] } {
  switch (Math.min(Math.max(count, 1), COMMUNITY.maxSections)) {
    case 1:
      return { grid: 'grid grid-cols-1', tiles: ['aspect-[4/3]'] };
    case 2:
      return { grid: 'grid grid-cols-2 gap-1', tiles: ['aspect-[3/4]', 'aspect-[3/4]'] };
    case 3:
      return { grid: 'grid grid-cols-2 grid-rows-2 gap-1', tiles: ['row-span-2 h-full', 'aspect-square', 'aspect-square'] };
    case 4:
      return { grid: 'grid grid-cols-2 gap-1', tiles: ['aspect-square', 'aspect-square', 'aspect-square', 'aspect-square'] };
    default:
      return {
        grid: 'grid grid-cols-6 gap-1',
        tiles: ['col-span-3 aspect-square', 'col-span-3 aspect-square', 'col-span-2 aspect-square', 'col-span-2 aspect-square', 'col-span-2 aspect-square'],
      };
  }
}

/** Accounts §5: a vendor may not put digits or links (http(s)://, www.) in a comment. */
export function vendorTextAllowed(text: string): boolean {
  return !/\d/.test(text) && !/(https?:\/\/|www\.)/i.test(text);
}

/** The message a comment (or reply) composer shows before sending, or null when it may be sent. */
export function commentError(text: string, role: string | null): string | null {
  if (!text.trim()) return COMMUNITY_MSG.commentRequired;
  if (Array.from(text.trim()).length > COMMUNITY.commentMax) return COMMUNITY_MSG.commentTooLong;
  if (role === 'vendor' && !vendorTextAllowed(text)) return COMMUNITY_MSG.commentTextOnly;
  return null;
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Accounts §5: URLs in comment text are shown as clickable links. Splits text into plain runs and links. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const re = /\b(https?:\/\/[^\s<>"]+|www\.[^\s<>"]+)/gi;
  let last = 0;
  for (const m of text.matchAll(re)) {
    let url = m[0];
    // a sentence's full stop or closing bracket is not part of the link
    const trail = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trail.length);
    const start = m.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url, href: /^https?:\/\//i.test(url) ? url : `https://${url}` });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The query prefix a user's buying post starts with (accounts §6). */
export const QUERY_PREFIX = 'I wish to buy';

/** A user's query text with the prefix once at its start ("red saree" → "I wish to buy red saree"). */
export function withQueryPrefix(text: string): string {
  const t = text.trim();
  if (!t) return '';
  return t.toLowerCase().startsWith(QUERY_PREFIX.toLowerCase()) ? t : `${QUERY_PREFIX} ${t}`;
}

/** One section of the image-post form: its picture (a product picture, a new file, or the kept one) and products. */
export interface SectionDraft {
  key: string;
  products: Array<{ _id: string; name: string; images: string[] }>;
  /** A product's picture, or the section's current picture on edit. */
  imageUrl: string | null;
  file: File | null;
}

/** Checks of the image-post form (accounts §5): description, then every section complete. Field → message. */
export function imagePostErrors(description: string, sections: SectionDraft[], mode: 'add' | 'edit'): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!description.trim()) errors.description = COMMUNITY_MSG.descriptionRequired;
  if (sections.length < 1 || sections.length > COMMUNITY.maxSections) errors.sections = COMMUNITY_MSG.tooManySections;
  if (mode === 'add') {
    if (sections.some((s) => s.products.length === 0 || (!s.imageUrl && !s.file))) errors.sections = COMMUNITY_MSG.addAllDetails;
  } else {
    // the edit screen names the section (accounts §5: "Please provide images at section N", "Please add product
    // details at section N"), in the server's order (community/service.ts): products first, then pictures, so both
    // name the same section for the same form
    const n = sections.findIndex((s) => !s.imageUrl && !s.file);
    const p = sections.findIndex((s) => s.products.length === 0);
    if (p >= 0) errors.sections = COMMUNITY_MSG.sectionProduct(p + 1);
    else if (n >= 0) errors.sections = COMMUNITY_MSG.sectionImage(n + 1);
  }
  return errors;
}

/** Checks of the video form: add needs description, video and a product (Please fill all the fields); edit says which. */
export function videoPostErrors(description: string, hasVideo: boolean, productCount: number, mode: 'add' | 'edit'): string | null {
  if (mode === 'add') return !description.trim() || !hasVideo || productCount === 0 ? COMMUNITY_MSG.fillAllFields : null;
  if (!hasVideo) return COMMUNITY_MSG.uploadVideo;
  if (!description.trim() || productCount === 0) return COMMUNITY_MSG.fillAllFields;
  return null;
}

/** A picture file the post forms accept (accounts §5: png, jpeg, jpg; 5 MB), or the message saying why not. */
export function imageFileError(file: File): string | null {
  if (!/^image\/(png|jpe?g)$/.test(file.type) && !/\.(png|jpe?g)$/i.test(file.name)) return COMMUNITY_MSG.imageType;
  if (file.size > COMMUNITY.imageMaxBytes) return COMMUNITY_MSG.imageTooLarge;
  return null;
}

/** A video file the video forms accept (.mp4, .mov; 50 MB), or the message saying why not. */
export function videoFileError(file: File): string | null {
  if (!/^video\/(mp4|quicktime)$/.test(file.type) && !/\.(mp4|mov)$/i.test(file.name)) return COMMUNITY_MSG.videoType;
  if (file.size > COMMUNITY.videoMaxBytes) return COMMUNITY_MSG.videoTooLarge;
  return null;
}

/**
 * Where the post's Edit goes (accounts §2.6): video posts to /edit-video/{id}, the others to /edit-details/{id}. An
 * admin edits any post's text and one picture (§6), a video post too, on /edit-details: /edit-video is the vendor's.
 */
export function editPath(post: Pick<CommunityPost, '_id' | 'kind'>, role?: string | null): string {
  return post.kind === 'video' && role !== 'admin' ? `/edit-video/${post._id}` : `/edit-details/${post._id}`;
}

/** The author's name as a card shows it: a vendor's store name when it has one. */
export function authorName(a: { firstname: string; lastname: string; role: string; brandName?: string | null }): string {
  if (a.role === 'vendor' && a.brandName) return a.brandName;
  return `${a.firstname} ${a.lastname}`.trim() || 'Member';
}

/** 10300 → "10.3K" (the title's members count, accounts §9). */
export function compactCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(Math.floor(n / 100) / 10).toFixed(1).replace(/\.0$/, '')}K`;
  return `${(Math.floor(n / 100_000) / 10).toFixed(1).replace(/\.0$/, '')}M`;
}
