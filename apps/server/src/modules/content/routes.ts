import { z } from 'zod';
import {
  aboutUsResult,
  adminFaqEntry,
  adminSocialLink,
  contactHandledBody,
  contactInboxResult,
  contactRequest,
  contactUsBody,
  contentKeyParam,
  envelope,
  faqBody,
  faqListResult,
  MSG,
  objectId,
  page,
  pageResult,
  pageSize,
  privacyPolicyResult,
  returnPolicyResult,
  socialLinkBody,
  socialLinksResult,
  termsResult,
  updatePageBody,
  vendorTermsResult,
} from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, optionalAuth, requireAuth } from '../../lib/auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { imageRule, readUpload } from '../media/uploads.ts';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import { serializeAdminFaq, serializeAdminSocialLink, serializeContactRequest, serializeFaq, serializeSocialLink } from './serialize.ts';
import {
  createContactRequest,
  deleteFaqEntry,
  deleteSocialLink,
  getPage,
  listContactRequests,
  listFaq,
  listSocialLinks,
  saveFaqEntry,
  saveSocialLink,
  setAboutPicture,
  setContactHandled,
  updatePage,
} from './service.ts';

const tags = ['content'];
const adminTags = ['admin: content'];
const security = [{ bearer: [] }];
/** Pages change rarely and are the same for everyone; a minute's caching keeps an edit visible soon after. */
const PUBLIC_CACHE = 'public, max-age=60';
const idParam = z.object({ id: objectId });

/**
 * Static content, social links, FAQ and the contact form (accounts §7 Static content, §2.9), and the admin's
 * editing of them (issue 11). Every admin write is role-checked and recorded in the audit log.
 */
export const contentModule: Module = (app, ctx) => {
  const admin = requireAuth(ctx, ['admin']);

  app.get(
    '/admin/about-us',
    { schema: { tags, summary: 'Our Story: HTML and picture', response: { 200: envelope(aboutUsResult) } } },
    async (_request, reply) => {
      const p = await getPage(ctx.db, 'about');
      reply.header('cache-control', PUBLIC_CACHE);
      return ok({ aboutUs: p.html, picture: p.picture });
    },
  );
  app.get(
    '/admin/privacy-policy',
    { schema: { tags, summary: 'Privacy policy HTML', response: { 200: envelope(privacyPolicyResult) } } },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok({ policy: (await getPage(ctx.db, 'privacy')).html });
    },
  );
  app.get(
    '/admin/return-replacement',
    { schema: { tags, summary: 'Return and replacement policy HTML', response: { 200: envelope(returnPolicyResult) } } },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok({ returnPolicy: (await getPage(ctx.db, 'return')).html });
    },
  );
  app.get(
    '/admin/terms-conditions',
    { schema: { tags, summary: 'Terms and conditions HTML', description: 'The spec reads data.terms[0].', response: { 200: envelope(termsResult) } } },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok({ terms: [(await getPage(ctx.db, 'terms')).html] });
    },
  );
  app.get(
    '/admin/vendor-terms-conditions',
    {
      schema: {
        tags,
        summary: 'Seller terms and conditions HTML, linked from vendor registration step one',
        description: "The admin edits it as the page 'vendor-terms' (PUT admin/content/vendor-terms).",
        response: { 200: envelope(vendorTermsResult) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok({ terms: (await getPage(ctx.db, 'vendor-terms')).html });
    },
  );
  app.get(
    '/admin/social-links',
    { schema: { tags, summary: 'Footer social links (Platform, Link), in order', response: { 200: envelope(socialLinksResult) } } },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok((await listSocialLinks(ctx.db)).map(serializeSocialLink));
    },
  );
  app.get(
    '/faq/list',
    {
      schema: {
        tags,
        summary: 'The FAQ entries shown on /FAQ',
        description: 'Not in the spec (its FAQ page is fixed text): the page reads the entries the admin keeps, which the chatbot answers from too.',
        response: { 200: envelope(faqListResult) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok((await listFaq(ctx.db)).map(serializeFaq));
    },
  );

  app.post(
    '/user/contactUs',
    {
      preHandler: optionalAuth(ctx),
      schema: {
        tags,
        summary: 'Sends a message through the contact form',
        description:
          "201 on success. 400 with the spec's message for the first missing field, in the form's order: 'Please enter your name', " +
          "'Please enter your email' (or 'Please enter valid email'), 'Please write your query', 'Please mention the subject of your query' " +
          '(subject one of Return Related, Seller Enquiry, Bulk/ Customised Purchase Enquiry, Others). 429 after 5 messages from one address in 15 minutes.',
        body: contactUsBody,
        response: { 201: envelope(z.object({ _id: z.string() })) },
      },
    },
    async (request, reply) => {
      await ctx.rateLimiter.hit(`contact:ip:${request.ip}`, RATE_LIMITS.contactFormPerIp);
      const row = await createContactRequest(ctx.db, request.body, request.user?.id ?? null);
      return reply.status(201).send(ok({ _id: row.id }, MSG.contactSent));
    },
  );

  // --- the admin's editing (issue 11) ---

  app.put(
    '/admin/content/:key',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: "Replaces a page's HTML (about, privacy, return, terms, vendor-terms)",
        description: 'The HTML is sanitised before it is stored: scripts, event handlers, styles and non-web links are removed. 400 when nothing is left.',
        params: contentKeyParam,
        body: updatePageBody,
        response: { 200: envelope(pageResult) },
      },
    },
    async (request) => ok(await updatePage(ctx.db, currentUser(request).id, request.params.key, request.body), 'Page saved'),
  );
  app.get(
    '/admin/content/:key',
    { preHandler: admin, schema: { tags: adminTags, security, summary: "A page's stored HTML, for editing", params: contentKeyParam, response: { 200: envelope(pageResult) } } },
    async (request) => ok(await getPage(ctx.db, request.params.key)),
  );

  app.post(
    '/admin/content/about/picture',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Uploads the Our Story picture (multipart field `picture`: JPEG, PNG or WebP up to 5 MB)',
        description: 'Stored as WebP in several widths up to 1600 px (the page builds its srcset from the address); replaces the previous picture, whose files are deleted. 400 without a file, 413 too large, 415 not a picture.',
        response: { 200: envelope(pageResult) },
      },
    },
    async (request) => {
      const { files } = await readUpload(request, { files: { picture: imageRule() } });
      const file = files.picture?.[0];
      if (!file) throw badRequest(MSG.aboutPictureRequired, { picture: MSG.aboutPictureRequired });
      return ok(await setAboutPicture(ctx, currentUser(request).id, file.bytes), 'Picture saved');
    },
  );
  app.delete(
    '/admin/content/about/picture',
    { preHandler: admin, schema: { tags: adminTags, security, summary: 'Removes the Our Story picture', response: { 200: envelope(pageResult) } } },
    async (request) => ok(await setAboutPicture(ctx, currentUser(request).id, null), 'Picture removed'),
  );

  app.get(
    '/admin/social-links/all',
    { preHandler: admin, schema: { tags: adminTags, security, summary: 'Every social link, hidden ones too', response: { 200: envelope(z.array(adminSocialLink)) } } },
    async () => ok((await listSocialLinks(ctx.db, { includeHidden: true })).map(serializeAdminSocialLink)),
  );
  app.post(
    '/admin/social-links',
    { preHandler: admin, schema: { tags: adminTags, security, summary: 'Adds a social link', body: socialLinkBody, response: { 201: envelope(adminSocialLink) } } },
    async (request, reply) => reply.status(201).send(ok(serializeAdminSocialLink(await saveSocialLink(ctx.db, currentUser(request).id, null, request.body)))),
  );
  app.put(
    '/admin/social-links/:id',
    { preHandler: admin, schema: { tags: adminTags, security, summary: 'Changes a social link', params: idParam, body: socialLinkBody, response: { 200: envelope(adminSocialLink) } } },
    async (request) => ok(serializeAdminSocialLink(await saveSocialLink(ctx.db, currentUser(request).id, request.params.id, request.body))),
  );
  app.delete(
    '/admin/social-links/:id',
    { preHandler: admin, schema: { tags: adminTags, security, summary: 'Removes a social link', params: idParam, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await deleteSocialLink(ctx.db, currentUser(request).id, request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/admin/faq',
    { preHandler: admin, schema: { tags: adminTags, security, summary: 'Every FAQ entry, hidden ones too', response: { 200: envelope(z.array(adminFaqEntry)) } } },
    async () => ok((await listFaq(ctx.db, { includeHidden: true })).map(serializeAdminFaq)),
  );
  app.post(
    '/admin/faq',
    { preHandler: admin, schema: { tags: adminTags, security, summary: 'Adds an FAQ entry', body: faqBody, response: { 201: envelope(adminFaqEntry) } } },
    async (request, reply) => reply.status(201).send(ok(serializeAdminFaq(await saveFaqEntry(ctx.db, currentUser(request).id, null, request.body)))),
  );
  app.put(
    '/admin/faq/:id',
    { preHandler: admin, schema: { tags: adminTags, security, summary: 'Changes an FAQ entry', params: idParam, body: faqBody, response: { 200: envelope(adminFaqEntry) } } },
    async (request) => ok(serializeAdminFaq(await saveFaqEntry(ctx.db, currentUser(request).id, request.params.id, request.body))),
  );
  app.delete(
    '/admin/faq/:id',
    { preHandler: admin, schema: { tags: adminTags, security, summary: 'Removes an FAQ entry', params: idParam, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await deleteFaqEntry(ctx.db, currentUser(request).id, request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/admin/contact-requests',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'The contact-form inbox, newest first',
        querystring: z.object({ handled: z.enum(['true', 'false']).optional(), page: page.default(1), pageSize: pageSize(20) }),
        response: { 200: envelope(contactInboxResult) },
      },
    },
    async (request) => {
      const { handled, page: p, pageSize: size } = request.query;
      const result = await listContactRequests(ctx.db, { handled: handled === undefined ? undefined : handled === 'true', page: p, pageSize: size });
      return ok({ requests: result.requests.map(serializeContactRequest), total: result.total });
    },
  );
  app.patch(
    '/admin/contact-requests/:id',
    {
      preHandler: admin,
      schema: { tags: adminTags, security, summary: 'Marks a message handled, or open again', params: idParam, body: contactHandledBody, response: { 200: envelope(contactRequest) } },
    },
    async (request) => ok(serializeContactRequest(await setContactHandled(ctx.db, currentUser(request).id, request.params.id, request.body.handled))),
  );
};
