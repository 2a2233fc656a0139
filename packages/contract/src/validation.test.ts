import { describe, expect, it } from 'vitest';
import { contactBody, otpCode, profilePatchFields, registerBody, resetPasswordBody } from './schemas/auth.ts';
import {
  checkConfirmPassword,
  checkEmail,
  checkMobile,
  checkName,
  checkNewPassword,
  checkOtp,
  checkPasswordPresent,
  digitsOnly,
  isEmail,
  meetsPasswordPolicy,
  normaliseMobile,
  parseLoginInput,
} from './validation.ts';

describe('phone (accounts §5)', () => {
  it('accepts 10 digits with optional parentheses and - . or space separators', () => {
    for (const v of ['9876543210', '(987) 654-3210', '987.654.3210', '987 654 3210', '987-654-3210', ' 9876543210 ']) {
      expect(normaliseMobile(v), v).toBe('9876543210');
    }
  });

  it('refuses anything else', () => {
    for (const v of ['987654321', '98765432101', '+919876543210', '98765a3210', '', '(987)) 654 3210', '987--654-3210']) {
      expect(normaliseMobile(v), v).toBeNull();
    }
  });
});

describe('e-mail', () => {
  it('accepts the usual lowercase shape and refuses capitals and junk', () => {
    expect(isEmail('asha.k+shop@mail.co.in')).toBe(true);
    for (const v of ['Asha@mail.com', 'asha@', '@mail.com', 'asha@mail', 'a b@mail.com']) expect(isEmail(v), v).toBe(false);
  });
});

describe('password policy', () => {
  it('needs 8 characters with a letter and a digit', () => {
    expect(meetsPasswordPolicy('Statewise@123')).toBe(true);
    expect(meetsPasswordPolicy('abcdefg1')).toBe(true);
    for (const v of ['abc123', 'abcdefgh', '12345678', 'a1'.repeat(65)]) expect(meetsPasswordPolicy(v), v).toBe(false);
  });
});

describe('login input', () => {
  it('reads a mobile or a (lowercased) e-mail, or nothing', () => {
    expect(parseLoginInput('(900) 000-0003')).toEqual({ type: 'mobile', mobile: '9000000003' });
    expect(parseLoginInput(' User@Statewise.test ')).toEqual({ type: 'email', email: 'user@statewise.test' });
    expect(parseLoginInput('hello')).toBeNull();
  });
});

describe('schemas', () => {
  it('normalise contacts and codes the way services expect', () => {
    expect(contactBody.parse({ type: 'mobile', mobile: '987.654.3210' })).toEqual({ type: 'mobile', mobile: '9876543210' });
    expect(contactBody.parse({ type: 'email', email: ' A@B.COM ' })).toEqual({ type: 'email', email: 'a@b.com' });
    expect(otpCode.parse(123456)).toBe('123456');
    expect(otpCode.parse(' 012345 ')).toBe('012345');
    expect(otpCode.safeParse('12345').error?.issues[0]?.message).toBe('OTP must be of 6 digits');
  });

  it('require the verified contact on sign-up and allow the other to be blank', () => {
    const ok = registerBody.parse({ type: 'email', email: 'a@b.com', mobile: '', firstname: 'A', lastname: 'B', otpVerificationCode: 't' });
    expect(ok.mobile).toBeUndefined();
    const missing = registerBody.safeParse({ type: 'mobile', email: 'a@b.com', firstname: 'A', lastname: 'B', otpVerificationCode: 't' });
    expect(missing.error?.issues.map((i) => i.message)).toEqual(['Please enter valid mobile']);
  });
});

describe('field checks', () => {
  it('checks a mobile with the sentence the screen uses', () => {
    expect(checkMobile('9876543210')).toBeNull();
    expect(checkMobile('987654321')).toBe('Please enter valid mobile number');
    expect(checkMobile('', 'Please enter valid mobile')).toBe('Please enter valid mobile');
  });

  it('checks an e-mail regardless of capitals typed', () => {
    expect(checkEmail('User@Statewise.test')).toBeNull();
    expect(checkEmail('user@statewise')).toBe('Please enter valid email');
  });

  it('wants exactly 6 digits for a code', () => {
    expect(checkOtp('012345')).toBeNull();
    for (const bad of ['', '12345', '1234567', '12a456']) expect(checkOtp(bad)).toBe('OTP must be of 6 digits');
  });

  it('asks for a password on login without judging it', () => {
    expect(checkPasswordPresent('')).toBe('Please enter your password');
    expect(checkPasswordPresent('x')).toBeNull();
  });

  it('holds a new password to the policy: 8 characters with a letter and a digit', () => {
    expect(checkNewPassword('')).toBe('Please enter password');
    expect(checkNewPassword('abc123')).toBe('Password must be at least 8 characters and contain a letter and a digit');
    expect(checkNewPassword('abcdefgh')).toBe('Password must be at least 8 characters and contain a letter and a digit');
    expect(checkNewPassword('12345678')).toBe('Password must be at least 8 characters and contain a letter and a digit');
    expect(checkNewPassword(`a1${'x'.repeat(127)}`)).toBe('Password must be at most 128 characters');
    expect(checkNewPassword('Handloom42')).toBeNull();
  });

  it('wants the confirmation present and equal', () => {
    expect(checkConfirmPassword('Handloom42', '')).toBe('Please enter confirm password');
    expect(checkConfirmPassword('Handloom42', 'Handloom43')).toBe('Passwords does not match');
    expect(checkConfirmPassword('Handloom42', 'Handloom42')).toBeNull();
  });

  it('wants a name that is not blank and at most 50 characters', () => {
    expect(checkName('   ', 'Please enter first name')).toBe('Please enter first name');
    expect(checkName('x'.repeat(51), 'Please enter first name')).toBe('Names can be at most 50 characters');
    expect(checkName(' Asha ', 'Please enter first name')).toBeNull();
  });

  it('keeps only digits, up to the field length', () => {
    expect(digitsOnly('98a76-54 32109999')).toBe('9876543210');
    expect(digitsOnly('12 34 56 78', 6)).toBe('123456');
  });
});

describe('schemas built from the form checks', () => {
  it('answer with the same first message as the checks', () => {
    const tooLong = `a1${'x'.repeat(127)}`;
    for (const v of ['', 'abc123', tooLong, 'Handloom42']) {
      const parsed = resetPasswordBody.safeParse({ type: 'mobile', mobile: '9876543210', otpVerificationCode: 't', password: v });
      expect(parsed.error?.issues[0]?.message ?? null, v).toBe(checkNewPassword(v));
    }
    for (const v of ['   ', 'x'.repeat(51), ' Asha ']) {
      const parsed = profilePatchFields.safeParse({ firstname: v });
      expect(parsed.error?.issues[0]?.message ?? null, v).toBe(checkName(v, 'Please enter first name'));
    }
    expect(profilePatchFields.parse({ firstname: ' Asha ' })).toEqual({ firstname: 'Asha' });
  });
});
