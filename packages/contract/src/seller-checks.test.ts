import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { vendorRegistrationStepOne, vendorRegistrationStepTwo } from './schemas/sellers.ts';
import { gstinCheckChar, gstStateCode, isAccountNumber, isBranchName, isGstin, isIfsc, isPan, maskLast4, sellerChecks, slugFromBrand } from './seller-checks.ts';

describe('slugFromBrand', () => {
  it('lowercases, strips special characters and turns spaces and underscores into hyphens', () => {
    expect(slugFromBrand('Rang Mahal Jaipur')).toBe('rang-mahal-jaipur');
    expect(slugFromBrand('Rang  Mahal__Jaipur!')).toBe('rang-mahal-jaipur');
    expect(slugFromBrand('  Café Déco & Co. ')).toBe('cafe-deco-co');
    expect(slugFromBrand('***')).toBe('');
  });
});

describe('PAN', () => {
  it('accepts 5 letters, 4 digits and a letter', () => expect(isPan('ABCDE1234F')).toBe(true));
  it.each(['abcde1234f', 'ABCD1234F', 'ABCDE12345', 'ABCDE1234FF', '1BCDE1234F'])('refuses %s', (pan) => expect(isPan(pan)).toBe(false));
});

describe('GSTIN', () => {
  it.each(['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8'])('accepts the real GSTIN %s', (g) => expect(isGstin(g)).toBe(true));
  it('computes the mod-36 check character', () => expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V'));
  it('refuses a GSTIN whose check character is wrong', () => expect(isGstin('27AAPFU0939F1ZW')).toBe(false));
  it.each(['27AAPFU0939F1Z', '27AAPFU0939F0ZV', '27AAPFU0939F1XV', 'AAAPFU0939F1ZVV'])('refuses the malformed %s', (g) => expect(isGstin(g)).toBe(false));
  it('knows the state codes by the directory names, aliases included', () => {
    expect(gstStateCode('Maharashtra')).toBe('27');
    expect(gstStateCode('NCT of Delhi')).toBe('07');
    expect(gstStateCode('Andaman & Nicobar Islands')).toBe('35');
    expect(gstStateCode('Atlantis')).toBeNull();
  });
});

describe('bank details', () => {
  it('IFSC: 4 letters, a zero, 6 letters or digits', () => {
    expect(isIfsc('SBIN0001234')).toBe(true);
    expect(isIfsc('HDFC0ABC123')).toBe(true);
    expect(isIfsc('SBIN1001234')).toBe(false);
    expect(isIfsc('SBI00001234')).toBe(false);
    expect(isIfsc('sbin0001234')).toBe(false);
  });
  it('account number: 9 to 18 digits', () => {
    expect(isAccountNumber('123456789')).toBe(true);
    expect(isAccountNumber('123456789012345678')).toBe(true);
    expect(isAccountNumber('12345678')).toBe(false);
    expect(isAccountNumber('1234567890123456789')).toBe(false);
    expect(isAccountNumber('12345678a')).toBe(false);
  });
  it('branch name: 2 to 30 letters or spaces', () => {
    expect(isBranchName('MI Road')).toBe(true);
    expect(isBranchName('M')).toBe(false);
    expect(isBranchName('Branch 12')).toBe(false);
    expect(isBranchName('A'.repeat(31))).toBe(false);
  });
  it('masks all but the last four characters', () => {
    expect(maskLast4('123456789012')).toBe('XXXXXXXX9012');
    expect(maskLast4('ABCDE1234F')).toBe('XXXXXX234F');
  });
});

describe('sellerChecks', () => {
  it('passes a GSTIN holding the PAN given and the billing state code', () => {
    const checks = sellerChecks({ panNumber: 'AAPFU0939F', isGstRegistered: true, gstNumber: '27AAPFU0939F1ZV', billingState: 'Maharashtra', bankIFSCCode: 'SBIN0001234', bankAccountNumber: '123456789' });
    expect(checks.every((c) => c.passed)).toBe(true);
    expect(checks.map((c) => c.name)).toEqual(['pan', 'gstin', 'gstinChecksum', 'gstinPan', 'gstinState', 'ifsc', 'accountNumber']);
  });
  it('fails the PAN and state checks of a GSTIN from another holder and state', () => {
    const checks = sellerChecks({ panNumber: 'ABCDE1234F', isGstRegistered: true, gstNumber: '27AAPFU0939F1ZV', billingState: 'Rajasthan' });
    expect(checks.filter((c) => !c.passed).map((c) => c.name)).toEqual(['gstinPan', 'gstinState']);
  });
});

const stepOne = {
  stepNumber: 1,
  brandName: 'Rang Mahal',
  sellerName: 'Meera Iyer',
  vendorSlug: 'rang-mahal',
  panNumber: 'abcde1234f',
  productCategory: ['5f1e8a3c-1f0e-4a3b-9c1d-2e3f4a5b6c7d'],
  vendorCategory: ['manufacturer'],
  facebookProfileLink: 'https://facebook.com/rangmahal',
  callingNumber: '9876543210',
  whatsappNumber: '(987) 654-3210',
  avatar: 1,
  termsAccepted: true,
};
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('vendorRegistrationStepOne', () => {
  it('upper-cases the PAN and normalises the numbers', () => {
    const r = vendorRegistrationStepOne.parse(stepOne);
    expect(r.panNumber).toBe('ABCDE1234F');
    expect(r.whatsappNumber).toBe('9876543210');
    expect(r.avatar).toBe('1');
  });
  it('checks the fields in the spec order', () => {
    expect(firstMessage(vendorRegistrationStepOne.safeParse({}))).toBe(MSG.brandRequired);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, sellerName: '', vendorSlug: '' }))).toBe(MSG.sellerNameRequired);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, vendorSlug: '', panNumber: '' }))).toBe(MSG.slugRequired);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, panNumber: '', productCategory: [] }))).toBe(MSG.panRequired);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, productCategory: [], vendorCategory: [] }))).toBe(MSG.productCategoryRequired);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, vendorCategory: [], facebookProfileLink: '' }))).toBe(MSG.vendorCategoryRequired);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, facebookProfileLink: '', callingNumber: '' }))).toBe(MSG.facebookRequired);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, callingNumber: '', whatsappNumber: '' }))).toBe(MSG.callingRequired);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, whatsappNumber: '', avatar: undefined }))).toBe(MSG.whatsappRequired);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, avatar: undefined, termsAccepted: false }))).toBe(MSG.avatarRequired);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, termsAccepted: false }))).toBe(MSG.termsRequired);
  });
  it('refuses a malformed PAN, WhatsApp number and slug', () => {
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, panNumber: 'ABCDE12345' }))).toBe(MSG.panInvalid);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, whatsappNumber: '12345' }))).toBe(MSG.whatsappInvalid);
    expect(firstMessage(vendorRegistrationStepOne.safeParse({ ...stepOne, vendorSlug: 'Rang Mahal' }))).toBe(MSG.slugInvalid);
  });
});

const stepTwo = {
  isGSTRegistered: 'Yes',
  gstNumber: '27aapfu0939f1zv',
  billingAddress: '12 Linking Road',
  billingCity: 'Mumbai',
  billingPincode: '400050',
  billingFromState: 'Maharashtra',
  billingFromCountry: 'India',
  shippingAddress: '12 Linking Road',
  shippingCity: 'Mumbai',
  pincode: '400050',
  shippingFromState: 'Maharashtra',
  shippingFromCountry: 'India',
  bankAccountHolderName: 'Meera Iyer',
  bankAccountNumber: '123456789012',
  bankIFSCCode: 'sbin0001234',
  bankBranchName: 'Bandra West',
};

describe('vendorRegistrationStepTwo', () => {
  it('accepts a GST-registered seller and upper-cases the GSTIN and IFSC', () => {
    const r = vendorRegistrationStepTwo.parse(stepTwo);
    expect(r.gstNumber).toBe('27AAPFU0939F1ZV');
    expect(r.bankIFSCCode).toBe('SBIN0001234');
  });
  it('needs billing details only when GST registered', () => {
    const noGst = { ...stepTwo, isGSTRegistered: 'No', gstNumber: '', billingAddress: '', billingCity: '', billingPincode: '', billingFromState: '', billingFromCountry: '' };
    expect(vendorRegistrationStepTwo.safeParse(noGst).success).toBe(true);
    expect(firstMessage(vendorRegistrationStepTwo.safeParse({ ...stepTwo, billingCity: '' }))).toBe(MSG.billingCityRequired);
  });
  it("refuses a GSTIN whose state code is not the billing state's", () => {
    expect(firstMessage(vendorRegistrationStepTwo.safeParse({ ...stepTwo, billingFromState: 'Rajasthan' }))).toBe(MSG.gstStateMismatch);
  });
  it('refuses a bad GSTIN, account number, IFSC and branch name with their messages', () => {
    expect(firstMessage(vendorRegistrationStepTwo.safeParse({ ...stepTwo, gstNumber: '27AAPFU0939F1ZW' }))).toBe(MSG.gstInvalid);
    expect(firstMessage(vendorRegistrationStepTwo.safeParse({ ...stepTwo, bankAccountNumber: '1234' }))).toBe(MSG.accountNumberInvalid);
    expect(firstMessage(vendorRegistrationStepTwo.safeParse({ ...stepTwo, bankIFSCCode: 'SBIN1001234' }))).toBe(MSG.ifscInvalid);
    expect(firstMessage(vendorRegistrationStepTwo.safeParse({ ...stepTwo, bankBranchName: 'B1' }))).toBe(MSG.branchNameInvalid);
  });
  it('needs first and last name when editing the profile', () => {
    expect(firstMessage(vendorRegistrationStepTwo.safeParse({ ...stepTwo, isEditProfile: 'true' }))).toBe(MSG.sellerFirstNameRequired);
  });
});
