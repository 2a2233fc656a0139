/**
 * Seller registration checks (accounts §5, vendor registration and seller step two) as plain functions — no zod,
 * safe for any web bundle. The server runs the same functions, and the admin's approval queue shows their results
 * (issue 10, "verified in minutes, offline").
 */

/**
 * The store's address from its brand (accounts §5): lowercased, special characters stripped, spaces and underscores
 * turned into hyphens. Runs of hyphens collapse and none lead or trail, so "Rang  Mahal__Jaipur!" is
 * "rang-mahal-jaipur".
 */
export function slugFromBrand(brand: string): string {
  return brand
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A store slug as kept: what slugFromBrand gives, 2 to 60 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_LENGTH = { min: 2, max: 60 } as const;
export function isSlug(value: string): boolean {
  return value.length >= SLUG_LENGTH.min && value.length <= SLUG_LENGTH.max && SLUG_PATTERN.test(value);
}

/** PAN: 5 letters, 4 digits, 1 letter (upper case; the form upper-cases on entry). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export function isPan(value: string): boolean {
  return PAN_PATTERN.test(value);
}

/**
 * GSTIN, 15 characters: state code (2 digits), the holder's PAN (10), entity number (1–9 or A–Z), 'Z' by default,
 * and a check character.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GSTIN's 15th character from its first 14 (the GST network's mod-36 scheme): each character's value times a
 * factor alternating 1, 2 from the left; each product adds its quotient and remainder by 36; the check is what
 * brings the sum to a multiple of 36.
 */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i] ?? '');
    if (value < 0) return '';
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** The right shape and the right check character. */
export function isGstin(value: string): boolean {
  return GSTIN_PATTERN.test(value) && gstinCheckChar(value.slice(0, 14)) === value[14];
}

/** IFSC: 4 letters (the bank), a zero, 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export function isIfsc(value: string): boolean {
  return IFSC_PATTERN.test(value);
}

/** Bank account number: 9 to 18 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
export function isAccountNumber(value: string): boolean {
  return ACCOUNT_NUMBER_PATTERN.test(value);
}

/** Branch name: 2 to 30 letters or spaces. */
export const BRANCH_NAME_PATTERN = /^[A-Za-z ]{2,30}$/;
export function isBranchName(value: string): boolean {
  return BRANCH_NAME_PATTERN.test(value) && value.trim().length >= 2;
}

/** What leaves the server of a PAN or an account number: the last four characters only ("XXXXXX4321"). */
export function maskLast4(value: string): string {
  if (value.length <= 4) return value.replace(/./g, 'X');
  return 'X'.repeat(value.length - 4) + value.slice(-4);
}

/** A state's name for comparing: case, spaces and "&"/"and" do not matter. */
export function normaliseState(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

/**
 * GST state codes (the first two digits of a GSTIN). Names as the pincode directory spells them; normalised on
 * lookup.
 */
const STATE_CODES: Record<string, string> = {
  'jammu and kashmir': '01',
  'himachal pradesh': '02',
  punjab: '03',
  chandigarh: '04',
  uttarakhand: '05',
  haryana: '06',
  delhi: '07',
  rajasthan: '08',
  'uttar pradesh': '09',
  bihar: '10',
  sikkim: '11',
  'arunachal pradesh': '12',
  nagaland: '13',
  manipur: '14',
  mizoram: '15',
  tripura: '16',
  meghalaya: '17',
  assam: '18',
  'west bengal': '19',
  jharkhand: '20',
  odisha: '21',
  chhattisgarh: '22',
  'madhya pradesh': '23',
  gujarat: '24',
  'dadra and nagar haveli and daman and diu': '26',
  maharashtra: '27',
  karnataka: '29',
  goa: '30',
  lakshadweep: '31',
  kerala: '32',
  'tamil nadu': '33',
  puducherry: '34',
  'andaman and nicobar islands': '35',
  telangana: '36',
  'andhra pradesh': '37',
  ladakh: '38',
};
const STATE_ALIASES: Record<string, string> = {
  'nct of delhi': 'delhi',
  'new delhi': 'delhi',
  orissa: 'odisha',
  pondicherry: 'puducherry',
  'andaman and nicobar': 'andaman and nicobar islands',
  'dadra and nagar haveli': 'dadra and nagar haveli and daman and diu',
  'daman and diu': 'dadra and nagar haveli and daman and diu',
  uttaranchal: 'uttarakhand',
};

/** The GST state code of a state or union territory, or null when the name is not one. */
export function gstStateCode(state: string): string | null {
  const key = normaliseState(state);
  return STATE_CODES[STATE_ALIASES[key] ?? key] ?? null;
}

/** One automatic check of an application, as the admin's approval queue shows it. */
export interface SellerCheck {
  /** pan · gstin · gstinChecksum · gstinPan · gstinState · ifsc · accountNumber · slug */
  name: string;
  passed: boolean;
  /** What was checked, in a sentence an admin reads. */
  detail: string;
}

/**
 * Every offline check of an application (issue 10): the PAN's shape; for a GST-registered seller the GSTIN's shape,
 * its check character, the PAN inside it equal to the PAN given, and its state code equal to the billing state's;
 * the IFSC's and account number's shapes. Whether the IFSC names a real branch is not checked: no well-kept npm
 * package ships the bank-branch list, so the format is all we can say offline (docs/decisions).
 */
export function sellerChecks(input: {
  panNumber: string;
  isGstRegistered?: boolean;
  gstNumber?: string | null;
  billingState?: string | null;
  bankIFSCCode?: string | null;
  bankAccountNumber?: string | null;
}): SellerCheck[] {
  const checks: SellerCheck[] = [
    { name: 'pan', passed: isPan(input.panNumber), detail: 'PAN has 5 letters, 4 digits and a letter' },
  ];
  if (input.isGstRegistered) {
    const gstin = input.gstNumber ?? '';
    const shaped = GSTIN_PATTERN.test(gstin);
    checks.push(
      { name: 'gstin', passed: shaped, detail: 'GSTIN has the 15-character format' },
      { name: 'gstinChecksum', passed: shaped && isGstin(gstin), detail: "GSTIN's check character is right" },
      { name: 'gstinPan', passed: shaped && gstin.slice(2, 12) === input.panNumber, detail: 'The PAN inside the GSTIN is the PAN given' },
    );
    const code = gstStateCode(input.billingState ?? '');
    checks.push({
      name: 'gstinState',
      passed: shaped && code !== null && gstin.slice(0, 2) === code,
      detail: code ? `GSTIN's state code is ${code} (${input.billingState})` : 'The billing state has a GST state code',
    });
  }
  if (input.bankIFSCCode !== undefined) {
    checks.push({ name: 'ifsc', passed: isIfsc(input.bankIFSCCode ?? ''), detail: 'IFSC has 4 letters, a zero and 6 letters or digits (format only)' });
  }
  if (input.bankAccountNumber !== undefined) {
    checks.push({ name: 'accountNumber', passed: isAccountNumber(input.bankAccountNumber ?? ''), detail: 'Account number has 9 to 18 digits' });
  }
  return checks;
}
