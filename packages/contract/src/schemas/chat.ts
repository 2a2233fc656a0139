import { z } from 'zod';
import { objectId } from './common.ts';

/** Chat limits (accounts §9) and the spec's chat messages (§5, §8), written once for the server and the web app. */
export const CHAT = {
  messageMaxLength: 2000,
  captionMaxLength: 500,
  /** Pictures sent at once, and their size. */
  imagesMax: 5,
  imageMaxBytes: 5 * 1024 * 1024,
  historyPageSize: 50,
  /** Most messages handed back by one "what did I miss" request; the client asks again from the last one. */
  syncMax: 200,
  zoom: { min: 1, max: 3 },
  scrollDelayMs: 300,
  avatarColours: ['#E57373', '#64B5F6', '#81C784', '#FFB74D', '#BA68C8', '#4DB6AC'] as const,
} as const;

export const TEMP_PRODUCT = { imagesMax: 5, imageMaxBytes: 5 * 1024 * 1024, taxMin: 0, taxMax: 100, nameMax: 150, priceMax: 10_000_000 } as const;

export const CHAT_MSG = {
  noChats: 'No chats yet',
  chatNotFound: 'Chat not found',
  notMember: 'You are not part of this chat',
  onlyShoppersStart: 'Only shoppers can start a chat with a vendor',
  vendorUnavailable: 'This vendor is not available for chat',
  messageRequired: 'Please type a message',
  messageTooLong: 'Please keep the message under 2000 characters',
  imageRequired: 'Please choose a picture to send',
  imageNotUploaded: 'Please upload the picture before sending it',
  productRequired: 'Please choose a product to send',
  onlyVendorSendsProducts: 'Only the vendor can send a product card',
  uploadFailed: 'Failed to upload the following images',
  imageTooLarge: 'Some images were not uploaded because they exceed the size limit of 5MB',
  imageType: 'Please upload jpg, png, jpeg or webp images',
  tooManyImages: 'Please send up to 5 images at a time',
  autoReply: 'Thank you for your message! The seller is away right now and will reply as soon as they are back.',
  contactsMasked: 'Phone numbers, e-mails and links are hidden in chat to keep your purchase protected on Statewise.',
  // temporary product (§5)
  tpNameRequired: 'Please enter a product name',
  tpPriceRequired: 'Please enter the price',
  tpTaxRequired: 'Please enter the tax percent',
  tpTaxRange: 'Tax percent must be between 0 and 100',
  tpCategoryRequired: 'Please select a category',
  tpCategoryUnknown: 'Please select a category from the list',
  tpSubcategoryMismatch: 'Please select a subcategory of the chosen category',
  tpImagesRequired: 'Please upload atleast 1 image of product',
  tpImagesMax: 'Please upload upto 5 images only',
  tpImageTooLarge: 'Please select images smaller than 5MB',
  tpOfferedPriceHigh: 'Offered price cannot be more than the price',
  tpNumberInvalid: 'Please enter the number of products',
  tpDiscountInvalid: 'Discount must be between 0 and 100',
  tpNotFound: 'Product not found',
  somethingWrong: 'Something went wrong',
  tooFast: 'You are sending messages too fast. Please wait a moment',
} as const;

export const CHAT_MESSAGE_TYPE = ['text', 'image', 'product', 'auto'] as const;
export const CHAT_MESSAGE_STATUS = ['pending', 'unread', 'read'] as const;

export const chatCreateBody = z.object({ vendorId: objectId });

const seqNumber = z.coerce.number().int().min(0);
export const chatMessagesBody = z
  .object({
    /** Messages after this sequence, oldest first (a client catching up). */
    afterSeq: seqNumber.optional(),
    /** Messages before this sequence (older history), the latest first page when absent. */
    beforeSeq: seqNumber.optional(),
    pageSize: z.coerce.number().int().min(1).max(200).optional(),
  })
  .default({});

export const vendorChatListBody = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .default({ page: 1, pageSize: 20 });

const person = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), picture: z.string().optional() });

export const tempProductOut = z.object({
  _id: z.string(),
  vendorId: z.string(),
  name: z.string(),
  price: z.number(),
  tax: z.number(),
  discount: z.number(),
  offeredPrice: z.number(),
  numberOfProducts: z.number(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  categoryId: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
  subcategoryId: z.object({ _id: z.string(), name: z.string() }).nullable(),
  images: z.array(z.string()),
  isCombo: z.boolean(),
  createdAt: z.string(),
});
export type TempProduct = z.infer<typeof tempProductOut>;

export const chatMessageOut = z.object({
  _id: z.string(),
  chatId: z.string(),
  seq: z.number(),
  senderId: z.string(),
  receiverId: z.string(),
  clientId: z.string().nullable(),
  msgType: z.enum(CHAT_MESSAGE_TYPE),
  message: z.string(),
  image: z.string().nullable(),
  caption: z.string().nullable(),
  productId: tempProductOut.nullable(),
  status: z.enum(CHAT_MESSAGE_STATUS),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageOut>;

export const chatOut = z.object({
  _id: z.string(),
  userId: person,
  vendorId: person.extend({ brandName: z.string(), vendorSlug: z.string() }),
  customerNumber: z.number(),
  lastMessage: chatMessageOut.nullable(),
  /** Unread messages for each side: unreadCount.userId is what the shopper has not read. */
  unreadCount: z.object({ userId: z.number(), vendorId: z.number() }),
  lastSeq: z.number(),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof chatOut>;

export const chatMessagesOut = z.object({
  chatData: chatOut,
  messages: z.array(chatMessageOut),
  /** True when older messages exist before the first one given. */
  hasMore: z.boolean(),
});

// ---- Socket.IO payloads (accounts §7 Chat) ----
/**
 * Stable codes of the chat socket's refusals, for clients to act on (the message is for people): an acknowledgement
 * `{ok: false, status, code, message}`, the `session_ended` event before the server closes the socket, and a refused
 * connection's `connect_error` (`err.message` is the code, `err.data` is `{code, message}`).
 */
export const CHAT_SOCKET = {
  /** The session was ended (logout, password reset, block, deletion) or has expired: log in again. */
  sessionEnded: 'session_ended',
  /** The account already has the most chat connections allowed open. */
  tooManySockets: 'too_many_sockets',
  tooFast: 'too_fast',
  /** Open chat connections allowed per account, on each server process. */
  maxSocketsPerAccount: 10,
  tooManySocketsMessage: 'The chat is open on too many devices or tabs. Please close one and try again',
} as const;
export const joinChatPayload = z.object({ chatId: objectId, userId: z.string().optional(), receiverId: z.string().optional() });
export const sendMessagePayload = z.object({
  chatId: objectId,
  senderId: z.string().optional(),
  receiverId: z.string().optional(),
  /** The sender's own id for this message (a retry with the same id is stored once). */
  clientId: z.string().min(1).max(64).optional(),
  message: z.string().max(CHAT.messageMaxLength, { error: CHAT_MSG.messageTooLong }).optional().default(''),
  image: z.string().max(500).nullish(),
  caption: z.string().max(CHAT.captionMaxLength).nullish(),
  status: z.string().optional(),
  msgType: z.enum(['text', 'image', 'product']).default('text'),
  productId: objectId.nullish(),
});
export type SendMessagePayload = z.input<typeof sendMessagePayload>;
export const markAsSeenPayload = z.object({
  chatId: objectId,
  messageIds: z.array(objectId).max(500).optional(),
  /** Or every message up to this sequence. */
  upToSeq: seqNumber.optional(),
});
export const syncPayload = z.object({ chatId: objectId, afterSeq: seqNumber.default(0) });
export const deliveredPayload = z.object({ chatId: objectId, upToSeq: seqNumber });

// ---- a vendor's chat settings ----
const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Please give the time as HH:MM (24-hour)' })
  .nullable();
export const chatSettingsBody = z
  .object({
    autoReply: z.string().trim().max(500, { error: 'Please keep the auto-reply under 500 characters' }).default(''),
    opensAt: hhmm.default(null),
    closesAt: hhmm.default(null),
  })
  .refine((v) => (v.opensAt === null) === (v.closesAt === null), { error: 'Please give both the opening and the closing time, or neither', path: ['closesAt'] })
  .refine((v) => v.opensAt === null || v.opensAt !== v.closesAt, { error: 'Opening and closing times must differ', path: ['closesAt'] });
export const chatSettingsOut = z.object({ autoReply: z.string(), opensAt: z.string().nullable(), closesAt: z.string().nullable(), defaultAutoReply: z.string() });
export type ChatSettings = z.infer<typeof chatSettingsOut>;
