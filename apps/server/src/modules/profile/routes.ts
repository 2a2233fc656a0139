import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  contactBody,
  contactOf,
  envelope,
  MSG,
  otpLoginBody,
  otpSent,
  PROFILE_PICTURE,
  profilePatchFields,
  userProfile,
  ROLES,
} from '@statewise/contract';
import type { App, Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { clientMeta } from '../auth/routes.ts';
import { toOtpSent, toProfile } from '../auth/serialize.ts';
import { getUser } from '../auth/service.ts';
import { requestProfileOtp, updateProfile, verifyProfileOtp, type ProfileChanges } from './service.ts';

const tags = ['profile'];
/** The declared type must be an image we keep ('image/jpg' is a common misspelling of image/jpeg); sharp then checks the bytes. */
const PICTURE_TYPES = new Set<string>([...PROFILE_PICTURE.types, 'image/jpg']);

/** Reads PATCH user's body: multipart (firstname, lastname, picture; the spec's form) or JSON (names only). */
async function readProfileChanges(request: FastifyRequest): Promise<ProfileChanges> {
  const fields: Record<string, string> = {};
  let picture: Buffer | undefined;
  if (request.isMultipart()) {
    try {
      const parts = request.parts({ limits: { fileSize: PROFILE_PICTURE.maxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 21 } });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'picture') throw badRequest(`Unexpected file field '${part.fieldname}'; send the picture as 'picture'`);
          if (!PICTURE_TYPES.has(part.mimetype)) throw new AppError(415, MSG.pictureType);
          const data = await part.toBuffer();
          if (data.length) picture = data;
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
    for (const [k, v] of Object.entries(request.body as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v;
  } else {
    throw badRequest('Please send the profile as a form (multipart) or a JSON object');
  }
  // Empty name fields mean "not sent" only when absent; a sent blank name is refused (spec: names required).
  const parsed = profilePatchFields.safeParse({ firstname: fields.firstname, lastname: fields.lastname });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
    throw badRequest(Object.values(errors)[0] ?? MSG.badRequest, errors);
  }
  return { ...parsed.data, mobile: fields.mobile, email: fields.email, picture };
}

/** Accounts §7 Profile: GET/PATCH user, and the profile OTP of API.md (user/request-otp, user/verify-otp). */
export const profileModule: Module = async (app, ctx) => {
  // Multipart for PATCH user, scoped to this module (other modules may register their own limits).
  await app.register(async (instance) => {
    const scoped = instance as App;
    if (!scoped.hasContentTypeParser('multipart/form-data')) await scoped.register(fastifyMultipart);

    scoped.get(
      '/user',
      { preHandler: requireAuth(ctx, ROLES.signedIn), schema: { tags, summary: 'The signed-in profile', security: [{ bearer: [] }], response: { 200: envelope(userProfile) } } },
      async (request) => ok(toProfile(await getUser(ctx, currentUser(request).id))),
    );

    scoped.patch(
      '/user',
      {
        preHandler: requireAuth(ctx, ROLES.signedIn),
        schema: {
          tags,
          summary: 'Multipart firstname, lastname, picture (JPEG/PNG/WebP ≤ 5 MB; 413/415). Mobile and e-mail are read-only.',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: envelope(userProfile) },
        },
      },
      async (request) => {
        const changes = await readProfileChanges(request);
        return ok(toProfile(await updateProfile(ctx, currentUser(request), changes)), MSG.profileUpdated);
      },
    );

    scoped.post(
      '/user/request-otp',
      {
        preHandler: requireAuth(ctx, ROLES.signedIn),
        schema: {
          tags,
          summary: 'A code to add or verify a mobile or e-mail on the profile',
          security: [{ bearer: [] }],
          body: contactBody,
          response: { 200: envelope(otpSent) },
        },
      },
      async (request) => {
        const issued = await requestProfileOtp(ctx, currentUser(request), contactOf(request.body), clientMeta(request));
        const data = toOtpSent(ctx.config, issued);
        return ok(data, data.message);
      },
    );

    scoped.post(
      '/user/verify-otp',
      {
        preHandler: requireAuth(ctx, ROLES.signedIn),
        schema: {
          tags,
          summary: "Checks the profile code and sets the contact, verified; data is the profile",
          security: [{ bearer: [] }],
          body: otpLoginBody,
          response: { 200: envelope(userProfile) },
        },
      },
      async (request) => {
        const c = contactOf(request.body);
        const user = await verifyProfileOtp(ctx, currentUser(request), c, request.body.otp, clientMeta(request));
        return ok(toProfile(user), c.channel === 'mobile' ? MSG.mobileVerified : MSG.emailVerified);
      },
    );
  });
};
