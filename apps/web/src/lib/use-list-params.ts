import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List screens (admin, vendor console, the buyer's orders) keep their search, filters and page in the address bar,
 * so a link or a reload shows the same list. This is that one rule: read a value (`get`), change some (`set`; any
 * change but the page's goes back to page 1), and the search box's draft that is applied on submit. With
 * `pagesInHistory`, turning a page is a history entry (Back returns to the previous page); filters always replace.
 */
export function useListParams({ pagesInHistory = false }: { pagesInHistory?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(q);

  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    const turnsPage = 'page' in patch;
    if (!turnsPage) next.delete('page');
    setParams(next, { replace: !(pagesInHistory && turnsPage) });
  };
  const clear = () => {
    setDraft('');
    setParams(new URLSearchParams(), { replace: true });
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    set({ q: draft.trim() });
  };
  const get = (key: string) => params.get(key) ?? '';

  return { q, page, get, set, clear, draft, setDraft, onSearch };
}
