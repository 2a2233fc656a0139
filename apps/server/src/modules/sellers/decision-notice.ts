import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sellerApplications, users } from '../../db/schema/index.ts';
import type { Notification } from '../../lib/notify.ts';

/**
 * The e-mail an applicant gets for the decision on a seller application, written when it is sent (by the
 * notification outbox, queued in the decision's transaction): approved with the store's address and the admin's
 * note, or rejected with the reason. Null when there is no one to tell any more (account deleted).
 */
export async function sellerDecisionMessage(db: DbOrTx, publicUrl: string, payload: Record<string, string>): Promise<Notification | null> {
  const [row] = await db
    .select({ status: sellerApplications.status, brandName: sellerApplications.brandName, slug: sellerApplications.slug, note: sellerApplications.decisionNote, email: users.email, firstname: users.firstname })
    .from(sellerApplications)
    .innerJoin(users, eq(users.id, sellerApplications.userId))
    .where(eq(sellerApplications.id, payload.applicationId ?? ''));
  if (!row || row.status === 'pending') return null;
  const to = { email: row.email, name: row.firstname };
  const name = row.firstname || 'there';
  if (row.status === 'approved') {
    return {
      kind: 'seller-approved',
      to,
      subject: 'Your Statewise store is live',
      text:
        `Hello ${name},\n\nYour seller application for "${row.brandName}" is approved. Your store is live at ${publicUrl}/store/${row.slug}.` +
        (row.note ? `\n\nNote from our team: ${row.note}` : '') +
        '\n\nWelcome to Statewise.',
    };
  }
  return {
    kind: 'seller-rejected',
    to,
    subject: 'Your Statewise seller application',
    text: `Hello ${name},\n\nWe could not approve your seller application for "${row.brandName}".\n\nReason: ${row.note ?? ''}\n\nYou may correct this and apply again from your account.`,
  };
}
