import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Icon } from '../../components/ui/icons.tsx';
import { chevronRight } from '../../components/ui/icon-paths.ts';
import { AppLink } from '../../components/AppLink.tsx';

export const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * A titled home section over one query: skeleton while it loads, a retry line if it failed, nothing at all when
 * the list is empty (an empty heading helps no one).
 */
export function Section<T>({
  title,
  kicker,
  more,
  query,
  skeleton,
  children,
}: {
  title: string;
  kicker?: string;
  more?: `/${string}`;
  query: UseQueryResult<T[]>;
  skeleton: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { data, isError, refetch } = query;
  const headingId = useId();
  if (data && data.length === 0) return null;
  return (
    <section className="mx-auto mt-10 max-w-7xl px-4 md:mt-14 md:px-6" aria-labelledby={headingId}>
      <div className="mb-4 flex items-end justify-between gap-4 md:mb-6">
        <div>
          {kicker ? <p className="text-[11px] font-semibold tracking-[0.18em] text-saffron-700 uppercase">{kicker}</p> : null}
          <h2 id={headingId} className="font-display text-2xl text-brand-800 md:text-[2rem]">
            {title}
          </h2>
        </div>
        {more ? (
          <AppLink to={more} className="flex shrink-0 items-center gap-0.5 text-sm font-semibold text-brand-700 hover:underline">
            View all <Icon d={chevronRight} className="size-4" />
          </AppLink>
        ) : null}
      </div>
      {data ? (
        children(data)
      ) : isError ? (
        <p className="rounded-xl bg-white px-4 py-6 text-center text-sm text-ink-700">
          This section could not be loaded.{' '}
          <button type="button" onClick={() => refetch()} className="font-semibold text-brand-700 underline">
            Try again
          </button>
        </p>
      ) : (
        skeleton
      )}
    </section>
  );
}
