import { describe, expect, it } from 'vitest';
import { MSG } from '@statewise/contract/messages';
import { checkContact, EMPTY_CONTACT } from './contact-form.ts';

describe('checkContact', () => {
  it('gives every empty field its spec message, the name first', () => {
    const r = checkContact(EMPTY_CONTACT);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      fullName: MSG.contactNameRequired,
      email: MSG.contactEmailRequired,
      description: MSG.contactQueryRequired,
      subject: MSG.contactSubjectRequired,
    });
    expect(r.first).toBe('fullName');
  });

  it('says a malformed e-mail is not valid, and points at it first when the name is there', () => {
    const r = checkContact({ fullName: 'Asha', email: 'asha@', description: 'Hello', subject: 'Others' });
    expect(r).toEqual({ ok: false, errors: { email: MSG.invalidEmail }, first: 'email' });
  });

  it('accepts a complete form with the e-mail lowercased and the text trimmed', () => {
    expect(checkContact({ fullName: ' Asha ', email: 'Asha@Mail.com', description: ' Hi ', subject: 'Seller Enquiry' })).toEqual({
      ok: true,
      body: { fullName: 'Asha', email: 'asha@mail.com', description: 'Hi', subject: 'Seller Enquiry' },
    });
  });
});
