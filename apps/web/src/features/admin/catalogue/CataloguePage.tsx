import type { AdminCatalogueItem, CatalogueKind } from '@statewise/contract/schemas/admin-catalogue';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { NavLink, useParams } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { responsiveImage } from '../../../lib/responsive-image.ts';
import { AdminFrame, ConfirmDialog, EmptyNote, ErrorNote, fieldClass, fieldErrorsOf } from '../ui.tsx';
import { useCatalogueList, useDeleteCatalogueItem, useReorder, useSaveCatalogueItem, useSetHidden } from './api.ts';
import { FestiveProductsDialog } from './FestiveProductsDialog.tsx';
import { TrendingPanel } from './TrendingPanel.tsx';
import { VendorPicker } from './VendorPicker.tsx';

type Tab = CatalogueKind | 'trending';

const TABS: Array<{ key: Tab; label: string; one: string; intro: string }> = [
  { key: 'categories', label: 'Categories', one: 'category', intro: 'The shop’s menu and category pages. Hidden categories leave the menus; their products stay on sale.' },
  { key: 'subcategories', label: 'Subcategories', one: 'subcategory', intro: 'Each under a category, in its own order. Hidden ones leave the menus and filters.' },
  { key: 'styles', label: 'Styles', one: 'style', intro: 'Shop by style. Hidden styles leave the style list.' },
  { key: 'states', label: 'States', one: 'state', intro: 'Shop by region: each state’s picture, slogan and video. Hidden states leave the region list.' },
  { key: 'banners', label: 'Banners', one: 'banner', intro: 'The home and community carousels: a wide picture for computers and a tall one for phones.' },
  { key: 'festiveOffers', label: 'Festive offers', one: 'festive offer', intro: 'Festive collections shoppers filter by. A hidden offer is inactive: it leaves the filters.' },
  { key: 'crazyDeals', label: 'Crazy deals', one: 'crazy deal', intro: 'The home page’s deal tiles, each with its discount and the listing it opens.' },
  { key: 'subcategoryCards', label: 'Cards', one: 'subcategory card', intro: 'The home page’s subcategory cards; each opens its subcategory’s listing.' },
  { key: 'vendorSection', label: 'Featured vendors', one: 'featured vendor', intro: 'The vendors the home page features, with a picture, their place and a line about them.' },
  { key: 'trending', label: 'Trending', one: 'product', intro: 'Products marked trending fill the home page’s Trending Now strip and its page.' },
];

/**
 * /admin/catalogue/{tab} (role admin): the catalogue an operator keeps — categories, subcategories, styles, states
 * and banners, each listed with its picture, moved up or down, hidden or shown, edited in a dialog with a picture
 * preview, and deleted only while nothing uses it; and the products' trending flag.
 */
export default function CataloguePage() {
  const { tab: param } = useParams();
  const tab: Tab = TABS.find((t) => t.key === param)?.key ?? 'categories';
  const meta = TABS.find((t) => t.key === tab)!;
  return (
    <AdminFrame title="Catalogue" intro={meta.intro}>
      <nav aria-label="Catalogue" className="-mx-1 mb-4 flex gap-1 overflow-x-auto border-b border-sand-100 pb-px">
        {TABS.map((t) => (
          <NavLink
            key={t.key}
            to={`/admin/catalogue/${t.key}`}
            className={({ isActive }) =>
              `relative shrink-0 px-3 py-3 text-sm font-semibold tracking-wider uppercase ${
                isActive || (t.key === 'categories' && tab === 'categories')
                  ? 'text-brand-700 after:absolute after:inset-x-2 after:bottom-0 after:h-0.5 after:rounded-full after:bg-saffron-500'
                  : 'text-ink-500 hover:text-brand-700'
              }`
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      {tab === 'trending' ? <TrendingPanel /> : <KindPanel key={tab} kind={tab} one={meta.one} />}
    </AdminFrame>
  );
}

/** Entries move among those shown together on the site: a category's subcategories, a placement's banners. */
const groupOf = (i: AdminCatalogueItem) => i.categoryId ?? i.placement ?? '';

function KindPanel({ kind, one }: { kind: CatalogueKind; one: string }) {
  const list = useCatalogueList(kind);
  const reorder = useReorder(kind);
  const hide = useSetHidden(kind);
  const remove = useDeleteCatalogueItem(kind);
  const [editing, setEditing] = useState<{ item: AdminCatalogueItem | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminCatalogueItem | null>(null);
  const [productsOf, setProductsOf] = useState<AdminCatalogueItem | null>(null);
  const [categoryFilter, setCategoryFilter] = useState('');
  const filterId = useId();

  const items = useMemo(() => (list.data ?? []).filter((i) => !categoryFilter || i.categoryId === categoryFilter), [list.data, categoryFilter]);
  const categories = useMemo(() => {
    const seen = new Map<string, string>();
    for (const i of list.data ?? []) if (i.categoryId) seen.set(i.categoryId, i.categoryName ?? '');
    return [...seen];
  }, [list.data]);

  const move = (item: AdminCatalogueItem, by: -1 | 1) => {
    const group = (list.data ?? []).filter((i) => groupOf(i) === groupOf(item));
    const at = group.findIndex((i) => i._id === item._id);
    const to = at + by;
    if (to < 0 || to >= group.length) return;
    const ids = group.map((i) => i._id);
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    reorder.mutate(ids, { onError: (e) => toast.error(e.message) });
  };

  const groupBounds = (item: AdminCatalogueItem) => {
    const group = (list.data ?? []).filter((i) => groupOf(i) === groupOf(item));
    const at = group.findIndex((i) => i._id === item._id);
    return { first: at === 0, last: at === group.length - 1 };
  };

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        {kind === 'subcategories' ? (
          <div className="w-full sm:w-64">
            <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-ink-900">
              Category
            </label>
            <select id={filterId} value={categoryFilter} onChange={(e) => setCategoryFilter(e.target.value)} className={fieldClass}>
              <option value="">All categories</option>
              {categories.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <span />
        )}
        <Button onClick={() => setEditing({ item: null })}>Add {one}</Button>
      </div>
      {list.isPending ? (
        <Skeleton className="h-60 w-full rounded-2xl" />
      ) : list.isError ? (
        <RetryPanel message={list.error.message} onRetry={() => list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyNote>Nothing here yet.</EmptyNote>
      ) : (
        <ul aria-label={`${kind[0]!.toUpperCase()}${kind.slice(1)}`} className="divide-y divide-sand-100 rounded-2xl border border-sand-100 bg-white shadow-sm" aria-busy={reorder.isPending || undefined}>
          {items.map((item) => {
            const { first, last } = groupBounds(item);
            const label = item.name || (item.placement === 'community' ? 'Community banner' : 'Home banner');
            return (
              <li key={item._id} aria-label={label} className="flex flex-wrap items-center gap-3 px-3 py-3 sm:flex-nowrap sm:px-4">
                <div className="flex flex-col gap-1">
                  <button
                    type="button"
                    aria-label={`Move ${label} up`}
                    disabled={first || reorder.isPending}
                    onClick={() => move(item, -1)}
                    className="grid size-8 place-items-center rounded-full text-brand-700 ring-1 ring-sand-100 hover:bg-brand-50 disabled:opacity-30"
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${label} down`}
                    disabled={last || reorder.isPending}
                    onClick={() => move(item, 1)}
                    className="grid size-8 place-items-center rounded-full text-brand-700 ring-1 ring-sand-100 hover:bg-brand-50 disabled:opacity-30"
                  >
                    ↓
                  </button>
                </div>
                <Thumb item={item} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-ink-900">
                    {label}
                    {item.hidden ? <span className="ml-2 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-ink-500">Hidden</span> : null}
                  </p>
                  <p className="text-xs break-words text-ink-500">{describe(item)}</p>
                </div>
                <div className="flex w-full flex-wrap justify-end gap-1 sm:w-auto sm:flex-nowrap">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-pressed={item.hidden}
                    disabled={hide.isPending && hide.variables?.id === item._id}
                    onClick={() =>
                      hide.mutate(
                        { id: item._id, hidden: !item.hidden },
                        { onSuccess: () => toast.success(item.hidden ? `${label} is shown again` : `${label} is hidden`), onError: (e) => toast.error(e.message) },
                      )
                    }
                  >
                    {item.hidden ? 'Show' : 'Hide'}
                  </Button>
                  {kind === 'festiveOffers' ? (
                    <Button variant="ghost" size="sm" aria-label={`Products of ${label}`} onClick={() => setProductsOf(item)}>
                      Products
                    </Button>
                  ) : null}
                  <Button variant="ghost" size="sm" onClick={() => setEditing({ item })}>
                    Edit
                  </Button>
                  <Button variant="ghost" size="sm" className="text-red-700! hover:bg-red-50!" onClick={() => setDeleting(item)}>
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {productsOf ? <FestiveProductsDialog offer={productsOf} onClose={() => setProductsOf(null)} /> : null}
      {editing ? <ItemDialog kind={kind} one={one} item={editing.item} categoryId={categoryFilter} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete this ${one}?`}
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success(`${deleting.name || 'Banner'} deleted`);
              setDeleting(null);
            },
          })
        }
      >
        {deleting ? (
          <p>
            <strong>{deleting.name || `This ${one}`}</strong> is removed for good
            {kind === 'categories' ? ', with its subcategories' : ''}. While products use it, it cannot be deleted: hide it instead.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

/** Kinds with an address name (slug); the server makes one from the name when none is given. */
const SLUGGED: readonly CatalogueKind[] = ['categories', 'subcategories', 'styles', 'states', 'festiveOffers'];

function Choice({ label, value, onChange, error, options }: { label: string; value: string; onChange: (v: string) => void; error?: string; options: Array<readonly [string, string]> }) {
  const id = useId();
  return (
    <div className="mt-3 first:mt-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} className={fieldClass}>
        <option value="">Choose…</option>
        {options.map(([v, name]) => (
          <option key={v} value={v}>
            {name}
          </option>
        ))}
      </select>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

function describe(item: AdminCatalogueItem): string {
  const parts: string[] = [];
  if (item.categoryName) parts.push(item.categoryName);
  if (item.slug) parts.push(`/${item.slug}`);
  if (item.placement) parts.push(item.placement === 'home' ? 'Home carousel' : 'Community carousel');
  if (item.link) parts.push(`→ ${item.link}`);
  if (item.gstRate !== undefined) parts.push(`GST ${item.gstRate}%${item.hsnCode ? ` · HSN ${item.hsnCode}` : ''}`);
  if (item.slogan) parts.push(`“${item.slogan}”`);
  if (item.subtitle) parts.push(item.subtitle);
  if (item.discount !== undefined) parts.push(`${item.discount}% off`);
  if (item.subcategoryName) parts.push(item.subcategoryName);
  if (item.place) parts.push(item.place);
  if (item.productsCount !== undefined) parts.push(`${item.productsCount} product${item.productsCount === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

function Thumb({ item }: { item: AdminCatalogueItem }) {
  const wide = item.kind === 'banners' || item.kind === 'crazyDeals';
  const box = wide ? 'h-12 w-28' : 'size-14';
  if (!item.image) return <span aria-hidden className={`${box} shrink-0 rounded-lg bg-sand-100`} />;
  return <img {...responsiveImage(item.image, wide ? '112px' : '56px')} alt="" loading="lazy" className={`${box} shrink-0 rounded-lg border border-sand-100 object-cover`} />;
}

/** A chosen picture file and its preview address (revoked when replaced or when the dialog closes). */
function usePicture() {
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const latest = useRef<string | null>(null);
  useEffect(() => () => void (latest.current && URL.revokeObjectURL(latest.current)), []);
  const setFile = (file: File | null) => {
    if (latest.current) URL.revokeObjectURL(latest.current);
    latest.current = file ? URL.createObjectURL(file) : null;
    setChosen(file && latest.current ? { file, preview: latest.current } : null);
  };
  return { file: chosen?.file ?? null, preview: chosen?.preview ?? null, setFile };
}

function PictureField({ label, current, picture, error, wide }: { label: string; current: string; picture: ReturnType<typeof usePicture>; error?: string; wide?: boolean }) {
  const id = useId();
  const shown = picture.preview ?? current;
  return (
    <div className="mt-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
        {label}
      </label>
      <div className="flex items-center gap-3">
        {shown ? (
          <img src={picture.preview ?? responsiveImage(current, '160px').src} alt={`${label} preview`} className={`${wide ? 'h-16 w-36' : 'size-16'} shrink-0 rounded-lg border border-sand-100 object-cover`} />
        ) : (
          <span aria-hidden className={`${wide ? 'h-16 w-36' : 'size-16'} shrink-0 rounded-lg border-2 border-dashed border-sand-100`} />
        )}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={error ? true : undefined}
          onChange={(e) => picture.setFile(e.target.files?.[0] ?? null)}
          className="min-w-0 flex-1 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
        />
      </div>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : <p className="mt-1 text-xs text-ink-500">JPEG, PNG or WebP up to 5 MB; stored as WebP.</p>}
    </div>
  );
}

function TextField({ label, value, onChange, error, maxLength, placeholder, hint }: { label: string; value: string; onChange: (v: string) => void; error?: string; maxLength?: number; placeholder?: string; hint?: string }) {
  const id = useId();
  return (
    <div className="mt-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
        {label}
      </label>
      <input id={id} value={value} maxLength={maxLength} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} className={fieldClass} />
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : hint ? <p className="mt-1 text-xs text-ink-500">{hint}</p> : null}
    </div>
  );
}

function ItemDialog({ kind, one, item, categoryId, onClose }: { kind: CatalogueKind; one: string; item: AdminCatalogueItem | null; categoryId: string; onClose: () => void }) {
  const id = useId();
  const save = useSaveCatalogueItem(kind);
  const cats = useCatalogueList('categories');
  const subs = useCatalogueList('subcategories');
  const [v, setV] = useState({
    name: item?.name ?? '',
    slug: item?.slug ?? '',
    gstRate: String(item?.gstRate ?? 5),
    hsnCode: item?.hsnCode ?? '',
    categoryId: item?.categoryId ?? categoryId,
    description: item?.description ?? '',
    slogan: item?.slogan ?? '',
    video: item?.video ?? '',
    placement: item?.placement ?? 'home',
    link: item?.link ?? '',
    subtitle: item?.subtitle ?? '',
    discount: String(item?.discount ?? ''),
    subcategoryId: item?.subcategoryId ?? '',
    vendorUserId: item?.vendorUserId ?? '',
    place: item?.place ?? '',
    hidden: item?.hidden ?? false,
  });
  const set = (k: keyof typeof v) => (value: string | boolean) => setV((old) => ({ ...old, [k]: value }));
  const image = usePicture();
  const mobileImage = usePicture();
  const errors = fieldErrorsOf(save.error);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const form = new FormData();
    const put = (k: string, value: string) => form.append(k, value);
    put('hidden', String(v.hidden));
    if (kind === 'banners') put('placement', v.placement);
    if (kind === 'banners' || kind === 'crazyDeals') put('link', v.link.trim());
    if (kind !== 'vendorSection') put('name', v.name.trim());
    if (SLUGGED.includes(kind) && v.slug.trim()) put('slug', v.slug.trim());
    if (kind === 'crazyDeals') {
      put('subtitle', v.subtitle.trim());
      if (v.discount.trim()) put('discount', v.discount.trim());
    }
    if (kind === 'subcategoryCards') put('subcategoryId', v.subcategoryId);
    if (kind === 'vendorSection') {
      put('vendorUserId', v.vendorUserId);
      put('place', v.place.trim());
      put('description', v.description.trim());
    }
    if (kind === 'categories') {
      put('gstRate', v.gstRate);
      put('hsnCode', v.hsnCode.trim());
    }
    if (kind === 'subcategories') put('categoryId', v.categoryId);
    if (kind === 'styles') put('description', v.description.trim());
    if (kind === 'states') {
      put('slogan', v.slogan.trim());
      put('video', v.video.trim());
    }
    if (image.file) form.append('image', image.file);
    if (mobileImage.file) form.append('mobileImage', mobileImage.file);
    save.mutate(
      { id: item?._id, form },
      {
        onSuccess: () => {
          toast.success(item ? 'Saved' : `${one[0]!.toUpperCase()}${one.slice(1)} added`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={item ? `Edit ${item.name || one}` : `Add a ${one}`} size="sm:max-w-lg">
      <form onSubmit={onSubmit} noValidate>
        <ErrorNote message={save.error?.message} />
        {kind === 'banners' ? (
          <>
            <label htmlFor={`${id}-placement`} className="mb-1 block text-sm font-medium text-ink-900">
              Carousel
            </label>
            <select id={`${id}-placement`} value={v.placement} onChange={(e) => set('placement')(e.target.value)} className={fieldClass}>
              <option value="home">Home</option>
              <option value="community">Community</option>
            </select>
          </>
        ) : null}
        {kind === 'subcategories' ? (
          <Choice label="Category" value={v.categoryId} onChange={set('categoryId')} error={errors.categoryId} options={(cats.data ?? []).map((c) => [c._id, c.name])} />
        ) : null}
        {kind === 'subcategoryCards' ? (
          <Choice
            label="Subcategory"
            value={v.subcategoryId}
            onChange={set('subcategoryId')}
            error={errors.subcategoryId}
            options={(subs.data ?? []).map((c) => [c._id, `${c.categoryName ?? ''} › ${c.name}`])}
          />
        ) : null}
        {kind === 'vendorSection' ? (
          <VendorPicker value={v.vendorUserId} currentName={item?.vendorName} onChange={set('vendorUserId')} error={errors.vendorUserId} />
        ) : null}
        {kind !== 'vendorSection' ? (
          <TextField
            label={kind === 'banners' ? 'Title (optional)' : ['festiveOffers', 'crazyDeals', 'subcategoryCards'].includes(kind) ? 'Title' : 'Name'}
            value={v.name}
            onChange={set('name')}
            error={errors.name}
            maxLength={kind === 'banners' || kind === 'crazyDeals' || kind === 'festiveOffers' || kind === 'subcategoryCards' ? 120 : 80}
          />
        ) : null}
        {SLUGGED.includes(kind) ? (
          <TextField label="Slug" value={v.slug} onChange={set('slug')} error={errors.slug} maxLength={80} placeholder="made from the name" hint="The address name: lower-case letters, digits and hyphens." />
        ) : null}
        {kind === 'crazyDeals' ? (
          <>
            <TextField label="Subtitle" value={v.subtitle} onChange={set('subtitle')} error={errors.subtitle} maxLength={120} />
            <TextField label="Discount (%)" value={v.discount} onChange={set('discount')} error={errors.discount} maxLength={2} placeholder="30" />
          </>
        ) : null}
        {kind === 'banners' || kind === 'crazyDeals' ? (
          <TextField label="Link" value={v.link} onChange={set('link')} error={errors.link} maxLength={500} placeholder="/products/sarees" hint="A page of this site (/…) or https://…" />
        ) : null}
        {kind === 'vendorSection' ? (
          <>
            <TextField label="Place" value={v.place} onChange={set('place')} error={errors.place} maxLength={80} placeholder="Kutch, Gujarat" />
            <div className="mt-3">
              <label htmlFor={`${id}-vdescription`} className="mb-1 block text-sm font-medium text-ink-900">
                About them
              </label>
              <textarea id={`${id}-vdescription`} rows={3} maxLength={500} value={v.description} onChange={(e) => set('description')(e.target.value)} className={fieldClass} />
            </div>
          </>
        ) : null}
        {kind === 'categories' ? (
          <div className="grid grid-cols-2 gap-3">
            <div className="mt-3">
              <label htmlFor={`${id}-gst`} className="mb-1 block text-sm font-medium text-ink-900">
                GST rate
              </label>
              <select id={`${id}-gst`} value={v.gstRate} onChange={(e) => set('gstRate')(e.target.value)} className={fieldClass}>
                {[0, 5, 12, 18, 28].map((r) => (
                  <option key={r} value={r}>
                    {r}%
                  </option>
                ))}
              </select>
            </div>
            <TextField label="HSN code" value={v.hsnCode} onChange={set('hsnCode')} error={errors.hsnCode} maxLength={8} />
          </div>
        ) : null}
        {kind === 'styles' ? (
          <div className="mt-3">
            <label htmlFor={`${id}-description`} className="mb-1 block text-sm font-medium text-ink-900">
              Description
            </label>
            <textarea id={`${id}-description`} rows={3} maxLength={500} value={v.description} onChange={(e) => set('description')(e.target.value)} className={fieldClass} />
          </div>
        ) : null}
        {kind === 'states' ? (
          <>
            <TextField label="Slogan" value={v.slogan} onChange={set('slogan')} error={errors.slogan} maxLength={200} />
            <TextField label="Video address (optional)" value={v.video} onChange={set('video')} error={errors.video} maxLength={500} placeholder="https://…" />
          </>
        ) : null}
        <PictureField label={kind === 'banners' ? 'Desktop picture' : 'Picture'} current={item?.image ?? ''} picture={image} error={errors.image} wide={kind === 'banners' || kind === 'crazyDeals'} />
        {kind === 'banners' ? <PictureField label="Mobile picture" current={item?.mobileImage ?? ''} picture={mobileImage} error={errors.mobileImage} /> : null}
        <label className="mt-4 flex min-h-11 items-center gap-2 text-sm text-ink-900">
          <input type="checkbox" checked={v.hidden} onChange={(e) => set('hidden')(e.target.checked)} className="size-4 accent-brand-700" />
          Hidden from the site
        </label>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : item ? 'Save' : `Add ${one}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
