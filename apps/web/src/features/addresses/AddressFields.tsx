import { ADDRESS_LIMITS, PINCODE_LENGTH } from '@statewise/contract/constants';
import type { ComponentProps } from 'react';
import { Field } from '../auth/ui.tsx';
import type { AddressDraft } from './validate.ts';

/**
 * The inputs both address forms show (shopping §5: /add-address, /edit-address/{id} and the checkout drawer, and
 * the guest checkout's form): labels, autofill, lengths and hints are written once here; each form places them
 * in its own layout. City and state are read-only: they come from the pincode.
 *
 *   const bind = addressBinder(draft, errors);
 *   <AddressInput {...bind('firstName')} update={update} />
 */
const INPUTS = {
  firstName: { label: 'First name', autoComplete: 'given-name', maxLength: ADDRESS_LIMITS.name },
  lastName: { label: 'Last name', autoComplete: 'family-name', maxLength: ADDRESS_LIMITS.name },
  email: { label: 'E-mail (optional)', type: 'email', autoComplete: 'email', maxLength: ADDRESS_LIMITS.email },
  streetAddress: { label: 'Street address', autoComplete: 'street-address', maxLength: ADDRESS_LIMITS.street, placeholder: 'House no., building, street, area' },
  landmark: { label: 'Landmark (optional)', maxLength: ADDRESS_LIMITS.landmark },
  shippingNote: { label: 'Shipping note (optional)', maxLength: ADDRESS_LIMITS.shippingNote, placeholder: 'e.g. Call before delivery' },
  pincode: { label: 'Pincode', autoComplete: 'postal-code', inputMode: 'numeric', maxLength: PINCODE_LENGTH, placeholder: '6-digit pincode' },
  city: { label: 'City', readOnly: true, tabIndex: -1, placeholder: 'From the pincode' },
  state: { label: 'State', readOnly: true, tabIndex: -1, placeholder: 'From the pincode' },
} satisfies Partial<Record<keyof AddressDraft, Partial<ComponentProps<typeof Field>>>>;

export type AddressInputField = keyof typeof INPUTS;

type AddressInputProps = Omit<ComponentProps<typeof Field>, 'label' | 'name' | 'value' | 'onChange' | 'error'> & {
  field: AddressInputField;
  value: string;
  error?: string;
  /** The form's update: the typed text goes to `field` (not needed for the read-only city and state). */
  update?: (patch: Partial<AddressDraft>) => void;
  /** Takes the typed text instead of `update` (the pincode). */
  onValue?: (value: string) => void;
};

export function AddressInput({ field, value, error, update, onValue, ...rest }: AddressInputProps) {
  const change = onValue ?? (update ? (v: string) => update({ [field]: v }) : undefined);
  return <Field name={field} className="" {...INPUTS[field]} {...rest} value={value} error={error} onChange={change ? (e) => change(e.target.value) : undefined} />;
}

/** A field's value and message from a form's draft and messages, for AddressInput. */
export function addressBinder(draft: AddressDraft, errors: Partial<Record<string, string>>) {
  return (field: AddressInputField) => ({ field, value: draft[field], error: errors[field] });
}
