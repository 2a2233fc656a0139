import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authResult,
  contactBody,
  contactOf,
  deleteAccountBody,
  deleteAccountResult,
  envelope,
  MSG,
  otpLoginBody,
  otpSent,
  passwordLoginBody,
  registerBody,
  resetPasswordBody,
  userProfile,
  verifiedOtp,
  verifyOtpBody,
  ROLES,
} from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, optionalAuth, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { googleRoutes } from './google.ts';
import { toAuthResult, toOtpSent, toProfile } from './serialize.ts';
import { HOUSEKEEPING_EVERY_MS, purgeStaleAuthRows } from './housekeeping.ts';
import {
  deleteAccount,
  getUser,
  loginWithOtp,
  logout,
  passwordLogin,
  register,
  requestLoginOtp,
  requestResetOtp,
  requestSignupOtp,
  resetPassword,
  verifyOtpForToken,
  type ClientMeta,
} from './service.ts';

/** The caller's connection as services see it. */
export function clientMeta(request: FastifyRequest): ClientMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : '' };
}

const tags = ['auth'];

/** Accounts §7 Authentication, with API.md's fixed paths (password-login, logout) and Google sign-in. */
export const authModule: Module = async (app, ctx) => {
  if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);

  const housekeeping = setInterval(() => {
    purgeStaleAuthRows(ctx.db)
      .then((removed) => app.log.info({ removed }, 'removed stale sessions and codes'))
      .catch((err: unknown) => app.log.error({ err }, 'removing stale sessions and codes failed'));
  }, HOUSEKEEPING_EVERY_MS);
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));

  app.post(
    '/auth/request-otp',
    { schema: { tags, summary: 'Sign-up code; 409 when the contact already has an account', body: contactBody, response: { 200: envelope(otpSent) } } },
    async (request) => {
      const data = toOtpSent(ctx.config, await requestSignupOtp(ctx, contactOf(request.body), clientMeta(request)));
      return ok(data, data.message);
    },
  );

  app.post(
    '/auth/request-login-otp',
    {
      schema: {
        tags,
        summary: 'Login code; data.otp = 1 when the contact has no account (switch to sign-up)',
        body: contactBody,
        response: { 200: envelope(otpSent) },
      },
    },
    async (request) => {
      const result = await requestLoginOtp(ctx, contactOf(request.body), clientMeta(request));
      if ('noAccount' in result) {
        return ok({ otp: 1, message: MSG.otpNoAccount, resendAfter: 0, expiresIn: 0 }, MSG.otpNoAccount);
      }
      const data = toOtpSent(ctx.config, result);
      return ok(data, data.message);
    },
  );

  app.post(
    '/auth/verify-otp',
    { schema: { tags, summary: 'Checks a sign-up or reset code → data.token (one use, 15 minutes)', body: verifyOtpBody, response: { 200: envelope(verifiedOtp) } } },
    async (request) => {
      const body = request.body;
      return ok(await verifyOtpForToken(ctx, contactOf(body), body.otp, body.purpose, clientMeta(request)), MSG.otpVerified);
    },
  );

  app.post(
    '/auth/login-with-otp',
    { schema: { tags, body: otpLoginBody, response: { 200: envelope(authResult) } } },
    async (request) => {
      const { accessToken, user } = await loginWithOtp(ctx, contactOf(request.body), request.body.otp, clientMeta(request));
      return ok(toAuthResult(accessToken, user), MSG.loginSuccess);
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Creates the account for a verified contact (otpVerificationCode = data.token of verify-otp) and logs in',
        body: registerBody,
        response: { 201: envelope(authResult) },
      },
    },
    async (request, reply) => {
      const { accessToken, user } = await register(ctx, request.body, clientMeta(request));
      return reply.status(201).send(ok(toAuthResult(accessToken, user), MSG.signUpSuccess));
    },
  );

  app.post(
    '/auth/password-login',
    { schema: { tags, summary: 'Password login by mobile or e-mail', body: passwordLoginBody, response: { 200: envelope(authResult) } } },
    async (request) => {
      const { accessToken, user } = await passwordLogin(ctx, contactOf(request.body), request.body.password, clientMeta(request));
      return ok(toAuthResult(accessToken, user), MSG.loginSuccess);
    },
  );

  app.post(
    '/auth/forget-password-request-otp',
    { schema: { tags, summary: 'Password-reset code; 404 when no account has this contact', body: contactBody, response: { 200: envelope(otpSent) } } },
    async (request) => {
      const data = toOtpSent(ctx.config, await requestResetOtp(ctx, contactOf(request.body), clientMeta(request)));
      return ok(data, data.message);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Sets a new password (otpVerificationCode = data.token of verify-otp); ends every session; 429 past the rate limits',
        body: resetPasswordBody,
        response: { 200: envelope(z.object({ message: z.string() })) },
      },
    },
    async (request) => {
      const body = request.body;
      await resetPassword(ctx, contactOf(body), body.otpVerificationCode, body.password, clientMeta(request));
      return ok({ message: MSG.passwordResetDone }, MSG.passwordResetDone);
    },
  );

  app.post(
    '/auth/deleteAccount',
    {
      preHandler: optionalAuth(ctx),
      schema: {
        tags,
        summary: "Deletes the account confirmed by mobile and password; 403 'Invalid User' otherwise",
        security: [{ bearer: [] }],
        body: deleteAccountBody,
        response: { 200: envelope(deleteAccountResult) },
      },
    },
    async (request) => {
      await deleteAccount(ctx, contactOf(request.body), request.body.password, request.user, clientMeta(request));
      return ok({ message: { status: true as const, message: MSG.accountDeleted } }, MSG.accountDeleted);
    },
  );

  app.get(
    '/auth/me',
    { preHandler: requireAuth(ctx, ROLES.signedIn), schema: { tags, security: [{ bearer: [] }], response: { 200: envelope(userProfile) } } },
    async (request) => ok(toProfile(await getUser(ctx, currentUser(request).id))),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: { tags, summary: "Ends the token's session", security: [{ bearer: [] }], response: { 200: envelope(z.object({ message: z.string() })) } },
    },
    async (request) => {
      await logout(ctx, currentUser(request));
      return ok({ message: MSG.loggedOut }, MSG.loggedOut);
    },
  );

  await googleRoutes(app, ctx);
};
