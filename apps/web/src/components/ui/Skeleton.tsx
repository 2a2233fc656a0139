/** A placeholder block of the same size as what is loading, so the layout does not jump. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-sand-100 ${className}`} />;
}
