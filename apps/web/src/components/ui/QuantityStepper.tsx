export interface QuantityStepperProps {
  value: number;
  /** Lowest allowed value (default 1). */
  min?: number;
  /** Highest allowed value (stock, 10…). */
  max: number;
  /** Called with value ± 1 when that stays within min and max. */
  onChange: (next: number) => void;
  /**
   * Called when − is pressed at min or + at max, so the owner can say why ('Only 10 quantity can be added').
   * The buttons stay pressable at a limit (marked aria-disabled) so the shopper learns the reason.
   */
  onLimit?: (edge: 'min' | 'max') => void;
  /** A change is being saved: both buttons wait. */
  busy?: boolean;
  /** Names the control for screen readers, e.g. 'Quantity of Chanderi Kurta'. */
  label?: string;
  size?: 'sm' | 'md';
}

/** − value + : the quantity control of the product page, the cart and the drawer. */
export function QuantityStepper({ value, min = 1, max, onChange, onLimit, busy = false, label = 'Quantity', size = 'md' }: QuantityStepperProps) {
  const atMin = value <= min;
  const atMax = value >= max;
  const step = (dir: -1 | 1) => {
    if (busy) return;
    if (dir === -1 && atMin) return onLimit?.('min');
    if (dir === 1 && atMax) return onLimit?.('max');
    onChange(value + dir);
  };
  const box = size === 'sm' ? 'h-8' : 'h-10';
  const cell = size === 'sm' ? 'w-8 text-base' : 'w-10 text-lg';
  const btn = `${cell} flex h-full items-center justify-center font-semibold text-brand-700 transition-colors hover:bg-brand-50 aria-disabled:text-ink-500/50 aria-disabled:hover:bg-transparent disabled:opacity-50`;
  return (
    <div role="group" aria-label={label} className={`inline-flex ${box} items-stretch overflow-hidden rounded-full border border-sand-100 bg-white shadow-[inset_0_0_0_1px_rgb(122_31_61/0.12)]`}>
      <button type="button" className={btn} onClick={() => step(-1)} aria-label="Decrease quantity" aria-disabled={atMin || undefined} disabled={busy}>
        −
      </button>
      <output aria-live="polite" aria-label="Quantity" className={`flex min-w-8 items-center justify-center px-1 text-sm font-semibold tabular-nums ${busy ? 'opacity-60' : ''}`}>
        {value}
      </output>
      <button type="button" className={btn} onClick={() => step(1)} aria-label="Increase quantity" aria-disabled={atMax || undefined} disabled={busy}>
        +
      </button>
    </div>
  );
}
