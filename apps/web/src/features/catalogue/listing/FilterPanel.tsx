import { DISCOUNT_OPTIONS, PRICE_RANGE, SIZES, SUBCATEGORY_CHIPS } from '@statewise/contract/constants';
import type { Category, State, Style } from '@statewise/contract/schemas/catalogue';
import { useId, type ReactNode } from 'react';
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
}

export const SORTS = [
  { id: 'price-asc', label: 'Price: low to high', change: { priceSort: 1 as const, sort: undefined } },
  { id: 'price-desc', label: 'Price: high to low', change: { priceSort: -1 as const, sort: undefined } },
  { id: 'newest', label: 'Newest first', change: { sort: -1 as const, priceSort: undefined } },
  { id: 'oldest', label: 'Oldest first', change: { sort: 1 as const, priceSort: undefined } },
];
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
export function FilterPanel({ filters: f, resolved, categories, styles, states, onChange }: FilterPanelProps) {
  const name = useId();
  const current = sortId(f);
  return (
    <div>
      <Group title="Sort by">
        {SORTS.map((s) => (
          <Radio key={s.id} name={`${name}-sort`} checked={current === s.id} onChange={() => onChange(s.change)}>
            {s.label}
          </Radio>
        ))}
      </Group>

      <Group title="Category">
        <div className="max-h-56 overflow-y-auto pr-1">
          <Radio name={`${name}-cat`} checked={!f.category} onChange={() => onChange({ category: undefined, subcategory: undefined })}>
            All categories
          </Radio>
          {categories?.map((c) => (
            <Radio key={c._id} name={`${name}-cat`} checked={resolved.category?._id === c._id} onChange={() => onChange({ category: c.slug })}>
              {c.name}
            </Radio>
          ))}
        </div>
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
        <div className="max-h-56 overflow-y-auto pr-1">
          <Radio name={`${name}-style`} checked={!f.style} onChange={() => onChange({ style: undefined })}>
            All styles
          </Radio>
          {styles?.map((s) => (
            <Radio key={s._id} name={`${name}-style`} checked={resolved.style?._id === s._id} onChange={() => onChange({ style: s.slug })}>
              {s.name}
            </Radio>
          ))}
        </div>
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
