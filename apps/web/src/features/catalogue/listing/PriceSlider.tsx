import { PRICE_RANGE } from '@statewise/contract/constants';
import { formatINR } from '@statewise/contract/format';
import { useEffect, useRef, useState } from 'react';

const STEP = 500;
const thumb =
  'pointer-events-none absolute inset-0 h-6 w-full appearance-none bg-transparent ' +
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-brand-700 [&::-webkit-slider-thumb]:shadow ' +
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:cursor-pointer [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-brand-700 ' +
  'focus-visible:outline-none [&:focus-visible::-webkit-slider-thumb]:ring-4 [&:focus-visible::-webkit-slider-thumb]:ring-brand-200';

/**
 * The price filter: two thumbs on one track, ₹0 to ₹50,000 (the top meaning "and above"). Dragging updates the
 * labels at once; the filter applies 400 ms after the last move, so a drag is one request, not fifty.
 * Remount it (key) to take a new value from outside.
 */
export function PriceSlider({ min, max, onChange }: { min: number; max: number; onChange: (min: number, max: number) => void }) {
  const [lo, setLo] = useState(min);
  const [hi, setHi] = useState(max);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (a: number, b: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(a, b), 400);
  };
  const span = PRICE_RANGE.max - PRICE_RANGE.min;
  const pct = (v: number) => ((v - PRICE_RANGE.min) / span) * 100;
  const label = (v: number) => (v >= PRICE_RANGE.max ? `${formatINR(v)}+` : formatINR(v));

  return (
    <div>
      <div className="flex justify-between text-sm font-medium text-ink-900">
        <span>{formatINR(lo)}</span>
        <span>{label(hi)}</span>
      </div>
      <div className="relative mt-3 h-6">
        <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-sand-100" />
        <div className="absolute top-1/2 h-1 -translate-y-1/2 rounded-full bg-brand-500" style={{ left: `${pct(lo)}%`, right: `${100 - pct(hi)}%` }} />
        <input
          type="range"
          aria-label="Minimum price"
          aria-valuetext={formatINR(lo)}
          min={PRICE_RANGE.min}
          max={PRICE_RANGE.max}
          step={STEP}
          value={lo}
          onChange={(e) => {
            const v = Math.min(Number(e.target.value), hi - STEP);
            setLo(v);
            commit(v, hi);
          }}
          className={thumb}
        />
        <input
          type="range"
          aria-label="Maximum price"
          aria-valuetext={label(hi)}
          min={PRICE_RANGE.min}
          max={PRICE_RANGE.max}
          step={STEP}
          value={hi}
          onChange={(e) => {
            const v = Math.max(Number(e.target.value), lo + STEP);
            setHi(v);
            commit(lo, v);
          }}
          className={thumb}
        />
      </div>
    </div>
  );
}
