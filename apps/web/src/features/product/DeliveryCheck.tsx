import { PINCODE_LENGTH } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import { useId, useState, type FormEvent } from 'react';
import { Icon } from '../../components/ui/icons.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDeliveryDate } from './api.ts';
import { truck } from './icons.ts';

/**
 * The pincode delivery check (shopping §4): a 6-digit pincode and the vendor give an estimated delivery text, or
 * 'Delivery not available to this pincode.'.
 */
export function DeliveryCheck({ vendorId }: { vendorId: string }) {
  const [pincode, setPincode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useDeliveryDate();
  const inputId = useId();
  const noteId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!new RegExp(`^\\d{${PINCODE_LENGTH}}$`).test(pincode)) {
      check.reset();
      setError(MSG.invalidPincode);
      return;
    }
    setError(null);
    check.mutate(
      { pincode, vendorId },
      {
        onError: (err) => setError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message || MSG.deliveryNotAvailable : MSG.serverError),
      },
    );
  };

  return (
    <section aria-labelledby={`${inputId}-h`} className="rounded-2xl border border-sand-100 bg-white p-4">
      <h2 id={`${inputId}-h`} className="flex items-center gap-2 text-sm font-semibold text-ink-900">
        <Icon d={truck} className="size-5 text-brand-700" />
        Check delivery
      </h2>
      <form onSubmit={submit} className="mt-3 flex gap-2" noValidate>
        <label htmlFor={inputId} className="sr-only">
          Pincode
        </label>
        <input
          id={inputId}
          value={pincode}
          onChange={(e) => {
            setPincode(e.target.value.replace(/\D/g, '').slice(0, PINCODE_LENGTH));
            setError(null);
            check.reset();
          }}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={PINCODE_LENGTH}
          placeholder="Enter pincode"
          aria-invalid={error ? true : undefined}
          aria-describedby={noteId}
          className="h-10 min-w-0 flex-1 rounded-full border border-sand-100 bg-sand-50 px-4 text-sm tracking-wider outline-none focus:border-brand-700 focus:bg-white"
        />
        <button type="submit" disabled={check.isPending} className="h-10 shrink-0 rounded-full px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50">
          {check.isPending ? 'Checking…' : 'Check'}
        </button>
      </form>
      <div id={noteId} aria-live="polite" className="mt-2 min-h-5 text-sm">
        {error ? (
          <p className="text-red-700">{error}</p>
        ) : check.data ? (
          <p className="font-medium text-leaf-600">
            {check.data.deliveryText}
            <span className="font-normal text-ink-500">
              {' '}
              · in {check.data.deliveryDays} {check.data.deliveryDays === 1 ? 'day' : 'days'}
            </span>
          </p>
        ) : (
          <p className="text-ink-500">Enter your pincode to see when it reaches you.</p>
        )}
      </div>
    </section>
  );
}
