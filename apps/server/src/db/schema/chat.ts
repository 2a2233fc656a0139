import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories, subcategories } from './catalogue.ts';
import { users } from './users.ts';

/**
 * Chat between a shopper and a vendor (accounts §3 chat, message, temporary product; ADR 031). One chat per
 * (user, vendor); the vendor knows the shopper only as "Customer N" (`customerNumber`, counted per vendor).
 * `lastSeq` hands out each message's per-chat sequence inside the insert's transaction.
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The shopper. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The vendor's user id. */
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerNumber: integer('customer_number').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** When the offline auto-reply was last sent; cleared when the vendor writes (one auto-reply per silence). */
    autoRepliedAt: timestamp('auto_replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chats_user_vendor').on(t.userId, t.vendorId),
    uniqueIndex('chats_vendor_customer_number').on(t.vendorId, t.customerNumber),
    index('chats_user_recent').on(t.userId, t.lastMessageAt),
    index('chats_vendor_recent').on(t.vendorId, t.lastMessageAt),
  ],
);
export type ChatRow = typeof chats.$inferSelect;

/** A vendor-made product offered in a chat (accounts §3 temporary product); bought through buy-now. */
export const tempProducts = pgTable(
  'temp_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    taxPercent: integer('tax_percent').notNull(),
    discount: integer('discount').notNull().default(0),
    offeredPrice: integer('offered_price').notNull(),
    numberOfProducts: integer('number_of_products').notNull().default(1),
    size: text('size'),
    color: text('color'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('temp_products_vendor_created').on(t.vendorId, t.createdAt),
    check('temp_products_money', sql`${t.price} >= 0 and ${t.offeredPrice} >= 0 and ${t.offeredPrice} <= ${t.price} and ${t.discount} between 0 and 100`),
    check('temp_products_tax', sql`${t.taxPercent} between 0 and 100`),
    check('temp_products_count', sql`${t.numberOfProducts} >= 1`),
  ],
);
export type TempProductRow = typeof tempProducts.$inferSelect;

export const CHAT_MESSAGE_TYPES = ['text', 'image', 'product', 'auto'] as const;
export const CHAT_MESSAGE_STATUSES = ['pending', 'unread', 'read'] as const;

/**
 * One message. status: pending (stored: one tick) → unread (on the receiver's device: two ticks) → read (seen:
 * coloured ticks). `clientId` is the sender's own id for the message, so a retried send is stored once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: uuid('sender_id').notNull(),
    receiverId: uuid('receiver_id').notNull(),
    clientId: text('client_id'),
    msgType: text('msg_type', { enum: CHAT_MESSAGE_TYPES }).notNull().default('text'),
    message: text('message').notNull().default(''),
    image: text('image'),
    caption: text('caption'),
    /** A product card: the temporary product offered. */
    productId: uuid('product_id').references(() => tempProducts.id, { onDelete: 'set null' }),
    status: text('status', { enum: CHAT_MESSAGE_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the receiver was reminded by e-mail of this message still unread after 10 minutes (once). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_messages_chat_seq').on(t.chatId, t.seq),
    uniqueIndex('chat_messages_client_id').on(t.chatId, t.senderId, t.clientId).where(sql`${t.clientId} is not null`),
    index('chat_messages_unread').on(t.receiverId, t.chatId).where(sql`${t.status} <> 'read'`),
    index('chat_messages_to_remind').on(t.createdAt).where(sql`${t.status} <> 'read' and ${t.remindedAt} is null`),
    check('chat_messages_type_check', sql`${t.msgType} in ('text', 'image', 'product', 'auto')`),
    check('chat_messages_status_check', sql`${t.status} in ('pending', 'unread', 'read')`),
  ],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/**
 * A vendor's chat settings: the offline auto-reply's text ('' = the default) and working hours in India time, as
 * minutes of the day (both null = always at work). Outside them a shopper's message is answered automatically even
 * while the vendor is online.
 */
export const chatVendorSettings = pgTable(
  'chat_vendor_settings',
  {
    vendorId: uuid('vendor_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    autoReply: text('auto_reply').notNull().default(''),
    opensAt: smallint('opens_at'),
    closesAt: smallint('closes_at'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'chat_vendor_settings_hours',
      sql`(${t.opensAt} is null) = (${t.closesAt} is null) and coalesce(${t.opensAt}, 0) between 0 and 1439 and coalesce(${t.closesAt}, 0) between 0 and 1439`,
    ),
  ],
);
export type ChatVendorSettingsRow = typeof chatVendorSettings.$inferSelect;
