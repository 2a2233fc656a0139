import { z } from 'zod';
import { MSG } from '../messages.ts';
import { isEmail } from '../validation.ts';

/**
 * Static content, social links, FAQ and the contact form (accounts §2.9, §3, §5, §7 Static content).
 * The public reads keep the spec's field names (`aboutUs`, `policy`, `returnPolicy`, `terms[0]`, `Platform`,
 * `Link`); the admin's writes use plain names.
 */

/** Subject options of the contact form, in the spec's order and spelling (accounts §2.9). */
export const CONTACT_SUBJECTS = ['Return Related', 'Seller Enquiry', 'Bulk/ Customised Purchase Enquiry', 'Others'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_LIMITS = { fullName: 100, description: 2000 } as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/**
 * POST user/contactUs. Checked in the order the form shows its fields, each with the spec's message; an e-mail
 * of the wrong shape gets the usual 'Please enter valid email'.
 */
export const contactUsBody = z.object({
  fullName: required(MSG.contactNameRequired).max(CONTACT_LIMITS.fullName, { error: MSG.contactNameTooLong }),
  email: required(MSG.contactEmailRequired)
    .toLowerCase()
    .refine((v) => isEmail(v), { error: MSG.invalidEmail }),
  description: required(MSG.contactQueryRequired).max(CONTACT_LIMITS.description, { error: MSG.contactQueryTooLong }),
  subject: z.enum(CONTACT_SUBJECTS, { error: MSG.contactSubjectRequired }),
});
export type ContactUsBody = z.infer<typeof contactUsBody>;

/** The pages whose HTML the admin writes. */
export const CONTENT_KEYS = ['about', 'privacy', 'return', 'terms', 'vendor-terms'] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];

export const aboutUsResult = z.object({ aboutUs: z.string(), picture: z.string().nullable() });
export const privacyPolicyResult = z.object({ policy: z.string() });
export const returnPolicyResult = z.object({ returnPolicy: z.string() });
/** The spec reads `data.terms[0]`. */
export const termsResult = z.object({ terms: z.array(z.string()) });
/** GET admin/vendor-terms-conditions: the seller terms step one links to; the spec reads `data.terms` (HTML). */
export const vendorTermsResult = z.object({ terms: z.string() });

export const socialLink = z.object({ _id: z.string(), Platform: z.string(), Link: z.string() });
export type SocialLink = z.infer<typeof socialLink>;
export const socialLinksResult = z.array(socialLink);

export const faqEntry = z.object({ _id: z.string(), question: z.string(), answer: z.string() });
export type FaqEntry = z.infer<typeof faqEntry>;
export const faqListResult = z.array(faqEntry);

export const contactRequest = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  subject: z.string(),
  description: z.string(),
  createdAt: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
});
export type ContactRequest = z.infer<typeof contactRequest>;

/** PUT admin/content/{key}: the page's HTML (sanitised by the server) and, for about, its picture address. */
export const contentKeyParam = z.object({ key: z.enum(CONTENT_KEYS, { error: MSG.contentKeyUnknown }) });
export const updatePageBody = z.object({
  html: z.string({ error: MSG.contentHtmlRequired }).max(200_000),
  picture: z.string().max(500).nullable().optional(),
});
export const pageResult = z.object({ html: z.string(), picture: z.string().nullable() });

export const socialLinkBody = z.object({
  platform: required(MSG.socialPlatformRequired).max(40),
  link: z
    .string({ error: MSG.socialLinkInvalid })
    .trim()
    .max(500)
    .refine((v) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), { error: MSG.socialLinkInvalid }),
  position: z.number().int().min(0).max(1000).optional(),
  hidden: z.boolean().optional(),
});
export const adminSocialLink = z.object({ id: z.string(), platform: z.string(), link: z.string(), position: z.number(), hidden: z.boolean() });
export type AdminSocialLink = z.infer<typeof adminSocialLink>;
export type SocialLinkBody = z.input<typeof socialLinkBody>;

export const faqBody = z.object({
  question: required(MSG.faqQuestionRequired).max(300),
  answer: required(MSG.faqAnswerRequired).max(3000),
  keywords: z.string().trim().max(500).optional(),
  position: z.number().int().min(0).max(1000).optional(),
  hidden: z.boolean().optional(),
});
export const adminFaqEntry = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  keywords: z.string(),
  position: z.number(),
  hidden: z.boolean(),
});
export type AdminFaqEntry = z.infer<typeof adminFaqEntry>;
export type FaqBody = z.input<typeof faqBody>;

export const contactHandledBody = z.object({ handled: z.boolean() });
export const contactInboxResult = z.object({ requests: z.array(contactRequest), total: z.number() });
export type ContactInbox = z.infer<typeof contactInboxResult>;

/** POST faq/user-faq {question} (accounts §7 Chatbot). */
export const CHATBOT_QUESTION_MAX = 500;
export const chatbotQuestionBody = z.object({
  question: required(MSG.chatbotQuestionRequired).max(CHATBOT_QUESTION_MAX, { error: MSG.chatbotQuestionTooLong }),
});
/** `answered` false means the spec's fallback sentence; the question was kept for the admin. */
/**
 * Digi's reply in three bands (issue 13): `answered` with the entry's answer when it is sure; otherwise up to three
 * `suggestions` ("Did you mean…", asked again by their question) when some are close; otherwise the spec's fallback
 * with no suggestions, and the question kept for the admin.
 */
export const chatbotReply = z.object({
  answer: z.string(),
  answered: z.boolean(),
  faqId: z.string().nullable(),
  suggestions: z.array(z.object({ faqId: z.string(), question: z.string() })),
});
export type ChatbotReply = z.infer<typeof chatbotReply>;

export const chatbotQuestion = z.object({
  id: z.string(),
  question: z.string(),
  timesAsked: z.number(),
  status: z.enum(['open', 'answered', 'dismissed']),
  firstAskedAt: z.string(),
  lastAskedAt: z.string(),
  faqEntryId: z.string().nullable(),
});
export type ChatbotQuestion = z.infer<typeof chatbotQuestion>;
/** The admin's decision on an unanswered question: answer it (a new FAQ entry) or dismiss it. */
export const chatbotDecisionBody = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('answer'), question: required(MSG.faqQuestionRequired).max(300), answer: required(MSG.faqAnswerRequired).max(3000), keywords: z.string().trim().max(500).optional() }),
  z.object({ decision: z.literal('dismiss') }),
]);
