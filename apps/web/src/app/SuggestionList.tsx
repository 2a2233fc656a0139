import { DEBOUNCE_MS, SUGGESTION_BOX_MAX_HEIGHT, SUGGESTION_NAME_MAX } from '@statewise/contract/constants';
import { truncate } from '@statewise/contract/format';
import type { Suggestion } from '@statewise/contract/schemas/catalogue';
import { useEffect, useRef, useState } from 'react';
import { useSuggestions } from '../features/catalogue/api.ts';

/** `value`, once it has stopped changing for `ms` (`initial` until then). */
function useDebounced<T>(value: T, ms: number, initial: T): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

export interface SuggestionListProps {
  id: string;
  /** What is typed; asked for once it has not changed for 300 ms. */
  term: string;
  active: number;
  onItems: (items: Suggestion[]) => void;
  onPick: (s: Suggestion) => void;
}

/** The suggestion box under the header search: up to 10 products, names cut at 55 characters, 300 px tall at most. */
export default function SuggestionList({ id, term: typed, active, onItems, onPick }: SuggestionListProps) {
  const term = useDebounced(typed, DEBOUNCE_MS.search, '');
  const { data, isFetching, isError } = useSuggestions(term);
  const list = useRef<HTMLUListElement>(null);
  const items = data ?? [];

  useEffect(() => {
    onItems(data ?? []);
  }, [data, onItems]);
  useEffect(() => () => onItems([]), [onItems]);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  let note: string | null = null;
  if (isError) note = 'Suggestions are unavailable right now. Press Enter to search.';
  else if (!data && isFetching) note = 'Searching…';
  else if (data && items.length === 0) note = `No products match “${truncate(term, 30)}”. Press Enter to search anyway.`;

  return (
    <div className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-xl border border-sand-100 bg-white shadow-xl">
      <ul ref={list} id={id} role="listbox" aria-label="Suggestions" className="overflow-y-auto py-1" style={{ maxHeight: SUGGESTION_BOX_MAX_HEIGHT }}>
        {items.map((s, i) => (
          <li
            key={s._id}
            id={`${id}-${i}`}
            data-index={i}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(s)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-ink-900 hover:bg-sand-50'}`}
          >
            {s.images[0] ? <img src={s.images[0]} alt="" width={30} height={40} loading="lazy" className="h-10 w-[30px] shrink-0 rounded object-cover" /> : null}
            <span>{truncate(s.name, SUGGESTION_NAME_MAX)}</span>
          </li>
        ))}
      </ul>
      {note ? (
        <p className="px-4 py-3 text-sm text-ink-500" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
