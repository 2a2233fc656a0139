import { MOBILE_LENGTH, OTP, OTP_LENGTH } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import { digitsOnly } from '@statewise/contract/validation';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { ApiError } from '../../lib/api.ts';
import { addressBinder, AddressInput } from '../addresses/AddressFields.tsx';
import { usePincodeLookup } from '../addresses/pincode-lookup.ts';
import { draftFrom } from '../addresses/validate.ts';
import { demoCode, resendAfter } from '../auth/api.ts';
import { DemoCodeHint, Field, MobileField } from '../auth/ui.tsx';
import { formatCountdown, useCountdown } from '../auth/useCountdown.ts';
import { sendGuestOtp, verifyGuestOtp } from './api.ts';
import { checkGuestAddress, guestAddresses, isVerified, type GuestAddress, type GuestAddressDraft, type GuestField } from './guest-address.ts';

type Verification = { mobile: string; token: string; expiresAt: number } | null;

/**
 * The guest's add/edit address form (shopping §2 Guest checkout, §4 guest address mobile OTP, §5 address form
 * (guest), §8 guest OTP messages). Saved on this device only (guestAddresses).
 *
 * - Checks in the spec's order: 'Please enter first name', 'Please enter last name', 'Please enter street
 *   address', 'Please enter valid mobile number', 'Please enter city', 'Please enter valid pincode', 'Please
 *   select state', 'Please select country', then 'Please Verify the phone no' (checkGuestAddress).
 * - City and state come from the pincode (looked up 500 ms after the last digit, usePincodeLookup as on the
 *   signed-in form) and cannot be typed; a failed lookup clears them.
 * - The mobile is verified by a code: Send OTP ('Otp sent successfully'), a 60-second countdown with Resend OTP
 *   disabled while it runs ('Otp Re sent successfully'), Verify OTP, then a tick; a verified number is locked
 *   (Change unlocks it and drops the verification). A failed send puts the server's field messages on the form
 *   and says its sentence; a failed verify says the server's first message.
 */
export function GuestAddressForm({ address, onSaved, onCancel }: { address: GuestAddress | null; onSaved: (a: GuestAddress) => void; onCancel?: () => void }) {
  const [draft, setDraft] = useState<GuestAddressDraft>(() => draftFrom(address));
  const [errors, setErrors] = useState<Partial<Record<GuestField, string>>>({});
  // An address whose verification has run out (30 minutes) must be verified again.
  const [verification, setVerification] = useState<Verification>(() =>
    address && isVerified(address, Date.now()) ? { mobile: address.mobile, token: address.guestToken!, expiresAt: address.tokenExpiresAt! } : null,
  );
  const [otpState, setOtpState] = useState<{ sentTo: string | null; code: string; demo: string | null; sending: boolean; verifying: boolean; sends: number }>({
    sentTo: null,
    code: '',
    demo: null,
    sending: false,
    verifying: false,
    sends: 0,
  });
  const countdown = useCountdown(0);
  const formRef = useRef<HTMLFormElement>(null);

  const verified = verification !== null && verification.mobile === draft.mobile;

  const update = (patch: Partial<GuestAddressDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as GuestField[]) delete next[k];
      return next;
    });
  };

  const pin = usePincodeLookup({
    initialPincode: draft.pincode,
    fill: update,
    setPincodeError: (message) => setErrors((e) => ({ ...e, pincode: message })),
    toastId: 'guest-pincode',
  });
  const { lookup } = pin;

  const onMobile = (raw: string) => {
    const mobile = digitsOnly(raw, MOBILE_LENGTH);
    update({ mobile });
    if (otpState.sentTo && otpState.sentTo !== mobile) setOtpState((s) => ({ ...s, sentTo: null, code: '', demo: null }));
  };

  const send = async () => {
    if (otpState.sending || countdown.running) return;
    const problems = checkGuestAddress(draft, true).filter((p) => p.field === 'mobile');
    if (problems.length) {
      setErrors((e) => ({ ...e, mobile: problems[0]!.message }));
      return;
    }
    const resend = otpState.sentTo === draft.mobile;
    setOtpState((s) => ({ ...s, sending: true }));
    try {
      const res = await sendGuestOtp(draft.mobile);
      setOtpState((s) => ({ ...s, sending: false, sentTo: draft.mobile, code: '', demo: demoCode(res.data), sends: s.sends + 1 }));
      countdown.restart(resendAfter(res.data, OTP.resendSeconds.other));
      toast.success(resend ? MSG.otpResent : MSG.otpSent);
    } catch (err) {
      setOtpState((s) => ({ ...s, sending: false }));
      if (err instanceof ApiError) {
        const fieldErrors: Partial<Record<GuestField, string>> = {};
        for (const [k, v] of Object.entries(err.errors)) if (k in draft) fieldErrors[k as GuestField] = v;
        setErrors((e) => ({ ...e, ...fieldErrors }));
        toast.error(err.message);
      } else toast.error(MSG.serverError);
    }
  };

  const verify = async () => {
    if (otpState.verifying || !otpState.sentTo) return;
    if (otpState.code.length !== OTP_LENGTH) {
      setErrors((e) => ({ ...e, otp: MSG.otpLength }));
      return;
    }
    setOtpState((s) => ({ ...s, verifying: true }));
    try {
      const res = await verifyGuestOtp(otpState.sentTo, otpState.code);
      setVerification({ mobile: res.mobile, token: res.token, expiresAt: Date.now() + res.expiresIn * 1000 });
      setOtpState((s) => ({ ...s, verifying: false, code: '', demo: null }));
      setErrors((e) => ({ ...e, otp: undefined, mobile: undefined }));
      toast.success(MSG.otpVerified);
    } catch (err) {
      setOtpState((s) => ({ ...s, verifying: false }));
      const message = err instanceof ApiError ? (Object.values(err.errors)[0] ?? err.message) : MSG.serverError;
      setErrors((e) => ({ ...e, otp: message }));
      toast.error(message);
    }
  };

  const changeNumber = () => {
    setVerification(null);
    setOtpState((s) => ({ ...s, sentTo: null, code: '', demo: null }));
    update({ mobile: '' });
    requestAnimationFrame(() => focusField('mobile'));
  };

  const focusField = (field: GuestField) => {
    const name = field === 'city' || field === 'state' ? 'pincode' : field === 'otp' ? (otpState.sentTo ? 'otp' : 'send-otp') : field;
    const el = formRef.current?.elements.namedItem(name);
    if (el instanceof HTMLElement) el.focus();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = checkGuestAddress(draft, verified);
    if (problems.length) {
      const next: Partial<Record<GuestField, string>> = {};
      for (const p of problems) if (!(p.field in next)) next[p.field] = p.message;
      setErrors(next);
      toast.error(problems[0]!.message, { id: 'guest-address' });
      focusField(problems[0]!.field);
      return;
    }
    const email = draft.email.trim().toLowerCase();
    const saved = guestAddresses.save({
      _id: address?._id,
      firstName: draft.firstName.trim(),
      lastName: draft.lastName.trim(),
      streetAddress: draft.streetAddress.trim(),
      ...(email ? { email } : {}),
      mobile: draft.mobile,
      pincode: Number(draft.pincode),
      city: draft.city,
      state: draft.state,
      country: 'India',
      landmark: draft.landmark.trim(),
      shippingNote: draft.shippingNote.trim(),
      isOTPVerified: true,
      guestToken: verification!.token,
      tokenExpiresAt: verification!.expiresAt,
    });
    toast.success(address ? MSG.addressUpdated : MSG.addressAdded);
    onSaved(saved);
  };

  const bind = addressBinder(draft, errors);
  const sentHere = otpState.sentTo !== null && otpState.sentTo === draft.mobile && !verified;

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="@container" aria-label={address ? 'Edit address' : 'Add address'}>
      <div className="grid gap-4 @md:grid-cols-2">
        <AddressInput {...bind('firstName')} update={update} />
        <AddressInput {...bind('lastName')} update={update} />
        <div className="@md:col-span-2">
          <AddressInput {...bind('streetAddress')} update={update} />
        </div>

        {/* mobile and its OTP */}
        <div className="@md:col-span-2">
          <MobileField
            value={draft.mobile}
            error={errors.mobile}
            maxLength={MOBILE_LENGTH}
            className=""
            readOnly={verified}
            onValue={onMobile}
            hint={verified ? undefined : 'We send a code to verify this number before you can order.'}
            trailing={
              verified ? (
                <span className="flex items-center gap-1 pr-2">
                  <span className="inline-flex items-center gap-1 rounded-full bg-leaf-600/12 px-2 py-1 text-xs font-semibold text-leaf-600" aria-label="Mobile verified">
                    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" className="size-3.5" aria-hidden="true">
                      <path d="M5 12.5l4.5 4.5L19 7.5" />
                    </svg>
                    Verified
                  </span>
                  <button type="button" onClick={changeNumber} className="rounded-md px-1.5 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50">
                    Change
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  name="send-otp"
                  onClick={() => void send()}
                  disabled={otpState.sending || (sentHere && countdown.running)}
                  className="rounded-md px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-ink-500 disabled:hover:bg-transparent"
                >
                  {otpState.sending ? 'Sending…' : sentHere ? 'Resend OTP' : 'Send OTP'}
                </button>
              )
            }
          />
          {sentHere ? (
            <div className="mt-2 rounded-xl border border-sand-100 bg-sand-50 p-3">
              <DemoCodeHint code={otpState.demo} />
              <div className="flex flex-wrap items-start gap-2">
                <div className="min-w-0 flex-1">
                  <Field
                    name="otp"
                    label="Enter the 6-digit OTP"
                    value={otpState.code}
                    onChange={(e) => {
                      setOtpState((s) => ({ ...s, code: e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH) }));
                      setErrors((x) => ({ ...x, otp: undefined }));
                    }}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={OTP_LENGTH}
                    placeholder="••••••"
                    error={errors.otp}
                    className="mb-0"
                    style={{ letterSpacing: '0.4em' }}
                  />
                </div>
                <Button className="mt-6" onClick={() => void verify()} disabled={otpState.verifying}>
                  {otpState.verifying ? 'Verifying…' : 'Verify OTP'}
                </Button>
              </div>
              <p className="mt-2 text-xs text-ink-700" aria-live="polite">
                {countdown.running ? `Resend OTP in ${formatCountdown(countdown.seconds)}` : "Didn't get the code? You can resend it now."}
              </p>
            </div>
          ) : !verified && errors.otp ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.otp}
            </p>
          ) : null}
        </div>

        <AddressInput {...bind('email')} update={update} />
        <AddressInput {...bind('landmark')} update={update} />
        <div className="@md:col-span-2">
          <AddressInput {...bind('shippingNote')} update={update} />
        </div>
        <AddressInput {...bind('pincode')} onValue={pin.onInput} hint={lookup === 'looking' ? 'Looking up the pincode…' : 'City and state are filled from the pincode.'} />
        <AddressInput {...bind('city')} />
        <AddressInput {...bind('state')} />
        <div>
          <label htmlFor="guest-country" className="mb-1 block text-sm font-medium text-ink-900">
            Country
          </label>
          <select
            id="guest-country"
            name="country"
            value={draft.country}
            onChange={(e) => update({ country: e.target.value })}
            aria-invalid={errors.country ? true : undefined}
            className="block w-full rounded-lg border border-ink-500/40 bg-white px-3 py-2.5 text-base text-ink-900"
          >
            <option value="India">India</option>
          </select>
          {errors.country ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.country}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <button type="button" onClick={onCancel} className="h-12 rounded-full px-6 text-base font-semibold text-ink-700 hover:bg-sand-100">
            Cancel
          </button>
        ) : null}
        <Button type="submit" size="lg" disabled={lookup === 'looking'} className="w-full sm:w-auto">
          {address ? 'Update Address' : 'Save Address'}
        </Button>
      </div>
    </form>
  );
}
