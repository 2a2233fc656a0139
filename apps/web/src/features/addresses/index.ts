/** What other features (checkout) use from saved addresses. */
export { AddressDrawer, type AddressDrawerProps } from './AddressDrawer.tsx';
export { AddressForm, type AddressFormProps } from './AddressForm.tsx';
export { AddressCard, AddressLines } from './AddressCard.tsx';
export { addressKeys, useAddress, useAddresses, useDeleteAddress, useSaveAddress, type Address } from './api.ts';
