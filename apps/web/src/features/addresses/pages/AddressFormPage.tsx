import { Link, useNavigate, useParams } from 'react-router';
import { CardPage } from '../../../components/Page.tsx';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { AddressForm } from '../AddressForm.tsx';
import { useAddress } from '../api.ts';

const back = { to: '/saved-address', label: 'Saved addresses' };

/** /add-address: a new address; back to /saved-address when saved. */
export function AddAddressPage() {
  usePageTitle('Add Address');
  const navigate = useNavigate();
  return (
    <CardPage title="Add New Address" back={back}>
      <AddressForm onSaved={() => navigate('/saved-address')} onCancel={() => navigate('/saved-address')} />
    </CardPage>
  );
}

/** /edit-address/{id}: the address loaded, then edited; an unknown (or someone else's) id says so. */
export function EditAddressPage() {
  usePageTitle('Edit Address');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useAddress(id);
  return (
    <CardPage title="Edit Address" back={back}>
      {q.data ? (
        <AddressForm key={q.data._id} address={q.data} onSaved={() => navigate('/saved-address')} onCancel={() => navigate('/saved-address')} />
      ) : q.isError ? (
        <div role="alert" className="text-ink-700">
          <p>{q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400 || q.error.status === 403) ? 'This address was not found. It may have been deleted.' : q.error.message}</p>
          <Link to="/saved-address" className={buttonClass('outline', 'md', 'mt-6')}>
            Back to saved addresses
          </Link>
        </div>
      ) : (
        <div className="grid gap-4" aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-11 w-full" />
          ))}
        </div>
      )}
    </CardPage>
  );
}
