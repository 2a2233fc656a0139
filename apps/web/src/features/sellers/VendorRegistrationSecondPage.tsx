import { MSG } from '@statewise/contract/messages';
import { gstStateCode, isGstin } from '@statewise/contract/seller-checks';
import { vendorRegistrationStepTwo } from '@statewise/contract/schemas/sellers';
import { digitsOnly } from '@statewise/contract/validation';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { usePincodeLookup } from '../addresses/pincode-lookup.ts';
import { useProfile } from '../auth/api.ts';
import { Button, Field, FormError } from '../auth/ui.tsx';
import { useCompleteStepTwo, useOwnApplication } from './api.ts';
import type { SellerApplication } from '@statewise/contract/schemas/sellers';
import { firstProblem, serverProblem, type FieldProblem } from './form-errors.ts';
import { GroupError, Row, Section, SellerFormCard } from './ui.tsx';

/** Step two's fields in the form's order (top to bottom), which is the order its problems are shown in. */
export const STEP_TWO_ORDER = [
  'firstname',
  'lastname',
  'isGSTRegistered',
  'gstNumber',
  'billingAddress',
  'billingCity',
  'billingPincode',
  'billingFromState',
  'billingFromCountry',
  'shippingAddress',
  'shippingCity',
  'pincode',
  'shippingFromState',
  'shippingFromCountry',
  'bankAccountHolderName',
  'bankAccountNumber',
  'bankIFSCCode',
  'bankBranchName',
] as const;

type Field2 = (typeof STEP_TWO_ORDER)[number];
export type StepTwoDraft = Record<Exclude<Field2, 'isGSTRegistered'>, string> & { isGSTRegistered: '' | 'Yes' | 'No' };

const EMPTY: StepTwoDraft = {
  firstname: '',
  lastname: '',
  isGSTRegistered: '',
  gstNumber: '',
  billingAddress: '',
  billingCity: '',
  billingPincode: '',
  billingFromState: '',
  billingFromCountry: '',
  shippingAddress: '',
  shippingCity: '',
  pincode: '',
  shippingFromState: '',
  shippingFromCountry: '',
  bankAccountHolderName: '',
  bankAccountNumber: '',
  bankIFSCCode: '',
  bankBranchName: '',
};

/** Values that pass the schema's field rules, so a second parse reaches its cross-field (GST, billing) rules. */
const PASSING: Partial<StepTwoDraft> = {
  shippingAddress: 'x',
  shippingCity: 'x',
  pincode: '000000',
  shippingFromState: 'x',
  shippingFromCountry: 'x',
  bankAccountHolderName: 'x',
  bankAccountNumber: '000000000',
  bankIFSCCode: 'AAAA0000000',
  bankBranchName: 'xx',
  isGSTRegistered: 'No',
};

/**
 * Every problem of a step-two draft, the first in the form's order. Zod skips the object's cross-field rules while
 * a field rule fails, so the failing fields are swapped for passing values and the draft checked once more.
 */
export function stepTwoProblem(draft: StepTwoDraft, isEditProfile: boolean): FieldProblem | null {
  const input = { ...draft, isEditProfile: String(isEditProfile) };
  const first = vendorRegistrationStepTwo.safeParse(input);
  if (first.success) return null;
  const failed = new Set(first.error.issues.map((i) => String(i.path[0])));
  const patched: Record<string, string> = { ...input };
  for (const f of failed) if (f in PASSING) patched[f] = PASSING[f as keyof StepTwoDraft]!;
  if (failed.has('isGSTRegistered')) patched.isGSTRegistered = 'No';
  const second = vendorRegistrationStepTwo.safeParse(patched);
  const issues = [...first.error.issues, ...(second.success ? [] : second.error.issues)];
  return firstProblem({ issues } as never, STEP_TWO_ORDER);
}

/** The GSTIN hint while typing: its state code against the billing state's (accounts §5, issue 10). */
export function gstStateHint(gstNumber: string, billingState: string): string | null {
  if (!isGstin(gstNumber) || !billingState.trim()) return null;
  const code = gstStateCode(billingState);
  if (!code) return null;
  return gstNumber.slice(0, 2) === code ? null : `This GSTIN is from state code ${gstNumber.slice(0, 2)}, but ${billingState} is ${code}`;
}

/**
 * /auth/vendor-registration-second, button Register (accounts §2.2, §3, §5, §8): the profile's names and picture,
 * e-mail and mobile read-only; GST registered (the GSTIN only for Yes), billing and shipping addresses with the
 * pincode filling city, state and India (shipping may copy billing), and the bank. Sent as multipart with the
 * weight-slab charges as 0; on 201 "Details submitted successfully!" and the account hub (Waiting for approval).
 * `?edit=1` is the vendor's Profile tile (isEditProfile: names required).
 */
export function VendorRegistrationSecondPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isEditProfile = params.get('edit') === '1';
  const profile = useProfile();
  const complete = useCompleteStepTwo();
  const [draft, setDraft] = useState<StepTwoDraft>(EMPTY);
  const [namesFromProfile, setNamesFromProfile] = useState(false);
  const [sameAsBilling, setSameAsBilling] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);

  const own = useOwnApplication();
  const [fromApplication, setFromApplication] = useState(false);
  // The profile's names once it has loaded (the seller may change them here).
  if (profile.data && !namesFromProfile) {
    setNamesFromProfile(true);
    setDraft((d) => ({ ...d, firstname: d.firstname || profile.data.firstname, lastname: d.lastname || profile.data.lastname }));
  }
  // Details given before (a vendor editing, a rejected applicant trying again) fill the form once; the account
  // number comes back masked, so it is asked for again.
  if (own.data?.detailsSubmitted && !fromApplication) {
    setFromApplication(true);
    setDraft((d) => ({ ...d, ...draftFromApplication(own.data!) }));
  }
  const maskedAccount = own.data?.bank?.accountNumber ?? null;

  const update = (patch: Partial<StepTwoDraft>) => {
    setDraft((d) => {
      const next = { ...d, ...patch };
      // Shipping keeps following billing while "Same as billing" is ticked.
      return sameAsBilling ? { ...next, ...copyBilling(next) } : next;
    });
    if (problem && Object.keys(patch).includes(problem.field)) setProblem(null);
  };
  const err = (field: Field2) => (problem?.field === field ? problem.message : null);

  const billingPin = usePincodeLookup({
    initialPincode: '',
    fill: ({ pincode, city, state }) => update({ ...(pincode !== undefined ? { billingPincode: pincode } : {}), billingCity: city, billingFromState: state, ...(state ? { billingFromCountry: 'India' } : {}) }),
    setPincodeError: (message) => setProblem(message ? { field: 'billingPincode', message } : null),
    toastId: 'billing-pincode',
  });
  const shippingPin = usePincodeLookup({
    initialPincode: '',
    fill: ({ pincode, city, state }) => update({ ...(pincode !== undefined ? { pincode } : {}), shippingCity: city, shippingFromState: state, ...(state ? { shippingFromCountry: 'India' } : {}) }),
    setPincodeError: (message) => setProblem(message ? { field: 'pincode', message } : null),
    toastId: 'shipping-pincode',
  });

  const show = (p: FieldProblem) => {
    setProblem(p);
    toast.error(p.message);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const p = stepTwoProblem(draft, isEditProfile);
    if (p) return show(p);
    setProblem(null);
    const form = new FormData();
    form.set('isEditProfile', String(isEditProfile));
    for (const [k, v] of Object.entries(draft)) form.set(k, k === 'gstNumber' && draft.isGSTRegistered !== 'Yes' ? '' : v.trim());
    // The spec's form sends its weight-slab charges as 0; the server ignores them.
    for (const slab of ['under_1kg', 'under_2kg', 'under_5kg', 'under_10kg', 'above_10kg']) form.set(slab, '0');
    if (image) form.set('image', image);
    complete.mutate(form, {
      onSuccess: (res) => {
        if (res.status !== 201 && res.status !== 200) return void toast.error(res.message ?? MSG.serverError);
        toast.success(MSG.sellerDetailsSubmitted);
        navigate('/profile');
      },
      onError: (error) => show(serverProblem(error, STEP_TWO_ORDER)),
    });
  };

  const gstYes = draft.isGSTRegistered === 'Yes';
  const hint = gstYes ? gstStateHint(draft.gstNumber, draft.billingFromState) : null;
  const p = profile.data;

  return (
    <SellerFormCard title={isEditProfile ? 'Seller Profile' : 'Seller Details'} subtitle="Your GST, pickup address and bank account. We check them and approve your store.">
      <form noValidate onSubmit={onSubmit}>
        <Section title="Your profile">
          <Row>
            <Field label="First name" name="firstname" autoComplete="given-name" maxLength={50} value={draft.firstname} error={err('firstname')} onChange={(e) => update({ firstname: e.target.value })} />
            <Field label="Last name" name="lastname" autoComplete="family-name" maxLength={50} value={draft.lastname} error={err('lastname')} onChange={(e) => update({ lastname: e.target.value })} />
          </Row>
          <Row>
            <Field label="E-mail" name="email" value={p?.email ?? ''} readOnly />
            <Field label="Mobile" name="mobile" value={p?.mobile ?? ''} readOnly />
          </Row>
          <div className="mb-4">
            <label htmlFor="seller-picture" className="mb-1 block text-sm font-medium text-ink-900">
              Picture (optional)
            </label>
            <input
              id="seller-picture"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(e) => setImage(e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-ink-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
            />
          </div>
        </Section>

        <Section title="GST">
          <div role="radiogroup" aria-label="GST registered" className="mb-3 flex items-center gap-5 text-sm">
            <span className="font-medium text-ink-900">GST registered?</span>
            {(['Yes', 'No'] as const).map((v) => (
              <label key={v} className="inline-flex min-h-10 items-center gap-2">
                <input type="radio" name="isGSTRegistered" value={v} checked={draft.isGSTRegistered === v} onChange={() => update({ isGSTRegistered: v })} className="size-4 accent-brand-700" />
                {v}
              </label>
            ))}
          </div>
          <GroupError message={err('isGSTRegistered')} />
          {gstYes ? (
            <Field
              label="GSTIN"
              name="gstNumber"
              value={draft.gstNumber}
              maxLength={15}
              autoCapitalize="characters"
              placeholder="15 characters, e.g. 08ABCDE1234F1Z5"
              error={err('gstNumber')}
              hint={hint ?? 'The PAN inside it must be the PAN you gave'}
              onChange={(e) => update({ gstNumber: e.target.value.toUpperCase().replace(/[^0-9A-Z]/g, '') })}
            />
          ) : null}
        </Section>

        <Section title={gstYes ? 'Billing address' : 'Billing address (optional)'}>
          <Field label="Billing address" name="billingAddress" maxLength={300} value={draft.billingAddress} error={err('billingAddress')} onChange={(e) => update({ billingAddress: e.target.value })} />
          <Row>
            <Field label="Billing pincode" name="billingPincode" inputMode="numeric" maxLength={6} value={draft.billingPincode} error={err('billingPincode')} onChange={(e) => billingPin.onInput(e.target.value)} hint={billingPin.lookup === 'looking' ? 'Finding the place…' : undefined} />
            <Field label="Billing city" name="billingCity" maxLength={80} value={draft.billingCity} error={err('billingCity')} onChange={(e) => update({ billingCity: e.target.value })} />
          </Row>
          <Row>
            <Field label="Billing state" name="billingFromState" maxLength={80} value={draft.billingFromState} error={err('billingFromState')} onChange={(e) => update({ billingFromState: e.target.value })} />
            <Field label="Billing country" name="billingFromCountry" maxLength={60} value={draft.billingFromCountry} error={err('billingFromCountry')} onChange={(e) => update({ billingFromCountry: e.target.value })} />
          </Row>
        </Section>

        <Section
          title="Shipping (pickup) address"
          aside={
            <label className="inline-flex items-center gap-2 text-sm text-ink-900">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={sameAsBilling}
                onChange={(e) => {
                  setSameAsBilling(e.target.checked);
                  if (e.target.checked) setDraft((d) => ({ ...d, ...copyBilling(d) }));
                }}
              />
              Same as billing
            </label>
          }
        >
          <Field label="Shipping address" name="shippingAddress" maxLength={300} value={draft.shippingAddress} error={err('shippingAddress')} readOnly={sameAsBilling} onChange={(e) => update({ shippingAddress: e.target.value })} />
          <Row>
            <Field label="Shipping pincode" name="pincode" inputMode="numeric" maxLength={6} value={draft.pincode} error={err('pincode')} readOnly={sameAsBilling} onChange={(e) => shippingPin.onInput(e.target.value)} hint={shippingPin.lookup === 'looking' ? 'Finding the place…' : undefined} />
            <Field label="Shipping city" name="shippingCity" maxLength={80} value={draft.shippingCity} error={err('shippingCity')} readOnly={sameAsBilling} onChange={(e) => update({ shippingCity: e.target.value })} />
          </Row>
          <Row>
            <Field label="Shipping state" name="shippingFromState" maxLength={80} value={draft.shippingFromState} error={err('shippingFromState')} readOnly={sameAsBilling} onChange={(e) => update({ shippingFromState: e.target.value })} />
            <Field label="Shipping country" name="shippingFromCountry" maxLength={60} value={draft.shippingFromCountry} error={err('shippingFromCountry')} readOnly={sameAsBilling} onChange={(e) => update({ shippingFromCountry: e.target.value })} />
          </Row>
        </Section>

        <Section title="Bank account">
          <Row>
            <Field label="Account holder name" name="bankAccountHolderName" maxLength={100} value={draft.bankAccountHolderName} error={err('bankAccountHolderName')} onChange={(e) => update({ bankAccountHolderName: e.target.value })} />
            <Field label="Account number" name="bankAccountNumber" inputMode="numeric" autoComplete="off" value={draft.bankAccountNumber} error={err('bankAccountNumber')} hint={maskedAccount ? `Enter it in full again (we keep only ${maskedAccount} on screen)` : '9 to 18 digits'} onChange={(e) => update({ bankAccountNumber: digitsOnly(e.target.value, 18) })} />
          </Row>
          <Row>
            <Field label="IFSC code" name="bankIFSCCode" maxLength={11} autoCapitalize="characters" placeholder="e.g. SBIN0001234" value={draft.bankIFSCCode} error={err('bankIFSCCode')} onChange={(e) => update({ bankIFSCCode: e.target.value.toUpperCase().replace(/[^0-9A-Z]/g, '') })} />
            <Field label="Branch name" name="bankBranchName" maxLength={30} value={draft.bankBranchName} error={err('bankBranchName')} onChange={(e) => update({ bankBranchName: e.target.value })} />
          </Row>
        </Section>

        <FormError message={problem && !STEP_TWO_ORDER.includes(problem.field as never) ? problem.message : null} />
        <Button pending={complete.isPending}>Register</Button>
      </form>
    </SellerFormCard>
  );
}

/** The billing address as the shipping one ("Same as billing"). */
export function copyBilling(d: StepTwoDraft): Partial<StepTwoDraft> {
  return {
    shippingAddress: d.billingAddress,
    shippingCity: d.billingCity,
    pincode: d.billingPincode,
    shippingFromState: d.billingFromState,
    shippingFromCountry: d.billingFromCountry,
  };
}

/** A submitted application's details as a step-two draft (names come from the profile, the account number is masked). */
export function draftFromApplication(a: SellerApplication): Partial<StepTwoDraft> {
  return {
    isGSTRegistered: a.isGSTRegistered ?? '',
    gstNumber: a.gstNumber ?? '',
    billingAddress: a.billing?.address ?? '',
    billingCity: a.billing?.city ?? '',
    billingPincode: a.billing?.pincode ?? '',
    billingFromState: a.billing?.state ?? '',
    billingFromCountry: a.billing?.country ?? '',
    shippingAddress: a.shipping?.address ?? '',
    shippingCity: a.shipping?.city ?? '',
    pincode: a.shipping?.pincode ?? '',
    shippingFromState: a.shipping?.state ?? '',
    shippingFromCountry: a.shipping?.country ?? '',
    bankAccountHolderName: a.bank?.holderName ?? '',
    bankIFSCCode: a.bank?.ifsc ?? '',
    bankBranchName: a.bank?.branchName ?? '',
  };
}
