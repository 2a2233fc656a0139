import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ['user', 'vendor', 'admin']);

/** Every person with an account. Contacts are unique among live (not deleted) accounts. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: roleEnum('role').notNull().default('user'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    email: text('email'),
    mobile: text('mobile'),
    emailVerified: boolean('email_verified').notNull().default(false),
    mobileVerified: boolean('mobile_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    picture: text('picture').notNull().default(''),
    googleSub: text('google_sub'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set by an admin (issue 11): the account's sessions were revoked and it cannot log in until unblocked. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_live').on(t.email).where(sql`${t.deletedAt} is null and ${t.email} is not null`),
    uniqueIndex('users_mobile_live').on(t.mobile).where(sql`${t.deletedAt} is null and ${t.mobile} is not null`),
    uniqueIndex('users_google_sub').on(t.googleSub).where(sql`${t.googleSub} is not null`),
    index('users_role').on(t.role),
    // the admin's search by any part of a name, mobile or e-mail (modules/admin/users.ts)
    index('users_search_trgm').using('gin', sql`(lower(${t.firstname} || ' ' || ${t.lastname} || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.mobile}, ''))) gin_trgm_ops`),
  ],
);
export type UserRow = typeof users.$inferSelect;
