import { z } from 'zod';
import { MSG } from '../messages.ts';
import { page } from './common.ts';

/**
 * Vendor suspension and the moderation inbox (issue 11; ADR 025): the admin's Vendors screen, the vendor console's
 * suspension banner, a vendor's report of a review, and the one inbox of items waiting for a decision.
 */

export const SUSPEND_REASON_MAX = 300;
export const ADMIN_STORES_PAGE_SIZE = 20;
export const STORE_SEARCH_MAX = 100;

/** GET admin/stores?q=&state=&page=: q matches any part of the brand, seller name, slug, mobile or e-mail. */
export const adminStoreQuery = z.object({
  q: z.string().trim().max(STORE_SEARCH_MAX, { error: MSG.userSearchTooLong }).optional(),
  state: z.enum(['live', 'suspended'], { error: "Please choose 'live' or 'suspended'" }).optional(),
  page: page.default(1),
});

export const adminStore = z.object({
  /** The store's id (admin/stores/{id}/…). */
  _id: z.string(),
  /** The vendor's user id (products' vendorId). */
  userId: z.string(),
  brandName: z.string(),
  sellerName: z.string(),
  vendorSlug: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Products the vendor has published (held ones included while suspended). */
  productsCount: z.number(),
  state: z.enum(['live', 'suspended']),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  /** 'account_blocked' when the store went down with its vendor's account (unblocking restores it). */
  suspensionCause: z.enum(['admin', 'account_blocked']).nullable(),
  accountBlocked: z.boolean(),
  createdAt: z.string(),
});
export type AdminStore = z.infer<typeof adminStore>;
export const adminStoreList = z.object({ stores: z.array(adminStore), count: z.number() });
export type AdminStoreList = z.infer<typeof adminStoreList>;

export const suspendStoreBody = z.object({
  reason: z
    .string({ error: MSG.suspendReasonRequired })
    .trim()
    .min(1, { error: MSG.suspendReasonRequired })
    .max(SUSPEND_REASON_MAX, { error: MSG.suspendReasonTooLong }),
});

/** GET vendor/suspension: what the vendor console's banner says. */
export const vendorSuspension = z.object({
  suspended: z.boolean(),
  suspendedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type VendorSuspension = z.infer<typeof vendorSuspension>;

export const REPORT_REASON_MAX = 500;
/** POST reviews/{id}/report: the vendor of the reviewed product says why. */
export const reportReviewBody = z.object({
  reason: z
    .string({ error: MSG.reportReasonRequired })
    .trim()
    .min(1, { error: MSG.reportReasonRequired })
    .max(REPORT_REASON_MAX, { error: MSG.reportReasonTooLong }),
});
export const reviewReport = z.object({ _id: z.string(), reviewId: z.string(), reason: z.string(), status: z.enum(['open', 'kept', 'hidden']), createdAt: z.string() });
export type ReviewReport = z.infer<typeof reviewReport>;

// ---------- the moderation inbox ----------

export const MODERATION_PAGE_SIZE = 20;
export const MODERATION_NOTE_MAX = 500;

/** A field a decision asks for besides the note (turning a question into an FAQ entry asks for the answer). */
export const moderationField = z.object({
  name: z.string(),
  label: z.string(),
  multiline: z.boolean(),
  required: z.boolean(),
  maxLength: z.number(),
});
export type ModerationField = z.infer<typeof moderationField>;

export const moderationDecision = z.object({
  decision: z.string(),
  label: z.string(),
  /** 'danger' for the decision that takes something away (reject, hide), drawn in red. */
  tone: z.enum(['primary', 'neutral', 'danger']),
  noteRequired: z.boolean(),
  fields: z.array(moderationField),
});
export type ModerationDecision = z.infer<typeof moderationDecision>;

export const moderationItem = z.object({
  kind: z.string(),
  kindLabel: z.string(),
  _id: z.string(),
  /** Waiting since (ISO): the inbox's age and order, oldest first. */
  createdAt: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Where the admin sees the whole thing (a console screen or a public page). */
  link: z.string(),
  decisions: z.array(moderationDecision),
  /** Starting values of the decisions' fields (the question to answer). */
  prefill: z.record(z.string(), z.string()),
});
export type ModerationItem = z.infer<typeof moderationItem>;

export const moderationQuery = z.object({
  kind: z.string().trim().max(40).optional(),
  page: page.default(1),
});

export const moderationInbox = z.object({
  items: z.array(moderationItem),
  /** Items waiting in the chosen kind (or in all). */
  count: z.number(),
  /** Every kind with its label and waiting count, in the order of the tabs. */
  kinds: z.array(z.object({ kind: z.string(), label: z.string(), count: z.number() })),
});
export type ModerationInbox = z.infer<typeof moderationInbox>;

export const moderationDecisionBody = z.object({
  decision: z.string({ error: MSG.moderationDecisionUnknown }).trim().min(1, { error: MSG.moderationDecisionUnknown }).max(40),
  note: z.string().trim().max(MODERATION_NOTE_MAX, { error: MSG.moderationNoteTooLong }).optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ModerationDecisionBody = z.infer<typeof moderationDecisionBody>;
