import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A signed-in shopper's saved delivery addresses (India only; city and state are the pincode's). */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    streetAddress: text('street_address').notNull(),
    email: text('email'),
    mobile: text('mobile').notNull(),
    pincode: text('pincode').notNull(),
    /** The pincode's district. */
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull().default('India'),
    landmark: text('landmark').notNull().default(''),
    shippingNote: text('shipping_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user').on(t.userId, t.createdAt),
    check('addresses_mobile', sql`${t.mobile} ~ '^[0-9]{10}$'`),
    check('addresses_pincode', sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
    check('addresses_country', sql`${t.country} = 'India'`),
  ],
);
export type AddressRow = typeof addresses.$inferSelect;
