import { contactUsBody, type ContactUsBody } from '@statewise/contract/schemas/content';

export type ContactField = keyof ContactUsBody;
export type ContactDraft = Record<ContactField, string>;
export const EMPTY_CONTACT: ContactDraft = { fullName: '', email: '', description: '', subject: '' };

/**
 * Checks the form with the server's own schema, so both say the same sentence; gives every field's first
 * message (shown beside it) and the first in the form's order (where focus goes).
 */
export function checkContact(draft: ContactDraft): { ok: true; body: ContactUsBody } | { ok: false; errors: Partial<Record<ContactField, string>>; first: ContactField } {
  const parsed = contactUsBody.safeParse(draft);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  const order: ContactField[] = ['fullName', 'email', 'description', 'subject'];
  return { ok: false, errors, first: order.find((f) => errors[f])! };
}
