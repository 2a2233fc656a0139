import { asc, desc, eq, sql } from 'drizzle-orm';
import type { ContactUsBody, ContentKey } from '@statewise/contract';
import { MSG } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { contactRequests, faqEntries, siteContent, socialLinks } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { deleteUpload, storeImage } from '../media/uploads.ts';

/** A page's sanitised HTML and picture; 404 when the page was never written (a database before its defaults). */
export async function getPage(db: DbOrTx, key: ContentKey): Promise<{ html: string; picture: string | null }> {
  const [row] = await db.select({ html: siteContent.html, picture: siteContent.picture }).from(siteContent).where(eq(siteContent.key, key));
  if (!row) throw notFound(MSG.notFound);
  return row;
}

/** Replaces a page's HTML (sanitised here, so nothing unsafe is ever stored) and, for about, its picture. */
export async function updatePage(db: Db, actorId: string, key: ContentKey, input: { html: string; picture?: string | null }) {
  const html = sanitizeRichText(input.html);
  if (!html) throw badRequest(MSG.contentHtmlRequired);
  return db.transaction(async (tx) => {
    const picture = input.picture === undefined ? undefined : input.picture;
    await tx
      .insert(siteContent)
      .values({ key, html, picture: picture ?? null, updatedBy: actorId, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: siteContent.key,
        set: { html, updatedBy: actorId, updatedAt: new Date(), ...(picture !== undefined ? { picture } : {}) },
      });
    await recordAudit(tx, { actorId, action: 'update', entity: 'content', entityId: key, detail: { length: html.length, picture } });
    return getPage(tx, key);
  });
}

/** Our Story's picture: a wide photo, kept up to 1600 px wide (and 320, 640, 1080 below it for srcset). */
const ABOUT_PICTURE_WIDTH = 1600;

/**
 * POST admin/content/about/picture (a file) and DELETE (null): replaces or removes the Our Story picture. The file
 * goes through the one upload pipeline (WebP in several widths, no metadata); the old picture's files are deleted
 * once the new address is stored, the new one's if storing it fails. Audited as a change of the about page.
 */
export async function setAboutPicture(ctx: Pick<AppContext, 'db' | 'storage'>, actorId: string, bytes: Buffer | null) {
  const stored = bytes ? await storeImage(ctx, bytes, { folder: 'content', maxWidth: ABOUT_PICTURE_WIDTH }) : null;
  let previous: string | null = null;
  try {
    const page = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select({ picture: siteContent.picture }).from(siteContent).where(eq(siteContent.key, 'about')).for('update');
      if (!row) throw notFound(MSG.notFound);
      previous = row.picture;
      const picture = stored?.url ?? null;
      await tx.update(siteContent).set({ picture, updatedBy: actorId, updatedAt: new Date() }).where(eq(siteContent.key, 'about'));
      await recordAudit(tx, { actorId, action: 'update', entity: 'content', entityId: 'about', detail: { picture } });
      return getPage(tx, 'about');
    });
    if (previous && previous !== stored?.url) await deleteUpload(ctx, previous).catch(() => undefined);
    return page;
  } catch (err) {
    if (stored) await deleteUpload(ctx, stored.url).catch(() => undefined);
    throw err;
  }
}

export async function listSocialLinks(db: DbOrTx, opts: { includeHidden?: boolean } = {}) {
  return db
    .select()
    .from(socialLinks)
    .where(opts.includeHidden ? undefined : eq(socialLinks.hidden, false))
    .orderBy(asc(socialLinks.position), asc(socialLinks.platform));
}

export async function listFaq(db: DbOrTx, opts: { includeHidden?: boolean } = {}) {
  return db
    .select()
    .from(faqEntries)
    .where(opts.includeHidden ? undefined : eq(faqEntries.hidden, false))
    .orderBy(asc(faqEntries.position), asc(faqEntries.createdAt));
}

/** Stores a contact-form message for the admin's inbox. */
export async function createContactRequest(db: DbOrTx, body: ContactUsBody, userId: string | null) {
  const [row] = await db
    .insert(contactRequests)
    .values({ fullName: body.fullName, email: body.email, subject: body.subject, description: body.description, userId })
    .returning();
  return row!;
}

export async function listContactRequests(db: DbOrTx, opts: { handled?: boolean; page: number; pageSize: number }) {
  const where = opts.handled === undefined ? undefined : eq(contactRequests.handled, opts.handled);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactRequests)
      .where(where)
      .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(contactRequests).where(where),
  ]);
  return { requests: rows, total: total?.n ?? 0 };
}

/** Marks a message handled (or back to open); recorded in the audit log. */
export async function setContactHandled(db: Db, actorId: string, id: string, handled: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactRequests)
      .set({ handled, handledAt: handled ? new Date() : null, handledBy: handled ? actorId : null })
      .where(eq(contactRequests.id, id))
      .returning();
    if (!row) throw notFound(MSG.notFound);
    await recordAudit(tx, { actorId, action: handled ? 'handle' : 'reopen', entity: 'contact_request', entityId: id });
    return row;
  });
}

type SocialInput = { platform: string; link: string; position?: number; hidden?: boolean };

export async function saveSocialLink(db: Db, actorId: string, id: string | null, input: SocialInput) {
  return db.transaction(async (tx) => {
    const values = { platform: input.platform, link: input.link, updatedAt: new Date(), ...(input.position !== undefined ? { position: input.position } : {}), ...(input.hidden !== undefined ? { hidden: input.hidden } : {}) };
    const position = id || input.position !== undefined ? {} : { position: sql<number>`(select coalesce(max(position) + 1, 0) from social_links)` };
    const [row] = id
      ? await tx.update(socialLinks).set(values).where(eq(socialLinks.id, id)).returning()
      : await tx.insert(socialLinks).values({ ...values, ...position }).returning();
    if (!row) throw notFound(MSG.notFound);
    await recordAudit(tx, { actorId, action: id ? 'update' : 'create', entity: 'social_link', entityId: row.id, detail: { ...input } });
    return row;
  });
}

export async function deleteSocialLink(db: Db, actorId: string, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(socialLinks).where(eq(socialLinks.id, id)).returning();
    if (!row) throw notFound(MSG.notFound);
    await recordAudit(tx, { actorId, action: 'delete', entity: 'social_link', entityId: id, detail: { platform: row.platform, link: row.link } });
  });
}

type FaqInput = { question: string; answer: string; keywords?: string; position?: number; hidden?: boolean };

export async function saveFaqEntry(db: DbOrTx, actorId: string, id: string | null, input: FaqInput) {
  return db.transaction(async (tx) => {
    const values = {
      question: input.question,
      answer: input.answer,
      updatedAt: new Date(),
      ...(input.keywords !== undefined ? { keywords: input.keywords } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      ...(input.hidden !== undefined ? { hidden: input.hidden } : {}),
    };
    // A new entry without a place goes to the end of the page.
    const position = id || input.position !== undefined ? {} : { position: sql<number>`(select coalesce(max(position) + 1, 0) from faq_entries)` };
    const [row] = id
      ? await tx.update(faqEntries).set(values).where(eq(faqEntries.id, id)).returning()
      : await tx.insert(faqEntries).values({ ...values, ...position }).returning();
    if (!row) throw notFound(MSG.notFound);
    await recordAudit(tx, { actorId, action: id ? 'update' : 'create', entity: 'faq', entityId: row.id, detail: { question: input.question } });
    return row;
  });
}

export async function deleteFaqEntry(db: Db, actorId: string, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(faqEntries).where(eq(faqEntries.id, id)).returning();
    if (!row) throw notFound(MSG.notFound);
    await recordAudit(tx, { actorId, action: 'delete', entity: 'faq', entityId: id, detail: { question: row.question } });
  });
}
