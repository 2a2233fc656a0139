import { z } from 'zod';
import {
  CHAT,
  CHAT_MSG,
  chatCreateBody,
  chatMessagesBody,
  chatMessagesOut,
  chatOut,
  chatSettingsBody,
  chatSettingsOut,
  categoryRef,
  envelope,
  objectId,
  TEMP_PRODUCT,
  tempProductOut,
  vendorChatListBody,
} from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { registerChatEvents } from '../../realtime/chat-events.ts';
import { startRealtime } from '../../realtime/server.ts';
import { deleteUpload, IMAGE_KINDS, readUpload, storeImages, type UploadPolicy } from '../media/uploads.ts';
import { remindUnread, REMIND_EVERY_MS } from './reminders.ts';
import { getChatSettings, saveChatSettings } from './settings.ts';
import { chatForMember, chatView, createChat, listChats, otherParty, readMessages, unreadCount, type MessageChecks } from './service.ts';
import { chatOnlyCategories, checkNewTempProduct, editTempProduct, insertTempProduct, isVendorsTempProduct, listTempProducts, type TempProductFields } from './temp-products.ts';

const tags = ['chat'];
const security = [{ bearer: [] }];

const CHAT_IMAGES: UploadPolicy = {
  files: {
    images: { maxCount: CHAT.imagesMax, maxBytes: CHAT.imageMaxBytes, kinds: IMAGE_KINDS, tooLarge: CHAT_MSG.imageTooLarge, wrongType: CHAT_MSG.imageType, tooMany: CHAT_MSG.tooManyImages },
  },
};

const TEMP_PRODUCT_FIELDS = ['name', 'price', 'tax', 'numberOfProducts', 'discount', 'offeredPrice', 'size', 'color', 'categoryId', 'subcategoryId'] as const;
const TEMP_PRODUCT_FORM: UploadPolicy = {
  fields: TEMP_PRODUCT_FIELDS,
  files: {
    images: {
      maxCount: TEMP_PRODUCT.imagesMax,
      maxBytes: TEMP_PRODUCT.imageMaxBytes,
      kinds: IMAGE_KINDS,
      tooLarge: CHAT_MSG.tpImageTooLarge,
      wrongType: CHAT_MSG.imageType,
      tooMany: CHAT_MSG.tpImagesMax,
    },
  },
};
const TEMP_PRODUCT_EDIT: UploadPolicy = { fields: TEMP_PRODUCT_FIELDS, files: {}, json: true };

/** Chat with vendors and chat-made products (accounts §2.7, §4.11, §7 Chat; ADR 031). The socket lives in src/realtime. */
export const chatModule: Module = async (app, ctx) => {
  const member = requireAuth(ctx, ['user', 'vendor']);
  const vendor = requireAuth(ctx, ['vendor']);

  const checks: MessageChecks = {
    isChatImage: (url) => ctx.storage.keyOf(url)?.startsWith('chat/') ?? false,
    isVendorsTempProduct: (id, vendorId) => isVendorsTempProduct(ctx.db, id, vendorId),
  };
  const realtime = await startRealtime(app.server, ctx, app.log);
  registerChatEvents(realtime, ctx, checks, app.log);
  app.addHook('preClose', async () => realtime.close());
  // messages left unread for 10 minutes bring their receiver an e-mail (reminders.ts)
  const reminders = setInterval(() => {
    remindUnread(ctx.db, ctx.notifier, app.log).catch((err: unknown) => app.log.warn({ err }, 'chat reminders failed'));
  }, REMIND_EVERY_MS);
  reminders.unref();
  app.addHook('onClose', async () => clearInterval(reminders));

  app.get(
    '/chat/get-msg-count',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: 'Unread chat messages of the caller (the header badge)',
        description: 'data.count: messages to the caller not yet read; data.chats: in how many chats.',
        response: { 200: envelope(z.object({ count: z.number(), chats: z.number() })) },
      },
    },
    async (request) => ok(await unreadCount(ctx.db, currentUser(request).id)),
  );

  app.get(
    '/chat/list',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: "The caller's chats, latest conversation first",
        description: 'A shopper gets their chats with vendors; a vendor gets their chats with shoppers, each shopper shown as Customer N.',
        response: { 200: envelope(z.array(chatOut)) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return ok((await listChats(ctx.db, me, { as: me.role === 'vendor' ? 'vendor' : 'user' })).chats);
    },
  );

  app.post(
    '/chat/vendor-chat-list',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: "A vendor's chats with shoppers (each shown as Customer N), latest first, paged",
        body: vendorChatListBody,
        response: { 200: envelope(z.object({ chats: z.array(chatOut), total: z.number() })) },
      },
    },
    async (request) => ok(await listChats(ctx.db, currentUser(request), { as: 'vendor', page: request.body.page, pageSize: request.body.pageSize })),
  );

  app.post(
    '/chat/create',
    {
      preHandler: requireAuth(ctx, ['user', 'vendor', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Opens the one chat of the caller and a vendor (made on first use)',
        description: 'data._id is the chat. Shoppers only (403 for vendors and admins); 404 for an unknown or unapproved vendor. 201 when made now, 200 when it existed.',
        body: chatCreateBody,
        response: { 200: envelope(chatOut), 201: envelope(chatOut) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { chat, created } = await createChat(ctx.db, me, request.body.vendorId);
      reply.code(created ? 201 : 200);
      return ok(await chatView(ctx.db, chat, me.id));
    },
  );

  app.post(
    '/chat/messages/:chatId',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: 'A page of a chat’s messages, oldest first (its two members only)',
        description:
          `The latest ${CHAT.historyPageSize} by default; beforeSeq for older ones; afterSeq for those after a sequence (a client catching up, ` +
          `up to ${CHAT.syncMax}). Messages to the caller that were only stored become unread (two ticks). 404 unknown chat; 403 not a member.`,
        params: z.object({ chatId: objectId }),
        body: chatMessagesBody.optional(),
        response: { 200: envelope(chatMessagesOut) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const chat = await chatForMember(ctx.db, request.params.chatId, me.id);
      const page = await readMessages(ctx.db, chat, me.id, request.body ?? {});
      if (page.deliveredUpTo !== null) {
        realtime.toUser(otherParty(chat, me.id), 'message_status', { chatId: chat.id, status: 'unread', upToSeq: page.deliveredUpTo });
      }
      return ok({ chatData: await chatView(ctx.db, chat, me.id), messages: page.messages, hasMore: page.hasMore });
    },
  );

  app.post(
    '/product/file-Upload',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: 'Uploads chat pictures (form field images, up to 5)',
        description: "data.imageList: the pictures' addresses, to send as image messages. JPG, PNG or WebP up to 5 MB each (413 'Some images were not uploaded because they exceed the size limit of 5MB'; 415 other kinds).",
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ imageList: z.array(z.string()) })) },
      },
    },
    async (request) => {
      const { files } = await readUpload(request, CHAT_IMAGES);
      const images = files.images ?? [];
      if (!images.length) throw badRequest(CHAT_MSG.imageRequired, { images: CHAT_MSG.imageRequired });
      const stored = await storeImages(ctx, images, { folder: 'chat', maxWidth: 1280 });
      return ok({ imageList: stored.map((s) => s.url) });
    },
  );

  app.get(
    '/chat/settings',
    {
      preHandler: vendor,
      schema: { tags, security, summary: "The vendor's chat settings: auto-reply text and working hours (India time)", response: { 200: envelope(chatSettingsOut) } },
    },
    async (request) => ok(await getChatSettings(ctx.db, currentUser(request).id)),
  );

  app.patch(
    '/chat/settings',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: "Sets the vendor's auto-reply text ('' = the default) and working hours (HH:MM, both or neither)",
        description: 'A shopper writing while the vendor has no device connected, or outside these hours, gets the auto-reply (once per silence, ADR 031).',
        body: chatSettingsBody,
        response: { 200: envelope(chatSettingsOut) },
      },
    },
    async (request) => ok(await saveChatSettings(ctx.db, currentUser(request).id, request.body)),
  );

  // ---- temporary (chat-made) products ----

  app.get(
    '/temp-product/products',
    {
      preHandler: vendor,
      schema: { tags, security, summary: "The vendor's chat-made products, newest first", response: { 200: envelope(z.array(tempProductOut)) } },
    },
    async (request) => ok(await listTempProducts(ctx.db, currentUser(request).id)),
  );

  app.get(
    '/temp-product/extra-categories',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: 'Categories a chat product may take that category/list leaves out (the hidden Combo)',
        description: 'The chat product form offers these after the categories of category/list; a Combo product shows its number of products instead of a quantity.',
        response: { 200: envelope(z.array(categoryRef)) },
      },
    },
    async () => ok(await chatOnlyCategories(ctx.db)),
  );

  app.post(
    '/temp-product',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: 'Makes a chat product (multipart)',
        description:
          'Fields: name, price, tax (0–100), numberOfProducts, discount, offeredPrice, size, color, categoryId, subcategoryId; images: 1–5 JPG/PNG/WebP ≤ 5 MB. ' +
          "400 with the spec's messages ('Please enter a product name', 'Please enter the price', 'Please enter the tax percent', 'Please select a category', " +
          "'Please upload atleast 1 image of product', 'Please upload upto 5 images only'); 413 'Please select images smaller than 5MB'.",
        consumes: ['multipart/form-data'],
        response: { 201: envelope(tempProductOut) },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readUpload(request, TEMP_PRODUCT_FORM);
      const values = await checkNewTempProduct(ctx.db, fields as TempProductFields);
      const images = files.images ?? [];
      if (!images.length) throw badRequest(CHAT_MSG.tpImagesRequired, { images: CHAT_MSG.tpImagesRequired });
      const stored = await storeImages(ctx, images, { folder: 'chat-products' });
      try {
        const product = await insertTempProduct(ctx.db, currentUser(request).id, values, stored.map((s) => s.url));
        reply.code(201);
        return ok(product);
      } catch (err) {
        await Promise.all(stored.map((s) => deleteUpload(ctx, s.url).catch(() => undefined)));
        throw err;
      }
    },
  );

  app.patch(
    '/temp-product/edit-product/:id',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: 'Edits a chat product (JSON or form: name, price, tax, discount, offeredPrice, numberOfProducts, size, color)',
        description: "Name, price and tax are required; the others are kept when left out (an offered price wins over a discount). 404 unknown; 403 another vendor's.",
        params: z.object({ id: z.string() }),
        response: { 200: envelope(tempProductOut) },
      },
    },
    async (request) => {
      const { fields } = await readUpload(request, TEMP_PRODUCT_EDIT);
      return ok(await editTempProduct(ctx.db, currentUser(request).id, request.params.id, fields as TempProductFields));
    },
  );
};
