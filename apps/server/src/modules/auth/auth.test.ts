import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@statewise/contract';
import { otpCodes, sessions, users, vendors, verificationTokens } from '../../db/schema/index.ts';
import { onUserRegistered } from '../../lib/account-hooks.ts';
import { badRequest } from '../../lib/errors.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs, travel } from '../../test/auth.ts';
import { newUser, uniqueEmail, uniqueMobile } from '../../test/factories.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());
afterEach(() => travel.reset());

let ipCounter = 0;
/** Each test speaks from its own address, so per-IP limits of one test never touch another. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function post(url: string, payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  const res = await s.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, remoteAddress: opts.ip ?? freshIp(), headers: opts.headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function me(token: string) {
  const res = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() };
}

/** Sign-up by mobile through the API: request, verify, register. */
async function signUp(mobile = uniqueMobile(), extra: Record<string, unknown> = {}) {
  const sent = await post('/auth/request-otp', { type: 'mobile', mobile });
  const verified = await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp });
  const reg = await post('/auth/register', {
    type: 'mobile',
    mobile,
    firstname: 'Nisha',
    lastname: 'Verma',
    email: '',
    otpVerificationCode: verified.body.data.token,
    ...extra,
  });
  return { mobile, reg };
}

describe('POST /api/auth/request-otp (sign-up code)', () => {
  it('sends a 6-digit code, echoes it as data.otp in demo mode and starts a 60 s countdown', async () => {
    const mobile = uniqueMobile();
    const res = await post('/auth/request-otp', { type: 'mobile', mobile });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Otp sent successfully', data: { message: 'Otp sent successfully', resendAfter: 60, expiresIn: 600 } });
    expect(String(res.body.data.otp)).toMatch(/^\d{6}$/);
  });

  it('stores the code only as a hash', async () => {
    const mobile = uniqueMobile();
    const res = await post('/auth/request-otp', { type: 'mobile', mobile: `(${mobile.slice(0, 3)}) ${mobile.slice(3, 6)}-${mobile.slice(6)}` });
    const rows = await s.db.select().from(otpCodes).where(eq(otpCodes.contact, mobile));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.purpose).toBe('signup');
    expect(rows[0]!.codeHash).not.toContain(String(res.body.data.otp));
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a contact that already has an account with 409', async () => {
    const user = await newUser(s.db);
    const byMobile = await post('/auth/request-otp', { type: 'mobile', mobile: user.mobile });
    expect(byMobile.status).toBe(409);
    expect(byMobile.body).toEqual({ success: false, message: MSG.accountExistsMobile });
    const byEmail = await post('/auth/request-otp', { type: 'email', email: user.email!.toUpperCase() });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.message).toBe(MSG.accountExistsEmail);
  });

  it("refuses a bad mobile or e-mail with the spec's messages", async () => {
    const mobile = await post('/auth/request-otp', { type: 'mobile', mobile: '12345' });
    expect(mobile.status).toBe(400);
    expect(mobile.body).toMatchObject({ message: 'Please enter valid mobile number', errors: { mobile: 'Please enter valid mobile number' } });
    const email = await post('/auth/request-otp', { type: 'email', email: 'not-an-email' });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe('Please enter valid email');
    const type = await post('/auth/request-otp', { type: 'fax', mobile: '9876543210' });
    expect(type.status).toBe(400);
    expect(type.body.message).toBe(MSG.contactTypeInvalid);
  });

  it('refuses a resend inside the countdown with 429 and the seconds left, then resends after it', async () => {
    travel.freeze();
    const mobile = uniqueMobile();
    const first = await post('/auth/request-otp', { type: 'mobile', mobile });
    travel(20);
    const early = await post('/auth/request-otp', { type: 'mobile', mobile });
    expect(early.status).toBe(429);
    expect(early.body.message).toBe('Please wait 40 seconds before requesting a new OTP');
    expect(early.headers['retry-after']).toBe('40');
    travel(41);
    const again = await post('/auth/request-otp', { type: 'mobile', mobile });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Otp Re sent successfully');
    // the first code was retired by the new one
    if (first.body.data.otp !== again.body.data.otp) {
      const old = await post('/auth/verify-otp', { type: 'mobile', mobile, otp: first.body.data.otp });
      expect(old.status).toBe(400);
    }
    const fresh = await post('/auth/verify-otp', { type: 'mobile', mobile, otp: again.body.data.otp });
    expect(fresh.status).toBe(200);
  });

  it('limits codes for one contact from one address: the sixth within an hour answers 429', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/request-otp', { type: 'mobile', mobile }, { ip })).status).toBe(200);
      travel(61);
    }
    const sixth = await post('/auth/request-otp', { type: 'mobile', mobile }, { ip });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Too many OTP requests\. Please try again in \d+ minutes$/);
    travel(3600);
    expect((await post('/auth/request-otp', { type: 'mobile', mobile }, { ip })).status).toBe(200);
  });

  it('caps codes for one contact and purpose from all addresses together at 20 an hour, and says so', async () => {
    const mobile = uniqueMobile();
    for (let i = 0; i < 20; i++) {
      expect((await post('/auth/request-otp', { type: 'mobile', mobile })).status).toBe(200);
      travel(61);
    }
    const over = await post('/auth/request-otp', { type: 'mobile', mobile });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many OTP attempts for this mobile number or email from many places\. Please try again in \d+ minutes$/);
  });

  it('limits codes per IP across contacts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 100; i++) {
      const res = await post('/auth/request-otp', { type: 'email', email: uniqueEmail() }, { ip });
      expect(res.status).toBe(200);
    }
    const over = await post('/auth/request-otp', { type: 'email', email: uniqueEmail() }, { ip });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many OTP requests/);
    // another address is not affected
    expect((await post('/auth/request-otp', { type: 'email', email: uniqueEmail() })).status).toBe(200);
  });
});

describe('POST /api/auth/verify-otp', () => {
  it('gives a one-use verification token for the right code (number or string)', async () => {
    const mobile = uniqueMobile();
    const sent = await post('/auth/request-otp', { type: 'mobile', mobile });
    const res = await post('/auth/verify-otp', { type: 'mobile', mobile, otp: Number(sent.body.data.otp) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ purpose: 'signup', expiresIn: 900 });
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    const [row] = await s.db.select().from(verificationTokens).where(eq(verificationTokens.contact, mobile));
    expect(row!.tokenHash).not.toBe(res.body.data.token);
    // the code is used up
    const twice = await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(MSG.otpNotRequested);
  });

  it('says a wrong code is wrong, and takes no more tries at the code from an address after its 5 wrong ones', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    const sent = await post('/auth/request-otp', { type: 'mobile', mobile });
    const wrong = sent.body.data.otp === 111111 ? '222222' : '111111';
    for (let i = 1; i <= 4; i++) {
      const res = await post('/auth/verify-otp', { type: 'mobile', mobile, otp: wrong }, { ip });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: MSG.otpInvalid, errors: { otp: MSG.otpInvalid } });
    }
    const fifth = await post('/auth/verify-otp', { type: 'mobile', mobile, otp: wrong }, { ip });
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(MSG.otpTooManyTries);
    const right = await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp }, { ip });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(MSG.otpTooManyTries);
    const [row] = await s.db.select().from(otpCodes).where(eq(otpCodes.contact, mobile));
    expect(row!.attempts).toBe(5);
  });

  it('limits wrong codes per IP across contacts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const mobile = uniqueMobile();
      const sent = await post('/auth/request-otp', { type: 'mobile', mobile });
      const wrong = sent.body.data.otp === 111111 ? '222222' : '111111';
      for (let j = 0; j < 5; j++) await post('/auth/verify-otp', { type: 'mobile', mobile, otp: wrong }, { ip });
    }
    const mobile = uniqueMobile();
    const sent = await post('/auth/request-otp', { type: 'mobile', mobile });
    const blocked = await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many wrong codes\. Please try again in \d+ minutes$/);
    expect((await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp })).status).toBe(200);
  });

  it('refuses an expired code after 10 minutes', async () => {
    const mobile = uniqueMobile();
    const sent = await post('/auth/request-otp', { type: 'mobile', mobile });
    travel(601);
    const res = await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.otpExpired);
  });

  it('accepts the code just before it expires', async () => {
    const mobile = uniqueMobile();
    const sent = await post('/auth/request-otp', { type: 'mobile', mobile });
    travel(595);
    expect((await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp })).status).toBe(200);
  });

  it('says so when no code was requested, and checks the 6 digits', async () => {
    const none = await post('/auth/verify-otp', { type: 'mobile', mobile: uniqueMobile(), otp: '123456' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MSG.otpNotRequested);
    const short = await post('/auth/verify-otp', { type: 'mobile', mobile: uniqueMobile(), otp: '12345' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: 'OTP must be of 6 digits', errors: { otp: 'OTP must be of 6 digits' } });
  });

  it('does not accept a login code (purposes are kept apart)', async () => {
    const user = await newUser(s.db);
    const sent = await post('/auth/request-login-otp', { type: 'mobile', mobile: user.mobile });
    const res = await post('/auth/verify-otp', { type: 'mobile', mobile: user.mobile, otp: sent.body.data.otp });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.otpNotRequested);
  });
});

describe('POST /api/auth/register', () => {
  it('creates the account for the verified mobile and logs in (201)', async () => {
    const email = uniqueEmail();
    const { mobile, reg } = await signUp(undefined, { email: email.toUpperCase() });
    expect(reg.status).toBe(201);
    expect(reg.body.data.user).toMatchObject({ role: 'user', firstname: 'Nisha', lastname: 'Verma', mobile, email, mobileVerified: true, emailVerified: false, hasPassword: false });
    const who = await me(reg.body.data.accessToken);
    expect(who.status).toBe(200);
    expect(who.body.data._id).toBe(reg.body.data.user._id);
    const [row] = await s.db.select().from(users).where(eq(users.id, reg.body.data.user._id));
    expect(row).toMatchObject({ mobile, email, mobileVerified: true, emailVerified: false });
  });

  it('signs up by e-mail too', async () => {
    const email = uniqueEmail();
    const sent = await post('/auth/request-otp', { type: 'email', email });
    const verified = await post('/auth/verify-otp', { type: 'email', email, otp: sent.body.data.otp });
    const reg = await post('/auth/register', { type: 'email', email, firstname: 'A', lastname: 'B', mobile: '', otpVerificationCode: verified.body.data.token });
    expect(reg.status).toBe(201);
    expect(reg.body.data.user).toMatchObject({ email, mobile: null, emailVerified: true });
  });

  it('uses the verification token once', async () => {
    const mobile = uniqueMobile();
    const sent = await post('/auth/request-otp', { type: 'mobile', mobile });
    const token = (await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp })).body.data.token;
    const body = { type: 'mobile', mobile, firstname: 'A', lastname: 'B', otpVerificationCode: token };
    expect((await post('/auth/register', body)).status).toBe(201);
    const again = await post('/auth/register', body);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.verificationExpired);
  });

  it('refuses a token verified for another contact, and an expired token', async () => {
    const mobile = uniqueMobile();
    const sent = await post('/auth/request-otp', { type: 'mobile', mobile });
    const token = (await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp })).body.data.token;
    const other = await post('/auth/register', { type: 'mobile', mobile: uniqueMobile(), firstname: 'A', lastname: 'B', otpVerificationCode: token });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(MSG.verificationMismatch);
    travel(15 * 60 + 1);
    const late = await post('/auth/register', { type: 'mobile', mobile, firstname: 'A', lastname: 'B', otpVerificationCode: token });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(MSG.verificationExpired);
  });

  it("checks the details with the spec's messages", async () => {
    const res = await post('/auth/register', { type: 'mobile', mobile: uniqueMobile(), firstname: ' ', lastname: '', email: 'Bad@', otpVerificationCode: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      firstname: 'Please enter first name',
      lastname: 'Please enter last name',
      email: 'Please enter a valid email address (lowercase letters, numbers, and valid email characters only)!',
    });
  });

  it('refuses an e-mail another account holds with 409, leaving the token usable', async () => {
    const holder = await newUser(s.db);
    const mobile = uniqueMobile();
    const sent = await post('/auth/request-otp', { type: 'mobile', mobile });
    const token = (await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp })).body.data.token;
    const taken = await post('/auth/register', { type: 'mobile', mobile, firstname: 'A', lastname: 'B', email: holder.email, otpVerificationCode: token });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MSG.emailTaken);
    const fixed = await post('/auth/register', { type: 'mobile', mobile, firstname: 'A', lastname: 'B', email: uniqueEmail(), otpVerificationCode: token });
    expect(fixed.status).toBe(201);
  });

  it('takes a contact away from an account that only typed it, never verified it', async () => {
    const mobile = uniqueMobile();
    const squatter = await newUser(s.db, { mobile, mobileVerified: false });
    const { reg } = await signUp(mobile);
    expect(reg.status).toBe(201);
    const [after] = await s.db.select().from(users).where(eq(users.id, squatter.id));
    expect(after!.mobile).toBeNull();
  });

  it('runs the sign-up steps of other features (the wallet reward hook) in the same transaction', async () => {
    const seen: string[] = [];
    onUserRegistered('test:record', async (tx, user) => {
      const [row] = await tx.select().from(users).where(eq(users.id, user.id));
      seen.push(row!.id);
    });
    const { reg } = await signUp();
    expect(seen).toEqual([reg.body.data.user._id]);

    // a step that refuses undoes the whole sign-up
    onUserRegistered('test:record', async () => {
      throw badRequest('Reward service refused');
    });
    const mobile = uniqueMobile();
    const failed = await signUp(mobile);
    expect(failed.reg.status).toBe(400);
    expect(await s.db.select().from(users).where(eq(users.mobile, mobile))).toHaveLength(0);
    onUserRegistered('test:record', async () => {});
  });
});

describe('POST /api/auth/request-login-otp and /api/auth/login-with-otp', () => {
  it('answers data.otp = 1 for a contact with no account, without sending anything', async () => {
    const mobile = uniqueMobile();
    const res = await post('/auth/request-login-otp', { type: 'mobile', mobile });
    expect(res.status).toBe(200);
    expect(res.body.data.otp).toBe(1);
    expect(await s.db.select().from(otpCodes).where(eq(otpCodes.contact, mobile))).toHaveLength(0);
  });

  it('treats a contact that an account only typed (unverified) as unregistered', async () => {
    const user = await newUser(s.db, { emailVerified: false });
    const res = await post('/auth/request-login-otp', { type: 'email', email: user.email });
    expect(res.body.data.otp).toBe(1);
  });

  it('sends a login code with a 50 s countdown and logs in with it', async () => {
    const user = await newUser(s.db, { role: 'vendor' });
    const sent = await post('/auth/request-login-otp', { type: 'mobile', mobile: user.mobile });
    expect(sent.body.data).toMatchObject({ resendAfter: 50, message: 'Otp sent successfully' });
    travel(30);
    expect((await post('/auth/request-login-otp', { type: 'mobile', mobile: user.mobile })).body.message).toBe(
      'Please wait 20 seconds before requesting a new OTP',
    );
    const login = await post('/auth/login-with-otp', { type: 'mobile', mobile: user.mobile, otp: String(sent.body.data.otp) });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe('Login Successfull!');
    expect(login.body.data.user).toMatchObject({ _id: user.id, role: 'vendor', mobile: user.mobile });
    expect((await me(login.body.data.accessToken)).status).toBe(200);
    const [session] = await s.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.revokedAt).toBeNull();
  });

  it('logs in by e-mail', async () => {
    const user = await newUser(s.db);
    const sent = await post('/auth/request-login-otp', { type: 'email', email: user.email });
    const login = await post('/auth/login-with-otp', { type: 'email', email: user.email, otp: sent.body.data.otp });
    expect(login.status).toBe(200);
    expect(login.body.data.user._id).toBe(user.id);
  });

  it('refuses a wrong code, and a sign-up code', async () => {
    const user = await newUser(s.db);
    const sent = await post('/auth/request-login-otp', { type: 'mobile', mobile: user.mobile });
    const wrong = await post('/auth/login-with-otp', { type: 'mobile', mobile: user.mobile, otp: sent.body.data.otp === 999999 ? 999998 : 999999 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MSG.otpInvalid);

    const mobile = uniqueMobile();
    const signup = await post('/auth/request-otp', { type: 'mobile', mobile });
    const res = await post('/auth/login-with-otp', { type: 'mobile', mobile, otp: signup.body.data.otp });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.otpNotRequested);
  });

  it('a stranger using up the codes of a number does not lock its owner out of login or password reset', async () => {
    const owner = await newUser(s.db);
    const stranger = freshIp();
    const contact = { type: 'mobile', mobile: owner.mobile };
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/request-login-otp', contact, { ip: stranger })).status).toBe(200);
      expect((await post('/auth/forget-password-request-otp', contact, { ip: stranger })).status).toBe(200);
      travel(61);
    }
    for (const url of ['/auth/request-login-otp', '/auth/forget-password-request-otp']) {
      const refused = await post(url, contact, { ip: stranger });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many OTP requests\. Please try again in \d+ minutes$/);
    }

    const home = freshIp();
    const sent = await post('/auth/request-login-otp', contact, { ip: home });
    expect(sent.status).toBe(200);
    const login = await post('/auth/login-with-otp', { ...contact, otp: sent.body.data.otp }, { ip: home });
    expect(login.status).toBe(200);
    expect(login.body.data.user._id).toBe(owner.id);

    const reset = await post('/auth/forget-password-request-otp', contact, { ip: home });
    expect(reset.status).toBe(200);
    const verified = await post('/auth/verify-otp', { ...contact, otp: reset.body.data.otp, purpose: 'reset' }, { ip: home });
    expect(verified.status).toBe(200);
    const done = await post('/auth/reset-password', { ...contact, otpVerificationCode: verified.body.data.token, password: 'OwnersPass1' }, { ip: home });
    expect(done.status).toBe(200);
  });

  it('a new request after a successful login needs no countdown', async () => {
    const user = await newUser(s.db);
    const sent = await post('/auth/request-login-otp', { type: 'mobile', mobile: user.mobile });
    await post('/auth/login-with-otp', { type: 'mobile', mobile: user.mobile, otp: sent.body.data.otp });
    expect((await post('/auth/request-login-otp', { type: 'mobile', mobile: user.mobile })).status).toBe(200);
  });
});

describe('POST /api/auth/password-login', () => {
  const password = 'Secret123';

  it('logs in by mobile and by e-mail (any case)', async () => {
    const user = await newUser(s.db, { password });
    const byMobile = await post('/auth/password-login', { type: 'mobile', mobile: user.mobile, password });
    expect(byMobile.status).toBe(200);
    expect(byMobile.body.data.user).toMatchObject({ _id: user.id, role: 'user', hasPassword: true });
    expect(JSON.stringify(byMobile.body)).not.toContain('passwordHash');
    const byEmail = await post('/auth/password-login', { type: 'email', email: user.email!.toUpperCase(), password });
    expect(byEmail.status).toBe(200);
    expect((await me(byEmail.body.data.accessToken)).body.data._id).toBe(user.id);
  });

  it('answers an unknown contact, a wrong password and an account without password alike', async () => {
    const user = await newUser(s.db, { password });
    const noPassword = await newUser(s.db);
    const unknown = await post('/auth/password-login', { type: 'mobile', mobile: uniqueMobile(), password });
    const wrong = await post('/auth/password-login', { type: 'mobile', mobile: user.mobile, password: 'Wrong1234' });
    const none = await post('/auth/password-login', { type: 'mobile', mobile: noPassword.mobile, password });
    for (const res of [unknown, wrong, none]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Incorrect mobile number or password' });
    }
    const email = await post('/auth/password-login', { type: 'email', email: uniqueEmail(), password });
    expect(email.body.message).toBe('Incorrect email or password');
  });

  it("asks for the password with the spec's message", async () => {
    const res = await post('/auth/password-login', { type: 'mobile', mobile: uniqueMobile(), password: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter your password');
  });

  it('locks a contact for one address for 15 minutes after 10 wrong passwords from it, even for the right one', async () => {
    const user = await newUser(s.db, { password });
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await post('/auth/password-login', { type: 'mobile', mobile: user.mobile, password: 'Wrong1234' }, { ip })).status).toBe(401);
    }
    const locked = await post('/auth/password-login', { type: 'mobile', mobile: user.mobile, password }, { ip });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many login attempts. Please try again in 15 minutes');
    travel(15 * 60);
    expect((await post('/auth/password-login', { type: 'mobile', mobile: user.mobile, password }, { ip })).status).toBe(200);
  });

  it('limits failed logins per IP across contacts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 100; i++) {
      expect((await post('/auth/password-login', { type: 'mobile', mobile: uniqueMobile(), password: 'Wrong1234' }, { ip })).status).toBe(401);
    }
    const user = await newUser(s.db, { password });
    const blocked = await post('/auth/password-login', { type: 'mobile', mobile: user.mobile, password }, { ip });
    expect(blocked.status).toBe(429);
    expect((await post('/auth/password-login', { type: 'mobile', mobile: user.mobile, password })).status).toBe(200);
  });
});

describe('password recovery: forget-password-request-otp, verify-otp, reset-password', () => {
  it('resets the password, ends every session, and the new password works', async () => {
    const user = await newUser(s.db, { password: 'OldPass123' });
    const oldSession = await authHeader(s, user);
    // in use just before (its check remembered, ADR 032): the reset must still end it at once
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: oldSession })).statusCode).toBe(200);
    const sent = await post('/auth/forget-password-request-otp', { type: 'mobile', mobile: user.mobile });
    expect(sent.status).toBe(200);
    expect(sent.body.data.resendAfter).toBe(60);
    const verified = await post('/auth/verify-otp', { type: 'mobile', mobile: user.mobile, otp: sent.body.data.otp });
    expect(verified.body.data.purpose).toBe('reset');
    const reset = await post('/auth/reset-password', { type: 'mobile', mobile: user.mobile, otpVerificationCode: verified.body.data.token, password: 'NewPass456' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(MSG.passwordResetDone);

    const old = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: oldSession });
    expect(old.statusCode).toBe(401);
    const [revoked] = await s.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(revoked!.revokedReason).toBe('password_reset');
    expect((await post('/auth/password-login', { type: 'mobile', mobile: user.mobile, password: 'OldPass123' })).status).toBe(401);
    expect((await post('/auth/password-login', { type: 'mobile', mobile: user.mobile, password: 'NewPass456' })).status).toBe(200);
  });

  it('says when no account has the mobile number', async () => {
    const res = await post('/auth/forget-password-request-otp', { type: 'mobile', mobile: uniqueMobile() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.noAccountMobile);
  });

  it('enforces the password policy and says it', async () => {
    const user = await newUser(s.db);
    const sent = await post('/auth/forget-password-request-otp', { type: 'mobile', mobile: user.mobile });
    const token = (await post('/auth/verify-otp', { type: 'mobile', mobile: user.mobile, otp: sent.body.data.otp })).body.data.token;
    for (const weak of ['short1', 'lettersonly', '1234567890']) {
      const res = await post('/auth/reset-password', { type: 'mobile', mobile: user.mobile, otpVerificationCode: token, password: weak });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Password must be at least 8 characters and contain a letter and a digit');
    }
    const empty = await post('/auth/reset-password', { type: 'mobile', mobile: user.mobile, otpVerificationCode: token, password: '' });
    expect(empty.body.message).toBe('Please enter password');
    // the token survived the refusals
    expect((await post('/auth/reset-password', { type: 'mobile', mobile: user.mobile, otpVerificationCode: token, password: 'GoodPass1' })).status).toBe(200);
  });

  it('keeps sign-up and reset tokens apart', async () => {
    const mobile = uniqueMobile();
    const sent = await post('/auth/request-otp', { type: 'mobile', mobile });
    const signupToken = (await post('/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp })).body.data.token;
    const res = await post('/auth/reset-password', { type: 'mobile', mobile, otpVerificationCode: signupToken, password: 'GoodPass1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.verificationExpired);
  });

  it('picks the flow named by purpose when both codes are pending', async () => {
    const user = await newUser(s.db, { mobileVerified: false });
    // an unverified holder: sign-up is allowed for that mobile, reset is not
    const reset = await post('/auth/forget-password-request-otp', { type: 'mobile', mobile: user.mobile });
    expect(reset.status).toBe(404);
    const sent = await post('/auth/request-otp', { type: 'mobile', mobile: user.mobile });
    const res = await post('/auth/verify-otp', { type: 'mobile', mobile: user.mobile, otp: sent.body.data.otp, purpose: 'signup' });
    expect(res.body.data.purpose).toBe('signup');
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('needs a token', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: MSG.unauthorized });
  });

  it('gives the profile', async () => {
    const { user, token } = await loginAs(s, { firstname: 'Kavya' });
    const res = await me(token);
    expect(res.body.data).toMatchObject({ _id: user.id, role: 'user', firstname: 'Kavya', email: user.email, mobile: user.mobile, picture: '' });
  });

  it('logout revokes only the session of the token used', async () => {
    const { user, token } = await loginAs(s);
    const other = await authHeader(s, user);
    const res = await post('/auth/logout', undefined, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.loggedOut);
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MSG.sessionExpired);
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: other })).statusCode).toBe(200);
    // logging out twice is a 401, not a 500
    expect((await post('/auth/logout', undefined, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});

describe('POST /api/auth/deleteAccount', () => {
  const password = 'Delete123';

  it("refuses a wrong password or unknown mobile with 'Invalid User'", async () => {
    const user = await newUser(s.db, { password });
    for (const body of [
      { type: 'mobile', mobile: user.mobile, password: 'Wrong1234' },
      { type: 'mobile', mobile: uniqueMobile(), password },
    ]) {
      const res = await post('/auth/deleteAccount', body);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Invalid User');
    }
    expect((await s.db.select().from(users).where(eq(users.id, user.id)))[0]!.deletedAt).toBeNull();
  });

  it("checks the form with the spec's messages", async () => {
    const res = await post('/auth/deleteAccount', { type: 'mobile', mobile: '98765', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ mobile: 'Please enter valid mobile number', password: 'Please enter password' });
  });

  it("refuses to delete another account than the token's", async () => {
    const victim = await newUser(s.db, { password });
    const { headers } = await loginAs(s);
    const res = await post('/auth/deleteAccount', { type: 'mobile', mobile: victim.mobile, password }, { headers });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Invalid User');
  });

  it('anonymises the account, revokes its sessions, frees its contacts and keeps references', async () => {
    const user = await newUser(s.db, { password, picture: '/uploads/profile/00000000-0000-4000-8000-000000000000.webp', googleSub: 'g-123' });
    const headers = await authHeader(s, user);
    const second = await authHeader(s, user);
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: second })).statusCode).toBe(200);
    await s.db.insert(vendors).values({ userId: user.id, sellerName: 'Shop', slug: `shop-${user.id}`, pickupPincode: '110001' });
    const pending = await post('/auth/request-login-otp', { type: 'mobile', mobile: user.mobile });
    expect(pending.status).toBe(200);

    const res = await post('/auth/deleteAccount', { type: 'mobile', mobile: user.mobile, password }, { headers });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Account deleted successfully', data: { message: { status: true } } });

    const [row] = await s.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ mobile: null, email: null, passwordHash: null, picture: '', googleSub: null, firstname: 'Deleted', lastname: 'user' });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    for (const h of [headers, second]) {
      expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: h })).statusCode).toBe(401);
    }
    const open = await s.db.select().from(sessions).where(and(eq(sessions.userId, user.id)));
    expect(open.every((x) => x.revokedReason === 'account_deleted')).toBe(true);
    expect(await s.db.select().from(otpCodes).where(eq(otpCodes.contact, user.mobile!))).toHaveLength(0);
    // rows pointing at the account stay valid
    expect(await s.db.select().from(vendors).where(eq(vendors.userId, user.id))).toHaveLength(1);
    // the contact is free: login says "no account", sign-up works
    expect((await post('/auth/request-login-otp', { type: 'mobile', mobile: user.mobile })).body.data.otp).toBe(1);
    expect((await signUp(user.mobile!)).reg.status).toBe(201);
    // and the old password opens nothing
    expect((await post('/auth/password-login', { type: 'mobile', mobile: user.mobile, password })).status).toBe(401);
  });

  it('works without a token (the page asks for mobile and password)', async () => {
    const user = await newUser(s.db, { password });
    const res = await post('/auth/deleteAccount', { type: 'mobile', mobile: user.mobile, password });
    expect(res.status).toBe(200);
  });
});
