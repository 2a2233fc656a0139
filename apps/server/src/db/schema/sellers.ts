import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SellerCheck } from '@statewise/contract';
import { users } from './users.ts';

/**
 * Seller applications (docs/decisions/014-seller-application.md): one per person, kept apart from `vendors` (live
 * stores) so no storefront query has to skip half-made stores. Step one fills the identity columns; step two
 * (business, GST, addresses, bank) fills the nullable rest and sets details_submitted_at. PAN and bank account
 * number are AES-256-GCM boxes (lib/secret-box.ts) with their last 4 characters kept beside them for display.
 * pan_encrypted is null only for a seeded vendor's row made when it first edits its step-two details.
 */
export const sellerApplications = pgTable(
  'seller_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    brandName: text('brand_name').notNull(),
    sellerName: text('seller_name').notNull(),
    slug: text('slug').notNull(),
    vendorCategories: text('vendor_categories').array().notNull().default(sql`'{}'`),
    productCategoryIds: uuid('product_category_ids').array().notNull().default(sql`'{}'`),
    panEncrypted: text('pan_encrypted'),
    panLast4: text('pan_last4'),
    facebookLink: text('facebook_link').notNull().default(''),
    callingNumber: text('calling_number').notNull().default(''),
    whatsappNumber: text('whatsapp_number').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    gstRegistered: boolean('gst_registered'),
    gstin: text('gstin'),
    billingAddress: text('billing_address'),
    billingCity: text('billing_city'),
    billingPincode: text('billing_pincode'),
    billingState: text('billing_state'),
    billingCountry: text('billing_country'),
    shippingAddress: text('shipping_address'),
    shippingCity: text('shipping_city'),
    shippingPincode: text('shipping_pincode'),
    shippingState: text('shipping_state'),
    shippingCountry: text('shipping_country'),
    bankHolderName: text('bank_holder_name'),
    bankAccountEncrypted: text('bank_account_encrypted'),
    bankAccountLast4: text('bank_account_last4'),
    bankIfsc: text('bank_ifsc'),
    bankBranch: text('bank_branch'),
    detailsSubmittedAt: timestamp('details_submitted_at', { withTimezone: true }),
    /** The offline checks' results (contract seller-checks.ts), as the admin's queue shows them. */
    checks: jsonb('checks').$type<SellerCheck[]>().notNull().default([]),
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seller_applications_user').on(t.userId),
    uniqueIndex('seller_applications_slug').on(t.slug),
    index('seller_applications_queue').on(t.status, t.createdAt.desc()),
    check('seller_applications_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
export type SellerApplicationRow = typeof sellerApplications.$inferSelect;
