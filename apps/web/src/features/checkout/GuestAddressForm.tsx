import { MOBILE_LENGTH, OTP, OTP_LENGTH } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import { digitsOnly } from '@statewise/contract/validation';
import { useEffect, useImperativeHandle, useRef, useState, type FormEvent, type Ref } from 'react';
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

/** When a verification given now stops being accepted (ms since the epoch). */
const expiryIn = (seconds: number) => Date.now() + seconds * 1000;

/** What the checkout asks of the open form: complete it (check, verify the mobile, keep the address). */
export interface GuestFormHandle {
  /**
   * Checks the fields (messages at the fields, focus on the first), then verifies the mobile: sends the code when
   * none was sent to this number yet, or verifies the code typed; keeps the address on this device once verified.
   * Resolves with the kept address, or null when the shopper still has something to do (a field, the code).
   */
  complete: () => Promise<GuestAddress | null>;
}

/**
 * The guest's add/edit address form (shopping §2 Guest checkout, §4 guest address mobile OTP, §5 address form
 * (guest), §8 guest OTP messages), kept on this device only (guestAddresses). It has no button of its own: the
 * checkout's one Continue completes it (issue 9, instead of Save Address then Place order), through `handle`.
 *
 * - Mobile and pincode come first (issue 9): the pincode fills city and state (looked up 500 ms after the last
 *   digit, usePincodeLookup as on the signed-in form; they cannot be typed, a failed lookup clears them), then the
 *   name, street and the optional fields. Each problem is shown at its field, in the form's order, with the
 *   spec's sentences ('Please enter valid mobile number', 'Please enter valid pincode', 'Please enter city',
 *   'Please select state', 'Please enter first name', …, 'Please Verify the phone no'; checkGuestAddress).
 * - The mobile is verified by a code: Send OTP (or Continue, which sends it once the fields are right; 'Otp sent
 *   successfully'), a 60-second countdown with Resend OTP disabled while it runs ('Otp Re sent successfully'),
 *   then Verify OTP or Continue with the code typed, and a tick; a verified number is locked (Change unlocks it
 *   and drops the verification). A failed send puts the server's field messages on the form and says its
 *   sentence; a failed verify says the server's first message.
 */
export function GuestAddressForm({
  address,
  handle,
  onSaved,
  onCancel,
  onSubmit,
  askToVerify = false,
}: {
  address: GuestAddress | null;
  handle?: Ref<GuestFormHandle>;
  /** After the address is kept. */
  onSaved?: (a: GuestAddress) => void;
  onCancel?: () => void;
  /** Enter in a field: the checkout's Continue. */
  onSubmit?: () => void;
  /** Opened because the address's verification ran out: say so at the mobile. */
  askToVerify?: boolean;
}) {
  const [draft, setDraft] = useState<GuestAddressDraft>(() => draftFrom(address));
  const [errors, setErrors] = useState<Partial<Record<GuestField, string>>>(() => (askToVerify ? { otp: MSG.verifyPhone } : {}));
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
  // The latest draft for the async steps (lookups, Continue); written with every change, in the handlers.
  const draftRef = useRef(draft);
  // Continue sent the code: the code box takes the focus once it is on screen.
  const focusCode = useRef(false);

  const verified = verification !== null && verification.mobile === draft.mobile;

  const update = (patch: Partial<GuestAddressDraft>) => {
    draftRef.current = { ...draftRef.current, ...patch };
    setDraft(draftRef.current);
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

  useEffect(() => {
    if (!otpState.sentTo || !focusCode.current) return;
    focusCode.current = false;
    const el = formRef.current?.elements.namedItem('otp');
    if (el instanceof HTMLElement) el.focus();
  });

  const onMobile = (raw: string) => {
    const mobile = digitsOnly(raw, MOBILE_LENGTH);
    update({ mobile });
    if (otpState.sentTo && otpState.sentTo !== mobile) setOtpState((s) => ({ ...s, sentTo: null, code: '', demo: null }));
  };

  /** Sends the code to the typed mobile; true when it went. */
  const send = async (): Promise<boolean> => {
    if (otpState.sending || (otpState.sentTo === draft.mobile && countdown.running)) return false;
    const problems = checkGuestAddress(draft, true).filter((p) => p.field === 'mobile');
    if (problems.length) {
      setErrors((e) => ({ ...e, mobile: problems[0]!.message }));
      return false;
    }
    const resend = otpState.sentTo === draft.mobile;
    setOtpState((s) => ({ ...s, sending: true }));
    try {
      const res = await sendGuestOtp(draft.mobile);
      setOtpState((s) => ({ ...s, sending: false, sentTo: draft.mobile, code: '', demo: demoCode(res.data), sends: s.sends + 1 }));
      setErrors((e) => ({ ...e, otp: undefined }));
      countdown.restart(resendAfter(res.data, OTP.resendSeconds.other));
      toast.success(resend ? MSG.otpResent : MSG.otpSent);
      return true;
    } catch (err) {
      setOtpState((s) => ({ ...s, sending: false }));
      if (err instanceof ApiError) {
        const fieldErrors: Partial<Record<GuestField, string>> = {};
        for (const [k, v] of Object.entries(err.errors)) if (k in draft) fieldErrors[k as GuestField] = v;
        setErrors((e) => ({ ...e, ...fieldErrors }));
        toast.error(err.message);
      } else toast.error(MSG.serverError);
      return false;
    }
  };

  /** Verifies the typed code; the verification, or null (the message is at the code). */
  const verify = async (): Promise<Verification> => {
    if (otpState.verifying || !otpState.sentTo) return null;
    if (otpState.code.length !== OTP_LENGTH) {
      setErrors((e) => ({ ...e, otp: MSG.otpLength }));
      focusField('otp');
      return null;
    }
    setOtpState((s) => ({ ...s, verifying: true }));
    try {
      const res = await verifyGuestOtp(otpState.sentTo, otpState.code);
      const v = { mobile: res.mobile, token: res.token, expiresAt: expiryIn(res.expiresIn) };
      setVerification(v);
      setOtpState((s) => ({ ...s, verifying: false, code: '', demo: null }));
      setErrors((e) => ({ ...e, otp: undefined, mobile: undefined }));
      toast.success(MSG.otpVerified);
      return v;
    } catch (err) {
      setOtpState((s) => ({ ...s, verifying: false }));
      const message = err instanceof ApiError ? (Object.values(err.errors)[0] ?? err.message) : MSG.serverError;
      setErrors((e) => ({ ...e, otp: message }));
      toast.error(message);
      return null;
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

  const complete = async (): Promise<GuestAddress | null> => {
    let current = draftRef.current;
    // A pincode typed a moment ago: look it up now rather than refuse for want of a city.
    if (pin.pendingPin() === current.pincode) {
      const place = await pin.lookupNow(current.pincode);
      current = place && place !== 'failed' ? { ...current, city: place.city, state: place.state } : { ...current, city: '', state: '' };
    }
    // City and state are filled from the pincode: while the pincode itself is wrong, its message says it all.
    const all = checkGuestAddress(current, true);
    const problems = all.some((p) => p.field === 'pincode') ? all.filter((p) => p.field !== 'city' && p.field !== 'state') : all;
    if (problems.length) {
      const next: Partial<Record<GuestField, string>> = {};
      for (const p of problems) if (!(p.field in next)) next[p.field] = p.message;
      setErrors(next);
      toast.error(problems[0]!.message, { id: 'guest-address' });
      focusField(problems[0]!.field);
      return null;
    }
    let v: Verification = verification && verification.mobile === current.mobile ? verification : null;
    if (!v) {
      if (otpState.sentTo !== current.mobile) {
        // Everything else is right: send the code and wait for it.
        if (await send()) focusCode.current = true;
        else setErrors((e) => ({ ...e, otp: e.mobile ? undefined : MSG.verifyPhone }));
        return null;
      }
      if (otpState.code.length === 0) {
        setErrors((e) => ({ ...e, otp: MSG.verifyPhone }));
        focusField('otp');
        return null;
      }
      v = await verify();
      if (!v) return null;
    }
    const email = current.email.trim().toLowerCase();
    const saved = guestAddresses.save({
      _id: address?._id,
      firstName: current.firstName.trim(),
      lastName: current.lastName.trim(),
      streetAddress: current.streetAddress.trim(),
      ...(email ? { email } : {}),
      mobile: current.mobile,
      pincode: Number(current.pincode),
      city: current.city,
      state: current.state,
      country: 'India',
      landmark: current.landmark.trim(),
      shippingNote: current.shippingNote.trim(),
      isOTPVerified: true,
      guestToken: v.token,
      tokenExpiresAt: v.expiresAt,
    });
    onSaved?.(saved);
    return saved;
  };

  useImperativeHandle(handle, () => ({ complete }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit?.();
  };

  const bind = addressBinder(draft, errors);
  const sentHere = otpState.sentTo !== null && otpState.sentTo === draft.mobile && !verified;

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="@container" aria-label={address ? 'Edit address' : 'Add address'}>
      <div className="grid gap-4 @md:grid-cols-2">
        {/* mobile and pincode first (issue 9); the code box under them */}
        <div>
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
          {!sentHere && !verified && errors.otp ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.otp}
            </p>
          ) : null}
        </div>
        <AddressInput {...bind('pincode')} onValue={pin.onInput} hint={lookup === 'looking' ? 'Looking up the pincode…' : 'City and state are filled from the pincode.'} />
        <div className="@md:col-span-2 empty:hidden">
          {sentHere ? (
            <div className="rounded-xl border border-sand-100 bg-sand-50 p-3">
              <p className="mb-2 text-sm text-ink-700">We sent a code to {otpState.sentTo}. Enter it, then press Continue.</p>
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
          ) : null}
        </div>
        <AddressInput {...bind('city')} />
        <AddressInput {...bind('state')} />
        <AddressInput {...bind('firstName')} update={update} />
        <AddressInput {...bind('lastName')} update={update} />
        <div className="@md:col-span-2">
          <AddressInput {...bind('streetAddress')} update={update} />
        </div>
        <AddressInput {...bind('landmark')} update={update} />
        <AddressInput {...bind('email')} update={update} />
        <div className="@md:col-span-2">
          <AddressInput {...bind('shippingNote')} update={update} />
        </div>
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
      {onCancel ? (
        <div className="mt-4 flex justify-end">
          <button type="button" onClick={onCancel} className="h-11 rounded-full px-5 text-sm font-semibold text-ink-700 hover:bg-sand-100">
            Cancel
          </button>
        </div>
      ) : null}
    </form>
  );
}
