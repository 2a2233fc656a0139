/**
 * What someone has typed into a review form, kept in memory for the visit (never stored on the device) so a
 * session that ends mid-review — login prompt, log in again, back to the page — does not lose the text.
 */
export interface ReviewDraft {
  rating: number;
  review: string;
}

const drafts = new Map<string, ReviewDraft>();

export const reviewDrafts = {
  get: (key: string): ReviewDraft | undefined => drafts.get(key),
  set: (key: string, draft: ReviewDraft): void => {
    if (draft.rating || draft.review) drafts.set(key, draft);
    else drafts.delete(key);
  },
  clear: (key: string): void => {
    drafts.delete(key);
  },
};
