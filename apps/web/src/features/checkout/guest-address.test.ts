import { MSG } from '@statewise/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, storage } from '../../lib/storage.ts';
import { postalAddress } from '../../test/fixtures.ts';
import { EMPTY_DRAFT } from '../addresses/validate.ts';
import { checkGuestAddress, guestAddresses, isVerified, orderAddressOf, parseGuestAddresses, type GuestAddressDraft } from './guest-address.ts';

const good: GuestAddressDraft = {
  firstName: 'Asha',
  lastName: 'Verma',
  streetAddress: '12 MG Road',
  mobile: '9876543210',
  email: '',
  landmark: '',
  shippingNote: '',
  pincode: '110001',
  city: 'New Delhi',
  state: 'Delhi',
  country: 'India',
};

describe('checkGuestAddress (the guest form, shopping §5)', () => {
  it('passes a complete address with a verified mobile', () => {
    expect(checkGuestAddress(good, true)).toEqual([]);
  });

  it('gives every message of an empty form in the spec sentences, mobile and pincode first', () => {
    const messages = checkGuestAddress({ ...EMPTY_DRAFT, country: '' }, false).map((p) => p.message);
    expect(messages).toEqual([
      'Please enter valid mobile number',
      'Please enter valid pincode',
      'Please enter city',
      'Please select state',
      'Please enter first name',
      'Please enter last name',
      'Please enter street address',
      'Please select country',
      'Please Verify the phone no',
    ]);
  });

  it('asks for the phone verification last, once everything else is right', () => {
    expect(checkGuestAddress(good, false)).toEqual([{ field: 'otp', message: MSG.verifyPhone }]);
  });

  it('refuses a mobile that is not 10 digits and a pincode that is not 6', () => {
    expect(checkGuestAddress({ ...good, mobile: '98765' }, true)).toEqual([{ field: 'mobile', message: 'Please enter valid mobile number' }]);
    expect(checkGuestAddress({ ...good, pincode: '1100' }, true)).toEqual([{ field: 'pincode', message: 'Please enter valid pincode' }]);
  });

  it('treats blank-looking names as missing', () => {
    expect(checkGuestAddress({ ...good, firstName: '   ' }, true)[0]).toEqual({ field: 'firstName', message: 'Please enter first name' });
  });

  it('keeps e-mail optional but refuses a malformed one', () => {
    expect(checkGuestAddress({ ...good, email: 'asha@example.com' }, true)).toEqual([]);
    expect(checkGuestAddress({ ...good, email: 'asha@' }, true)).toEqual([{ field: 'email', message: 'Entered Email is not valid' }]);
  });
});

describe('guest address storage', () => {
  afterEach(() => storage.clearAll());

  it('adds, edits and removes addresses under guestAddresses', () => {
    const saved = guestAddresses.save({ ...postalAddress(), isOTPVerified: true, guestToken: 't', tokenExpiresAt: 10 });
    expect(parseGuestAddresses(storage.get(KEYS.guestAddresses))).toEqual([saved]);
    guestAddresses.save({ ...saved, landmark: 'Metro gate 2' });
    expect(guestAddresses.read()).toHaveLength(1);
    expect(guestAddresses.read()[0]!.landmark).toBe('Metro gate 2');
    guestAddresses.remove(saved._id);
    expect(storage.get(KEYS.guestAddresses)).toBeNull();
  });

  it('skips stored entries it cannot read', () => {
    expect(parseGuestAddresses('not json')).toEqual([]);
    expect(parseGuestAddresses(JSON.stringify([{ _id: 'x' }, 42]))).toEqual([]);
  });

  it('counts an address verified only while its token is good', () => {
    const a = { isOTPVerified: true, guestToken: 'tok', tokenExpiresAt: 1000 };
    expect(isVerified(a, 999)).toBe(true);
    expect(isVerified(a, 1000)).toBe(false);
    expect(isVerified({ ...a, guestToken: null }, 0)).toBe(false);
  });

  it('sends the address without an empty e-mail and with the pincode as a number', () => {
    const body = orderAddressOf({ _id: 'l1', ...postalAddress(), isOTPVerified: true, guestToken: 't', tokenExpiresAt: 1 });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('guestToken');
    expect(body.pincode).toBe(110001);
  });
});
