import { MSG } from '@statewise/contract/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Page, RetryNote } from '../../../components/Page.tsx';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { AddressCard } from '../AddressCard.tsx';
import { useAddresses, useDeleteAddress, type Address } from '../api.ts';

/**
 * /saved-address (shopping §2 Saved addresses): the signed-in person's addresses as cards with Edit and Delete,
 * 'Add New address', and 'No Address Found' when there are none. Delete asks first; then 'Address Deleted
 * Successfully', or 'Unable to delete address! Please try again later' (§8); an address without an id (never
 * saved) gives 'This Address Cannot Be Deleted'.
 */
export default function SavedAddressPage() {
  usePageTitle('Saved Addresses');
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const [confirming, setConfirming] = useState<Address | null>(null);

  const confirmDelete = async () => {
    const target = confirming;
    if (!target) return;
    if (!target._id) {
      setConfirming(null);
      toast.error(MSG.addressCannotBeDeleted);
      return;
    }
    try {
      await remove.mutateAsync(target._id);
      toast.success(MSG.addressDeleted);
    } catch {
      toast.error(MSG.addressDeleteFailed);
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Page back={{ to: '/profile', label: 'My account' }}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl text-brand-800">Saved Addresses</h1>
        <Link to="/add-address" className={buttonClass('primary')}>
          + Add New address
        </Link>
      </div>

      {addresses.data ? (
        addresses.data.length === 0 ? (
          <div className="rounded-2xl bg-white px-6 py-16 text-center">
            <p className="font-display text-2xl text-brand-800">{MSG.noAddress}</p>
            <p className="mt-2 text-sm text-ink-500">Add an address once and choose it at checkout.</p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {addresses.data.map((a) => (
              <li key={a._id}>
                <AddressCard
                  address={a}
                  actions={
                    <>
                      <Link to={`/edit-address/${encodeURIComponent(a._id)}`} className={buttonClass('outline', 'sm', 'flex-1')} aria-label={`Edit address of ${a.firstName} ${a.lastName}, ${a.city}`}>
                        Edit
                      </Link>
                      <button
                        type="button"
                        className={buttonClass('ghost', 'sm', 'flex-1 text-red-700! hover:bg-red-50!')}
                        onClick={() => setConfirming(a)}
                        aria-label={`Delete address of ${a.firstName} ${a.lastName}, ${a.city}`}
                      >
                        Delete
                      </button>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        )
      ) : addresses.isError ? (
        <RetryNote message={addresses.error.message} onRetry={addresses.refetch} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="rounded-2xl bg-white p-5">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="mt-3 h-4 w-full" />
              <Skeleton className="mt-2 h-4 w-3/4" />
              <Skeleton className="mt-2 h-4 w-2/3" />
            </li>
          ))}
        </ul>
      )}

      <Dialog open={confirming !== null} onClose={() => (remove.isPending ? undefined : setConfirming(null))} title="Delete this address?">
        {confirming ? (
          <>
            <p className="text-sm text-ink-700">
              {confirming.firstName} {confirming.lastName}, {confirming.streetAddress}, {confirming.city} – {confirming.pincode}
            </p>
            <div className="mt-6 flex justify-end gap-3">
              <button type="button" className={buttonClass('ghost')} onClick={() => setConfirming(null)} disabled={remove.isPending}>
                Keep it
              </button>
              <button type="button" className={buttonClass('primary', 'md', 'bg-red-700! hover:bg-red-800!')} onClick={confirmDelete} disabled={remove.isPending}>
                {remove.isPending ? 'Deleting…' : 'Delete'}
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
    </Page>
  );
}
