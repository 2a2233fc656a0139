import { envelope, guestSendOtpBody, guestVerified, guestVerifyOtpBody, MSG, otpSent } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { toOtpSent } from '../auth/serialize.ts';
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
};
