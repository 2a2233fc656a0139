import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The pages whose HTML the admin writes (accounts §2.9: about, privacy, return and replacement, terms), one row
 * per page. The HTML is sanitised before it is stored (lib/sanitize.ts), so a row never holds a script.
 */
export const siteContent = pgTable('site_content', {
  key: text('key').primaryKey(),
  html: text('html').notNull(),
  picture: text('picture'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Footer social links (accounts §3 Social link: Platform, Link), in the admin's order. */
export const socialLinks = pgTable(
  'social_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').notNull(),
    link: text('link').notNull(),
    position: integer('position').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('social_links_https', sql`${t.link} ~ '^https://'`)],
);

/**
 * Questions and answers: the FAQ page shows them, and the Digi chatbot answers from them (keywords help it match
 * questions worded differently).
 */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    keywords: text('keywords').notNull().default(''),
    position: integer('position').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('faq_entries_position').on(t.position)],
);

/** Messages sent through the contact form (accounts §3 Contact request), for the admin's inbox. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    /** The sender's account when signed in (kept when the account is deleted, as the message still matters). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    handled: boolean('handled').notNull().default(false),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_requests_inbox').on(t.handled, t.createdAt.desc())],
);

/**
 * Who changed what and when in the admin console (issue 11: every admin change is recorded). `entity` and
 * `entityId` name the thing changed; `detail` holds what the admin sent (never secrets).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created').on(t.createdAt.desc()), index('audit_log_entity').on(t.entity, t.entityId)],
);

/**
 * Questions the Digi chatbot could not answer (issue 13), one row per distinct wording (lowercased, spaces
 * collapsed), counted each time it is asked, for the admin to turn into FAQ entries or dismiss.
 */
export const chatbotQuestions = pgTable(
  'chatbot_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    question: text('question').notNull(),
    normalized: text('normalized').notNull().unique(),
    timesAsked: integer('times_asked').notNull().default(1),
    status: text('status', { enum: ['open', 'answered', 'dismissed'] }).notNull().default('open'),
    /** The entry made from it, when the admin answered it. */
    faqEntryId: uuid('faq_entry_id').references(() => faqEntries.id, { onDelete: 'set null' }),
    firstAskedAt: timestamp('first_asked_at', { withTimezone: true }).notNull().defaultNow(),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('chatbot_questions_open').on(t.status, t.lastAskedAt.desc())],
);
