/**
 * Line icons (24×24, currentColor), drawn inline so they cost no requests:  <Icon d={search} />
 * The paths here are the header's, which every page loads; the rest live in icon-paths.ts so they stay out of
 * the first page load (a bundler keeps a module whole in one chunk).
 */
export const menu = 'M4 7h16M4 12h16M4 17h16';
export const search = 'M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14zm5-2 4.5 4.5';
export const user = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0';
export const heart = 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z';
export const bag = 'M6 8h12l-1 12H7L6 8zm3 0V7a3 3 0 0 1 6 0v1';
export const wallet = 'M4 7h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4V7zm0 0 11-3v3m1 6h.01';
export const chat = 'M5 5h14v10H9l-4 4V5z';

export function Icon({ d, className = 'size-5' }: { d: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true">
      <path d={d} />
    </svg>
  );
}
