import { Link } from 'react-router';

/** The Statewise mark: a rangoli of four petals, the wordmark and the tagline. */
export function Wordmark({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-1.5 rounded-md sm:gap-2 focus-visible:outline-2 focus-visible:outline-brand-700" aria-label="Statewise home">
      <svg viewBox="0 0 32 32" className="size-7 shrink-0 sm:size-8" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="#7a1f3d" />
        <g fill="#f2b33d">
          <path d="M16 5c3 3.2 3 6.8 0 10-3-3.2-3-6.8 0-10zM16 27c-3-3.2-3-6.8 0-10 3 3.2 3 6.8 0 10zM5 16c3.2-3 6.8-3 10 0-3.2 3-6.8 3-10 0zM27 16c-3.2 3-6.8 3-10 0 3.2-3 6.8-3 10 0z" />
        </g>
        <circle cx="16" cy="16" r="2.2" fill="#fdfaf5" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className="font-display text-[1.2rem] font-bold tracking-tight text-brand-700 sm:text-[1.35rem]">Statewise</span>
        {compact ? null : <span className="mt-0.5 text-[8.5px] font-semibold tracking-[0.1em] text-saffron-700 uppercase sm:text-[10px] sm:tracking-[0.14em]">shop wise, statewise</span>}
      </span>
    </Link>
  );
}
