import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { close } from '../../components/ui/icon-paths.ts';
import { Icon } from '../../components/ui/icons.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import type { CommunityProductHit } from './api.ts';
import { ProductPicker } from './ProductPicker.tsx';
import { imageFileError, type SectionDraft } from './rules.ts';
import { COMMUNITY } from './text.ts';

/** Pieces of the add and edit screens (/CreatePost, /details, /videos, /edit-details, /edit-video). */

/**
 * An add or edit screen. `focused`: a full-screen editor outside the main shell (/details and /videos, accounts §2.1;
 * app/Layout.tsx `outsideShell` leaves out header and footer), with its own top bar and a close control to /community.
 */
export function FormScreen({ title, subtitle, children, focused = false }: { title: string; subtitle?: ReactNode; children: ReactNode; focused?: boolean }) {
  usePageTitle(title);
  if (focused)
    return (
      <section className="min-h-screen bg-sand-50" data-testid="focused-editor">
        <div className="sticky top-0 z-20 border-b border-sand-200 bg-white/95 backdrop-blur">
          <div className="mx-auto flex w-full max-w-2xl items-center gap-2 px-2 py-2 md:px-4">
            <Link to="/community" aria-label="Close and go back to the community" className="rounded-full p-2 text-ink-700 hover:bg-sand-100">
              <Icon d={close} className="size-6" />
            </Link>
            <h1 className="font-display text-xl text-brand-800 md:text-2xl">{title}</h1>
          </div>
        </div>
        <div className="mx-auto w-full max-w-2xl px-4 py-5 md:py-8">
          {subtitle ? <p className="mb-4 text-sm text-ink-700">{subtitle}</p> : null}
          <div className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm md:p-8">{children}</div>
        </div>
      </section>
    );
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-6 md:py-10">
      <nav className="mb-4 text-sm">
        <Link to="/community" className="font-medium text-brand-700 hover:underline">
          ← Community
        </Link>
      </nav>
      <div className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm md:p-8">
        <h1 className="font-display text-2xl text-brand-800 md:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-ink-700">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

export function TextArea({ label, value, onChange, error, placeholder, prefix, rows = 4, maxLength = COMMUNITY.descriptionMax }: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  placeholder?: string;
  prefix?: string;
  rows?: number;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
        {label}
      </label>
      <div className={`rounded-lg border bg-white focus-within:ring-2 ${error ? 'border-red-600 focus-within:ring-red-200' : 'border-ink-500/40 focus-within:border-brand-600 focus-within:ring-brand-100'}`}>
        {prefix ? <span className="block px-3 pt-2 font-display text-lg text-brand-800">{prefix}…</span> : null}
        <textarea
          id={id}
          value={value}
          rows={rows}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
          className="block w-full resize-y rounded-lg bg-transparent px-3 py-2 text-base outline-none"
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An object URL for a chosen file, revoked when it changes or the screen goes. */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** A picture chooser with a preview: png, jpeg, jpg up to 5 MB (accounts §5). `current` is the kept picture. */
export function ImageInput({ label, file, current, onFile, onRemove, error: outerError, compact = false }: {
  label: string;
  file: File | null;
  current?: string | null;
  onFile: (f: File) => void;
  onRemove?: () => void;
  error?: string | null;
  /** Only the button (the caller shows the picture). */
  compact?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const [error, setError] = useState<string | null>(null);
  const shown = preview ?? current ?? null;
  return (
    <div className="mb-4">
      {compact ? null : <span className="mb-1 block text-sm font-medium text-ink-900">{label}</span>}
      <div className="flex items-center gap-3">
        {compact ? null : shown ? <img src={shown} alt="" width={96} height={96} className="size-24 rounded-lg bg-sand-100 object-cover" /> : <span className="grid size-24 place-items-center rounded-lg border border-dashed border-ink-500/40 text-xs text-ink-500">No picture</span>}
        <div className="space-y-1">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,.png,.jpg,.jpeg"
            className="sr-only"
            aria-label={label}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (!f) return;
              const problem = imageFileError(f);
              setError(problem);
              if (!problem) onFile(f);
            }}
          />
          <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
            {compact ? 'Upload a picture instead' : shown ? 'Change picture' : 'Choose picture'}
          </Button>
          {shown && onRemove ? (
            <button type="button" className="block text-xs text-red-700 underline" onClick={onRemove}>
              Remove picture
            </button>
          ) : null}
          <p className="text-xs text-ink-500">PNG or JPG, up to 5 MB.</p>
        </div>
      </div>
      <FormError message={error ?? outerError} />
    </div>
  );
}

type Tag = Pick<CommunityProductHit, '_id' | 'name' | 'images'>;

/** Chosen products as removable chips, and the search to add more (up to `max`). */
export function ProductTags({ products, onChange, userId = null, max = COMMUNITY.maxProductsPerSection, label = 'Tag products', disabled = false }: {
  products: Tag[];
  onChange: (next: Tag[]) => void;
  userId?: string | null;
  max?: number;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <div>
      {products.length ? (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label="Tagged products">
          {products.map((p) => (
            <li key={p._id} className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800 ring-1 ring-brand-100">
              {p.name}
              <button type="button" aria-label={`Remove ${p.name}`} className="ml-0.5 text-brand-700 hover:text-red-700" onClick={() => onChange(products.filter((x) => x._id !== p._id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {products.length < max ? <ProductPicker label={label} userId={userId} disabled={disabled} exclude={products.map((p) => p._id)} onPick={(p) => onChange([...products, p])} /> : null}
    </div>
  );
}

let sectionSeq = 0;
export const newSection = (init: Partial<SectionDraft> = {}): SectionDraft => ({ key: `s${++sectionSeq}`, products: [], imageUrl: null, file: null, ...init });

/** One section of an image post: its picture (a tagged product's, or an upload) and its products. */
function SectionEditor({ n, section, onChange, onRemove }: { n: number; section: SectionDraft; onChange: (s: SectionDraft) => void; onRemove?: () => void }) {
  const preview = useObjectUrl(section.file);
  const shown = preview ?? section.imageUrl;
  const choices = [...new Set(section.products.flatMap((p) => p.images.slice(0, 3)))];
  return (
    <fieldset className="mb-4 min-w-0 rounded-xl border border-sand-200 p-3 md:p-4" data-testid="post-section">
      <legend className="px-1 text-sm font-semibold text-brand-800">Section {n}</legend>
      {onRemove ? (
        <div className="-mt-2 mb-1 text-right">
          <button type="button" className="text-xs text-red-700 underline" onClick={onRemove}>
            Remove section {n}
          </button>
        </div>
      ) : null}
      <ProductTags
        products={section.products}
        label={`Products in section ${n}`}
        onChange={(products) => {
          const first = products[0]?.images[0] ?? null;
          // a section without a picture takes its first product's
          onChange({ ...section, products, imageUrl: section.imageUrl ?? (section.file ? null : first) });
        }}
      />
      <div className="mt-3">
        <span className="mb-1 block text-sm font-medium text-ink-900">Picture of section {n}</span>
        <div className="flex flex-wrap items-center gap-2">
          {shown ? <img src={shown} alt={`Section ${n}`} width={96} height={96} className="size-24 rounded-lg bg-sand-100 object-cover ring-2 ring-brand-600" /> : <span className="grid size-24 place-items-center rounded-lg border border-dashed border-ink-500/40 text-xs text-ink-500">No picture</span>}
          {choices
            .filter((c) => c !== section.imageUrl)
            .map((c) => (
              <button key={c} type="button" aria-label="Use this product picture" onClick={() => onChange({ ...section, imageUrl: c, file: null })} className="rounded-lg ring-1 ring-sand-200 hover:ring-brand-600">
                <img src={c} alt="" width={56} height={56} className="size-14 rounded-lg object-cover" />
              </button>
            ))}
        </div>
        <div className="mt-2">
          <ImageInput compact label={`Upload a picture for section ${n}`} file={null} onFile={(file) => onChange({ ...section, file, imageUrl: null })} />
        </div>
      </div>
    </fieldset>
  );
}

/** The 1–5 sections of an image post (accounts §9), with Add section. */
export function SectionsEditor({ sections, onChange }: { sections: SectionDraft[]; onChange: (s: SectionDraft[]) => void }) {
  return (
    <div>
      {sections.map((s, i) => (
        <SectionEditor
          key={s.key}
          n={i + 1}
          section={s}
          onChange={(next) => onChange(sections.map((x) => (x.key === s.key ? next : x)))}
          onRemove={sections.length > 1 ? () => onChange(sections.filter((x) => x.key !== s.key)) : undefined}
        />
      ))}
      {sections.length < COMMUNITY.maxSections ? (
        <Button variant="outline" size="sm" onClick={() => onChange([...sections, newSection()])}>
          + Add section
        </Button>
      ) : (
        <p className="text-xs text-ink-500">A post has at most {COMMUNITY.maxSections} sections.</p>
      )}
    </div>
  );
}

/** The `sections` field and its files as the vendor image calls read them (contract communitySection). */
export function sectionsForm(form: FormData, sections: SectionDraft[]) {
  form.append('sections', JSON.stringify(sections.map((s) => ({ productIds: s.products.map((p) => p._id), imageUrl: s.file ? null : s.imageUrl }))));
  for (const s of sections) if (s.file) form.append('images', s.file);
}
