import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** What an OTP or a verification token is for. `guest` is the checkout's address OTP (no account). */
export const otpPurposeEnum = pgEnum('otp_purpose', ['signup', 'login', 'reset', 'profile', 'guest']);
export const contactChannelEnum = pgEnum('contact_channel', ['mobile', 'email']);

/**
 * A signed-in device. Access tokens name their session (claim `sid`); a token is honoured only while its
 * session is neither revoked nor expired, so logout, a password reset and account deletion end it at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout · password_reset · account_deleted */
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);
export type SessionRow = typeof sessions.$inferSelect;

/**
 * One row per code sent. The code itself is never stored: `code_hash` is an HMAC of it keyed with the
 * server secret. A code is live until consumed, expired, or dead after the maximum wrong attempts; sending a
 * new code for the same contact and purpose retires the previous one.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: otpPurposeEnum('purpose').notNull(),
    channel: contactChannelEnum('channel').notNull(),
    /** Ten-digit mobile or lowercase e-mail. */
    contact: text('contact').notNull(),
    /** The signed-in user for profile codes (a code verifies a contact for that account only). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When this code was sent: the resend countdown runs from here. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used, or retired by a newer code. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otp_codes_lookup').on(t.channel, t.contact, t.purpose, t.sentAt), index('otp_codes_expires').on(t.expiresAt)],
);
export type OtpCodeRow = typeof otpCodes.$inferSelect;

/**
 * The proof that an OTP was verified (data.token of auth/verify-otp, guest verify-OTP): short-lived, one use,
 * bound to the contact and purpose it verified. Stored as a SHA-256 of the random token.
 */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: otpPurposeEnum('purpose').notNull(),
    channel: contactChannelEnum('channel').notNull(),
    contact: text('contact').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_tokens_expires').on(t.expiresAt)],
);
export type VerificationTokenRow = typeof verificationTokens.$inferSelect;

/**
 * The one-time code Google sign-in puts in the success address (/auth/social-login/success/{code}/token/…) instead
 * of an access token: the web app exchanges it once, within minutes, for a session (auth/social-login/exchange).
 * Only a SHA-256 of the random code is stored; the session is opened at the exchange, not before.
 */
export const socialLoginCodes = pgTable(
  'social_login_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('social_login_codes_expires').on(t.expiresAt)],
);
