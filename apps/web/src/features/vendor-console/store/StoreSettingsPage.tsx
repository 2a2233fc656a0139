import { placeName } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import { gstStateCode, GSTIN_PATTERN, isGstin } from '@statewise/contract/seller-checks';
import { VENDOR_STORE_LIMITS, vendorStorePatch, type VendorStore } from '@statewise/contract/schemas/vendor-store';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api.ts';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { responsiveImage } from '../../../lib/responsive-image.ts';
import { usePincodeLookup } from '../../addresses/pincode-lookup.ts';
import { Button, Field, FormError } from '../../auth/ui.tsx';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { useMyStore, useSaveStore } from './api.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_BYTES = 5 * 1024 * 1024;

/** A picture on the form: the store's own (`url`), or a file chosen now (`file`, previewed from a blob: URL). */
type Picture = { url: string; file?: File } | null;
type PictureField = 'banner' | 'sizeChart' | 'avatar';

export interface StoreFormState {
  bio: string;
  policy: string;
  pickupPincode: string;
  place: { city: string; state: string };
  gstin: string;
  banner: Picture;
  sizeChart: Picture;
  avatar: Picture;
}

export function fromStore(v: VendorStore): StoreFormState {
  const pic = (url: string): Picture => (url ? { url } : null);
  return {
    bio: v.bio,
    policy: v.policy,
    pickupPincode: v.pickupPincode,
    place: v.pickupPlace,
    gstin: v.gstin,
    banner: pic(v.banner),
    sizeChart: pic(v.sizeChart),
    avatar: pic(v.avatar),
  };
}

/** The text fields that differ from the store as loaded (only those are sent, so an untouched field is never re-checked). */
export function changedFields(s: StoreFormState, initial: StoreFormState): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.bio !== initial.bio) out.bio = s.bio;
  if (s.policy !== initial.policy) out.policy = s.policy;
  if (s.pickupPincode !== initial.pickupPincode) out.pickupPincode = s.pickupPincode;
  if (s.gstin !== initial.gstin) out.gstin = s.gstin;
  return out;
}

/**
 * The server's checks that can be made here, with its messages: the contract's schema (bio length, pincode shape,
 * GSTIN shape), the GSTIN's check character and its state code against the pickup pincode's state. Whether the
 * pincode is in the directory comes from the lookup; the PAN inside the GSTIN only the server can check.
 */
export function validate(s: StoreFormState, initial: StoreFormState): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (field: string, message: string) => {
    errors[field] ??= message;
  };
  const parsed = vendorStorePatch.safeParse({ bio: s.bio, policy: s.policy, pickupPincode: s.pickupPincode, gstin: s.gstin });
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.map(String).join('.') || '_', issue.message);
  const gstin = s.gstin.replace(/\s+/g, '').toUpperCase();
  const gstinChanged = gstin !== initial.gstin;
  if (gstin && gstinChanged && GSTIN_PATTERN.test(gstin) && !isGstin(gstin)) add('gstin', MSG.vsGstinChecksum);
  const code = s.place.state ? gstStateCode(s.place.state) : null;
  if (gstin && GSTIN_PATTERN.test(gstin) && code && gstin.slice(0, 2) !== code && (gstinChanged || s.pickupPincode !== initial.pickupPincode)) {
    add('gstin', `${MSG.vsGstinState} (${s.place.state}: ${code})`);
  }
  return errors;
}

/**
 * /vendor/store, "Store settings": what shoppers see of the store (banner, picture, bio), the return and exchange
 * policy and size chart shown on every product page, and the private pickup pincode (the delivery estimate measures
 * from it) and GSTIN. The top of the form previews the store page's header as it will look. Sent as one multipart
 * PATCH of what changed; the server's messages land on their fields.
 */
export function StoreSettingsPage() {
  usePageTitle('Store settings · Vendor console');
  const store = useMyStore();
  // Bumped after each save, so the form starts again from what the server now holds.
  const [saves, setSaves] = useState(0);
  if (store.isError) return <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{store.error.message}</p>;
  if (!store.data) return <div className="h-96 animate-pulse rounded-2xl bg-sand-100/60" aria-label="Loading" />;
  return <StoreForm key={`${store.data._id}-${saves}`} store={store.data} onSaved={() => setSaves((n) => n + 1)} />;
}

function StoreForm({ store, onSaved }: { store: VendorStore; onSaved: () => void }) {
  const [initial] = useState(() => fromStore(store));
  const [s, setS] = useState<StoreFormState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [headline, setHeadline] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const save = useSaveStore();
  const formRef = useRef<HTMLFormElement>(null);
  const name = store.brandName || store.sellerName;

  // Messages found only by looking (a pincode not in the directory, a banner too narrow) stay until their field changes.
  const [lookedUp, setLookedUp] = useState<Record<string, string>>({});
  const allErrors = (next: StoreFormState) => ({ ...lookedUp, ...validate(next, initial) });

  // After a first try the messages follow the fields as they are corrected (and replace the server's).
  const patch = (change: Partial<StoreFormState>) => {
    const next = { ...s, ...change };
    setS(next);
    if (tried) {
      const found = allErrors(next);
      setErrors(found);
      if (!Object.keys(found).length) setHeadline(null);
    }
  };

  const pin = usePincodeLookup({
    initialPincode: initial.pickupPincode,
    fill: ({ pincode, city, state }) => patch({ ...(pincode !== undefined ? { pickupPincode: pincode } : {}), place: { city, state } }),
    setPincodeError: (message) => {
      setLookedUp(({ pickupPincode: _drop, ...rest }) => (message ? { ...rest, pickupPincode: message === MSG.pincodeNotFound ? MSG.vsPincodeUnknown : message } : rest));
      setErrors(({ pickupPincode: _drop, ...rest }) => (message ? { ...rest, pickupPincode: message === MSG.pincodeNotFound ? MSG.vsPincodeUnknown : message } : rest));
    },
    toastId: 'pickup-pincode',
  });

  // Previews of chosen files, revoked when they go.
  const previews = useRef(new Set<string>());
  useEffect(() => () => previews.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const choose = (field: PictureField, files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const clear = () => {
      setLookedUp(({ [field]: _drop, ...rest }) => rest);
      setErrors(({ [field]: _drop, ...rest }) => rest);
    };
    const refuse = (message: string) => {
      setLookedUp((e) => ({ ...e, [field]: message }));
      setErrors((e) => ({ ...e, [field]: message }));
    };
    if (!ACCEPT.split(',').includes(file.type)) return refuse(MSG.vsImageType);
    if (file.size > MAX_BYTES) return refuse(MSG.vsImageTooLarge);
    clear();
    const url = URL.createObjectURL(file);
    previews.current.add(url);
    patch({ [field]: { url, file } });
    if (field === 'banner') {
      // The server measures again; this tells the vendor before they save.
      const img = new Image();
      img.onload = () => {
        const { naturalWidth: w, naturalHeight: h } = img;
        if (w < VENDOR_STORE_LIMITS.bannerMinWidth || w < h * VENDOR_STORE_LIMITS.bannerRatio) refuse(MSG.vsBannerNotWide);
      };
      img.src = url;
    }
  };
  const remove = (field: PictureField) => {
    setLookedUp(({ [field]: _drop, ...rest }) => rest);
    setErrors(({ [field]: _drop, ...rest }) => rest);
    patch({ [field]: null });
  };

  const submit = async () => {
    setTried(true);
    const found = allErrors(s);
    setErrors(found);
    if (Object.keys(found).length) {
      setHeadline(MSG.vpFormInvalid);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus());
      return;
    }
    setHeadline(null);
    const pending = pin.pendingPin();
    if (pending) {
      const place = await pin.lookupNow(pending);
      if (!place || place === 'failed') return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(changedFields(s, initial))) form.append(k, v);
    for (const field of ['banner', 'sizeChart', 'avatar'] as const) {
      const p = s[field];
      if (p?.file) form.append(field, p.file);
      else if (!p && initial[field]) form.append(`remove${field[0]!.toUpperCase()}${field.slice(1)}`, 'true');
    }
    try {
      const res = await save.mutateAsync(form);
      toast.success(res.message ?? MSG.vsUpdated);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.errors);
        setHeadline(err.message);
      } else setHeadline(String(err));
    }
  };

  const place = placeName(s.place.city, s.place.state);
  const banner = s.banner ? (s.banner.file ? { src: s.banner.url } : responsiveImage(s.banner.url, '(min-width: 768px) 720px, 100vw')) : null;

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
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-2xl text-brand-800 md:text-3xl">Store settings</h1>
        <Link to={`/store/${store.vendorSlug}`} className="text-sm font-semibold text-brand-700 underline">
          View my store
        </Link>
      </div>
      <div className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm md:p-6">
        <Group title="How your store looks">
          <div className="overflow-hidden rounded-xl border border-sand-100" data-testid="store-preview">
            <div className="aspect-[2/1] bg-sand-100 sm:aspect-[3/1] md:aspect-[4/1]">
              {banner ? <img {...banner} alt="Banner preview" className="size-full object-cover" /> : <p className="grid size-full place-items-center text-sm text-ink-500">No banner yet</p>}
            </div>
            <div className="flex items-end gap-3 px-3 pb-3">
              <div className="-mt-8 size-16 shrink-0 overflow-hidden rounded-full bg-white shadow ring-4 ring-white">
                {s.avatar ? <img {...(s.avatar.file ? { src: s.avatar.url } : responsiveImage(s.avatar.url, '64px'))} alt="Store picture preview" className="size-full object-cover" /> : null}
              </div>
              <div className="min-w-0 pt-2">
                <p className="truncate font-display text-lg text-brand-800">{name}</p>
                <p className="truncate text-xs text-ink-500">
                  by {store.sellerName}
                  {place ? ` · ${place}` : ''}
                </p>
              </div>
            </div>
          </div>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <PictureButtons
              label="Banner"
              hint={`A wide picture, at least ${VENDOR_STORE_LIMITS.bannerMinWidth} px across (about 4:1 shows best). JPEG, PNG or WebP up to 5 MB.`}
              has={Boolean(s.banner)}
              error={errors.banner}
              onChoose={(files) => choose('banner', files)}
              onRemove={() => remove('banner')}
            />
            <PictureButtons
              label="Picture"
              hint="Your store's round picture, beside its name. JPEG, PNG or WebP up to 5 MB."
              has={Boolean(s.avatar)}
              error={errors.avatar}
              onChoose={(files) => choose('avatar', files)}
              onRemove={() => remove('avatar')}
            />
          </div>
          <TextArea label="Bio" value={s.bio} max={VENDOR_STORE_LIMITS.bio} error={errors.bio} onChange={(bio) => patch({ bio })} hint="Who you are and what you make, in plain text. Shown on your store page." />
        </Group>

        <Group title="Return and exchange policy">
          <p className="mb-2 text-sm text-ink-500">Shown on each of your product pages. Leave empty to show none.</p>
          <RichTextEditor label="Return policy" value={s.policy} onChange={(policy) => patch({ policy })} error={errors.policy} />
        </Group>

        <Group title="Size chart">
          <p className="mb-2 text-sm text-ink-500">Shown as “Size chart” on each of your product pages.</p>
          {s.sizeChart ? (
            <img
              {...(s.sizeChart.file ? { src: s.sizeChart.url } : responsiveImage(s.sizeChart.url, '(min-width: 768px) 640px, 100vw'))}
              alt="Size chart preview"
              className="mb-3 max-h-80 w-auto max-w-full rounded-lg border border-sand-100 object-contain"
            />
          ) : (
            <p className="mb-3 rounded-lg bg-sand-100/60 px-3 py-6 text-center text-sm text-ink-500">No size chart yet</p>
          )}
          <PictureButtons label="Size chart" hint="JPEG, PNG or WebP up to 5 MB." has={Boolean(s.sizeChart)} error={errors.sizeChart} onChoose={(files) => choose('sizeChart', files)} onRemove={() => remove('sizeChart')} />
        </Group>

        <Group title="Pickup and tax">
          <div className="grid gap-x-4 md:grid-cols-2">
            <Field
              label="Pickup pincode"
              name="pickupPincode"
              inputMode="numeric"
              maxLength={6}
              value={s.pickupPincode}
              error={errors.pickupPincode}
              onChange={(e) => pin.onInput(e.target.value)}
              hint={pin.lookup === 'looking' ? 'Finding the place…' : place ? <span data-testid="pickup-place">{place}</span> : 'Delivery dates are counted from here.'}
            />
            <Field
              label="GSTIN (optional)"
              name="gstin"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              value={s.gstin}
              error={errors.gstin}
              onChange={(e) => patch({ gstin: e.target.value.toUpperCase() })}
              hint="15 characters; printed on your invoices. Leave empty if you are not registered."
            />
          </div>
        </Group>

        <FormError message={headline} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          <Link to={`/store/${store.vendorSlug}`} className="inline-flex h-12 items-center justify-center rounded-full px-6 font-semibold text-brand-700 hover:bg-brand-50">
            View my store
          </Link>
          <Button pending={save.isPending} className="sm:w-auto">
            Save changes
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

function TextArea({ label, value, max, error, hint, onChange }: { label: string; value: string; max: number; error?: string; hint?: string; onChange: (v: string) => void }) {
  const id = useId();
  const over = value.trim().length > max;
  return (
    <div className="mt-4 mb-4">
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink-900">
          {label}
        </label>
        <span className={`text-xs ${over ? 'font-semibold text-red-700' : 'text-ink-500'}`} aria-live="polite">
          {value.trim().length}/{max}
        </span>
      </div>
      <textarea
        id={id}
        rows={4}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => onChange(e.target.value)}
        className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink-900 outline-none focus:ring-2 ${error ? 'border-red-600 focus:ring-red-200' : 'border-ink-500/40 focus:border-brand-600 focus:ring-brand-100'}`}
      />
      <p id={`${id}-note`} role={error ? 'alert' : undefined} className={`mt-1 text-sm ${error ? 'text-red-700' : 'text-ink-500'}`}>
        {error ?? hint}
      </p>
    </div>
  );
}

function PictureButtons({
  label,
  hint,
  has,
  error,
  onChoose,
  onRemove,
}: {
  label: string;
  hint: string;
  has: boolean;
  error?: string;
  onChoose: (files: FileList | null) => void;
  onRemove: () => void;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={id}
          data-invalid={error ? true : undefined}
          tabIndex={-1}
          className={`inline-flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200 ${error ? 'border-red-600' : 'border-brand-200'}`}
        >
          {has ? `Change ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          <input
            id={id}
            type="file"
            accept={ACCEPT}
            aria-label={`${label} file`}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-note`}
            className="sr-only"
            onChange={(e) => {
              onChoose(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
        {has ? (
          <button type="button" onClick={onRemove} className="min-h-11 rounded-full px-3 text-sm font-medium text-red-700 hover:bg-red-50">
            Remove {label.toLowerCase()}
          </button>
        ) : null}
      </div>
      <p id={`${id}-note`} role={error ? 'alert' : undefined} className={`mt-1 text-sm ${error ? 'text-red-700' : 'text-ink-500'}`}>
        {error ?? hint}
      </p>
    </div>
  );
}
