import type { ContactRequest, FaqEntry, SocialLink } from '@statewise/contract';
import type { contactRequests, faqEntries, socialLinks } from '../../db/schema/index.ts';

type SocialRow = typeof socialLinks.$inferSelect;
type FaqRow = typeof faqEntries.$inferSelect;
type ContactRow = typeof contactRequests.$inferSelect;

/** The spec's field names (accounts §3 Social link: Platform, Link). */
export const serializeSocialLink = (r: SocialRow): SocialLink => ({ _id: r.id, Platform: r.platform, Link: r.link });
export const serializeAdminSocialLink = (r: SocialRow) => ({ id: r.id, platform: r.platform, link: r.link, position: r.position, hidden: r.hidden });

export const serializeFaq = (r: FaqRow): FaqEntry => ({ _id: r.id, question: r.question, answer: r.answer });
export const serializeAdminFaq = (r: FaqRow) => ({ id: r.id, question: r.question, answer: r.answer, keywords: r.keywords, position: r.position, hidden: r.hidden });

export const serializeContactRequest = (r: ContactRow): ContactRequest => ({
  _id: r.id,
  fullName: r.fullName,
  email: r.email,
  subject: r.subject,
  description: r.description,
  createdAt: r.createdAt.toISOString(),
  handled: r.handled,
  handledAt: r.handledAt?.toISOString() ?? null,
});
