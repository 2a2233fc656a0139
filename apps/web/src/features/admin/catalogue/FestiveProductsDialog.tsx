import { ADMIN_PRODUCTS_PAGE_SIZE, type AdminCatalogueItem, type AdminProductRow } from '@statewise/contract/schemas/admin-catalogue';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { responsiveImage } from '../../../lib/responsive-image.ts';
import { fieldClass } from '../ui.tsx';
import { useFestiveOfferProducts, useProductSearch, useSetFestiveOfferProduct } from './api.ts';

/**
 * A festive offer's products: the ones in it (thumbnail, name, vendor; take one out), and a search by product or
 * vendor name to put more in. Each change is saved at once (and audited by the server).
 */
export function FestiveProductsDialog({ offer, onClose }: { offer: AdminCatalogueItem; onClose: () => void }) {
  const id = useId();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState({ q: '', page: 1 });
  const picked = useFestiveOfferProducts(offer._id, page);
  const found = useProductSearch(search.q, search.page);
  const change = useSetFestiveOfferProduct(offer._id);
  // what this dialog put in or took out, so a search result says so at once
  const [added, setAdded] = useState<Record<string, boolean>>({});
  const inOffer = (p: AdminProductRow) => added[p._id] ?? picked.data?.products.some((x) => x._id === p._id) ?? false;

  const set = (p: AdminProductRow, add: boolean) =>
    change.mutate(
      { productId: p._id, add },
      {
        onSuccess: () => {
          setAdded((old) => ({ ...old, [p._id]: add }));
          toast.success(add ? `${p.name} is in ${offer.name}` : `${p.name} is out of ${offer.name}`);
        },
        onError: (e) => toast.error(e.message),
      },
    );
  const busy = (p: AdminProductRow) => change.isPending && change.variables?.productId === p._id;

  return (
    <Dialog open onClose={onClose} title={`Products in ${offer.name}`} size="sm:max-w-2xl">
      <section aria-labelledby={`${id}-picked`}>
        <h3 id={`${id}-picked`} className="text-sm font-semibold text-ink-900">
          In this offer{picked.data ? ` (${picked.data.count})` : ''}
        </h3>
        {picked.isError ? (
          <p className="mt-2 text-sm text-red-700">{picked.error.message}</p>
        ) : !picked.data ? (
          <p className="mt-2 text-sm text-ink-500">Loading…</p>
        ) : picked.data.count === 0 ? (
          <p className="mt-2 rounded-lg border border-dashed border-sand-100 px-3 py-4 text-center text-sm text-ink-500">No product yet. Search below to add some.</p>
        ) : (
          <>
            <ul aria-label="Products in the offer" className="mt-2 grid gap-2 sm:grid-cols-2">
              {picked.data.products.map((p) => (
                <li key={p._id} aria-label={p.name} className="flex items-center gap-3 rounded-lg border border-sand-100 bg-white p-2">
                  <ProductThumb product={p} />
                  <ProductText product={p} />
                  <Button variant="ghost" size="sm" aria-label={`Take ${p.name} out`} disabled={busy(p)} onClick={() => set(p, false)}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            <div className="mt-2">
              <Pagination label="Pages of the offer’s products" page={page} pageCount={Math.ceil(picked.data.count / ADMIN_PRODUCTS_PAGE_SIZE)} onChange={setPage} />
            </div>
          </>
        )}
      </section>

      <section aria-labelledby={`${id}-add`} className="mt-5 border-t border-sand-100 pt-4">
        <h3 id={`${id}-add`} className="text-sm font-semibold text-ink-900">
          Add products
        </h3>
        <form
          role="search"
          className="mt-2 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch({ q: typed, page: 1 });
          }}
        >
          <label htmlFor={id} className="sr-only">
            Product or vendor name
          </label>
          <input id={id} type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} placeholder="Product or vendor name" className={fieldClass} />
          <Button type="submit">Search</Button>
        </form>
        {!search.q.trim() ? (
          <p className="mt-2 text-xs text-ink-500">Type part of a product’s name or its vendor’s store name.</p>
        ) : found.isError ? (
          <p className="mt-2 text-sm text-red-700">{found.error.message}</p>
        ) : !found.data ? (
          <p className="mt-2 text-sm text-ink-500">Searching…</p>
        ) : found.data.count === 0 ? (
          <p className="mt-2 text-sm text-ink-500">No product matches “{search.q.trim()}”.</p>
        ) : (
          <>
            <ul aria-label="Products found" className="mt-2 divide-y divide-sand-100 rounded-lg border border-sand-100">
              {found.data.products.map((p) => {
                const isIn = inOffer(p);
                return (
                  <li key={p._id} aria-label={p.name} className="flex items-center gap-3 px-2 py-2">
                    <ProductThumb product={p} />
                    <ProductText product={p} />
                    {isIn ? (
                      <Button variant="ghost" size="sm" aria-label={`Take ${p.name} out`} disabled={busy(p)} onClick={() => set(p, false)}>
                        ✓ Added
                      </Button>
                    ) : (
                      <Button size="sm" aria-label={`Add ${p.name}`} disabled={busy(p)} onClick={() => set(p, true)}>
                        Add
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="mt-2">
              <Pagination label="Pages of products found" page={search.page} pageCount={Math.ceil(found.data.count / ADMIN_PRODUCTS_PAGE_SIZE)} onChange={(p) => setSearch({ ...search, page: p })} />
            </div>
          </>
        )}
      </section>
      <div className="mt-4 flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}

function ProductThumb({ product }: { product: AdminProductRow }) {
  return product.image ? (
    <img {...responsiveImage(product.image, '48px')} alt="" loading="lazy" className="h-14 w-11 shrink-0 rounded-md border border-sand-100 object-cover" />
  ) : (
    <span aria-hidden className="h-14 w-11 shrink-0 rounded-md bg-sand-100" />
  );
}

function ProductText({ product }: { product: AdminProductRow }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="line-clamp-2 text-sm font-medium text-ink-900">{product.name}</span>
      <span className="block truncate text-xs text-ink-500">
        {product.vendorName} · {product.categoryName}
        {product.isActive ? '' : ' · unpublished'}
      </span>
    </span>
  );
}
