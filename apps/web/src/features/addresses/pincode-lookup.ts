import { DEBOUNCE_MS, PINCODE_LENGTH } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import { digitsOnly } from '@statewise/contract/validation';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { lookupPincode, type Place } from './api.ts';

export type LookupState = 'idle' | 'looking' | 'found' | 'missing' | 'failed';

export interface PincodeLookupOptions {
  /** The pincode the form starts with ('' for a new address). */
  initialPincode: string;
  /** Writes the pincode (when given), city and state into the form; '' clears city and state. */
  fill: (patch: { pincode?: string; city: string; state: string }) => void;
  /** Puts a message at the pincode field, or takes it away (undefined). */
  setPincodeError: (message: string | undefined) => void;
  /** Gives the toasts this id, so a new lookup's toast replaces the last one. */
  toastId?: string;
}

/**
 * The pincode behaviour both address forms share (shopping §5, signed-in and guest): the input takes digits only
 * (6); a changed pincode clears city and state at once, so a city never belongs to another pincode; 500 ms after
 * the sixth digit the pincode is looked up (GET pincode/{pincode}) and city and state are filled with 'Pincode
 * feched', or left empty with 'No places found for this pincode' at the field. A newer pincode cancels an older
 * lookup, and nothing is written after the form is gone.
 *
 *   const pin = usePincodeLookup({ initialPincode: draft.pincode, fill: update, setPincodeError });
 *   <Field … value={draft.pincode} onChange={(e) => pin.onInput(e.target.value)} />
 */
export function usePincodeLookup(options: PincodeLookupOptions) {
  const opts = useRef(options);
  useEffect(() => {
    opts.current = options;
  });
  const [lookup, setLookup] = useState<LookupState>(options.initialPincode ? 'found' : 'idle');
  const pincode = useRef(options.initialPincode);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingPin = useRef<string | null>(null);
  const seq = useRef(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      controller.current?.abort();
      seq.current++;
    },
    [],
  );

  const say = (kind: 'success' | 'error', message: string) => {
    const id = opts.current.toastId;
    if (id) toast[kind](message, { id });
    else toast[kind](message);
  };

  /** Forgets a lookup that is waiting or running. */
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pendingPin.current = null;
    controller.current?.abort();
    seq.current++;
  };

  /** Looks a pincode up now; fills or clears city and state; resolves with what it found (null also when overtaken). */
  const lookupNow = async (pin: string): Promise<Place | null | 'failed'> => {
    cancel();
    const ctrl = new AbortController();
    controller.current = ctrl;
    const mine = seq.current;
    setLookup('looking');
    const { fill, setPincodeError } = opts.current;
    try {
      const place = await lookupPincode(pin, ctrl.signal);
      if (mine !== seq.current) return null;
      if (place) {
        fill({ city: place.city, state: place.state });
        setPincodeError(undefined);
        setLookup('found');
        say('success', MSG.pincodeFetched);
      } else {
        fill({ city: '', state: '' });
        setLookup('missing');
        setPincodeError(MSG.pincodeNotFound);
        say('error', MSG.pincodeNotFound);
      }
      return place;
    } catch (err) {
      if ((err as Error).name === 'AbortError' || mine !== seq.current) return null;
      fill({ city: '', state: '' });
      setLookup('failed');
      say('error', err instanceof Error ? err.message : MSG.serverError);
      return 'failed';
    }
  };

  /** The pincode input's change: digits only; a new pincode clears the place and, once complete, is looked up. */
  const onInput = (raw: string) => {
    const pin = digitsOnly(raw, PINCODE_LENGTH);
    if (pin === pincode.current) return;
    pincode.current = pin;
    cancel();
    opts.current.fill({ pincode: pin, city: '', state: '' });
    setLookup('idle');
    if (pin.length === PINCODE_LENGTH) {
      pendingPin.current = pin;
      timer.current = setTimeout(() => void lookupNow(pin), DEBOUNCE_MS.pincode);
    }
  };

  /** A place found another way (the nearest pincode to the shopper's position): it wins over any lookup. */
  const found = (place: Place) => {
    cancel();
    pincode.current = place.pincode;
    opts.current.fill({ pincode: place.pincode, city: place.city, state: place.state });
    setLookup('found');
    say('success', MSG.pincodeFetched);
  };

  return {
    lookup,
    onInput,
    lookupNow,
    found,
    /** The complete pincode still waiting for its 500 ms, if any (submit looks it up at once). */
    pendingPin: () => pendingPin.current,
  };
}
