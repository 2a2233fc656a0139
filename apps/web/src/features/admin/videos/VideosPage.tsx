import { SHOP_VIDEO_MAX_BYTES, SHOP_VIDEO_MAX_PRODUCTS, SHOP_VIDEO_MSG, type AdminVideo } from '@statewise/contract/schemas/videos';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCategories } from '../../catalogue/api.ts';
import { AdminFrame, ConfirmDialog, EmptyNote, ErrorNote, fieldClass } from '../ui.tsx';
import { useAdminVideos, useDeleteVideo, useEditVideo, useProductSearch, useReorderVideos, useSetVideoProducts, useUploadVideo } from './api.ts';

const messageOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : 'Something went wrong');
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const STATE_LABEL: Record<AdminVideo['state'], string> = { queued: 'Waiting to be processed', processing: 'Processing…', ready: 'Ready', failed: 'Failed' };

/**
 * Watch & Shop in the admin console (issue 14, ADR 030): upload a video (MP4 or MOV; the pipeline transcodes it and
 * the state follows here), its title and category, the products shown with it and when each comes forward, hide or
 * show, the feed's order, delete; views and the add-to-cart rate per video.
 */
export default function VideosPage() {
  const videos = useAdminVideos();
  const reorder = useReorderVideos();
  const edit = useEditVideo();
  const [editing, setEditing] = useState<AdminVideo | null>(null);
  const [mapping, setMapping] = useState<AdminVideo | null>(null);
  const [deleting, setDeleting] = useState<AdminVideo | null>(null);
  const list = videos.data ?? [];

  const move = (i: number, by: -1 | 1) => {
    const ids = list.map((v) => v._id);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    reorder.mutate(ids, { onError: (e) => toast.error(messageOf(e)) });
  };

  return (
    <AdminFrame title="Watch & Shop" intro="Shoppable videos of the feed: upload, map products with the moment each comes forward, order, hide and see how each one sells.">
      <UploadForm />
      <h2 className="mt-8 font-display text-xl text-brand-800">Videos</h2>
      {videos.isPending ? <p className="mt-3 text-sm text-ink-500">Loading…</p> : null}
      {videos.isError ? <ErrorNote message={messageOf(videos.error)} /> : null}
      {videos.data && !list.length ? <EmptyNote>{SHOP_VIDEO_MSG.noVideos}</EmptyNote> : null}
      <ol className="mt-3 space-y-3">
        {list.map((v, i) => (
          <li key={v._id} className="flex flex-col gap-3 rounded-2xl bg-white p-3 shadow-sm sm:flex-row" aria-label={v.title || 'Untitled video'}>
            <div className="relative aspect-[9/16] w-24 shrink-0 overflow-hidden rounded-lg bg-ink-900">
              {v.poster ? <img src={v.poster} alt="" width={96} height={170} loading="lazy" className="size-full object-cover" /> : null}
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold text-ink-900">
                {v.title || 'Untitled video'} {v.hidden ? <span className="ml-1 rounded bg-sand-100 px-1.5 py-0.5 text-xs font-medium text-ink-700">Hidden</span> : null}
              </p>
              <p className="text-ink-500">{v.categoryId?.name ?? 'All categories'}</p>
              <p className={`mt-1 font-medium ${v.state === 'failed' ? 'text-red-700' : v.state === 'ready' ? 'text-green-800' : 'text-saffron-700'}`} data-testid="video-state">
                {STATE_LABEL[v.state]}
                {v.error ? `: ${v.error}` : ''}
              </p>
              <p className="mt-1 text-ink-700">
                {v.views.toLocaleString('en-IN')} views · {v.cartAdds.toLocaleString('en-IN')} added to cart · {percent(v.cartRate)} add-to-cart rate
              </p>
              <p className="mt-1 text-ink-700">
                {v.products.length
                  ? v.products.map((p) => `${p.name}${p.highlightAt !== null ? ` (at ${p.highlightAt}s)` : ''}`).join(', ')
                  : 'No products mapped yet'}
              </p>
            </div>
            <div className="flex flex-wrap content-start gap-2 sm:w-56 sm:justify-end">
              <Button size="sm" variant="outline" onClick={() => setMapping(v)}>
                Products
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEditing(v)}>
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => edit.mutate({ id: v._id, hidden: !v.hidden }, { onSuccess: () => toast.success(v.hidden ? 'Shown' : 'Hidden'), onError: (e) => toast.error(messageOf(e)) })}
              >
                {v.hidden ? 'Show' : 'Hide'}
              </Button>
              <Button size="sm" variant="ghost" aria-label={`Move ${v.title || 'video'} up`} disabled={i === 0 || reorder.isPending} onClick={() => move(i, -1)}>
                ↑
              </Button>
              <Button size="sm" variant="ghost" aria-label={`Move ${v.title || 'video'} down`} disabled={i === list.length - 1 || reorder.isPending} onClick={() => move(i, 1)}>
                ↓
              </Button>
              <Button size="sm" variant="ghost" className="text-red-700!" onClick={() => setDeleting(v)}>
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {editing ? <EditDialog video={editing} onClose={() => setEditing(null)} /> : null}
      {mapping ? <ProductsDialog video={mapping} onClose={() => setMapping(null)} /> : null}
      <DeleteDialog video={deleting} onClose={() => setDeleting(null)} />
    </AdminFrame>
  );
}

function CategorySelect({ value, onChange, id }: { value: string; onChange: (v: string) => void; id: string }) {
  const categories = useCategories();
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={fieldClass}>
      <option value="">All categories</option>
      {(categories.data ?? []).map((c) => (
        <option key={c._id} value={c._id}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

function UploadForm() {
  const upload = useUploadVideo();
  const file = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) return setError(SHOP_VIDEO_MSG.required);
    if (chosen.size > SHOP_VIDEO_MAX_BYTES) return setError(SHOP_VIDEO_MSG.tooLarge);
    setError(null);
    const form = new FormData();
    form.set('title', title);
    form.set('categoryId', categoryId);
    form.set('video', chosen);
    upload.mutate(form, {
      onSuccess: () => {
        toast.success('Uploaded; the video is being processed');
        setTitle('');
        if (file.current) file.current.value = '';
      },
      onError: (err) => setError(messageOf(err)),
    });
  };

  return (
    <form onSubmit={submit} className="rounded-2xl bg-white p-4 shadow-sm" aria-labelledby="video-upload-title">
      <h2 id="video-upload-title" className="font-display text-xl text-brand-800">
        Upload a video
      </h2>
      <p className="mt-1 text-sm text-ink-500">MP4 or MOV up to {SHOP_VIDEO_MAX_BYTES / 1024 / 1024} MB, vertical works best. It is made playable in the background; it shows in the feed once ready.</p>
      <div className="mt-3 grid gap-3 md:grid-cols-3">
        <label className="text-sm font-medium text-ink-700">
          Video file
          <input ref={file} type="file" accept="video/mp4,video/quicktime,.mp4,.mov" className="mt-1 block w-full text-sm" />
        </label>
        <label className="text-sm font-medium text-ink-700">
          Title
          <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} className={`mt-1 ${fieldClass}`} />
        </label>
        <div className="text-sm font-medium text-ink-700">
          <label htmlFor="upload-category">Category</label>
          <div className="mt-1">
            <CategorySelect id="upload-category" value={categoryId} onChange={setCategoryId} />
          </div>
        </div>
      </div>
      <div className="mt-3">
        <ErrorNote message={error} />
        <Button type="submit" disabled={upload.isPending} aria-busy={upload.isPending || undefined}>
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </Button>
      </div>
    </form>
  );
}

function EditDialog({ video, onClose }: { video: AdminVideo; onClose: () => void }) {
  const edit = useEditVideo();
  const [title, setTitle] = useState(video.title);
  const [categoryId, setCategoryId] = useState(video.categoryId?._id ?? '');
  return (
    <Dialog open onClose={onClose} title="Edit video">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          edit.mutate({ id: video._id, title, categoryId }, { onSuccess: () => (toast.success('Saved'), onClose()) });
        }}
      >
        <label className="block text-sm font-medium text-ink-700">
          Title
          <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} className={`mt-1 ${fieldClass}`} />
        </label>
        <label htmlFor="edit-category" className="mt-3 block text-sm font-medium text-ink-700">
          Category
        </label>
        <div className="mt-1">
          <CategorySelect id="edit-category" value={categoryId} onChange={setCategoryId} />
        </div>
        <div className="mt-4">
          <ErrorNote message={edit.isError ? messageOf(edit.error) : null} />
          <Button type="submit" disabled={edit.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ProductsDialog({ video, onClose }: { video: AdminVideo; onClose: () => void }) {
  const save = useSetVideoProducts();
  const [items, setItems] = useState(video.products.map((p) => ({ _id: p._id, name: p.name, image: p.image, highlightAt: p.highlightAt === null ? '' : String(p.highlightAt) })));
  const [q, setQ] = useState('');
  const search = useProductSearch(q);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const products = items.map((p) => ({ productId: p._id, highlightAt: p.highlightAt.trim() === '' ? null : Number(p.highlightAt) }));
    if (products.some((p) => p.highlightAt !== null && (!Number.isFinite(p.highlightAt) || p.highlightAt < 0))) return setError('Highlight time must be a number of seconds');
    setError(null);
    save.mutate({ id: video._id, products }, { onSuccess: () => (toast.success('Products saved'), onClose()), onError: (e) => setError(messageOf(e)) });
  };

  return (
    <Dialog open onClose={onClose} title="Products in this video" size="sm:max-w-xl">
      <p className="text-sm text-ink-500">In carousel order. A highlight time (seconds into the video) brings the product’s card forward then.</p>
      <ol className="mt-3 space-y-2">
        {items.map((p, i) => (
          <li key={p._id} className="flex items-center gap-2 rounded-lg border border-sand-100 p-2">
            {p.image ? <img src={p.image} alt="" width={30} height={40} className="h-10 w-8 rounded object-cover" /> : null}
            <span className="min-w-0 flex-1 truncate text-sm">{p.name}</span>
            <label className="flex items-center gap-1 text-xs text-ink-700">
              at
              <input
                inputMode="decimal"
                value={p.highlightAt}
                onChange={(e) => setItems((all) => all.map((x, j) => (j === i ? { ...x, highlightAt: e.target.value } : x)))}
                className="h-8 w-16 rounded border border-sand-300 px-2 text-sm"
                aria-label={`Highlight time of ${p.name} in seconds`}
              />
              s
            </label>
            <Button size="sm" variant="ghost" aria-label={`Remove ${p.name}`} onClick={() => setItems((all) => all.filter((_, j) => j !== i))}>
              ✕
            </Button>
          </li>
        ))}
      </ol>
      {items.length < SHOP_VIDEO_MAX_PRODUCTS ? (
        <div className="mt-4">
          <label className="block text-sm font-medium text-ink-700">
            Add a product
            <input value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search by name" className={`mt-1 ${fieldClass}`} />
          </label>
          <ul className="mt-2 max-h-48 overflow-y-auto" aria-label="Search results">
            {(search.data?.products ?? [])
              .filter((p) => !items.some((x) => x._id === p._id))
              .map((p) => (
                <li key={p._id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-sand-100/60"
                    onClick={() => setItems((all) => [...all, { _id: p._id, name: p.name, image: p.image, highlightAt: '' }])}
                  >
                    <img src={p.image} alt="" width={30} height={40} className="h-10 w-8 rounded object-cover" />
                    <span className="min-w-0 flex-1 truncate">{p.name}</span>
                    <span className="text-xs text-ink-500">{p.vendorName}</span>
                  </button>
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-4">
        <ErrorNote message={error} />
        <Button onClick={submit} disabled={save.isPending}>
          Save products
        </Button>
      </div>
    </Dialog>
  );
}

function DeleteDialog({ video, onClose }: { video: AdminVideo | null; onClose: () => void }) {
  const del = useDeleteVideo();
  return (
    <ConfirmDialog
      open={Boolean(video)}
      title="Delete video"
      confirmLabel="Delete"
      danger
      pending={del.isPending}
      error={del.isError ? messageOf(del.error) : null}
      onConfirm={() => video && del.mutate(video._id, { onSuccess: () => (toast.success('Deleted'), onClose()) })}
      onClose={onClose}
    >
      “{video?.title || 'Untitled video'}” leaves the feed and its files are deleted. This cannot be undone.
    </ConfirmDialog>
  );
}
