import { COVERAGE, SHOP_BY_INITIAL_CARDS } from '@statewise/contract/constants';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/icons.tsx';
import { pin } from '../../components/ui/icon-paths.ts';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { LinkTabs } from '../../components/ui/Tabs.tsx';
import { useCategories, useStates, useStyles } from './api.ts';

const Dialog = lazy(() => import('../../components/ui/Dialog.tsx').then((m) => ({ default: m.Dialog })));

/** LOAD MORE doubles the number of cards shown (shopping §2 Shop-by tabs: 12, 24, 48 …). */
export function nextShown(shown: number): number {
  return shown * 2;
}

interface Card {
  _id: string;
  name: string;
  image: string;
  to: string;
  note?: string;
}

const TABS = [
  { key: 'category', to: '/shop-by/category', label: 'Categories' },
  { key: 'style', to: '/shop-by/style', label: 'Styles' },
  { key: 'region', to: '/shop-by/region', label: 'Regions' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function CardGrid({ cards, loading, error, retry, square }: { cards?: Card[]; loading: boolean; error: boolean; retry: () => void; square: boolean }) {
  const [shown, setShown] = useState<number>(SHOP_BY_INITIAL_CARDS);
  const aspect = square ? 'aspect-square' : 'aspect-[4/3]';
  const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-5 lg:grid-cols-4';
  if (loading)
    return (
      <div className={grid}>
        {Array.from({ length: SHOP_BY_INITIAL_CARDS }, (_, i) => (
          <div key={i}>
            <Skeleton className={`${aspect} w-full rounded-xl`} />
            <Skeleton className="mt-3 h-4 w-24" />
          </div>
        ))}
      </div>
    );
  if (error || !cards)
    return (
      <p className="py-16 text-center text-ink-700">
        This list could not be loaded.{' '}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={retry}>
          Try again
        </button>
      </p>
    );
  if (cards.length === 0) return <p className="py-16 text-center text-ink-700">Nothing here yet.</p>;
  return (
    <>
      <ul className={grid}>
        {cards.slice(0, shown).map((c) => (
          <li key={c._id}>
            <Link to={c.to} className="group block h-full overflow-hidden rounded-xl bg-white shadow-sm transition hover:shadow-md">
              <img src={c.image} alt="" width={600} height={square ? 600 : 450} loading="lazy" className={`${aspect} w-full bg-sand-100 object-cover transition-transform duration-300 group-hover:scale-[1.03]`} />
              <span className="block px-3 py-2.5">
                <span className="block font-display text-lg leading-tight text-brand-800">{c.name}</span>
                {c.note ? <span className="mt-0.5 line-clamp-2 block text-xs text-ink-500">{c.note}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {shown < cards.length ? (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" size="lg" onClick={() => setShown(nextShown)}>
            LOAD MORE
          </Button>
        </div>
      ) : null}
      <p className="mt-4 text-center text-xs text-ink-500" aria-live="polite">
        Showing {Math.min(shown, cards.length)} of {cards.length}
      </p>
    </>
  );
}

function Coverage() {
  const [open, setOpen] = useState(false);
  const stats = [
    { value: COVERAGE.states, label: 'States' },
    { value: COVERAGE.vendors, label: 'Vendors' },
    { value: COVERAGE.orders, label: 'Orders' },
  ];
  return (
    <div className="mb-6 flex flex-col items-start gap-3 rounded-2xl bg-brand-700 px-5 py-4 text-white sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-3">
        <Icon d={pin} className="size-6 text-saffron-300" />
        <span>
          <span className="block font-display text-xl">We are Pan India</span>
          <span className="text-sm text-brand-100">Makers and sellers from every corner of the country.</span>
        </span>
      </p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Pan India coverage
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <Dialog open onClose={() => setOpen(false)} title="Pan India coverage">
            <p className="text-sm text-ink-700">Statewise brings regional crafts and fashion from across India to your door.</p>
            <dl className="mt-5 grid grid-cols-3 gap-3 text-center">
              {stats.map((s) => (
                <div key={s.label} className="flex flex-col-reverse rounded-xl bg-sand-100 px-2 py-4">
                  <dt className="mt-1 text-xs font-semibold tracking-wider text-ink-700 uppercase">{s.label}</dt>
                  <dd className="font-display text-3xl font-bold text-brand-700">{s.value}</dd>
                </div>
              ))}
            </dl>
          </Dialog>
        </Suspense>
      ) : null}
    </div>
  );
}

/** /shop-by/category | style | region: the three tabs of cards (shopping §2 Shop-by tabs). */
export default function ShopByPage() {
  const { tab } = useParams();
  const categories = useCategories(tab === 'category');
  const styles = useStyles(tab === 'style');
  const states = useStates(tab === 'region');
  if (!TABS.some((t) => t.key === tab)) return <NotFoundPage />;
  const key = tab as TabKey;

  // The Combo category never comes back from category/list (the server hides it).
  const q = key === 'category' ? categories : key === 'style' ? styles : states;
  const cards: Card[] | undefined =
    key === 'category'
      ? categories.data?.map((c) => ({ _id: c._id, name: c.name, image: c.image, to: `/products/${c.slug}`, note: c.subcategory.map((s) => s.subcategoryName).slice(0, 3).join(' · ') }))
      : key === 'style'
        ? styles.data?.map((s) => ({ _id: s._id, name: s.name, image: s.image, to: `/shop-by-style/${s.slug}`, note: s.description }))
        : states.data?.map((s) => ({ _id: s._id, name: s.name, image: s.image, to: `/shop-by-state/${s.slug}`, note: s.slogan }));

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 md:px-6 md:pt-10">
      <h1 className="font-display text-3xl text-brand-800 md:text-4xl">Shop by</h1>
      <p className="mt-1 text-sm text-ink-500">Find what you love by what it is, how it is made, or where it comes from.</p>
      <div className="mt-4 mb-6">
        <LinkTabs label="Shop by" items={TABS.map((t) => ({ to: t.to, label: t.label }))} />
      </div>
      {key === 'region' ? <Coverage /> : null}
      <CardGrid key={key} cards={cards} loading={q.isPending} error={q.isError} retry={() => q.refetch()} square={key !== 'region'} />
    </div>
  );
}
