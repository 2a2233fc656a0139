import type { Suggestion } from '@statewise/contract/schemas/catalogue';
import { lazy, Suspense, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { search, Icon } from '../components/ui/icons.tsx';

// The list (its debounce and data hook) loads when the shopper first types.
const SuggestionList = lazy(() => import('./SuggestionList.tsx'));

/**
 * The header search: a combobox whose suggestion list (POST product/search-sugggestion, debounced 300 ms) is
 * driven by the keyboard — arrows move, Enter opens the highlighted product or searches, Escape closes.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // On /search the box starts with the searched text.
  const [term, setTerm] = useState(() => new URLSearchParams(location.search).get('search') ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [items, setItems] = useState<Suggestion[]>([]);
  const listId = useId();
  const showList = open && term.trim().length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (s: Suggestion) => {
    close();
    navigate(`/product/${s.slug}`);
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const q = term.trim();
    if (!q) return;
    close();
    navigate(`/search?search=${encodeURIComponent(q)}`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, items.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, -1));
    } else if (e.key === 'Escape') {
      if (showList) e.preventDefault();
      close();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = showList && active >= 0 ? items[active] : undefined;
      if (chosen) pick(chosen);
      else submit();
    }
  };

  return (
    <form role="search" onSubmit={submit} className={`relative ${className}`}>
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search products
      </label>
      <input
        id={`${listId}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={showList && items.length > 0}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder="Search sarees, kurtas, crafts…"
        value={term}
        maxLength={100}
        onChange={(e) => {
          setTerm(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-full border border-sand-100 bg-sand-50 pr-11 pl-4 text-[15px] text-ink-900 placeholder:text-ink-500 focus:border-brand-200 focus:bg-white focus:ring-2 focus:ring-brand-100 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      <button type="submit" aria-label="Search" className="absolute top-1 right-1 rounded-full p-2 text-brand-700 hover:bg-brand-50">
        <Icon d={search} />
      </button>
      {showList ? (
        <Suspense fallback={null}>
          <SuggestionList id={listId} term={term.trim()} active={active} onItems={setItems} onPick={pick} />
        </Suspense>
      ) : null}
    </form>
  );
}
