import { describe, expect, it } from 'vitest';
import { checkSignUpDetails, parseContact } from './validators.ts';

describe('parseContact (the login field)', () => {
  it('takes a 10-digit mobile in the spellings of accounts §5 and keeps the digits', () => {
    for (const input of ['9876543210', '(987) 654-3210', '987.654.3210', '987 654 3210', ' 987-654-3210 ']) {
      expect(parseContact(input)).toEqual({ contact: { type: 'mobile', value: '9876543210' } });
    }
  });

  it('takes an e-mail, trimmed and lowercased', () => {
    expect(parseContact('  Asha.R@Example.COM ')).toEqual({ contact: { type: 'email', value: 'asha.r@example.com' } });
  });

  it("refuses anything else with the dialog's sentence, or the page's", () => {
    for (const input of ['', '12345', '98765432101', 'asha@', 'asha.example.com', '98765abcde']) {
      expect(parseContact(input)).toEqual({ error: 'Invalid input. Please enter mobile number or email' });
    }
    expect(parseContact('nope', 'page')).toEqual({ error: 'Invalid input. Please enter valid mobile number or email address' });
  });
});

describe('checkSignUpDetails', () => {
  const base = { firstname: 'Asha', lastname: 'Rao', mobile: '9876543210', email: '' };

  it('accepts names and the verified mobile, with no e-mail', () => {
    expect(checkSignUpDetails(base, 'mobile')).toEqual({});
  });

  it('names every missing or bad field with its sentence', () => {
    expect(checkSignUpDetails({ firstname: '', lastname: ' ', mobile: '123', email: 'Not an email' }, 'mobile')).toEqual({
      firstname: 'Please enter first name',
      lastname: 'Please enter last name',
      mobile: 'Please enter valid mobile',
      email: 'Please enter a valid email address (lowercase letters, numbers, and valid email characters only)!',
    });
  });

  it('needs the e-mail when the e-mail is what was verified, and then the mobile is optional', () => {
    expect(checkSignUpDetails({ ...base, mobile: '', email: '' }, 'email')).toEqual({
      email: 'Please enter a valid email address (lowercase letters, numbers, and valid email characters only)!',
    });
    expect(checkSignUpDetails({ ...base, mobile: '', email: 'asha@example.com' }, 'email')).toEqual({});
  });
});
