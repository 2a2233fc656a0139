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
import { badRequest } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { clientMeta } from '../auth/routes.ts';
import { toOtpSent, toProfile } from '../auth/serialize.ts';
import { imageRule, readUpload, type UploadPolicy } from '../media/uploads.ts';
import { getUser } from '../auth/service.ts';
import { requestProfileOtp, updateProfile, verifyProfileOtp, type ProfileChanges } from './service.ts';

const tags = ['profile'];

/** PATCH user's form (accounts §7): names, the echoed read-only contacts, and one picture (JPEG/PNG/WebP ≤ 5 MB). */
const PROFILE_FORM: UploadPolicy = {
  fields: ['firstname', 'lastname', 'mobile', 'email'],
  files: { picture: imageRule({ maxBytes: PROFILE_PICTURE.maxBytes, tooLarge: MSG.pictureTooLarge, wrongType: MSG.pictureType, tooMany: 'Please upload one picture at a time' }) },
  json: true,
};

/** Reads PATCH user's body: multipart (firstname, lastname, picture; the spec's form) or JSON (names only). */
async function readProfileChanges(request: FastifyRequest): Promise<ProfileChanges> {
  const { fields, files } = await readUpload(request, PROFILE_FORM);
  // Empty name fields mean "not sent" only when absent; a sent blank name is refused (spec: names required).
  const parsed = profilePatchFields.safeParse({ firstname: fields.firstname, lastname: fields.lastname });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
    throw badRequest(Object.values(errors)[0] ?? MSG.badRequest, errors);
  }
  return { ...parsed.data, mobile: fields.mobile, email: fields.email, picture: files.picture?.[0]?.bytes };
}

/** Accounts §7 Profile: GET/PATCH user, and the profile OTP of API.md (user/request-otp, user/verify-otp). */
export const profileModule: Module = async (app, ctx) => {
  await app.register(async (instance) => {
    const scoped = instance as App;

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
