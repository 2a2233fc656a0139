import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@statewise/contract';
import { otpCodes, sessions } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { travel } from '../../test/auth.ts';
import { newUser, uniqueMobile } from '../../test/factories.ts';

/*
 * A stranger's requests and guesses against someone else's mobile or e-mail (ADR 046): each test plays the
 * stranger from addresses of their own and the owner from theirs, on a fresh account. Counters in this process's
 * memory, and in Redis (shared by every process) when TEST_REDIS_URL names one.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
const stores: [string, Record<string, string>][] = [
  ['memory', {}],
  ...(REDIS_URL ? ([['redis', { REDIS_URL, REDIS_PREFIX: `statewise-test:${randomUUID()}:` }]] as [string, Record<string, string>][]) : []),
];

afterEach(() => travel.reset());

let ipCounter = 0;
const freshIp = () => `10.46.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
/** A wrong code for `code` (never the code itself). */
const wrongFor = (code: number | string) => (String(code) === '111111' ? '222222' : '111111');

describe.each(stores)('a stranger cannot lock an owner out (%s counters)', (_name, env) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer(env);
  });
  afterAll(() => s.close());

  async function post(url: string, payload: object, ip: string) {
    const res = await s.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip });
    return { status: res.statusCode, body: res.json() };
  }

  /** The owner logs in with a login code from `ip` (which proves the number there). */
  async function otpLogin(mobile: string, ip: string) {
    const sent = await post('/auth/request-login-otp', { type: 'mobile', mobile }, ip);
    expect(sent.status).toBe(200);
    return post('/auth/login-with-otp', { type: 'mobile', mobile, otp: sent.body.data.otp }, ip);
  }

  describe('POST /api/auth/login-with-otp', () => {
    it("logs the owner in with the right code after a stranger's 5 wrong tries at it from another address", async () => {
      const owner = await newUser(s.db);
      const [home, stranger] = [freshIp(), freshIp()];
      const contact = { type: 'mobile', mobile: owner.mobile };
      const sent = await post('/auth/request-login-otp', contact, home);
      const wrong = wrongFor(sent.body.data.otp);
      for (let i = 1; i <= 4; i++) expect((await post('/auth/login-with-otp', { ...contact, otp: wrong }, stranger)).status).toBe(400);
      const fifth = await post('/auth/login-with-otp', { ...contact, otp: wrong }, stranger);
      expect(fifth.status).toBe(429);
      expect(fifth.body.message).toBe(MSG.otpTooManyTries);
      // the stranger's address is done with this code, even if it guessed right now
      expect((await post('/auth/login-with-otp', { ...contact, otp: sent.body.data.otp }, stranger)).status).toBe(429);

      const login = await post('/auth/login-with-otp', { ...contact, otp: sent.body.data.otp }, home);
      expect(login.status).toBe(200);
      expect(login.body.data.user._id).toBe(owner.id);
      const [code] = await s.db.select().from(otpCodes).where(and(eq(otpCodes.contact, owner.mobile!), eq(otpCodes.purpose, 'login')));
      expect(code!.consumedAt).not.toBeNull();
      expect(await s.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(1);
    });

    it('kills a code after 30 wrong tries from many addresses, even for the right one; a new code then works', async () => {
      const owner = await newUser(s.db);
      const home = freshIp();
      const contact = { type: 'mobile', mobile: owner.mobile };
      const sent = await post('/auth/request-login-otp', contact, home);
      const wrong = wrongFor(sent.body.data.otp);
      for (let ip = 0; ip < 6; ip++) {
        const stranger = freshIp();
        for (let i = 0; i < 5; i++) await post('/auth/login-with-otp', { ...contact, otp: wrong }, stranger);
      }
      const refused = await post('/auth/login-with-otp', { ...contact, otp: sent.body.data.otp }, home);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(MSG.otpCodeUnderAttack);
      const [code] = await s.db.select().from(otpCodes).where(eq(otpCodes.contact, owner.mobile!));
      expect(code).toMatchObject({ attempts: 30, consumedAt: null });

      travel(51);
      expect((await otpLogin(owner.mobile!, home)).status).toBe(200);
    });

    it("refuses codes from unproven addresses, with what to do, once a contact's wrong codes from many places reach 100 an hour; never the owner's address", async () => {
      const owner = await newUser(s.db, { password: 'Owners123' });
      const home = freshIp();
      const contact = { type: 'mobile', mobile: owner.mobile };
      expect((await otpLogin(owner.mobile!, home)).status).toBe(200);
      // four codes asked by strangers, 25 wrong tries at each from five addresses: 100 wrong codes
      for (let round = 0; round < 4; round++) {
        travel(51);
        const sent = await post('/auth/request-login-otp', contact, freshIp());
        expect(sent.status).toBe(200);
        for (let ip = 0; ip < 5; ip++) {
          const stranger = freshIp();
          for (let i = 0; i < 5; i++) await post('/auth/login-with-otp', { ...contact, otp: wrongFor(sent.body.data.otp) }, stranger);
        }
      }

      travel(51);
      const elsewhere = freshIp();
      const sent = await post('/auth/request-login-otp', contact, elsewhere);
      expect(sent.status).toBe(200);
      const refused = await post('/auth/login-with-otp', { ...contact, otp: sent.body.data.otp }, elsewhere);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(
        /^Too many OTP attempts on this account from many places\. Please log in with your password, or try again in \d+ minutes$/,
      );
      // what the message says works
      expect((await post('/auth/password-login', { ...contact, password: 'Owners123' }, elsewhere)).status).toBe(200);

      travel(51);
      expect((await otpLogin(owner.mobile!, home)).status).toBe(200);
    });
  });

  describe('POST /api/auth/request-login-otp', () => {
    it('gives the owner a code after a stranger asked for 20 from one address', async () => {
      const owner = await newUser(s.db);
      const stranger = freshIp();
      const contact = { type: 'mobile', mobile: owner.mobile };
      const answers: number[] = [];
      for (let i = 0; i < 20; i++) {
        answers.push((await post('/auth/request-login-otp', contact, stranger)).status);
        travel(51);
      }
      expect(answers.filter((status) => status === 200)).toHaveLength(5);
      expect((await otpLogin(owner.mobile!, freshIp())).status).toBe(200);
    });

    it("gives the owner's proven address a code after strangers on many addresses reached the contact's ceiling; tells an unproven one what to do", async () => {
      const owner = await newUser(s.db);
      const home = freshIp();
      const contact = { type: 'mobile', mobile: owner.mobile };
      expect((await otpLogin(owner.mobile!, home)).status).toBe(200);
      const strangers = [freshIp(), freshIp(), freshIp(), freshIp()];
      for (let i = 0; i < 19; i++) {
        travel(51);
        expect((await post('/auth/request-login-otp', contact, strangers[i % 4]!)).status).toBe(200);
      }
      travel(51);
      const refused = await post('/auth/request-login-otp', contact, freshIp());
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(
        /^Too many OTP attempts on this account from many places\. Please log in with your password, or try again in \d+ minutes$/,
      );

      const login = await otpLogin(owner.mobile!, home);
      expect(login.status).toBe(200);
      expect(login.body.data.user._id).toBe(owner.id);
    });
  });

  describe('POST /api/auth/password-login', () => {
    const password = 'Owners123';

    it("logs the owner in with the right password after a stranger's 10 wrong ones from another address", async () => {
      const owner = await newUser(s.db, { password });
      const stranger = freshIp();
      const contact = { type: 'mobile', mobile: owner.mobile };
      for (let i = 0; i < 10; i++) expect((await post('/auth/password-login', { ...contact, password: 'Wrong1234' }, stranger)).status).toBe(401);
      const locked = await post('/auth/password-login', { ...contact, password }, stranger);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe('Too many login attempts. Please try again in 15 minutes');

      const login = await post('/auth/password-login', { ...contact, password }, freshIp());
      expect(login.status).toBe(200);
      expect(login.body.data.user._id).toBe(owner.id);
    });

    it('refuses unproven addresses, with what to do, once 100 wrong passwords came from many places; the owner gets in from a proven address, by OTP and after a reset', async () => {
      const owner = await newUser(s.db, { password });
      const home = freshIp();
      const contact = { type: 'mobile', mobile: owner.mobile };
      expect((await post('/auth/password-login', { ...contact, password }, home)).status).toBe(200);
      for (let ip = 0; ip < 10; ip++) {
        const stranger = freshIp();
        for (let i = 0; i < 10; i++) expect((await post('/auth/password-login', { ...contact, password: 'Wrong1234' }, stranger)).status).toBe(401);
      }

      const elsewhere = freshIp();
      const refused = await post('/auth/password-login', { ...contact, password }, elsewhere);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(
        /^Too many login attempts on this account from many places\. Please log in with an OTP or reset your password, or try again in \d+ minutes$/,
      );
      expect((await post('/auth/password-login', { ...contact, password }, home)).status).toBe(200);

      // what the message says works: a login code, or a reset and then the new password, from that same address
      expect((await otpLogin(owner.mobile!, elsewhere)).status).toBe(200);
      const other = freshIp();
      const reset = await post('/auth/forget-password-request-otp', contact, other);
      const verified = await post('/auth/verify-otp', { ...contact, otp: reset.body.data.otp, purpose: 'reset' }, other);
      const done = await post('/auth/reset-password', { ...contact, otpVerificationCode: verified.body.data.token, password: 'Renewed123' }, other);
      expect(done.status).toBe(200);
      expect((await post('/auth/password-login', { ...contact, password: 'Renewed123' }, other)).status).toBe(200);
      // the guesser is still held back: the ceiling outlives the reset
      expect((await post('/auth/password-login', { ...contact, password: 'Renewed123' }, freshIp())).status).toBe(429);
    });
  });

  describe('POST /api/guest/verify-otp', () => {
    it("takes the owner's right guest code after a stranger's 5 wrong tries at it from another address", async () => {
      const mobile = uniqueMobile();
      const [home, stranger] = [freshIp(), freshIp()];
      const sent = await post('/guest/send-otp', { type: 'mobile', mobile }, home);
      for (let i = 0; i < 5; i++) await post('/guest/verify-otp', { type: 'mobile', mobile, otp: wrongFor(sent.body.data.otp) }, stranger);
      const ok = await post('/guest/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp }, home);
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ status: true, mobile });
    });
  });
});
