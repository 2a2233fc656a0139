import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { NavLink } from 'react-router';

const tabClass = (active: boolean) =>
  `relative shrink-0 px-4 py-3 text-sm font-semibold tracking-wider uppercase transition-colors ${
    active ? 'text-brand-700 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-saffron-500' : 'text-ink-500 hover:text-brand-700'
  }`;

/** Tabs that are pages (each its own address): a nav of links, the current one marked aria-current. */
export function LinkTabs({ items, label }: { items: Array<{ to: string; label: ReactNode }>; label: string }) {
  return (
    <nav aria-label={label} className="flex overflow-x-auto border-b border-sand-100">
      {items.map((t) => (
        <NavLink key={t.to} to={t.to} className={({ isActive }) => tabClass(isActive)}>
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** In-page tabs (ARIA tablist): arrow keys, Home and End move between tabs. The caller renders the panel. */
export function Tabs<K extends string>({
  items,
  value,
  onChange,
  label,
  idPrefix,
}: {
  items: Array<{ key: K; label: ReactNode }>;
  value: K;
  onChange: (key: K) => void;
  label: string;
  /** Tabs get ids `${idPrefix}-tab-${key}`; give the panel aria-labelledby that id and id `${idPrefix}-panel`. */
  idPrefix: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const i = items.findIndex((t) => t.key === value);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = items[(next + items.length) % items.length]!;
    onChange(target.key);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idPrefix}-tab-${target.key}`)}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} className="flex overflow-x-auto border-b border-sand-100" onKeyDown={onKeyDown}>
      {items.map((t) => (
        <button
          key={t.key}
          id={`${idPrefix}-tab-${t.key}`}
          type="button"
          role="tab"
          aria-selected={t.key === value}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={t.key === value ? 0 : -1}
          onClick={() => onChange(t.key)}
          className={tabClass(t.key === value)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
