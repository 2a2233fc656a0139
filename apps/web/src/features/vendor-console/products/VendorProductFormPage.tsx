import { SIZES, type Size } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import { VENDOR_PRODUCT_LIMITS, vendorProductForm, type VendorProduct } from '@statewise/contract/schemas/vendor-products';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api.ts';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { Button, Field, FormError } from '../../auth/ui.tsx';
import { useCategories, useStates, useStyles } from '../../catalogue/api.ts';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { useMyProduct, useSaveProduct } from './api.ts';
import { SelectField } from '../../../components/ui/SelectField.tsx';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_BYTES = 5 * 1024 * 1024;

type InventoryType = 'free' | 'sizes' | 'colors';
/** A picture on the form: one the product already has (`url`) or a file chosen now (`file`, previewed). */
type Picture = { url: string; file?: File };
type ColourRow = { key: number; color: string; quantity: string; pictures: Picture[] };

export interface FormState {
  name: string;
  description: string;
  categoryId: string;
  subcategoryId: string;
  styleId: string;
  stateId: string;
  price: string;
  offeredPrice: string;
  inventoryType: InventoryType;
  freeQuantity: string;
  sizes: Record<Size, string>;
  colours: ColourRow[];
  metaDescription: string;
  metaKeywords: string;
  pictures: Picture[];
  /** An unpublished product (an imported draft): it may be saved without a picture, as the server allows. */
  draft: boolean;
}

const EMPTY_SIZES = Object.fromEntries(SIZES.map((s) => [s, ''])) as Record<Size, string>;
let colourKey = 0;

export function emptyState(): FormState {
  return {
    name: '',
    description: '',
    categoryId: '',
    subcategoryId: '',
    styleId: '',
    stateId: '',
    price: '',
    offeredPrice: '',
    inventoryType: 'sizes',
    freeQuantity: '',
    sizes: { ...EMPTY_SIZES },
    colours: [{ key: ++colourKey, color: '', quantity: '', pictures: [] }],
    metaDescription: '',
    metaKeywords: '',
    pictures: [],
    draft: false,
  };
}

function fromProduct(p: VendorProduct): FormState {
  const sizes = { ...EMPTY_SIZES };
  for (const s of p.sizeInventory) sizes[s.size] = String(s.quantity);
  return {
    name: p.name,
    description: p.description,
    categoryId: p.categoryId?._id ?? '',
    subcategoryId: p.subcategoryId?._id ?? '',
    styleId: p.styleId?._id ?? '',
    stateId: p.stateId?._id ?? '',
    price: String(p.price),
    offeredPrice: String(p.offeredPrice),
    inventoryType: p.isFreeSize ? 'free' : p.isColorOptions ? 'colors' : 'sizes',
    freeQuantity: String(p.freeSizeQty),
    sizes,
    colours: p.colorInventory.length
      ? p.colorInventory.map((c) => ({ key: ++colourKey, color: c.color, quantity: String(c.quantity), pictures: c.images.map((url) => ({ url })) }))
      : [{ key: ++colourKey, color: '', quantity: '', pictures: [] }],
    metaDescription: p.metaDescription,
    metaKeywords: p.metaKeyword.join(', '),
    pictures: p.images.map((url) => ({ url })),
    draft: !p.isActive,
  };
}

/** The discount the shop will show: round((price − offered) / price × 100), as the server computes it. */
export function discountFor(price: string, offered: string): number | null {
  const p = Number(price);
  const o = Number(offered);
  if (!Number.isInteger(p) || !Number.isInteger(o) || p <= 0 || o <= 0 || o > p) return null;
  return Math.round(((p - o) / p) * 100);
}

function inventoryJson(s: FormState): string {
  if (s.inventoryType === 'free') return JSON.stringify({ type: 'free', quantity: s.freeQuantity === '' ? undefined : Number(s.freeQuantity) });
  if (s.inventoryType === 'sizes') {
    const sizes = SIZES.filter((z) => s.sizes[z] !== '').map((z) => ({ size: z, quantity: Number(s.sizes[z]) }));
    return JSON.stringify({ type: 'sizes', sizes });
  }
  return JSON.stringify({
    type: 'colors',
    colors: s.colours.map((c) => ({ color: c.color, quantity: c.quantity === '' ? undefined : Number(c.quantity), images: c.pictures.filter((p) => !p.file).map((p) => p.url) })),
  });
}

/** The text fields as sent (multipart text), the same names the server checks. */
function textFields(s: FormState): Record<string, string> {
  return {
    name: s.name,
    description: s.description,
    categoryId: s.categoryId,
    subcategoryId: s.subcategoryId,
    styleId: s.styleId,
    stateId: s.stateId,
    price: s.price,
    offeredPrice: s.offeredPrice,
    inventory: inventoryJson(s),
    metaDescription: s.metaDescription,
    metaKeywords: s.metaKeywords,
  };
}

/** The same checks as the server (the contract's schema and its cross-field rules), with its messages. */
export function validate(s: FormState): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (field: string, message: string) => {
    errors[field] ??= message;
  };
  const parsed = vendorProductForm.safeParse(textFields(s));
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.map(String).join('.') || '_', issue.message);
  if (/^\d+$/.test(s.price) && /^\d+$/.test(s.offeredPrice) && Number(s.offeredPrice) > Number(s.price)) add('offeredPrice', MSG.vpOfferedAbovePrice);
  if (!s.description.replace(/<[^>]*>/g, '').trim()) add('description', MSG.vpDescriptionRequired);
  if (s.pictures.length === 0 && !s.draft) add('images', MSG.vpImagesRequired);
  if (s.pictures.length > VENDOR_PRODUCT_LIMITS.images) add('images', MSG.vpImagesTooMany);
  if (s.inventoryType === 'colors' && !s.draft) s.colours.forEach((c, i) => (c.pictures.length ? null : add(`colorImages[${i}]`, MSG.vpColorImagesRequired)));
  return errors;
}

/** A field's message from the form's own check or the server's `errors` (inventory messages land on their group). */
function messageFor(errors: Record<string, string>, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const nested = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return nested ? errors[nested] : undefined;
}

/**
 * /vendor/products/new and /vendor/products/{id}/edit: every field of a product (spec §3) with its message under it.
 * Category then subcategory (only the category's), price and offered price with the discount shown as you type,
 * stock as free size, sizes xs–xxxl or colours (each with its pictures), 1–5 pictures with previews, and the meta
 * fields. Sent as one multipart form; the server's field messages land on the same fields.
 */
export function VendorProductFormPage() {
  const { id } = useParams();
  usePageTitle(id ? 'Edit product' : 'Add product');
  const existing = useMyProduct(id);
  if (!id) return <ProductForm key="new" initial={emptyState()} />;
  if (existing.isError) return <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{existing.error.message}</p>;
  if (!existing.data) return <div className="h-96 animate-pulse rounded-2xl bg-sand-100/60" aria-label="Loading" />;
  // Keyed by the product: the form starts from what the server holds and is the vendor's from then on.
  return <ProductForm key={id} id={id} initial={fromProduct(existing.data)} />;
}

export function ProductForm({ id, initial }: { id?: string; initial: FormState }) {
  const [s, setS] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [headline, setHeadline] = useState<string | null>(null);
  const save = useSaveProduct(id);
  const navigate = useNavigate();
  const categories = useCategories();
  const styles = useStyles();
  const states = useStates();
  const subcategories = useMemo(() => categories.data?.find((c) => c._id === s.categoryId)?.subcategory ?? [], [categories.data, s.categoryId]);
  const discount = discountFor(s.price, s.offeredPrice);
  const formRef = useRef<HTMLFormElement>(null);

  // After a first try the messages follow the fields as they are corrected (and replace the server's).
  const [tried, setTried] = useState(false);
  const patch = (change: Partial<FormState>) => {
    const next = { ...s, ...change };
    setS(next);
    if (tried) {
      const found = validate(next);
      setErrors(found);
      if (!Object.keys(found).length) setHeadline(null);
    }
  };
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => patch({ [key]: value } as Partial<FormState>);

  // Previews of chosen files, revoked when they go.
  const previews = useRef(new Map<File, string>());
  useEffect(() => () => previews.current.forEach((u) => URL.revokeObjectURL(u)), []);
  const pictureOf = (file: File): Picture => {
    let url = previews.current.get(file);
    if (!url) {
      url = URL.createObjectURL(file);
      previews.current.set(file, url);
    }
    return { url, file };
  };
  const chosen = (files: FileList | null, field: string): Picture[] => {
    const list = [...(files ?? [])];
    const bad = list.find((f) => !ACCEPT.split(',').includes(f.type));
    const big = list.find((f) => f.size > MAX_BYTES);
    if (bad || big) {
      setErrors((e) => ({ ...e, [field]: bad ? MSG.vpImageType : MSG.vpImageTooLarge }));
      return [];
    }
    setErrors(({ [field]: _drop, ...rest }) => rest);
    return list.map(pictureOf);
  };

  const submit = async () => {
    setTried(true);
    const found = validate(s);
    setErrors(found);
    const first = Object.values(found)[0];
    setHeadline(first ? MSG.vpFormInvalid : null);
    if (first) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus());
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(textFields(s))) form.append(k, v);
    if (id) form.append('keepImages', JSON.stringify(s.pictures.filter((p) => !p.file).map((p) => p.url)));
    for (const p of s.pictures) if (p.file) form.append('images', p.file);
    if (s.inventoryType === 'colors') s.colours.forEach((c, i) => c.pictures.forEach((p) => (p.file ? form.append(`colorImages[${i}]`, p.file) : null)));
    try {
      const res = await save.mutateAsync(form);
      toast.success(res.message ?? (id ? MSG.vpUpdated : MSG.vpCreated));
      navigate('/vendor/products');
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.errors);
        setHeadline(err.message);
      } else setHeadline(String(err));
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="mx-auto max-w-3xl"
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h1 className="font-display text-2xl text-brand-800 md:text-3xl">{id ? 'Edit product' : 'Add product'}</h1>
        <Link to="/vendor/products" className="text-sm font-medium text-brand-700 underline">
          Back to products
        </Link>
      </div>
      <div className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm md:p-6">
        <Group title="About the product">
          <Field label="Name" value={s.name} onChange={(e) => set('name', e.target.value)} error={errors.name} maxLength={VENDOR_PRODUCT_LIMITS.name} />
          <RichTextEditor label="Description" value={s.description} onChange={(v) => set('description', v)} error={errors.description} />
        </Group>

        <Group title="Where it belongs">
          <div className="grid gap-x-4 md:grid-cols-2">
            <SelectField className="mb-4"
              label="Category"
              value={s.categoryId}
              onChange={(v) => patch({ categoryId: v, subcategoryId: '' })}
              error={errors.categoryId}
              options={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            />
            <SelectField className="mb-4"
              label="Subcategory"
              value={s.subcategoryId}
              onChange={(v) => set('subcategoryId', v)}
              error={errors.subcategoryId}
              disabled={!s.categoryId}
              placeholder={s.categoryId ? 'Select a subcategory' : 'Select a category first'}
              options={subcategories.map((c) => ({ value: c._id, label: c.subcategoryName }))}
            />
            <SelectField className="mb-4" label="Style (optional)" value={s.styleId} onChange={(v) => set('styleId', v)} error={errors.styleId} options={(styles.data ?? []).map((c) => ({ value: c._id, label: c.name }))} />
            <SelectField className="mb-4" label="State" value={s.stateId} onChange={(v) => set('stateId', v)} error={errors.stateId} options={(states.data ?? []).map((c) => ({ value: c._id, label: c.name }))} />
          </div>
        </Group>

        <Group title="Price">
          <div className="grid gap-x-4 md:grid-cols-3">
            <Field label="Price (₹)" inputMode="numeric" value={s.price} onChange={(e) => set('price', e.target.value.replace(/[^\d]/g, ''))} error={errors.price} />
            <Field label="Offered price (₹)" inputMode="numeric" value={s.offeredPrice} onChange={(e) => set('offeredPrice', e.target.value.replace(/[^\d]/g, ''))} error={errors.offeredPrice} />
            <div className="mb-4">
              <p className="mb-1 block text-sm font-medium text-ink-900">Discount</p>
              <p className="flex h-[46px] items-center rounded-lg bg-sand-100/60 px-3 text-base font-semibold text-saffron-700" aria-live="polite" data-testid="discount">
                {discount === null ? '–' : `${discount}% off`}
              </p>
            </div>
          </div>
        </Group>

        <Group title="Stock">
          <div role="radiogroup" aria-label="Kind of stock" className="mb-3 flex flex-wrap gap-2">
            {(
              [
                ['free', 'Free size'],
                ['sizes', 'Sizes'],
                ['colors', 'Colours'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200 ${
                  s.inventoryType === value ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800' : 'border-ink-500/30 text-ink-700'
                }`}
              >
                <input type="radio" name="inventoryType" className="sr-only" checked={s.inventoryType === value} onChange={() => set('inventoryType', value)} />
                {label}
              </label>
            ))}
          </div>
          {s.inventoryType === 'free' ? (
            <Field className="mb-2 max-w-48" label="Quantity" inputMode="numeric" value={s.freeQuantity} onChange={(e) => set('freeQuantity', e.target.value.replace(/[^\d]/g, ''))} error={messageFor(errors, 'inventory')} />
          ) : null}
          {s.inventoryType === 'sizes' ? (
            <>
              <p className="mb-2 text-sm text-ink-500">Stock per size; leave a size empty if you do not make it.</p>
              <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
                {SIZES.map((z) => (
                  <label key={z} className="text-center text-sm font-semibold text-ink-700 uppercase">
                    {z}
                    <input
                      aria-label={`Stock of size ${z.toUpperCase()}`}
                      inputMode="numeric"
                      value={s.sizes[z]}
                      onChange={(e) => set('sizes', { ...s.sizes, [z]: e.target.value.replace(/[^\d]/g, '') })}
                      className="mt-1 block w-full rounded-lg border border-ink-500/40 px-2 py-2 text-center text-base font-normal"
                    />
                  </label>
                ))}
              </div>
              <GroupMessage message={messageFor(errors, 'inventory')} />
            </>
          ) : null}
          {s.inventoryType === 'colors' ? (
            <div className="space-y-3">
              {s.colours.map((c, i) => {
                const update = (patch: Partial<ColourRow>) => set('colours', s.colours.map((x) => (x.key === c.key ? { ...x, ...patch } : x)));
                return (
                  <div key={c.key} className="rounded-xl border border-sand-100 p-3">
                    <div className="grid grid-cols-[1fr_7rem_auto] items-end gap-2">
                      <Field className="mb-0" label={`Colour ${i + 1}`} value={c.color} onChange={(e) => update({ color: e.target.value })} error={errors[`inventory.colors.${i}.color`]} />
                      <Field className="mb-0" label="Quantity" inputMode="numeric" value={c.quantity} onChange={(e) => update({ quantity: e.target.value.replace(/[^\d]/g, '') })} error={errors[`inventory.colors.${i}.quantity`]} />
                      {s.colours.length > 1 ? (
                        <button type="button" className="mb-1 h-11 rounded-full px-3 text-sm font-medium text-red-700 hover:bg-red-50" onClick={() => set('colours', s.colours.filter((x) => x.key !== c.key))}>
                          Remove
                        </button>
                      ) : null}
                    </div>
                    <PicturePicker
                      label={`Pictures of colour ${i + 1}`}
                      pictures={c.pictures}
                      max={VENDOR_PRODUCT_LIMITS.colorImages}
                      error={errors[`colorImages[${i}]`]}
                      onAdd={(files) => {
                        const added = chosen(files, `colorImages[${i}]`);
                        if (added.length) update({ pictures: [...c.pictures, ...added].slice(0, VENDOR_PRODUCT_LIMITS.colorImages) });
                      }}
                      onRemove={(p) => update({ pictures: c.pictures.filter((x) => x !== p) })}
                    />
                  </div>
                );
              })}
              {s.colours.length < VENDOR_PRODUCT_LIMITS.colors ? (
                <button type="button" className="text-sm font-semibold text-brand-700 underline" onClick={() => set('colours', [...s.colours, { key: ++colourKey, color: '', quantity: '', pictures: [] }])}>
                  + Add a colour
                </button>
              ) : null}
              <GroupMessage message={messageFor(errors, 'inventory')} />
            </div>
          ) : null}
        </Group>

        <Group title="Pictures">
          <PicturePicker
            label="Product pictures (1 to 5; JPEG, PNG or WebP up to 5 MB)"
            pictures={s.pictures}
            max={VENDOR_PRODUCT_LIMITS.images}
            error={errors.images}
            onAdd={(files) => {
              const added = chosen(files, 'images');
              if (added.length) set('pictures', [...s.pictures, ...added].slice(0, VENDOR_PRODUCT_LIMITS.images));
            }}
            onRemove={(p) => set('pictures', s.pictures.filter((x) => x !== p))}
          />
        </Group>

        <Group title="Search engines">
          <Field label="Meta description" value={s.metaDescription} onChange={(e) => set('metaDescription', e.target.value)} error={errors.metaDescription} maxLength={VENDOR_PRODUCT_LIMITS.metaDescription} />
          <Field label="Meta keywords" hint="Separated by commas: saree, silk, banarasi" value={s.metaKeywords} onChange={(e) => set('metaKeywords', e.target.value)} error={errors.metaKeywords} />
        </Group>

        <FormError message={headline} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/vendor/products" className="inline-flex h-12 items-center justify-center rounded-full px-6 font-semibold text-brand-700 hover:bg-brand-50">
            Cancel
          </Link>
          <Button pending={save.isPending} className="sm:w-auto">
            {id ? 'Save changes' : 'Add product'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-5 border-t border-sand-100 pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-3 font-display text-lg text-brand-800">{title}</legend>
      {children}
    </fieldset>
  );
}

function GroupMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

function PicturePicker({
  label,
  pictures,
  max,
  error,
  onAdd,
  onRemove,
}: {
  label: string;
  pictures: Picture[];
  max: number;
  error?: string;
  onAdd: (files: FileList | null) => void;
  onRemove: (p: Picture) => void;
}) {
  const id = useId();
  return (
    <div className="mt-2">
      <p className="mb-2 text-sm font-medium text-ink-900">{label}</p>
      <ul className="flex flex-wrap gap-2">
        {pictures.map((p, i) => (
          <li key={`${i}-${p.url}`} className="relative">
            <img src={p.url} alt={`Picture ${i + 1}`} className="size-20 rounded-lg border border-sand-100 object-cover md:size-24" />
            <button
              type="button"
              aria-label={`Remove picture ${i + 1}`}
              onClick={() => onRemove(p)}
              className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-white text-sm font-bold text-red-700 shadow ring-1 ring-sand-100"
            >
              ×
            </button>
          </li>
        ))}
        {pictures.length < max ? (
          <li>
            <label
              htmlFor={id}
              data-invalid={error ? true : undefined}
              tabIndex={-1}
              className={`grid size-20 cursor-pointer place-items-center rounded-lg border-2 border-dashed text-center text-xs font-semibold text-brand-700 has-[:focus-visible]:ring-2 md:size-24 ${error ? 'border-red-600' : 'border-brand-200'}`}
            >
              + Add
              <input
                id={id}
                type="file"
                accept={ACCEPT}
                multiple
                aria-label={label}
                aria-invalid={error ? true : undefined}
                className="sr-only"
                onChange={(e) => {
                  onAdd(e.target.files);
                  e.target.value = '';
                }}
              />
            </label>
          </li>
        ) : null}
      </ul>
      <GroupMessage message={error} />
    </div>
  );
}
