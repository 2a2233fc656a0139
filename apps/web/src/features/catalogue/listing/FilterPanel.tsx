import { DISCOUNT_OPTIONS, PRICE_RANGE, SIZES, SUBCATEGORY_CHIPS } from '@statewise/contract/constants';
import type { Category, State, Style } from '@statewise/contract/schemas/catalogue';
import { useId, useState, type ReactNode } from 'react';
import { Chip } from '../../../components/ui/Chip.tsx';
import type { ListingFilters, ResolvedFilters } from './filters.ts';
import { PriceSlider } from './PriceSlider.tsx';

export interface FilterPanelProps {
  filters: ListingFilters;
  resolved: ResolvedFilters;
  categories?: Category[];
  styles?: Style[];
  states?: State[];
  onChange: (change: Partial<ListingFilters>) => void;
  /** The sort group on top (the desktop sidebar); phones have a Sort button of their own. Default true. */
  withSort?: boolean;
  /** What the list is in when no sort is chosen ('Best match' on search, 'Recommended' on listings). */
  defaultSortLabel?: string;
}

export const SORTS = [
  { id: 'price-asc', label: 'Price: low to high', change: { priceSort: 1 as const, sort: undefined } },
  { id: 'price-desc', label: 'Price: high to low', change: { priceSort: -1 as const, sort: undefined } },
  { id: 'newest', label: 'Newest first', change: { sort: -1 as const, priceSort: undefined } },
  { id: 'oldest', label: 'Oldest first', change: { sort: 1 as const, priceSort: undefined } },
];
/** Back to the list's own order (no priceSort, no sort). */
export const DEFAULT_SORT_CHANGE = { priceSort: undefined, sort: undefined };
export const sortId = (f: ListingFilters) =>
  f.priceSort === 1 ? 'price-asc' : f.priceSort === -1 ? 'price-desc' : f.sort === -1 ? 'newest' : f.sort === 1 ? 'oldest' : undefined;

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-sand-100 py-4 last:border-b-0">
      <legend className="float-left mb-3 w-full text-xs font-bold tracking-[0.14em] text-ink-700 uppercase">{title}</legend>
      <div className="clear-left">{children}</div>
    </fieldset>
  );
}

/** Lists longer than this show their first entries and a 'Show all N' toggle (never a hidden scroll box). */
export const SHORT_LIST = 8;

/**
 * A list of radio options shown whole, or, past SHORT_LIST + 2, its first SHORT_LIST with a toggle that
 * shows every option (open from the start when the chosen one is further down, so the choice is never hidden).
 */
function OptionList<T>({ items, chosen, noun, render }: { items: T[]; chosen: number; noun: string; render: (item: T) => ReactNode }) {
  const long = items.length > SHORT_LIST + 2;
  const [open, setOpen] = useState(chosen >= SHORT_LIST);
  const shown = long && !open ? items.slice(0, SHORT_LIST) : items;
  return (
    <>
      {shown.map(render)}
      {long ? (
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="mt-1 text-sm font-semibold text-brand-700 underline">
          {open ? `Show fewer ${noun}` : `Show all ${items.length} ${noun}`}
        </button>
      ) : null}
    </>
  );
}

function Radio({ name, checked, onChange, children }: { name: string; checked: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <label className="flex cursor-pointer items-center gap-2.5 py-1 text-sm text-ink-900 hover:text-brand-700">
      <input type="radio" name={name} checked={checked} onChange={onChange} className="size-4 accent-brand-700" />
      {children}
    </label>
  );
}

/**
 * The listing filters (shopping §2 Listings, §9): sort, category with its subcategory chips (first 8), style,
 * state, price 0–50,000, discount 10–50 % or more, sizes xs–xxxl. Every change applies at once.
 */
export function FilterPanel({ filters: f, resolved, categories, styles, states, onChange, withSort = true, defaultSortLabel = 'Recommended' }: FilterPanelProps) {
  const name = useId();
  return (
    <div>
      {withSort ? (
        <Group title="Sort by">
          <SortOptions filters={f} onChange={onChange} defaultLabel={defaultSortLabel} />
        </Group>
      ) : null}

      <Group title="Category">
        <Radio name={`${name}-cat`} checked={!f.category} onChange={() => onChange({ category: undefined, subcategory: undefined })}>
          All categories
        </Radio>
        {categories ? (
          <OptionList
            key={categories.length}
            items={categories}
            noun="categories"
            chosen={categories.findIndex((c) => c._id === resolved.category?._id)}
            render={(c) => (
              <Radio key={c._id} name={`${name}-cat`} checked={resolved.category?._id === c._id} onChange={() => onChange({ category: c.slug })}>
                {c.name}
              </Radio>
            )}
          />
        ) : null}
        {resolved.category && resolved.category.subcategory.length ? (
          <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={`${resolved.category.name} subcategories`}>
            {resolved.category.subcategory.slice(0, SUBCATEGORY_CHIPS).map((s) => (
              <Chip key={s._id} selected={resolved.subcategory?._id === s._id} onClick={() => onChange({ subcategory: resolved.subcategory?._id === s._id ? undefined : s.slug })}>
                {s.subcategoryName}
              </Chip>
            ))}
          </div>
        ) : null}
      </Group>

      <Group title="Style">
        <Radio name={`${name}-style`} checked={!f.style} onChange={() => onChange({ style: undefined })}>
          All styles
        </Radio>
        {styles ? (
          <OptionList
            key={styles.length}
            items={styles}
            noun="styles"
            chosen={styles.findIndex((s) => s._id === resolved.style?._id)}
            render={(s) => (
              <Radio key={s._id} name={`${name}-style`} checked={resolved.style?._id === s._id} onChange={() => onChange({ style: s.slug })}>
                {s.name}
              </Radio>
            )}
          />
        ) : null}
      </Group>

      <Group title="State">
        <label className="sr-only" htmlFor={`${name}-state`}>
          State
        </label>
        <select
          id={`${name}-state`}
          value={resolved.state?.slug ?? ''}
          onChange={(e) => onChange({ state: e.target.value || undefined })}
          className="h-10 w-full rounded-lg border border-sand-100 bg-white px-3 text-sm text-ink-900 focus:border-brand-200 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        >
          <option value="">All states</option>
          {states?.map((s) => (
            <option key={s._id} value={s.slug}>
              {s.name}
            </option>
          ))}
        </select>
      </Group>

      <Group title="Price">
        <PriceSlider
          key={`${f.minPrice ?? ''}-${f.maxPrice ?? ''}`}
          min={f.minPrice ?? PRICE_RANGE.min}
          max={f.maxPrice ?? PRICE_RANGE.max}
          onChange={(min, max) => onChange({ minPrice: min > PRICE_RANGE.min ? min : undefined, maxPrice: max < PRICE_RANGE.max ? max : undefined })}
        />
      </Group>

      <Group title="Discount">
        {DISCOUNT_OPTIONS.map((d) => (
          <Radio key={d} name={`${name}-discount`} checked={f.discount === d} onChange={() => onChange({ discount: d })}>
            {d}% or more
          </Radio>
        ))}
        {f.discount ? (
          <button type="button" className="mt-1 text-sm font-medium text-brand-700 underline" onClick={() => onChange({ discount: undefined })}>
            Any discount
          </button>
        ) : null}
      </Group>

      <Group title="Size">
        <div className="flex flex-wrap gap-2">
          {SIZES.map((s) => {
            const on = f.sizes.includes(s);
            return (
              <Chip key={s} selected={on} onClick={() => onChange({ sizes: on ? f.sizes.filter((x) => x !== s) : [...f.sizes, s] })}>
                <span className="uppercase">{s}</span>
              </Chip>
            );
          })}
        </div>
      </Group>
    </div>
  );
}

/** The sort choices as radios: the list's own order first, then the spec's four sorts. Each applies at once. */
export function SortOptions({ filters, onChange, defaultLabel }: { filters: ListingFilters; onChange: (change: Partial<ListingFilters>) => void; defaultLabel: string }) {
  const name = useId();
  const current = sortId(filters);
  return (
    <>
      <Radio name={`${name}-sort`} checked={current === undefined} onChange={() => onChange(DEFAULT_SORT_CHANGE)}>
        {defaultLabel}
      </Radio>
      {SORTS.map((s) => (
        <Radio key={s.id} name={`${name}-sort`} checked={current === s.id} onChange={() => onChange(s.change)}>
          {s.label}
        </Radio>
      ))}
    </>
  );
}
