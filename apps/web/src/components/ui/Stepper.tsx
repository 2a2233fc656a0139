export interface StepperProps {
  steps: readonly string[];
  /** The current step (0-based). */
  current: number;
  /** Lets the user go back to an earlier step by its label; later steps are never clickable. */
  onSelect?: (step: number) => void;
  label?: string;
}

/** Numbered steps in a row (checkout: Address, Order Summary, Payment); done steps show a tick. */
export function Stepper({ steps, current, onSelect, label = 'Progress' }: StepperProps) {
  return (
    <nav aria-label={label}>
      <ol className="flex items-center gap-2">
        {steps.map((name, i) => {
          const done = i < current;
          const active = i === current;
          const dot = (
            <span
              className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                done ? 'bg-leaf-600 text-white' : active ? 'bg-brand-700 text-white' : 'bg-sand-100 text-ink-500'
              }`}
              aria-hidden="true"
            >
              {done ? (
                <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" className="size-3.5">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
              ) : (
                i + 1
              )}
            </span>
          );
          const text = <span className={`text-xs leading-tight font-semibold sm:text-sm ${active ? 'text-brand-800' : done ? 'text-ink-900' : 'text-ink-500'}`}>{name}</span>;
          return (
            <li key={name} className="flex min-w-0 flex-1 items-center gap-2 last:flex-none" aria-current={active ? 'step' : undefined}>
              {done && onSelect ? (
                <button type="button" onClick={() => onSelect(i)} className="flex min-w-0 items-center gap-1.5 rounded-full pr-2 hover:bg-sand-100" aria-label={`${name} (done), go back`}>
                  {dot}
                  {text}
                </button>
              ) : (
                <span className="flex min-w-0 items-center gap-1.5">
                  {dot}
                  {text}
                </span>
              )}
              {i < steps.length - 1 ? <span className={`h-0.5 min-w-3 flex-1 rounded ${done ? 'bg-leaf-600' : 'bg-sand-100'}`} aria-hidden="true" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
