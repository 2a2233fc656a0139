import { useId, useState } from 'react';

/** Icon paths of the reviews feature (24×24). */
export const starPath = 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z';
export const checkPath = 'M5 12l4 4 10-10';
export const trashPath = 'M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13M10 11v6m4-6v6';
export const pencilPath = 'M4 20h4L19 9l-4-4L4 16v4zm9-13 4 4';

function StarShape({ filled, className }: { filled: boolean; className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`${className} ${filled ? 'fill-saffron-400 text-saffron-500' : 'fill-sand-100 text-ink-500/40'}`}
      stroke="currentColor"
      strokeWidth="1"
      aria-hidden="true"
    >
      <path d={starPath} />
    </svg>
  );
}

/** A read-only rating: five stars, filled to the nearest whole star, named for screen readers. */
export function Stars({ rating, size = 'size-4' }: { rating: number; size?: string }) {
  return (
    <span className="inline-flex" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarShape key={n} filled={n <= Math.round(rating)} className={size} />
      ))}
    </span>
  );
}

export const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/**
 * The 5-star picker: five native radio buttons drawn as stars, so it works with a mouse, a finger (44 px
 * targets), the keyboard (Tab into the group, arrow keys to change) and screen readers ("4 stars, Very good").
 */
export function StarInput({ value, onChange, error, label = 'Your rating' }: { value: number; onChange: (v: number) => void; error?: string | null; label?: string }) {
  const name = useId();
  const errorId = `${name}-error`;
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 block text-sm font-medium text-ink-900">{label}</legend>
      <div className="flex items-center gap-3">
        <div className="-ml-1.5 flex" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="relative cursor-pointer p-1.5" onMouseEnter={() => setHover(n)}>
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="peer sr-only"
                aria-label={`${n} ${n === 1 ? 'star' : 'stars'}, ${RATING_WORDS[n]}`}
              />
              <StarShape filled={n <= shown} className="size-8 transition-transform peer-focus-visible:scale-110 md:size-9" />
              <span className="pointer-events-none absolute inset-0.5 rounded-full peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700" aria-hidden="true" />
            </label>
          ))}
        </div>
        <span className="text-sm font-medium text-ink-700" aria-hidden="true">
          {shown ? RATING_WORDS[shown] : 'Tap a star'}
        </span>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
