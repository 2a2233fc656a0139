import { DEBOUNCE_MS, SUGGESTION_NAME_MAX } from '@statewise/contract/constants';
import { useEffect, useId, useState } from 'react';
import { type CommunityProductHit, useProductSearch } from './api.ts';
import { truncate } from './rules.ts';
import { COMMUNITY_MSG } from './text.ts';

/** Accounts §9: the suggestion box of the post forms is at most 250 px high. */
const BOX_MAX_HEIGHT = 250;

function useDebounced(value: string, ms: number) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * Searches the vendor's products (POST community/products/search; an admin passes the vendor's `userId`) as the
 * person types, 300 ms after the last key, and hands the chosen one to `onPick`. Names are cut to 55 characters.
 * An empty search asks for a product name (Please enter a valid product name).
 */
export function ProductPicker({
  label = 'Search your products',
  userId = null,
  onPick,
  exclude = [],
  disabled = false,
}: {
  label?: string;
  userId?: string | null;
  onPick: (p: CommunityProductHit) => void;
  exclude?: string[];
  disabled?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const search = useDebounced(text, DEBOUNCE_MS.search);
  const results = useProductSearch(search, userId);
  const hits = (results.data ?? []).filter((p) => !exclude.includes(p._id));
  const showBox = open && search.trim().length > 0;

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        disabled={disabled}
        autoComplete="off"
        role="combobox"
        aria-expanded={showBox}
        aria-controls={`${id}-list`}
        aria-invalid={error ? true : undefined}
        placeholder="Type a product name"
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (!text.trim()) setError(COMMUNITY_MSG.productNameRequired);
            else if (hits[0]) {
              onPick(hits[0]);
              setText('');
              setOpen(false);
            }
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => setOpen(true)}
        className="block w-full rounded-lg border border-ink-500/40 bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 disabled:bg-sand-100"
      />
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {showBox ? (
        <ul id={`${id}-list`} role="listbox" aria-label="Products" style={{ maxHeight: BOX_MAX_HEIGHT }} className="absolute z-30 mt-1 w-full overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-sand-200">
          {results.isError ? (
            <li className="px-3 py-2 text-sm text-red-700">{results.error.message}</li>
          ) : hits.length === 0 ? (
            <li className="px-3 py-2 text-sm text-ink-500">{results.isFetching ? 'Searching…' : 'No products found'}</li>
          ) : (
            hits.map((p) => (
              <li key={p._id} role="option" aria-selected={false}>
                <button
                  type="button"
                  // mousedown, so the choice lands before the input's blur closes the list
                  onMouseDown={(e) => {
                    e.preventDefault();
                    onPick(p);
                    setText('');
                    setOpen(false);
                  }}
                  className="flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm hover:bg-sand-50"
                >
                  {p.images[0] ? <img src={p.images[0]} alt="" width={32} height={32} className="size-8 rounded object-cover" /> : <span className="size-8 rounded bg-sand-100" />}
                  <span>{truncate(p.name, SUGGESTION_NAME_MAX)}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
