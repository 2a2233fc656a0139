import { Icon } from './icons.tsx';
import { chevronLeft, chevronRight } from './icon-paths.ts';

/**
 * The page numbers to show: always the first and last, the current page with one neighbour each side, and
 * an ellipsis ('gap') where pages are skipped. 1 … 4 5 6 … 75
 */
export function pageItems(page: number, pageCount: number): Array<number | 'gap'> {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const items: Array<number | 'gap'> = [1];
  const from = Math.max(2, Math.min(page - 1, pageCount - 4));
  const to = Math.min(pageCount - 1, Math.max(page + 1, 5));
  if (from > 2) items.push('gap');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pageCount - 1) items.push('gap');
  items.push(pageCount);
  return items;
}

export interface PaginationProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Numbered pages with previous and next. Nothing when there is a single page. */
export function Pagination({ page, pageCount, onChange, label = 'Pages' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const cell = 'inline-flex size-10 items-center justify-center rounded-full text-sm font-medium transition-colors';
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={`${cell} text-ink-700 hover:bg-sand-100 disabled:opacity-40`} disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="Previous page">
        <Icon d={chevronLeft} />
      </button>
      {pageItems(page, pageCount).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap${i}`} className="px-1 text-ink-500" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            onClick={() => onChange(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            className={`${cell} ${item === page ? 'bg-brand-700 text-white' : 'text-ink-700 hover:bg-sand-100'}`}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className={`${cell} text-ink-700 hover:bg-sand-100 disabled:opacity-40`} disabled={page >= pageCount} onClick={() => onChange(page + 1)} aria-label="Next page">
        <Icon d={chevronRight} />
      </button>
    </nav>
  );
}
