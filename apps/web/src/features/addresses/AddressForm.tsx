import { MOBILE_LENGTH, PINCODE_LENGTH } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api.ts';
import { Button, Field, FormError, MobileField } from '../auth/ui.tsx';
import { addressBinder, AddressInput } from './AddressFields.tsx';
import { nearestPincode, useSaveAddress, type Address } from './api.ts';
import { usePincodeLookup } from './pincode-lookup.ts';
import { checkAddress, draftFrom, type AddressDraft, type AddressField } from './validate.ts';

export interface AddressFormProps {
  /** The address being edited; without it the form adds a new one. */
  address?: Address | null;
  /** After the server saved it ('Address Added Successfully' / 'Address Updated Successfully' already shown). */
  onSaved: (address: Address, mode: 'added' | 'updated') => void;
  /** Shows a Cancel button next to the submit button. */
  onCancel?: () => void;
  /** A new address starts from this draft (checkout: the account's name and mobile, draftForAccount). */
  initialDraft?: AddressDraft;
}

/** The messages of "Use my current location" (navigator.geolocation error codes 1, 2, 3). */
export const LOCATION_MSG = {
  unsupported: 'This browser cannot share your location. Please type the pincode.',
  denied: 'Location permission was denied. Allow location access for this site in your browser settings, or type the pincode.',
  unavailable: 'Your location is not available right now. Please type the pincode.',
  timeout: 'Finding your location took too long. Please try again, or type the pincode.',
  notInIndia: 'We could not find an Indian pincode near your location. Please type the pincode.',
} as const;

/**
 * The add/edit address form (shopping §2 Saved addresses, §5 signed-in drawer rules, §8 messages), used by
 * /add-address, /edit-address/{id} and the AddressDrawer that checkout reuses:
 * - mobile and pincode take digits only (10 and 6); e-mail, landmark and shipping note are optional; country India;
 * - typing a pincode looks it up after 500 ms (usePincodeLookup, shared with the guest form): city and state are
 *   filled (read-only) with 'Pincode feched', or cleared with 'No places found for this pincode'; a changed
 *   pincode clears them at once, so a city never belongs to another pincode;
 * - "Use my current location" asks the browser for its position and fills pincode, city and state from the
 *   nearest pincode in our directory (GET /api/pincode/nearest), with a clear message when permission is denied;
 * - Save checks every field with the contract's schema first (messages at the fields, focus on the first in the
 *   schema's order) and sends nothing invalid; the server's field messages come back to the same fields.
 */
export function AddressForm({ address, onSaved, onCancel, initialDraft }: AddressFormProps) {
  const editing = Boolean(address);
  const save = useSaveAddress();
  const [draft, setDraft] = useState<AddressDraft>(() => (!address && initialDraft ? { ...initialDraft } : draftFrom(address)));
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);

  const formRef = useRef<HTMLFormElement>(null);
  // The latest draft for the async steps (lookups, submit); written with every change, in the handlers.
  const draftRef = useRef(draft);

  const update = (patch: Partial<AddressDraft>) => {
    draftRef.current = { ...draftRef.current, ...patch };
    setDraft(draftRef.current);
    // A field the person changes loses its old message.
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as AddressField[]) delete next[k];
      return next;
    });
  };

  const pin = usePincodeLookup({
    initialPincode: draft.pincode,
    fill: update,
    setPincodeError: (message) => setErrors((e) => ({ ...e, pincode: message })),
  });
  const { lookup } = pin;

  const useMyLocation = () => {
    setLocationError(null);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setLocationError(LOCATION_MSG.unsupported);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (pos) => {
        try {
          const place = await nearestPincode(Number(pos.coords.latitude.toFixed(6)), Number(pos.coords.longitude.toFixed(6)));
          if (!place) {
            setLocationError(LOCATION_MSG.notInIndia);
            return;
          }
          pin.found(place);
        } catch (err) {
          setLocationError(err instanceof Error ? err.message : MSG.serverError);
        } finally {
          setLocating(false);
        }
      },
      (err) => {
        setLocating(false);
        setLocationError(err.code === 1 ? LOCATION_MSG.denied : err.code === 3 ? LOCATION_MSG.timeout : LOCATION_MSG.unavailable);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  };

  const focus = (field: AddressField) => {
    // City, state and country are read-only: their fix is the pincode.
    if (field === 'city' || field === 'state' || field === 'country') field = 'pincode';
    const el = formRef.current?.elements.namedItem(field);
    if (el instanceof HTMLElement) el.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    let current = draftRef.current;
    // A pincode typed a moment ago: look it up now rather than refuse for want of a city.
    if (pin.pendingPin() === current.pincode) {
      const place = await pin.lookupNow(current.pincode);
      current = place && place !== 'failed' ? { ...current, city: place.city, state: place.state } : { ...current, city: '', state: '' };
    }
    const check = checkAddress(current);
    if (!check.ok) {
      const next = { ...check.errors };
      // An unknown pincode explains the empty city and state better than 'City is required'.
      if (!next.pincode && (lookup === 'missing' || lookup === 'failed') && current.pincode.length === PINCODE_LENGTH) {
        next.pincode = MSG.pincodeNotFound;
        delete next.city;
        delete next.state;
      }
      setErrors(next);
      focus((Object.keys(next) as AddressField[]).includes(check.first) ? check.first : 'pincode');
      return;
    }
    const { values } = check;
    try {
      const res = await save.mutateAsync(
        address
          ? // PATCH: an emptied e-mail is removed ('' is the contract's "remove").
            { id: address._id, body: { ...values, email: values.email ?? '' } }
          : { body: values },
      );
      toast.success(editing ? MSG.addressUpdated : MSG.addressAdded);
      onSaved(res.data, editing ? 'updated' : 'added');
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length > 0) {
        const fieldErrors: Partial<Record<AddressField, string>> = {};
        for (const [k, v] of Object.entries(err.errors)) if (k in current) fieldErrors[k as AddressField] = v;
        setErrors(fieldErrors);
        const first = Object.keys(fieldErrors)[0] as AddressField | undefined;
        if (first) focus(first);
        else setFormError(err.message);
      } else setFormError(err instanceof Error ? err.message : MSG.serverError);
    }
  };

  /** What every field shares: its name (for focus), value and message. */
  const bind = addressBinder(draft, errors);

  const placeHint =
    lookup === 'looking'
      ? 'Looking up the pincode…'
      : lookup === 'found' && draft.city
        ? `${draft.city}, ${draft.state}`
        : 'City and state are filled from the pincode.';

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="@container" aria-label={editing ? 'Edit address' : 'Add address'}>
      <div className="grid gap-4 @md:grid-cols-2">
        <AddressInput {...bind('firstName')} update={update} />
        <AddressInput {...bind('lastName')} update={update} />
        <MobileField value={draft.mobile} error={errors.mobile} maxLength={MOBILE_LENGTH} className="" onValue={(mobile) => update({ mobile })} />
        <AddressInput {...bind('email')} update={update} />
        <div className="@md:col-span-2">
          <AddressInput {...bind('streetAddress')} update={update} />
        </div>
        <AddressInput {...bind('landmark')} update={update} />
        <AddressInput {...bind('shippingNote')} update={update} />
      </div>

      <div className="mt-6 rounded-xl border border-sand-100 bg-sand-50 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold text-ink-900">Location</p>
          <button
            type="button"
            onClick={useMyLocation}
            disabled={locating}
            className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" className="size-4" aria-hidden="true">
              <path d="M12 2v3m0 14v3M2 12h3m14 0h3M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10z" />
            </svg>
            {locating ? 'Finding your location…' : 'Use my current location'}
          </button>
        </div>
        <p className="mt-1 text-sm text-ink-500" aria-live="polite">
          {placeHint}
        </p>
        {locationError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {locationError}
          </p>
        ) : null}
        <div className="mt-3 grid gap-4 @md:grid-cols-2">
          <AddressInput {...bind('pincode')} onValue={pin.onInput} />
          <AddressInput {...bind('city')} />
          <AddressInput {...bind('state')} />
          <Field name="country" value={draft.country} error={errors.country} className="" label="Country" readOnly tabIndex={-1} />
        </div>
      </div>

      <div className="mt-6">
        <FormError message={formError} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {onCancel ? (
            <button type="button" onClick={onCancel} className="h-12 rounded-full px-6 text-base font-semibold text-ink-700 hover:bg-sand-100">
              Cancel
            </button>
          ) : null}
          <Button pending={save.isPending} disabled={lookup === 'looking'} className="w-full sm:w-auto">
            {editing ? 'Update Address' : 'Save Address'}
          </Button>
        </div>
      </div>
    </form>
  );
}
