import type { PostalAddress } from '@statewise/contract/schemas/address';
import type { ReactNode } from 'react';
import type { Address } from './api.ts';

/** An address as text (a saved one, or an order's copy): name, street, landmark, city, state – pincode, country, mobile, e-mail, note. */
export function AddressLines({ address: a }: { address: PostalAddress }) {
  return (
    <>
      <p className="font-semibold text-ink-900">
        {a.firstName} {a.lastName}
      </p>
      <p className="mt-1 text-sm leading-relaxed text-ink-700">
        {a.streetAddress}
        {a.landmark ? (
          <>
            <br />
            Landmark: {a.landmark}
          </>
        ) : null}
        <br />
        {a.city}, {a.state} – {a.pincode}
        <br />
        {a.country}
      </p>
      <p className="mt-2 text-sm text-ink-700">
        Mobile: <span className="font-medium text-ink-900">{a.mobile}</span>
        {a.email ? (
          <>
            <br />
            E-mail: <span className="font-medium break-all text-ink-900">{a.email}</span>
          </>
        ) : null}
      </p>
      {a.shippingNote ? <p className="mt-2 text-sm text-ink-500 italic">Note: {a.shippingNote}</p> : null}
    </>
  );
}

/** A saved address card; `actions` is its button row (Edit and Delete on /saved-address). */
export function AddressCard({ address, actions }: { address: Address; actions?: ReactNode }) {
  return (
    <article aria-label={`${address.firstName} ${address.lastName}, ${address.city}`} className="flex h-full flex-col rounded-2xl bg-white p-4 shadow-[0_1px_3px_rgb(31_26_28/0.08)] md:p-5">
      <div className="flex-1">
        <AddressLines address={address} />
      </div>
      {actions ? <div className="mt-4 flex gap-2 border-t border-sand-100 pt-3">{actions}</div> : null}
    </article>
  );
}
