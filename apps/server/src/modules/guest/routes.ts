import { envelope, guestOrderLinkBody, guestSendOtpBody, guestVerified, guestVerifyOtpBody, MSG, orderConfirmation, otpSent } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { toOtpSent } from '../auth/serialize.ts';
import { guestOrder } from '../orders/service.ts';
import { sendGuestOtp, verifyGuestOtp } from './service.ts';

const tags = ['guest'];

/** The guest checkout's mobile check (API.md fixed paths; shopping §4 guest address OTP). */
export const guestModule: Module = (app, ctx) => {
  app.post(
    '/guest/send-otp',
    {
      schema: {
        tags,
        summary: "Sends a code to the guest address's mobile (data.otp in demo mode)",
        description: "Body {type:'mobile', mobile}. 429 inside the 60-second resend countdown or over the rate limits.",
        body: guestSendOtpBody,
        response: { 200: envelope(otpSent) },
      },
    },
    async (request) => {
      const data = toOtpSent(ctx.config, await sendGuestOtp(ctx, request.body.mobile, request.ip));
      return ok(data, data.message);
    },
  );

  app.post(
    '/guest/verify-otp',
    {
      schema: {
        tags,
        summary: 'Checks the code → data.token for the guest order',
        description:
          "Body {type:'mobile', mobile, otp}. data.token proves this mobile was verified: send it with the guest order " +
          '(body guestToken or header X-Guest-Token). It is good for one order within 30 minutes.',
        body: guestVerifyOtpBody,
        response: { 200: envelope(guestVerified) },
      },
    },
    async (request) => ok(await verifyGuestOtp(ctx, request.body.mobile, request.body.otp, request.ip), MSG.otpVerified),
  );

  app.post(
    '/guest/order',
    {
      schema: {
        tags,
        summary: "A guest's order by its link token (/order-status#token)",
        description:
          "Not in the spec (issue 9). Body {token}: the guestOrderToken the guest's order/create answer carried (the " +
          'web keeps it after a # so it never reaches a log). → order/confirmOrder\'s shape with the order itself: status, ' +
          'items, amounts, address, tracking (awsNumber, courierPartner once shipped) and expected delivery. 404 "This ' +
          'order link is not valid" for any other token. A POST, so the token never sits in a URL.',
        body: guestOrderLinkBody,
        response: { 200: envelope(orderConfirmation) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await guestOrder(ctx, request.body.token));
    },
  );
};
