import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  approveApplicationBody,
  checkSellerResult,
  envelope,
  MSG,
  objectId,
  PROFILE_PICTURE,
  rejectApplicationBody,
  ROLES,
  sellerApplication,
  sellerApplicationList,
  sellerApplicationQuery,
  sellerRecord,
  vendorRegistrationStepOne,
  vendorRegistrationStepTwo,
  type VendorRegistrationStepTwo,
} from '@statewise/contract';
import type { App, Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { bodyOrEmpty, ok } from '../../lib/http.ts';
import { toSellerApplication, toSellerRecord } from './serialize.ts';
import {
  approveApplication,
  completeRegistration,
  getApplication,
  initiateRegistration,
  listApplications,
  ownApplication,
  rejectApplication,
  sellerRecords,
} from './service.ts';

const tags = ['sellers'];
const adminTags = ['admin: sellers'];
const security = [{ bearer: [] }];
const idParam = z.object({ id: objectId });
/** The declared type must be an image we keep ('image/jpg' is a common misspelling); sharp then checks the bytes. */
const PICTURE_TYPES = new Set<string>([...PROFILE_PICTURE.types, 'image/jpg']);

/**
 * Step two's form: multipart (the spec's form, with the optional `image`, the person's picture) or JSON. The text
 * fields are checked with the contract's schema, first message as the headline and every field's in `errors`.
 */
async function readStepTwo(request: FastifyRequest): Promise<{ body: VendorRegistrationStepTwo; image?: Buffer }> {
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  if (request.isMultipart()) {
    try {
      const parts = request.parts({ limits: { fileSize: PROFILE_PICTURE.maxBytes, files: 1, fields: 40, fieldSize: 10_000, parts: 41 } });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'image') throw badRequest(`Unexpected file field '${part.fieldname}'; send the picture as 'image'`);
          if (!PICTURE_TYPES.has(part.mimetype)) throw new AppError(415, MSG.pictureType);
          const data = await part.toBuffer();
          if (data.length) image = data;
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, MSG.pictureTooLarge);
      if (code === 'FST_FILES_LIMIT') throw new AppError(413, 'Please upload one picture at a time');
      if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError(413, 'Too many form fields');
      const status = (err as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) throw new AppError(status === 406 ? 400 : status, (err as Error).message);
      // busboy's own complaints: no boundary, cut-off body, malformed parts
      throw badRequest('The form could not be read. Please try again');
    }
  } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    for (const [k, v] of Object.entries(request.body as Record<string, unknown>)) {
      if (typeof v === 'string') fields[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') fields[k] = String(v);
    }
  } else {
    throw badRequest('Please send the details as a form (multipart) or a JSON object');
  }
  const parsed = vendorRegistrationStepTwo.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
    throw badRequest(Object.values(errors)[0] ?? MSG.badRequest, errors);
  }
  return { body: parsed.data, image };
}

/**
 * Seller registration (accounts §2.4, §4.9, §5, §7 Profile and seller; ADR 014): the person's seller record, the
 * two registration steps, and the admin's approval queue.
 */
export const sellersModule: Module = async (app, ctx) => {
  const admin = requireAuth(ctx, ['admin']);

  app.get(
    '/user/checkSeller',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: {
        tags,
        summary: "The signed-in person's seller record: [] if they never applied, else [{registrationCompletionStep, application}]",
        description: 'registrationCompletionStep 1 while pending or rejected, 2 once approved. application (status, detailsSubmitted, decisionNote, decidedAt) is absent for the seeded stores.',
        security,
        response: { 200: envelope(checkSellerResult) },
      },
    },
    async (request, reply) => {
      // Per person and changed by approval: never from a shared cache.
      reply.header('cache-control', 'private, no-store');
      return ok(await sellerRecords(ctx.db, currentUser(request).id));
    },
  );

  app.post(
    '/vendor/initiateVendorRegistration',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: {
        tags,
        summary: 'Seller registration step one: creates the application (pending); 201',
        description:
          "400 with the spec's message for the first bad field, in the form's order (brand, seller, slug, PAN, product categories, vendor categories, " +
          'facebook link, calling, whatsapp, avatar, terms); 400 when the profile has no e-mail or a product category is unknown; 409 slug taken or ' +
          'already applied; 403 for a vendor (already a seller) or an admin. A rejected application is resubmitted (pending again).',
        security,
        body: vendorRegistrationStepOne,
        response: { 201: envelope(sellerRecord) },
      },
    },
    async (request, reply) => {
      const row = await initiateRegistration(ctx, currentUser(request), request.body);
      return reply.status(201).send(ok(toSellerRecord(row), MSG.sellerRegistered));
    },
  );

  app.get(
    '/vendor/registration',
    {
      preHandler: requireAuth(ctx, ['user', 'vendor']),
      schema: {
        tags,
        summary: "The caller's own seller application (to fill the step-two form when editing); PAN and account masked",
        description: '404 "Please fill the vendor registration form first" when there is none (never applied, or a seeded store that never edited its details).',
        security,
        response: { 200: envelope(sellerApplication) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(toSellerApplication(await ownApplication(ctx.db, currentUser(request).id)));
    },
  );

  await app.register(async (instance) => {
    const scoped = instance as App;
    if (!scoped.hasContentTypeParser('multipart/form-data')) await scoped.register(fastifyMultipart);
    scoped.post(
      '/vendor/completeVendorRegistration',
      {
        preHandler: requireAuth(ctx, ['user', 'vendor']),
        schema: {
          tags,
          summary: 'Seller registration step two (multipart; optional file `image`, the profile picture): business, GST, addresses, bank; 201',
          description:
            'For the applicant (400 "Please fill the vendor registration form first" without step one) or an approved vendor editing (isEditProfile true: ' +
            'names required, and the store’s address, pickup pincode and GSTIN follow). 400 for unknown pincodes, a GSTIN of another PAN or state, ' +
            'bad IFSC/account/branch; 413/415 for the picture. The account number is stored encrypted.',
          security,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: envelope(sellerRecord) },
        },
      },
      async (request, reply) => {
        const { body, image } = await readStepTwo(request);
        const row = await completeRegistration(ctx, currentUser(request), body, image);
        return reply.status(201).send(ok(toSellerRecord(row), MSG.sellerDetailsSubmitted));
      },
    );
  });

  app.get(
    '/admin/seller-applications',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Seller applications, newest first, optionally by status, paged; PAN and account masked',
        querystring: sellerApplicationQuery,
        response: { 200: envelope(sellerApplicationList) },
      },
    },
    async (request) => {
      const { applications, count } = await listApplications(ctx.db, request.query);
      return ok({ applications: applications.map(toSellerApplication), count });
    },
  );

  app.get(
    '/admin/seller-applications/:id',
    {
      preHandler: admin,
      schema: { tags: adminTags, security, summary: 'One seller application with its automatic checks', params: idParam, response: { 200: envelope(sellerApplication) } },
    },
    async (request) => ok(toSellerApplication(await getApplication(ctx.db, request.params.id))),
  );

  app.post(
    '/admin/seller-applications/:id/approve',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Approves: the store goes live at /store/{slug}, the person becomes a vendor and is told',
        description: '409 when already decided, or when step two (business and bank details) is missing, or the slug was taken meanwhile.',
        params: idParam,
        body: bodyOrEmpty(approveApplicationBody),
        response: { 200: envelope(sellerApplication) },
      },
    },
    async (request) => {
      const decided = await approveApplication(ctx, request.log, currentUser(request).id, request.params.id, request.body.note);
      return ok(toSellerApplication(decided), MSG.sellerApproved);
    },
  );

  app.post(
    '/admin/seller-applications/:id/reject',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Rejects with a reason the applicant is told; they may apply again',
        description: '400 without a reason; 409 when already decided.',
        params: idParam,
        body: rejectApplicationBody,
        response: { 200: envelope(sellerApplication) },
      },
    },
    async (request) => {
      const decided = await rejectApplication(ctx, request.log, currentUser(request).id, request.params.id, request.body.reason);
      return ok(toSellerApplication(decided), MSG.sellerRejected);
    },
  );
};
