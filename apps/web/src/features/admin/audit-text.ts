import type { AuditEntry } from '@statewise/contract/schemas/admin';
import { catalogueAuditLink, CATALOGUE_AUDIT_ENTITIES, describeCatalogueAudit } from './catalogue/audit-text.ts';

/** The kinds of thing the log records, as the filter names them (new kinds show under their own name until added). */
export const AUDIT_ENTITIES: Array<{ key: string; label: string }> = [
  { key: '', label: 'Everything' },
  { key: 'content', label: 'Pages' },
  { key: 'faq', label: 'FAQ' },
  { key: 'chatbot_question', label: 'Chatbot questions' },
  { key: 'social_link', label: 'Social links' },
  { key: 'contact_request', label: 'Contact messages' },
  { key: 'seller_application', label: 'Seller applications' },
  { key: 'user', label: 'Accounts' },
  { key: 'order', label: 'Orders' },
  { key: 'vendor', label: 'Stores' },
  { key: 'review_report', label: 'Reported reviews' },
  ...CATALOGUE_AUDIT_ENTITIES,
  { key: 'shop_video', label: 'Watch & Shop videos' },
];

const PAGE_NAME: Record<string, string> = {
  about: 'Our Story',
  privacy: 'the privacy policy',
  return: 'the return policy',
  terms: 'the terms and conditions',
  'vendor-terms': 'the seller terms',
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const quoted = (v: unknown): string => (text(v) ? ` “${text(v)}”` : '');

/** One log entry as a sentence ("Blocked an account: Spam"); an action this list does not know reads plainly. */
export function describeAudit(e: Pick<AuditEntry, 'action' | 'entity' | 'entityId' | 'detail'>): string {
  const d = e.detail;
  switch (`${e.entity}:${e.action}`) {
    case 'content:update':
      return `Edited ${PAGE_NAME[e.entityId ?? ''] ?? `the page ${e.entityId}`}`;
    case 'faq:create':
      return `Added the FAQ question${quoted(d.question)}`;
    case 'faq:update':
      return `Edited the FAQ question${quoted(d.question)}`;
    case 'faq:delete':
      return `Deleted the FAQ question${quoted(d.question)}`;
    case 'chatbot_question:answer':
      return `Answered the chatbot question${quoted(d.question)}`;
    case 'chatbot_question:dismiss':
      return `Dismissed the chatbot question${quoted(d.question)}`;
    case 'social_link:create':
      return `Added the social link ${text(d.platform) ?? ''}`.trim();
    case 'social_link:update':
      return `Edited the social link ${text(d.platform) ?? ''}`.trim();
    case 'social_link:delete':
      return `Deleted the social link ${text(d.platform) ?? ''}`.trim();
    case 'contact_request:handle':
      return 'Marked a contact message handled';
    case 'contact_request:reopen':
      return 'Opened a contact message again';
    case 'seller_application:approve':
      return `Approved the seller application of /store/${text(d.slug) ?? '…'}`;
    case 'seller_application:reject':
      return `Rejected a seller application${text(d.reason) ? `: ${text(d.reason)}` : ''}`;
    case 'user:block':
      return `Blocked an account${text(d.reason) ? `: ${text(d.reason)}` : ''}`;
    case 'user:unblock':
      return 'Unblocked an account';
    case 'order:move_status':
      return `Moved ${text(d.brandName) ?? 'a seller'}’s items of order ${text(d.orderNumber) ?? ''} to ${text(d.to) ?? '…'}${text(d.note) ? `: ${text(d.note)}` : ''}`;
    case 'order:cancel':
      return `Cancelled ${d.vendorId ? 'a seller’s items of ' : ''}order ${text(d.orderNumber) ?? ''}${text(d.reason) ? `: ${text(d.reason)}` : ''}`;
    case 'vendor:suspend':
      return `Suspended the store /store/${text(d.slug) ?? '…'}${text(d.reason) ? `: ${text(d.reason)}` : ''}`;
    case 'vendor:restore':
      return `Restored the store /store/${text(d.slug) ?? '…'}`;
    case 'review_report:hide':
      return `Hid a reported review${text(d.note) ? `: ${text(d.note)}` : ''}`;
    case 'review_report:keep':
      return `Kept a reported review${text(d.note) ? `: ${text(d.note)}` : ''}`;
    case 'shop_video:create':
      return `Uploaded the video${quoted(d.title)}`;
    case 'shop_video:update':
      return `Edited a watch-and-shop video${quoted(d.title)}`;
    case 'shop_video:hide':
      return 'Hid a watch-and-shop video';
    case 'shop_video:show':
      return 'Showed a watch-and-shop video again';
    case 'shop_video:map_products':
      return `Set the products of a watch-and-shop video (${Array.isArray(d.products) ? d.products.length : 0})`;
    case 'shop_video:reorder':
      return 'Reordered the watch-and-shop videos';
    case 'shop_video:delete':
      return `Deleted the video${quoted(d.title)}`;
    default:
      return describeCatalogueAudit(e) ?? `${e.action[0]?.toUpperCase() ?? ''}${e.action.slice(1)} ${e.entity.replaceAll('_', ' ')}`;
  }
}

/** Where the thing an entry is about can be seen in the console, when it has a page. */
export function auditLink(e: Pick<AuditEntry, 'entity' | 'entityId'>): string | null {
  if (e.entity === 'user' && e.entityId) return `/admin/users/${e.entityId}`;
  if (e.entity === 'order' && e.entityId) return `/admin/orders/${e.entityId}`;
  if (e.entity === 'content' && e.entityId) return `/admin/pages/${e.entityId}`;
  if (e.entity === 'faq') return '/admin/faq';
  if (e.entity === 'social_link') return '/admin/social-links';
  if (e.entity === 'contact_request') return '/admin/contact-requests?show=all';
  if (e.entity === 'chatbot_question') return '/admin/chatbot-questions';
  if (e.entity === 'seller_application') return '/admin/seller-applications';
  if (e.entity === 'vendor') return '/admin/vendors';
  return catalogueAuditLink(e.entity);
}
