import type { ReactNode } from 'react';
import { Icon } from './icons.tsx';
import { close } from './icon-paths.ts';

const base = 'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm whitespace-nowrap transition-colors';

/** A toggle chip (aria-pressed). */
export function Chip({ selected = false, onClick, children }: { selected?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={`${base} ${selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-sand-100 bg-white text-ink-700 hover:border-brand-200 hover:text-brand-700'}`}
    >
      {children}
    </button>
  );
}

/** An applied filter with its remove button. */
export function RemovableChip({ children, onRemove, label }: { children: ReactNode; onRemove: () => void; label: string }) {
  return (
    <span className={`${base} border-brand-100 bg-brand-50 pr-1 text-brand-800`}>
      {children}
      <button type="button" onClick={onRemove} aria-label={`Remove ${label}`} className="rounded-full p-1 hover:bg-brand-100">
        <Icon d={close} className="size-3.5" />
      </button>
    </span>
  );
}
