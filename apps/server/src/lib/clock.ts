/**
 * The server's notion of "now" for rules that depend on time (OTP expiry, resend countdown, rate-limit
 * windows, session and token expiry). Code reads `clock.now()` instead of `new Date()`; tests move time with
 * `vi.spyOn(clock, 'now')` (see test/auth.ts, `travel`). Times compared in SQL are passed as
 * parameters from here, never taken from the database's now(), so both agree.
 */
export const clock = {
  now(): Date {
    return new Date();
  },
};
