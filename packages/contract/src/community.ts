import { z } from 'zod';
import { COMMUNITY, COMMUNITY_MSG } from './community-text.ts';
import { PAGE_SIZE } from './constants.ts';
import { objectId, page, pageSize } from './schemas/common.ts';

/**
 * The community feed (accounts §2.6, §3, §4.10, §5, §6, §7 Community, §8; issue 12). Every call is under /api:
 *
 *   POST  community/allFeeds                 (signed in)  body communityFeedBody → communityFeed
 *   POST  community/allFeedsWithoutLogin     (guest)      body communityFeedBody → communityFeed
 *   GET   community/members                  → communityMembers (the title's members count)
 *   POST  community/trending                 body {limit?} → communityPost[] (desktop list)
 *   POST  community/post/admin               multipart: description, userId (the vendor's user id), image (file, optional), productId[] (optional, that vendor's)
 *   POST  community/imagePost/vendor         multipart: description, sections (JSON, see communitySectionsField) or productId[] + images[] pairs
 *   POST  community/videoPost/vendor         multipart: description, productId[] (1–5), video (mp4/mov file)
 *   POST  community/post/user                multipart: description, image (optional reference photo)
 *       → 201 communityPost, message 'Post added successfully'
 *   PATCH community/editPost/user/{id}       multipart: description, image (new file) | removeImage='true'
 *   PATCH community/editPost/admin/{id}      multipart: description, image (new file) | removeImage='true'
 *   PATCH community/editPost/vendor/image/{id}  multipart: description, sections (JSON; imageUrl keeps a picture) + images files
 *   PATCH community/editPost/vendor/video/{id}  multipart: description, productId[], video (new file) or videoLink (the current URL)
 *       → 200 communityPost, message 'Post edited successfully'
 *   GET   community/postDetails/{id}         → data: [communityPost]  (the spec's data.data[0])
 *   POST  community/pinPost/{id} · community/unpinPost/{id} (admin) → communityPinResult
 *   POST  community/{postId}/reports         body communityReportBody → 201 communityReportResult, 'Post Reported Successfully'
 *   POST  community/post/like/{id} · community/post/dislike/{id} → communityLikeResult (admin: 403 'Admin cannot like post')
 *   PATCH community/post/delete/{id}         → {_id} (author or admin)
 *   POST  community/post/comments/all/{postId}   body {pageSize, page} → communityCommentPage
 *   POST  community/post/comments/{postId}       body communityCommentBody → 201 communityComment
 *   PATCH community/post/comments/{postId}       body communityCommentEditBody → communityComment
 *   PATCH community/post/deleteComment/{postId}  body {commentId} → {_id}, 'Comment deleted successfully'
 *   POST  community/post/nestedComment/{postId}       body communityReplyBody → 201 communityReply
 *   POST  community/post/nestedComment/all/{postId}   body communityReplyListBody → communityReplyPage
 *   PATCH community/post/editNestedComment/{postId}   body communityReplyEditBody → communityReply
 *   PATCH community/post/deleteNestedComment/{postId} body {commentId, nestedCommentId} → {_id}
 *   POST  community/vendors/search (admin)   body {search, userType:'all'} → data: [{data: communityVendorHit[]}] (spec: data[0].data)
 *   POST  community/products/search          body {userId?, search} → {products: communityProductHit[]} (vendor: own; admin: userId's)
 */

export { COMMUNITY, COMMUNITY_MSG } from './community-text.ts';

/** The author as a card shows it; vendorId/vendorSlug for vendors (their posts link to /store/{vendorSlug}). */
export const communityAuthor = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  picture: z.string(),
  role: z.enum(['user', 'vendor', 'admin']),
  /** The vendor (store) id, vendors only. */
  vendorId: z.string().nullable(),
  /** The store's slug for /store/{vendorSlug}, vendors only. */
  vendorSlug: z.string().nullable(),
  /** The store's name, vendors only. */
  brandName: z.string().nullable(),
});
export type CommunityAuthor = z.infer<typeof communityAuthor>;

/** A tagged product (spec: "each mapped item has id and name"); the web links /product/{slug}. */
export const communityProductTag = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  price: z.number().int(),
  offeredPrice: z.number().int(),
  inStock: z.boolean(),
});
export type CommunityProductTag = z.infer<typeof communityProductTag>;

export const communityVideoState = z.enum(['processing', 'ready', 'failed']);
export type CommunityVideoState = z.infer<typeof communityVideoState>;

export const communityPostKind = z.enum(['query', 'image', 'video', 'admin']);
export type CommunityPostKind = z.infer<typeof communityPostKind>;

export const communityPost = z.object({
  _id: z.string(),
  /** query (a user's "I wish to buy…"), image or video (a vendor's), admin (posted by an admin for a vendor). */
  kind: communityPostKind,
  description: z.string(),
  /** A user's reference photo or an admin post's picture; '' when none. */
  image: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  pinned: z.boolean(),
  isLiked: z.boolean(),
  NumberOfLikes: z.number().int(),
  commentsCount: z.number().int(),
  /** The author (for an admin post: the vendor it was posted for). */
  userId: communityAuthor,
  /** Set when an admin posted it on the vendor's behalf. */
  postedByAdmin: z.boolean(),
  productImages: z.array(z.object({ image: z.string(), productsMapped: z.array(communityProductTag) })),
  /** A video post's one video; `status` processing until the pipeline has transcoded it (the original plays meanwhile). */
  productVideos: z.array(
    z.object({ video: z.string(), poster: z.string().nullable(), status: communityVideoState, productsMapped: z.array(communityProductTag) }),
  ),
  /** Only an admin sees hidden posts (enough weighted reports); everyone else never receives them. */
  hidden: z.boolean(),
  /** What the signed-in person may do with it (guests: all false). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type CommunityPost = z.infer<typeof communityPost>;

/**
 * Feed request. Pages are keyset-paged: page 1 needs no cursor; every later page sends the previous answer's
 * `nextCursor` (a page above 1 without one is a 400). `page` is kept for the spec's clients; `userId` is ignored
 * (the token says who is asking).
 */
export const communityFeedBody = z.object({
  pageSize: pageSize(PAGE_SIZE.communityFeed),
  page: page.default(1),
  userId: z.string().optional(),
  cursor: z.string().max(200).nullish(),
});
export type CommunityFeedBody = z.input<typeof communityFeedBody>;

/** A feed page: pinned posts first, then newest first. `hasMore` false (and nextCursor null) on the last page. */
export const communityFeed = z.object({
  posts: z.array(communityPost),
  page: z.number().int(),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
});
export type CommunityFeed = z.infer<typeof communityFeed>;

export const communityMembers = z.object({ membersCount: z.number().int() });
export type CommunityMembers = z.infer<typeof communityMembers>;

export const communityTrendingBody = z.object({ limit: z.coerce.number().int().min(1).max(20).default(COMMUNITY.trendingDefault) });

/**
 * The `sections` text field of the vendor image forms: a JSON list of 1–5 sections, each tagging 1–5 of the
 * vendor's products, with either `imageUrl` (one of those products' pictures, or on edit the section's current
 * picture) or an uploaded file: files sent as `images` are given, in order, to the sections without imageUrl.
 * Without `sections`, the spec's flat form is read: `productId[]` and `images[]` (files or URLs) paired by index.
 */
export const communitySection = z.object({
  productIds: z.array(objectId).max(COMMUNITY.maxProductsPerSection),
  imageUrl: z.string().max(500).nullish(),
});
export type CommunitySection = z.infer<typeof communitySection>;

export const communityPinResult = z.object({ _id: z.string(), pinned: z.boolean() });
export const communityLikeResult = z.object({ _id: z.string(), isLiked: z.boolean(), NumberOfLikes: z.number().int() });
export type CommunityLikeResult = z.infer<typeof communityLikeResult>;
export const communityDeleted = z.object({ _id: z.string() });

/** Report a post, or one of its comments or replies (commentId / nestedCommentId). */
export const communityReportBody = z.object({
  reason: z.string({ error: COMMUNITY_MSG.reasonRequired }).trim().min(1, { error: COMMUNITY_MSG.reasonRequired }).max(COMMUNITY.reasonMax, { error: COMMUNITY_MSG.reasonTooLong }),
  postId: z.string().optional(),
  commentId: objectId.optional(),
  nestedCommentId: objectId.optional(),
});
export type CommunityReportBody = z.input<typeof communityReportBody>;
/** `hidden` is true when this report made the weighted total reach the threshold. */
export const communityReportResult = z.object({ _id: z.string(), hidden: z.boolean() });

/**
 * An offer under a comment: a vendor answers a shopper's buying query with one of its products (kind 'product') or
 * one of its chat-made temporary products (kind 'temporary': `product.id` is the temporary product's, `slug` is empty;
 * bought with buy-now, isTempProduct, by the query's author), shown as a buy-now card. `available` is false when a
 * temporary product is gone or its store suspended: the card says so and cannot be bought. A catalogue product
 * that is no longer live drops its offer (null), as it drops from tags.
 */
export const communityOffer = z.object({
  kind: z.enum(['product', 'temporary']),
  available: z.boolean(),
  product: communityProductTag.extend({ vendorSlug: z.string().nullable(), isFreeSize: z.boolean() }),
});
export type CommunityOffer = z.infer<typeof communityOffer>;

export const communityCommentText = z
  .string({ error: COMMUNITY_MSG.commentRequired })
  .trim()
  .min(1, { error: COMMUNITY_MSG.commentRequired })
  .max(COMMUNITY.commentMax, { error: COMMUNITY_MSG.commentTooLong });

/** A top-level comment. `furtherComments` is how many replies it has (listed lazily). */
export const communityComment = z.object({
  _id: z.string(),
  postId: z.string(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userDetails: communityAuthor,
  /** Products the commenter tagged (vendors: their own). */
  productDetails: z.array(communityProductTag),
  offer: communityOffer.nullable(),
  furtherComments: z.number().int(),
  hidden: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type CommunityComment = z.infer<typeof communityComment>;

export const communityCommentListBody = z.object({ pageSize: pageSize(PAGE_SIZE.comments), page: page.default(1) });
/** Oldest first; `total` counts the post's visible top-level comments. */
export const communityCommentPage = z.object({ comments: z.array(communityComment), total: z.number().int(), page: z.number().int() });
export type CommunityCommentPage = z.infer<typeof communityCommentPage>;

const productIdList = z.array(objectId).max(COMMUNITY.maxProductsPerSection, { error: COMMUNITY_MSG.tooManyProducts }).default([]);

export const communityCommentBody = z.object({
  comment: communityCommentText,
  postID: z.string().optional(),
  productId: productIdList,
  /** A vendor's offer on a user's buying query: one of its own live products… */
  offerProductId: objectId.optional(),
  /** …or one of its own chat-made temporary products (GET temp-product/products); not both. */
  offerTempProductId: objectId.optional(),
});
export type CommunityCommentBody = z.input<typeof communityCommentBody>;

export const communityCommentEditBody = z.object({
  comment: communityCommentText,
  commentId: objectId,
  productId: productIdList,
  /** null removes the offer; absent keeps it. */
  offerProductId: objectId.nullish(),
  /** The same for a temporary product; giving one kind replaces an offer of the other. */
  offerTempProductId: objectId.nullish(),
});
export type CommunityCommentEditBody = z.input<typeof communityCommentEditBody>;

export const communityCommentDeleteBody = z.object({ commentId: objectId });

/** A reply. depth 1 answers the comment; depth 2 answers a depth-1 reply (parentId). */
export const communityReply = z.object({
  _id: z.string(),
  commentId: z.string(),
  parentId: z.string().nullable(),
  depth: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userDetails: communityAuthor,
  /** Whom it answers, when it answers a reply. */
  replyTo: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() }).nullable(),
  /** Depth-1 replies: how many depth-2 replies they have (listed with parentId). */
  furtherComments: z.number().int(),
  hidden: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type CommunityReply = z.infer<typeof communityReply>;

/** Reply to the comment, or (parentId) to one of its replies. */
export const communityReplyBody = z.object({
  comment: communityCommentText,
  commentId: objectId,
  postId: z.string().optional(),
  parentId: objectId.optional(),
});
export type CommunityReplyBody = z.input<typeof communityReplyBody>;

/** A comment's depth-1 replies, or (parentId) a reply's depth-2 replies; oldest first, 20 a page. */
export const communityReplyListBody = z.object({
  commentId: objectId,
  parentId: objectId.optional(),
  pageSize: pageSize(PAGE_SIZE.comments),
  page: page.default(1),
});
export const communityReplyPage = z.object({ replies: z.array(communityReply), total: z.number().int(), page: z.number().int() });
export type CommunityReplyPage = z.infer<typeof communityReplyPage>;

export const communityReplyEditBody = z.object({ comment: communityCommentText, commentId: objectId, nestedCommentId: objectId });
export const communityReplyDeleteBody = z.object({ commentId: objectId, nestedCommentId: objectId });

export const communityVendorSearchBody = z.object({ search: z.string().trim().max(100).default(''), userType: z.string().optional() });
export const communityVendorHit = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), brandName: z.string(), vendorSlug: z.string() });
export type CommunityVendorHit = z.infer<typeof communityVendorHit>;

export const communityProductSearchBody = z.object({
  userId: objectId.optional(),
  search: z.string({ error: COMMUNITY_MSG.productNameRequired }).trim().min(1, { error: COMMUNITY_MSG.productNameRequired }).max(100),
});
export const communityProductHit = z.object({ _id: z.string(), name: z.string(), images: z.array(z.string()), slug: z.string(), offeredPrice: z.number().int() });
export type CommunityProductHit = z.infer<typeof communityProductHit>;
