/**
 * The community's limits and sentences (accounts §5, §6, §8, §9), apart from its zod schemas (community.ts) so the
 * web app can import them without bundling zod (ADR 003). community.ts re-exports them.
 */
export const COMMUNITY = {
  /** Sections of an image post (accounts §9: 1 to 5). */
  maxSections: 5,
  /** Products one section (or a video post) tags. */
  maxProductsPerSection: 5,
  descriptionMax: 2000,
  commentMax: 1000,
  reasonMax: 500,
  /** Pictures: png, jpeg, jpg (and webp), at most 5 MB each. */
  imageMaxBytes: 5 * 1024 * 1024,
  /** Videos: mp4 or mov (told by content), at most 50 MB. */
  videoMaxBytes: 50 * 1024 * 1024,
  /** How many posts the trending list gives without a limit. */
  trendingDefault: 5,
  /** Replies are shown two levels deep; a reply to a second-level reply joins that thread ("continue thread"). */
  replyDepth: 2,
} as const;

/** The spec's sentences for the community (accounts §5, §6, §8). */
export const COMMUNITY_MSG = {
  onlyUserQuery: 'Only user can post query in the community.',
  postAdded: 'Post added successfully',
  postEdited: 'Post edited successfully',
  postUpdateFailed: 'Unable to update post',
  /** an edit that never got an answer (network, timeout); a refusal says postUpdateFailed or the server's reason */
  postUpdateError: 'error while updating post',
  postDetailsFailed: 'Error while fetching post details',
  postDeleted: 'Post deleted successfully',
  postNotFound: 'Post not found',
  commentRequired: 'Please enter comment',
  commentTextOnly: 'Only text is allowed to enter into the comment',
  commentTooLong: `Comment can be at most ${COMMUNITY.commentMax} characters`,
  commentAdded: 'Comment added successfully',
  commentEdited: 'Comment edited successfully',
  commentDeleted: 'Comment deleted successfully',
  commentNotFound: 'Comment not found',
  replyAdded: 'Reply added successfully',
  replyFailed: 'Error while adding nested comment',
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason can be at most ${COMMUNITY.reasonMax} characters`,
  reported: 'Post Reported Successfully',
  alreadyReported: 'You have already reported this',
  adminCannotLike: 'Admin cannot like post',
  descriptionRequired: 'Please enter description',
  descriptionTooLong: `Description can be at most ${COMMUNITY.descriptionMax} characters`,
  addAllDetails: 'Please add all details',
  fillAllFields: 'Please fill all the fields',
  uploadVideo: 'Please upload video',
  sectionImage: (n: number) => `Please provide images at section ${n}`,
  sectionProduct: (n: number) => `Please add product details at section ${n}`,
  tooManySections: `Please add at most ${COMMUNITY.maxSections} sections`,
  tooManyProducts: `Please tag at most ${COMMUNITY.maxProductsPerSection} products`,
  productNameRequired: 'Please enter a valid product name',
  productNotYours: 'Please choose products of this vendor',
  vendorRequired: 'Please choose a vendor',
  imageType: 'Please upload a png, jpeg or jpg picture',
  imageTooLarge: 'Please upload a picture of at most 5 MB',
  videoType: 'Please upload a .mov or .mp4 video',
  videoTooLarge: 'Please upload a video of at most 50 MB',
  pinned: 'Post pinned',
  unpinned: 'Post unpinned',
  notAuthor: 'Only the author can do this',
  offerOnlyVendor: 'Only a vendor can answer with an offer',
  offerOnlyQuery: 'Offers can answer buying queries only',
  offerOne: 'Please offer one product at a time',
  tempProductNotYours: 'You can offer only a chat product of your own',
  hidden: 'This was hidden while a moderator looks at it',
} as const;
