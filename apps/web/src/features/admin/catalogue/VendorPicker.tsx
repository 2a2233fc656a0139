import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { responsiveImage } from '../../../lib/responsive-image.ts';
import { fieldClass } from '../ui.tsx';
import { useVendorSearch, VENDOR_PICKER_PAGE_SIZE, type VendorChoice } from './api.ts';

/**
 * Choosing a vendor by searching their store or seller name (the server's paged directory search), so every approved
 * vendor can be chosen however many there are. Shows the vendor chosen; `currentName` names it before any search.
 */
export function VendorPicker({ value, currentName, onChange, error }: { value: string; currentName?: string; onChange: (id: string) => void; error?: string }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ search: '', page: 1 });
  const [chosen, setChosen] = useState<VendorChoice | null>(null);
  const [open, setOpen] = useState(!value);
  const list = useVendorSearch(query.search, query.page, open);
  const chosenName = chosen?.id === value ? chosen.name : value ? (currentName ?? 'The vendor chosen') : null;

  return (
    <div className="mt-3 first:mt-0">
      <p id={`${id}-label`} className="mb-1 block text-sm font-medium text-ink-900">
        Vendor
      </p>
      {chosenName ? (
        <div className="mb-2 flex items-center justify-between gap-2 rounded-lg border border-sand-100 bg-sand-50 px-3 py-2 text-sm">
          <span className="min-w-0 truncate">
            Chosen: <strong>{chosenName}</strong>
          </span>
          {!open ? (
            <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
              Change
            </Button>
          ) : null}
        </div>
      ) : null}
      {open ? (
        <div role="group" aria-labelledby={`${id}-label`}>
          <div className="flex gap-2">
            <label htmlFor={id} className="sr-only">
              Search vendors
            </label>
            <input
              id={id}
              type="search"
              value={typed}
              maxLength={100}
              placeholder="Store or seller name"
              aria-invalid={error ? true : undefined}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  setQuery({ search: typed, page: 1 });
                }
              }}
              className={fieldClass}
            />
            <Button variant="ghost" onClick={() => setQuery({ search: typed, page: 1 })}>
              Search
            </Button>
          </div>
          {list.isError ? (
            <p className="mt-2 text-sm text-red-700">{list.error.message}</p>
          ) : list.data ? (
            list.data.vendors.length === 0 ? (
              <p className="mt-2 text-sm text-ink-500">No approved vendor matches.</p>
            ) : (
              <>
                <ul aria-label="Vendors found" className="mt-2 max-h-64 divide-y divide-sand-100 overflow-y-auto rounded-lg border border-sand-100">
                  {list.data.vendors.map((v) => (
                    <li key={v.id}>
                      <button
                        type="button"
                        aria-pressed={v.id === value}
                        onClick={() => {
                          setChosen(v);
                          onChange(v.id);
                          setOpen(false);
                        }}
                        className={`flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-brand-50 ${v.id === value ? 'bg-brand-50' : ''}`}
                      >
                        {v.image ? (
                          <img {...responsiveImage(v.image, '40px')} alt="" loading="lazy" className="size-10 shrink-0 rounded-full border border-sand-100 object-cover" />
                        ) : (
                          <span aria-hidden className="size-10 shrink-0 rounded-full bg-sand-100" />
                        )}
                        <span className="min-w-0">
                          <span className="block truncate font-medium text-ink-900">{v.name}</span>
                          <span className="block truncate text-xs text-ink-500">{v.place || `/${v.slug}`}</span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
                <div className="mt-2">
                  <Pagination label="Vendor pages" page={query.page} pageCount={Math.ceil(list.data.total / VENDOR_PICKER_PAGE_SIZE)} onChange={(page) => setQuery({ ...query, page })} />
                </div>
              </>
            )
          ) : (
            <p className="mt-2 text-sm text-ink-500">Loading vendors…</p>
          )}
        </div>
      ) : null}
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
