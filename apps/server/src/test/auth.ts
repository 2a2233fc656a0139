import { vi } from 'vitest';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { createSession } from '../lib/auth.ts';
import { clock } from '../lib/clock.ts';
import type { OtpDelivery, OtpMessage } from '../lib/otp-delivery.ts';
import { newUser, type NewUser } from './factories.ts';

/**
 * Helpers for tests that need accounts. Other features' tests act as a signed-in person in one line:
 *
 *   const { user, headers } = await loginAs(s);                 // a new user
 *   const admin = await loginAs(s, { role: 'admin' });
 *   await s.app.inject({ method: 'GET', url: '/api/wallet/fetchBalance', headers });
 *
 * Sessions are made directly in the database (no OTP or password round trip), so no rate limit applies. The
 * accounts are test/factories.ts's newUser (unique, verified contacts; `password` to set one).
 */

type HasDb = { db: DbOrTx; config: Pick<Config, 'jwtSecret'> };

/** A fresh session's access token for `user`. */
export async function tokenFor(server: HasDb, user: { id: string } | string): Promise<string> {
  const { accessToken } = await createSession(server, typeof user === 'string' ? user : user.id, { userAgent: 'vitest', ip: '127.0.0.1' });
  return accessToken;
}

/** `{authorization: 'Bearer …'}` for `user`, ready for `inject({headers})`. */
export async function authHeader(server: HasDb, user: { id: string } | string): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await tokenFor(server, user)}` };
}

/** Creates an account (role and fields as given) and signs it in. */
export async function loginAs(
  server: HasDb,
  overrides: NewUser = {},
): Promise<{ user: UserRow; token: string; headers: { authorization: string } }> {
  const user = await newUser(server.db, overrides);
  const token = await tokenFor(server, user);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/** An OTP provider that keeps what it was asked to send (pass to createTestServer's options). */
export function captureOtps(): OtpDelivery & { sent: OtpMessage[]; lastCode(to: string): string | undefined; failNext: boolean } {
  const sent: OtpMessage[] = [];
  return {
    name: 'capture',
    sent,
    failNext: false,
    async send(message) {
      if (this.failNext) {
        this.failNext = false;
        throw new Error('provider down');
      }
      sent.push(message);
    },
    lastCode(to) {
      return [...sent].reverse().find((m) => m.to === to)?.code;
    },
  };
}

let offsetMs = 0;
let frozenAt: number | null = null;
const testNow = () => new Date((frozenAt ?? Date.now()) + offsetMs);
/**
 * Moves the server's clock (lib/clock.ts) forward by `seconds`, cumulatively; `travel.reset()` returns to real
 * time. OTP expiry, resend countdowns, rate-limit windows and token expiry all follow it.
 */
export function travel(seconds: number): void {
  offsetMs += seconds * 1000;
  vi.spyOn(clock, 'now').mockImplementation(testNow);
}
/**
 * Stops the server's clock where it is (travel still moves it): for a test that reads exact seconds, which a
 * busy machine would otherwise shift by the time its requests took.
 */
travel.freeze = (): void => {
  frozenAt = Date.now();
  vi.spyOn(clock, 'now').mockImplementation(testNow);
};
travel.reset = (): void => {
  offsetMs = 0;
  frozenAt = null;
  vi.spyOn(clock, 'now').mockImplementation(() => new Date());
};
