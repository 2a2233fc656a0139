import { SIZES } from '@statewise/contract/constants';
import { formatINR } from '@statewise/contract/format';
import { LOW_STOCK_THRESHOLD, VENDOR_PRODUCT_PAGE_SIZE, type VendorProduct, type VendorStockBody } from '@statewise/contract/schemas/vendor-products';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { responsiveImage } from '../../../lib/responsive-image.ts';
import { Button } from '../../auth/ui.tsx';
import { useCategories } from '../../catalogue/api.ts';
import { useDeleteProduct, useMyProducts, usePublish, useSetStock, type ProductFilters } from './api.ts';

const STATUS_LABEL = { all: 'All', published: 'Published', unpublished: 'Unpublished' } as const;
const STOCK_LABEL = { '': 'Any stock', low: `Low stock (1–${LOW_STOCK_THRESHOLD})`, out: 'Out of stock' } as const;

/**
 * /vendor/products: the vendor's products with search and filters by status, stock and category. Each row shows the
 * picture, price, status and stock, with the stock editable in place (free size, each size, or each colour),
 * Publish/Unpublish, Edit, and Delete after a confirmation.
 */
export function VendorProductsPage() {
  usePageTitle('Your products');
  const [params] = useSearchParams();
  // ?status=unpublished opens on the drafts (the import's "See your drafts" link).
  const [filters, setFilters] = useState<ProductFilters>(() => {
    const status = params.get('status');
    return { search: '', status: status === 'published' || status === 'unpublished' ? status : 'all', stock: '', categoryId: '', page: 1 };
  });
  const categories = useCategories();
  const [typed, setTyped] = useState('');
  const list = useMyProducts(filters);
  const [deleting, setDeleting] = useState<VendorProduct | null>(null);
  const remove = useDeleteProduct();
  const pageCount = Math.ceil((list.data?.total ?? 0) / VENDOR_PRODUCT_PAGE_SIZE);

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-2xl text-brand-800 md:text-3xl">Your products</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/vendor/products/import" className="inline-flex h-11 items-center rounded-full border border-brand-700 px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            Import CSV
          </Link>
          <Link to="/vendor/products/new" className="inline-flex h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800">
            + Add product
          </Link>
        </div>
      </div>

      <form
        role="search"
        className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-[1fr_auto_auto_auto_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters((f) => ({ ...f, search: typed.trim(), page: 1 }));
        }}
      >
        <input
          type="search"
          aria-label="Search your products"
          placeholder="Search by name or keyword"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="col-span-2 h-11 rounded-full border border-ink-500/40 px-4 text-base sm:col-span-1"
        />
        <select aria-label="Status" value={filters.status} onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as ProductFilters['status'], page: 1 }))} className="h-11 rounded-full border border-ink-500/40 bg-white px-3 text-sm">
          {Object.entries(STATUS_LABEL).map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
        <select aria-label="Stock" value={filters.stock} onChange={(e) => setFilters((f) => ({ ...f, stock: e.target.value as ProductFilters['stock'], page: 1 }))} className="h-11 rounded-full border border-ink-500/40 bg-white px-3 text-sm">
          {Object.entries(STOCK_LABEL).map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
        <select aria-label="Category" value={filters.categoryId} onChange={(e) => setFilters((f) => ({ ...f, categoryId: e.target.value, page: 1 }))} className="col-span-2 h-11 rounded-full border border-ink-500/40 bg-white px-3 text-sm sm:col-span-1">
          <option value="">All categories</option>
          {(categories.data ?? []).map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
        <button type="submit" className="col-span-2 h-11 rounded-full border sm:col-span-1 border-brand-700 px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          Search
        </button>
      </form>

      <p className="mt-3 text-sm text-ink-500" aria-live="polite">
        {list.data ? `${list.data.total} product${list.data.total === 1 ? '' : 's'}` : ' '}
      </p>
      {list.isError ? <p className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{list.error.message}</p> : null}
      {list.isPending ? <div className="mt-3 h-64 animate-pulse rounded-2xl bg-sand-100/60" /> : null}
      {list.data && list.data.products.length === 0 ? <p className="mt-6 rounded-2xl border border-sand-100 bg-white p-6 text-center text-ink-700">No Product Found</p> : null}

      <ul className="mt-3 space-y-3">
        {list.data?.products.map((p) => <ProductRow key={p._id} product={p} onDelete={() => setDeleting(p)} />)}
      </ul>
      <div className="mt-5">
        <Pagination page={filters.page} pageCount={pageCount} onChange={(page) => setFilters((f) => ({ ...f, page }))} label="Product pages" />
      </div>

      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} title="Delete this product?">
        <p className="text-sm text-ink-700">
          <strong>{deleting?.name}</strong> will leave your store, listings and search. Orders already placed keep it.
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <Button type="button" variant="outline" className="w-auto" onClick={() => setDeleting(null)}>
            Keep it
          </Button>
          <Button
            type="button"
            variant="danger"
            className="w-auto"
            pending={remove.isPending}
            onClick={() => {
              if (!deleting) return;
              remove.mutate(deleting._id, {
                onSuccess: (res) => {
                  toast.success(res.message ?? 'Product deleted');
                  setDeleting(null);
                },
                onError: (err) => toast.error(err.message),
              });
            }}
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

function ProductRow({ product: p, onDelete }: { product: VendorProduct; onDelete: () => void }) {
  const publish = usePublish();
  const image = p.images[0];
  return (
    <li className="rounded-2xl border border-brand-100 bg-white p-3 md:p-4" aria-label={p.name}>
      <div className="flex gap-3">
        {image ? <img {...responsiveImage(image, '80px')} alt="" width={80} height={100} className="h-24 w-20 shrink-0 rounded-lg object-cover" /> : <div className="h-24 w-20 shrink-0 rounded-lg bg-sand-100" />}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink-900">{p.name}</p>
              <p className="text-sm text-ink-500">
                {p.categoryId?.name}
                {p.subcategoryId ? ` · ${p.subcategoryId.subcategoryName}` : ''}
              </p>
              <p className="mt-0.5 text-sm">
                <span className="font-semibold text-ink-900">{formatINR(p.offeredPrice)}</span>
                {p.discount > 0 ? (
                  <>
                    {' '}
                    <s className="text-ink-500">{formatINR(p.price)}</s> <span className="font-semibold text-saffron-700">{p.discount}% off</span>
                  </>
                ) : null}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${p.isActive ? 'bg-emerald-50 text-emerald-800' : 'bg-sand-100 text-ink-700'}`}>{p.isActive ? 'Published' : 'Unpublished'}</span>
              <StockBadge total={p.totalStock} />
            </div>
          </div>
          <StockEditor product={p} />
          <div className="mt-3 flex flex-wrap gap-2 text-sm">
            <button
              type="button"
              disabled={publish.isPending}
              onClick={() =>
                publish.mutate(
                  { id: p._id, publish: !p.isActive },
                  { onSuccess: (res) => toast.success(res.message ?? ''), onError: (err) => toast.error(err.message) },
                )
              }
              className="min-h-9 rounded-full border border-brand-700 px-4 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
            >
              {p.isActive ? 'Unpublish' : 'Publish'}
            </button>
            <Link to={`/vendor/products/${p._id}/edit`} className="inline-flex min-h-9 items-center rounded-full px-4 font-semibold text-brand-700 hover:bg-brand-50">
              Edit
            </Link>
            {p.isActive ? (
              <Link to={`/product/${p.slug}`} className="inline-flex min-h-9 items-center rounded-full px-4 font-medium text-ink-700 hover:bg-sand-100">
                View in shop
              </Link>
            ) : null}
            <button type="button" onClick={onDelete} className="min-h-9 rounded-full px-4 font-medium text-red-700 hover:bg-red-50">
              Delete
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}

function StockBadge({ total }: { total: number }) {
  if (total === 0) return <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800">Out of stock</span>;
  if (total <= LOW_STOCK_THRESHOLD) return <span className="rounded-full bg-saffron-50 px-2.5 py-0.5 text-xs font-semibold text-saffron-800">Low: {total} left</span>;
  return <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{total} in stock</span>;
}

/** The row's stock, editable in place: one box per size (all of xs–xxxl), per colour, or the free-size quantity. */
function StockEditor({ product: p }: { product: VendorProduct }) {
  const setStock = useSetStock();
  const initial = (): Record<string, string> => {
    if (p.isFreeSize) return { quantity: String(p.freeSizeQty) };
    if (p.isColorOptions) return Object.fromEntries(p.colorInventory.map((c) => [c._id, String(c.quantity)]));
    const bySize = new Map(p.sizeInventory.map((s) => [s.size, s.quantity]));
    return Object.fromEntries(SIZES.map((s) => [s, bySize.has(s) ? String(bySize.get(s)) : '']));
  };
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const key = `${p._id}-${p.updatedAt}-${p.totalStock}`;
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    // The product changed on the server (saved here or elsewhere): show its stock.
    setSeen(key);
    setValues(initial());
  }

  const boxes: { id: string; label: string }[] = p.isFreeSize
    ? [{ id: 'quantity', label: 'Qty' }]
    : p.isColorOptions
      ? p.colorInventory.map((c) => ({ id: c._id, label: c.color }))
      : SIZES.map((s) => ({ id: s, label: s.toUpperCase() }));

  const save = () => {
    const num = (v: string | undefined) => Number(v);
    let body: VendorStockBody;
    if (p.isFreeSize) body = { quantity: num(values.quantity) };
    else if (p.isColorOptions) body = { colors: p.colorInventory.map((c) => ({ _id: c._id, quantity: num(values[c._id]) })) };
    else body = { sizes: SIZES.filter((s) => values[s] !== '').map((s) => ({ size: s, quantity: num(values[s]) })) };
    setError(null);
    setStock.mutate(
      { id: p._id, body },
      {
        onSuccess: (res) => toast.success(res.message ?? 'Stock updated'),
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-end gap-1.5">
        {boxes.map((b) => (
          <label key={b.id} className="w-14 text-center text-[11px] font-semibold text-ink-500 uppercase">
            <span className="block truncate">{b.label}</span>
            <input
              aria-label={`Stock of ${p.name}: ${b.label}`}
              inputMode="numeric"
              value={values[b.id] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [b.id]: e.target.value.replace(/[^\d]/g, '') }))}
              className="mt-0.5 block h-9 w-full rounded-md border border-ink-500/40 text-center text-sm font-normal text-ink-900"
            />
          </label>
        ))}
        <button
          type="button"
          onClick={save}
          disabled={setStock.isPending}
          className="h-9 rounded-full bg-saffron-400 px-3 text-sm font-semibold text-ink-900 hover:bg-saffron-500 disabled:opacity-50"
        >
          Save stock
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
