import { describe, expect, it } from 'vitest';
import { draftForAccount, EMPTY_DRAFT } from './validate.ts';

describe('draftForAccount (a new address pre-filled from the account)', () => {
  it('fills the first and last name and the mobile, and nothing else', () => {
    expect(draftForAccount({ firstname: 'Meera ', lastname: 'Iyer', mobile: '9812345678' })).toEqual({ ...EMPTY_DRAFT, firstName: 'Meera', lastName: 'Iyer', mobile: '9812345678' });
  });

  it('leaves the mobile empty when the account has none (an e-mail account)', () => {
    expect(draftForAccount({ firstname: 'Meera', lastname: 'Iyer', mobile: null }).mobile).toBe('');
  });

  it('is an empty draft without an account', () => {
    expect(draftForAccount(null)).toEqual(EMPTY_DRAFT);
  });
});
