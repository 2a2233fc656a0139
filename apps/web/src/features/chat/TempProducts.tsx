import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { CHAT_MSG, formatINR, type TempProduct } from '@statewise/contract';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { Field } from '../auth/ui.tsx';
import { useCategories, useSubcategoriesOf } from '../catalogue/api.ts';
import { chatKeys, createTempProduct, editTempProduct, useExtraCategories, useTempProducts } from './api.ts';
import { SelectField } from '../../components/ui/SelectField.tsx';
import {
  checkTempProduct,
  emptyTempProduct,
  linkPrices,
  tempProductFields,
  tempProductValues,
  type TempProductField,
  type TempProductValues,
} from './temp-product-form.ts';

type View = { name: 'list' } | { name: 'new' } | { name: 'edit'; product: TempProduct };

/**
 * The vendor's chat products (accounts §4.11, §5, §7 Chat): send one as a card, make a new one (sent at once), or
 * edit one. A new product is sent to this chat; an edited one goes back to the list, to be sent again if wanted.
 */
export function ProductsDialog({ onClose, onSend }: { onClose: () => void; onSend: (p: TempProduct) => void }) {
  const products = useTempProducts(true);
  const [view, setView] = useState<View>({ name: 'list' });
  const title = view.name === 'new' ? 'New product for this chat' : view.name === 'edit' ? 'Edit product' : 'Send a product';
  return (
    <Dialog open onClose={onClose} title={title} size="sm:max-w-lg">
      {view.name === 'new' ? <TempProductForm key="new" onBack={() => setView({ name: 'list' })} onSaved={onSend} /> : null}
      {view.name === 'edit' ? (
        <TempProductForm
          key={view.product._id}
          product={view.product}
          onBack={() => setView({ name: 'list' })}
          onSaved={() => {
            toast.success('Product updated');
            setView({ name: 'list' });
          }}
        />
      ) : null}
      {view.name === 'list' ? (
        <div className="grid grid-cols-1 gap-2">
          <button type="button" className={buttonClass('outline', 'sm')} onClick={() => setView({ name: 'new' })}>
            New product
          </button>
          {products.data?.length ? (
            <ul className="grid grid-cols-1 gap-2" aria-label="Your chat products">
              {products.data.map((p) => (
                <li key={p._id} className="flex items-center gap-3 rounded-lg border border-sand-200 p-2" aria-label={p.name}>
                  {p.images[0] ? <img src={p.images[0]} alt="" className="size-12 shrink-0 rounded object-cover" /> : null}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{p.name}</span>
                    <span className="text-xs text-ink-500">
                      {formatINR(p.offeredPrice)}
                      {p.price > p.offeredPrice ? <span className="ml-1 line-through">{formatINR(p.price)}</span> : null}
                    </span>
                  </span>
                  <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setView({ name: 'edit', product: p })}>
                    Edit
                  </button>
                  <button type="button" className={buttonClass('primary', 'sm')} onClick={() => onSend(p)}>
                    Send
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-ink-500">{products.isPending ? 'Loading…' : 'No products made in chat yet.'}</p>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * Make (POST temp-product) or edit (PATCH temp-product/edit-product/{id}) a chat product. Checked here in the spec's
 * order with its messages at the field (the browser's own checks are off); the server's field messages land on the
 * same fields, any other refusal is a toast with its message.
 */
function TempProductForm({ product, onBack, onSaved }: { product?: TempProduct; onBack: () => void; onSaved: (p: TempProduct) => void }) {
  const editing = !!product;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TempProductValues>(() => (product ? tempProductValues(product) : emptyTempProduct()));
  // whichever of discount and offered price the vendor typed last; the other follows it (and the price)
  const [priceSource, setPriceSource] = useState<'discount' | 'offeredPrice'>('discount');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<{ field: TempProductField; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const categories = useCategories(!editing);
  const extra = useExtraCategories(!editing);
  const subcategories = useSubcategoriesOf(editing ? null : values.categoryId || null);
  const categoryOptions = useMemo(() => {
    const listed = (categories.data ?? []).map((c) => ({ value: c._id, label: c.name }));
    const more = (extra.data ?? []).filter((c) => !listed.some((l) => l.value === c._id)).map((c) => ({ value: c._id, label: c.name }));
    return [...listed, ...more];
  }, [categories.data, extra.data]);

  const set = (field: keyof TempProductValues, value: string) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === 'categoryId') next.subcategoryId = '';
      if (field === 'discount' || field === 'offeredPrice') return { ...next, ...linkPrices(next, field) };
      if (field === 'price') return { ...next, ...linkPrices(next, priceSource) };
      return next;
    });
    if (field === 'discount' || field === 'offeredPrice') setPriceSource(field);
    if (error?.field === field) setError(null);
  };

  const show = (found: { field: TempProductField; message: string }) => {
    setError(found);
    formRef.current?.querySelector<HTMLElement>(`[name="${found.field}"]`)?.focus();
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = checkTempProduct(values, editing ? undefined : files);
    if (found) return show(found);
    setBusy(true);
    try {
      let saved: TempProduct;
      if (product) {
        saved = await editTempProduct(product._id, tempProductFields(values, 'edit'));
      } else {
        const form = new FormData();
        for (const [k, v] of Object.entries(tempProductFields(values, 'create'))) form.append(k, v);
        for (const f of files) form.append('images', f);
        saved = await createTempProduct(form);
      }
      await queryClient.invalidateQueries({ queryKey: chatKeys.tempProducts });
      onSaved(saved);
    } catch (err) {
      const field = err instanceof ApiError ? (Object.keys(err.errors).find((k) => k in values || k === 'images') as TempProductField | undefined) : undefined;
      if (field && err instanceof ApiError) show({ field, message: err.errors[field]! });
      else toast.error(err instanceof ApiError ? err.message : CHAT_MSG.somethingWrong);
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (field: TempProductField) => (error?.field === field ? error.message : null);
  const text = (field: keyof TempProductValues, label: string, extraProps: { inputMode?: 'numeric'; maxLength?: number } = {}) => (
    <Field label={label} name={field} value={values[field]} onChange={(e) => set(field, e.target.value)} error={errorOf(field)} className="" autoComplete="off" {...extraProps} />
  );

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="grid gap-3">
      {text('name', 'Product name', { maxLength: 150 })}
      <div className="grid grid-cols-2 gap-3">
        {text('price', 'Price (₹)', { inputMode: 'numeric' })}
        {text('tax', 'Tax %', { inputMode: 'numeric' })}
        {text('discount', 'Discount %', { inputMode: 'numeric' })}
        {text('offeredPrice', 'Offered price (₹)', { inputMode: 'numeric' })}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {text('numberOfProducts', 'Number of products', { inputMode: 'numeric' })}
        {text('size', 'Size', { maxLength: 50 })}
        <div className="col-span-2 sm:col-span-1">{text('color', 'Colour', { maxLength: 50 })}</div>
      </div>
      {product ? (
        <p className="text-sm text-ink-700">
          Category: {product.categoryId.name}
          {product.subcategoryId ? ` · ${product.subcategoryId.name}` : ''}
        </p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label="Category" name="categoryId" value={values.categoryId} onChange={(v) => set('categoryId', v)} error={errorOf('categoryId')} placeholder="Select a category" options={categoryOptions} />
            <SelectField
              label="Subcategory (optional)"
              name="subcategoryId"
              value={values.subcategoryId}
              onChange={(v) => set('subcategoryId', v)}
              error={errorOf('subcategoryId')}
              disabled={!values.categoryId || !subcategories.data?.length}
              placeholder={!values.categoryId ? 'Select a category first' : subcategories.isPending ? 'Loading…' : subcategories.data?.length ? 'Select a subcategory' : 'None for this category'}
              options={(subcategories.data ?? []).map((s) => ({ value: s._id, label: s.subcategoryName }))}
            />
          </div>
          <Pictures
            error={errorOf('images')}
            onChange={(list) => {
              setFiles(list);
              if (error?.field === 'images') setError(null);
            }}
          />
        </>
      )}
      <div className="mt-1 flex justify-end gap-2">
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={onBack}>
          Back
        </button>
        <button type="submit" className={buttonClass('primary', 'sm')} disabled={busy}>
          {editing ? (busy ? 'Saving…' : 'Save changes') : busy ? 'Sending…' : 'Create and send'}
        </button>
      </div>
    </form>
  );
}

function Pictures({ error, onChange }: { error: string | null; onChange: (files: File[]) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
        Pictures (1 to 5, up to 5MB each)
      </label>
      <input
        id={id}
        name="images"
        type="file"
        multiple
        accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange([...(e.target.files ?? [])])}
        className="block w-full text-sm text-ink-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800"
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {children}
    </p>
  ) : null;
}
