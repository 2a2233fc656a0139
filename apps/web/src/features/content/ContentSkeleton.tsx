import { Skeleton } from '../../components/ui/Skeleton.tsx';

/** The shape of a text page while it loads: a heading and a few paragraphs. */
export function ContentSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading">
      <Skeleton className="h-6 w-1/2" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="mt-5 space-y-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      ))}
    </div>
  );
}
