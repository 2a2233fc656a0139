import type { MouseEvent } from 'react';
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
  /**
   * The address of a page: the numbers are then links (a shopper without JavaScript and a search engine follow them;
   * a plain click still goes through `onChange`).
   */
  hrefFor?: (page: number) => string;
}

/** Numbered pages with previous and next. Nothing when there is a single page. */
export function Pagination({ page, pageCount, onChange, label = 'Pages', hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  const cell = 'inline-flex size-10 items-center justify-center rounded-full text-sm font-medium transition-colors';
  const step = (to: number, disabled: boolean, ariaLabel: string, icon: string) => {
    const className = `${cell} text-ink-700 hover:bg-sand-100 ${hrefFor ? 'aria-disabled:pointer-events-none aria-disabled:opacity-40' : 'disabled:opacity-40'}`;
    if (!hrefFor)
      return (
        <button type="button" className={className} disabled={disabled} onClick={() => onChange(to)} aria-label={ariaLabel}>
          <Icon d={icon} />
        </button>
      );
    return disabled ? (
      <a className={className} aria-disabled="true" aria-label={ariaLabel} role="link">
        <Icon d={icon} />
      </a>
    ) : (
      <a href={hrefFor(to)} className={className} aria-label={ariaLabel} onClick={follow(to)}>
        <Icon d={icon} />
      </a>
    );
  };
  // a plain click stays in the app; a click with a modifier key opens the address as the browser would
  const follow = (to: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onChange(to);
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      {step(page - 1, page <= 1, 'Previous page', chevronLeft)}
      {pageItems(page, pageCount).map((item, i) => {
        if (item === 'gap')
          return (
            <span key={`gap${i}`} className="px-1 text-ink-500" aria-hidden="true">
              …
            </span>
          );
        const className = `${cell} ${item === page ? 'bg-brand-700 text-white' : 'text-ink-700 hover:bg-sand-100'}`;
        return hrefFor ? (
          <a key={item} href={hrefFor(item)} onClick={follow(item)} aria-current={item === page ? 'page' : undefined} aria-label={`Page ${item}`} className={className}>
            {item}
          </a>
        ) : (
          <button key={item} type="button" onClick={() => onChange(item)} aria-current={item === page ? 'page' : undefined} aria-label={`Page ${item}`} className={className}>
            {item}
          </button>
        );
      })}
      {step(page + 1, page >= pageCount, 'Next page', chevronRight)}
    </nav>
  );
}
