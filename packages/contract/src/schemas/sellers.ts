import { z } from 'zod';
import { MSG } from '../messages.ts';
import { gstStateCode, isAccountNumber, isBranchName, isGstin, isIfsc, isPan, isSlug } from '../seller-checks.ts';
import { normaliseMobile } from '../validation.ts';
import { objectId } from './common.ts';

/**
 * GET user/checkSeller (accounts §3, §7): the signed-in person's seller record as a list whose first item is
 * used; empty when they never applied. registrationCompletionStep 1 is awaiting approval, 2 approved.
 */
export const sellerRecord = z.object({
  registrationCompletionStep: z.union([z.literal(1), z.literal(2)]),
  /** Beyond the spec: where the application stands, so the account hub can show a rejection and its reason. */
  application: z.lazy(() => sellerApplicationStatus).optional(),
});
export type SellerRecord = z.infer<typeof sellerRecord>;

export const checkSellerResult = z.array(sellerRecord).max(1);
export type CheckSellerResult = z.infer<typeof checkSellerResult>;

// ---------------------------------------------------------------------------------------------------------------
// Seller application (accounts §3 seller record and the two registration payloads, §4.9, §5, §7 Profile and seller).
//
// Reading (docs/decisions/014-seller-application.md): step one creates the application (awaiting approval,
// registrationCompletionStep 1) and the applicant goes straight on to step two (business, GST, addresses, bank);
// the admin approves a complete application (role vendor, step 2, the store goes live) or rejects it with a reason,
// after which the applicant may apply again.

/** Vendor category options (accounts §9). */
export const VENDOR_CATEGORIES = ['manufacturer', 'stockist', 'reseller'] as const;
export type VendorCategory = (typeof VENDOR_CATEGORIES)[number];
export const AVATAR_OPTIONS = ['1', '2'] as const;
export const SELLER_LIMITS = { brandName: 80, sellerName: 80, link: 300, address: 300, city: 80, state: 80, country: 60, holderName: 100 } as const;
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
const phone = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .transform((v, ctx) => {
      const mobile = normaliseMobile(v);
      if (!mobile) ctx.addIssue({ code: 'custom', message: invalid });
      return mobile ?? v;
    });

/**
 * POST vendor/initiateVendorRegistration (step one). Checked in the spec's order (accounts §5): brand, seller, slug,
 * PAN, product categories, vendor categories, facebook link, calling number, whatsapp number, avatar, then the
 * terms. PAN is upper-cased; the slug must already be in slug form (the form derives it from the brand).
 */
export const vendorRegistrationStepOne = z.object({
  stepNumber: z.coerce.number().pipe(z.literal(1, { error: 'stepNumber must be 1' })).optional(),
  brandName: text(MSG.brandRequired, SELLER_LIMITS.brandName),
  sellerName: text(MSG.sellerNameRequired, SELLER_LIMITS.sellerName),
  vendorSlug: z
    .string({ error: MSG.slugRequired })
    .trim()
    .min(1, { error: MSG.slugRequired })
    .refine((v) => isSlug(v), { error: MSG.slugInvalid }),
  panNumber: z
    .string({ error: MSG.panRequired })
    .trim()
    .min(1, { error: MSG.panRequired })
    .toUpperCase()
    .refine((v) => isPan(v), { error: MSG.panInvalid }),
  productCategory: z.array(objectId, { error: MSG.productCategoryRequired }).min(1, { error: MSG.productCategoryRequired }).max(20),
  vendorCategory: z
    .array(z.enum(VENDOR_CATEGORIES, { error: MSG.vendorCategoryRequired }), { error: MSG.vendorCategoryRequired })
    .min(1, { error: MSG.vendorCategoryRequired }),
  facebookProfileLink: text(MSG.facebookRequired, SELLER_LIMITS.link).refine((v) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), {
    error: MSG.facebookInvalid,
  }),
  callingNumber: phone(MSG.callingRequired, MSG.callingInvalid),
  whatsappNumber: phone(MSG.whatsappRequired, MSG.whatsappInvalid),
  avatar: z.coerce.string({ error: MSG.avatarRequired }).pipe(z.enum(AVATAR_OPTIONS, { error: MSG.avatarRequired })),
  termsAccepted: z.literal(true, { error: MSG.termsRequired }),
});
export type VendorRegistrationStepOne = z.infer<typeof vendorRegistrationStepOne>;

const yesNo = z.enum(['Yes', 'No'], { error: MSG.gstRegisteredRequired });
const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

/**
 * POST vendor/completeVendorRegistration (step two), the multipart form's text fields (the picture is the `image`
 * file). Billing address fields are required only when GST registered is Yes; shipping ones always. Weight-slab
 * charges are sent as 0 by the spec's form and ignored.
 */
export const vendorRegistrationStepTwo = z
  .object({
    isEditProfile: z
      .enum(['true', 'false'])
      .optional()
      .default('false')
      .transform((v) => v === 'true'),
    firstname: optionalText(50),
    lastname: optionalText(50),
    isGSTRegistered: yesNo,
    gstNumber: z.string().trim().toUpperCase().max(15).optional().default(''),
    billingAddress: optionalText(SELLER_LIMITS.address),
    billingCity: optionalText(SELLER_LIMITS.city),
    billingPincode: optionalText(6),
    billingFromState: optionalText(SELLER_LIMITS.state),
    billingFromCountry: optionalText(SELLER_LIMITS.country),
    shippingAddress: text(MSG.shippingAddressRequired, SELLER_LIMITS.address),
    shippingCity: text(MSG.shippingCityRequired, SELLER_LIMITS.city),
    pincode: z
      .string({ error: MSG.shippingPincodeRequired })
      .trim()
      .min(1, { error: MSG.shippingPincodeRequired })
      .regex(/^\d{6}$/, { error: MSG.invalidPincode }),
    shippingFromState: text(MSG.shippingStateRequired, SELLER_LIMITS.state),
    shippingFromCountry: text(MSG.shippingCountryRequired, SELLER_LIMITS.country),
    bankAccountHolderName: text(MSG.accountHolderRequired, SELLER_LIMITS.holderName),
    bankAccountNumber: z
      .string({ error: MSG.accountNumberInvalid })
      .trim()
      .refine((v) => isAccountNumber(v), { error: MSG.accountNumberInvalid }),
    bankIFSCCode: z
      .string({ error: MSG.ifscInvalid })
      .trim()
      .toUpperCase()
      .refine((v) => isIfsc(v), { error: MSG.ifscInvalid }),
    bankBranchName: z
      .string({ error: MSG.branchNameInvalid })
      .trim()
      .refine((v) => isBranchName(v), { error: MSG.branchNameInvalid }),
  })
  .superRefine((v, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (v.isEditProfile) {
      need(v.firstname !== '', 'firstname', MSG.sellerFirstNameRequired);
      need(v.lastname !== '', 'lastname', MSG.sellerLastNameRequired);
    }
    if (v.isGSTRegistered === 'Yes') {
      need(isGstin(v.gstNumber), 'gstNumber', MSG.gstInvalid);
      need(v.billingAddress !== '', 'billingAddress', MSG.billingAddressRequired);
      need(v.billingCity !== '', 'billingCity', MSG.billingCityRequired);
      need(v.billingPincode !== '', 'billingPincode', MSG.billingPincodeRequired);
      if (v.billingPincode !== '') need(/^\d{6}$/.test(v.billingPincode), 'billingPincode', MSG.invalidPincode);
      need(v.billingFromState !== '', 'billingFromState', MSG.billingStateRequired);
      need(v.billingFromCountry !== '', 'billingFromCountry', MSG.billingCountryRequired);
      if (isGstin(v.gstNumber) && v.billingFromState !== '') {
        need(v.gstNumber.slice(0, 2) === gstStateCode(v.billingFromState), 'gstNumber', MSG.gstStateMismatch);
      }
    }
  });
export type VendorRegistrationStepTwo = z.infer<typeof vendorRegistrationStepTwo>;

/** The seller record of GET user/checkSeller, with the outcome the account hub shows (accounts §2.4, §4.9). */
export const sellerApplicationStatus = z.object({
  status: z.enum(APPLICATION_STATUSES),
  /** Step two given (business, GST, addresses, bank). */
  detailsSubmitted: z.boolean(),
  /** The admin's note when rejected (or approved with a note). */
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

/** One automatic check's result, as the admin sees it. */
export const sellerCheck = z.object({ name: z.string(), passed: z.boolean(), detail: z.string() });

/**
 * An application as the admin reads it (GET admin/seller-applications[/{id}]). PAN and bank account leave the
 * server masked to their last 4 characters, for everyone.
 */
export const sellerApplication = z.object({
  _id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  registrationCompletionStep: z.union([z.literal(1), z.literal(2)]),
  user: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), email: z.string().nullable(), mobile: z.string().nullable() }),
  brandName: z.string(),
  sellerName: z.string(),
  vendorSlug: z.string(),
  vendorCategory: z.array(z.enum(VENDOR_CATEGORIES)),
  productCategory: z.array(z.object({ _id: z.string(), name: z.string() })),
  panNumber: z.string(),
  facebookProfileLink: z.string(),
  callingNumber: z.string(),
  whatsappNumber: z.string(),
  avatar: z.string(),
  detailsSubmitted: z.boolean(),
  isGSTRegistered: z.enum(['Yes', 'No']).nullable(),
  gstNumber: z.string().nullable(),
  billing: z.object({ address: z.string(), city: z.string(), pincode: z.string(), state: z.string(), country: z.string() }).nullable(),
  shipping: z.object({ address: z.string(), city: z.string(), pincode: z.string(), state: z.string(), country: z.string() }).nullable(),
  bank: z.object({ holderName: z.string(), accountNumber: z.string(), ifsc: z.string(), branchName: z.string() }).nullable(),
  checks: z.array(sellerCheck),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SellerApplication = z.infer<typeof sellerApplication>;

export const sellerApplicationList = z.object({ applications: z.array(sellerApplication), count: z.number().int() });
export const sellerApplicationQuery = z.object({
  status: z.enum(APPLICATION_STATUSES).optional(),
  page: z.coerce.number().int().min(1, { error: MSG.pageInvalid }).default(1),
  pageSize: z.coerce.number().int().min(1, { error: MSG.pageSizeInvalid }).max(100, { error: MSG.pageSizeInvalid }).default(20),
});
export const approveApplicationBody = z.object({ note: z.string().trim().max(1000).optional() });
export const rejectApplicationBody = z.object({
  reason: z.string({ error: MSG.rejectionReasonRequired }).trim().min(1, { error: MSG.rejectionReasonRequired }).max(1000),
});
