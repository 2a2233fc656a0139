/**
 * Contact details in chat text are hidden from the recipient (issue 13: keeps the sale on the platform, as
 * marketplaces do; the chat says so). The sender still sees what they wrote; the database keeps the original.
 */
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;
const DOMAIN = /\b[a-z0-9-]+\.(?:com|in|net|org|co|io|me|shop|store|link|ly)\b(?:\/\S*)?/gi;
// ten digits (an Indian mobile), optionally +91/0 first, with spaces, dots, dashes or brackets between them
const PHONE = /(?:\+?91[\s.-]*|\b0)?\(?\d(?:[\s.()-]*\d){9}\b/g;

export function maskContacts(text: string): string {
  if (!text) return text;
  return text.replace(EMAIL, '[hidden]').replace(LINK, '[hidden]').replace(DOMAIN, '[hidden]').replace(PHONE, '[hidden]');
}
