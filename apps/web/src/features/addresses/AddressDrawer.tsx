import { Drawer } from '../../components/ui/Drawer.tsx';
import type { Address } from './api.ts';
import { AddressForm } from './AddressForm.tsx';
import type { AddressDraft } from './validate.ts';

export interface AddressDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Edit this address; without it the drawer adds a new one. */
  address?: Address | null;
  /** After a successful save (the drawer closes itself). Checkout selects the saved address here. */
  onSaved?: (address: Address, mode: 'added' | 'updated') => void;
  /** A new address starts from this draft (checkout pre-fills the account's name and mobile). */
  initialDraft?: AddressDraft;
}

/**
 * The signed-in add/edit address drawer (shopping §5 "Signed-in add-address drawer"): the same AddressForm as
 * /add-address and /edit-address/{id}, sliding in from the right. Checkout reuses it:
 *
 *   <AddressDrawer open={open} onClose={() => setOpen(false)} address={editing} onSaved={(a) => select(a._id)} />
 */
export function AddressDrawer({ open, onClose, address, onSaved, initialDraft }: AddressDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} side="right" title={address ? 'Edit Address' : 'Add New Address'}>
      <div className="p-4">
        {/* keyed so a reopened drawer starts from the address (or the pre-filled draft) it is given, not from the last draft */}
        <AddressForm
          key={address?._id ?? (initialDraft ? 'new-prefilled' : 'new')}
          address={address}
          initialDraft={initialDraft}
          onCancel={onClose}
          onSaved={(saved, mode) => {
            onSaved?.(saved, mode);
            onClose();
          }}
        />
      </div>
    </Drawer>
  );
}
