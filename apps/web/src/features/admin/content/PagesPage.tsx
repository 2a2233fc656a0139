import { CONTENT_KEYS, type ContentKey } from '@statewise/contract/schemas/content';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { responsiveImage } from '../../../lib/responsive-image.ts';
import { useAboutPicture, useAdminPage, useSavePage } from '../api.ts';
import { AdminFrame, ErrorNote, FilterTabs } from '../ui.tsx';

/** Each page's name in the console and where the public reads it. */
const PAGES: Record<ContentKey, { label: string; title: string; publicPath: string }> = {
  about: { label: 'About', title: 'Our Story', publicPath: '/about' },
  privacy: { label: 'Privacy', title: 'Privacy Policy', publicPath: '/privacy-policy' },
  return: { label: 'Returns', title: 'Return and Replacement Policy', publicPath: '/return-and-replacement' },
  terms: { label: 'Terms', title: 'Terms and Conditions', publicPath: '/terms-and-conditions' },
  'vendor-terms': { label: 'Vendor terms', title: 'Seller Terms and Conditions', publicPath: '/auth/vendor-registration' },
};

const isKey = (k: string | undefined): k is ContentKey => (CONTENT_KEYS as readonly string[]).includes(k ?? '');

/**
 * /admin/pages/{about|privacy|return|terms|vendor-terms} (role admin): the static pages' text in the rich-text editor
 * with headings and links. The server sanitises what it stores (no scripts, handlers or styles) and the public page
 * shows the saved text within a minute (at once in this tab).
 */
export default function PagesPage() {
  const params = useParams();
  const navigate = useNavigate();
  const key: ContentKey = isKey(params.key) ? params.key : 'about';
  const page = useAdminPage(key);
  const meta = PAGES[key];
  return (
    <AdminFrame
      title="Pages"
      intro="The text of the site's static pages. Scripts, styles and unsafe links are removed when you save."
      actions={
        <Link to={meta.publicPath} target="_blank" className="text-sm font-semibold text-brand-700 underline">
          View {meta.title}
        </Link>
      }
    >
      <FilterTabs label="Page" items={CONTENT_KEYS.map((k) => ({ key: k, label: PAGES[k].label }))} value={key} onChange={(k) => navigate(`/admin/pages/${k}`)} controls="page-editor" />
      <div id="page-editor" role="tabpanel" className="mt-4">
        {page.isPending ? (
          <Skeleton className="h-80 w-full rounded-2xl" />
        ) : page.isError ? (
          <RetryPanel message={page.error.message} onRetry={() => page.refetch()} />
        ) : (
          // a fresh editor per page and per load, so switching pages never carries a draft across
          <PageEditor key={`${key}:${page.dataUpdatedAt}`} pageKey={key} title={meta.title} html={page.data.html} picture={page.data.picture} />
        )}
      </div>
    </AdminFrame>
  );
}

function PageEditor({ pageKey, title, html, picture }: { pageKey: ContentKey; title: string; html: string; picture: string | null }) {
  const [draft, setDraft] = useState(html);
  const save = useSavePage(pageKey);
  const changed = draft !== html;
  const onSave = () =>
    save.mutate(
      { html: draft },
      {
        onSuccess: (res) => toast.success(res.message ?? 'Page saved'),
      },
    );
  return (
    <div className="rounded-2xl border border-sand-100 bg-white p-4 shadow-sm md:p-6">
      {pageKey === 'about' ? <AboutPicture picture={picture} /> : null}
      <RichTextEditor label={`${title} text`} value={draft} onChange={setDraft} pageTools boxClassName="min-h-80" error={undefined} />
      <ErrorNote message={save.error?.message} />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {changed ? <span className="text-sm text-saffron-700">Unsaved changes</span> : null}
        <Button variant="ghost" disabled={!changed || save.isPending} onClick={() => setDraft(html)}>
          Discard
        </Button>
        <Button onClick={onSave} disabled={!changed || save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save page'}
        </Button>
      </div>
    </div>
  );
}

/**
 * Our Story's picture: shown as /about shows it (a wide 8:3 frame), replaced by choosing a file (saved at once,
 * through the upload pipeline: WebP in several widths) or removed.
 */
function AboutPicture({ picture }: { picture: string | null }) {
  const id = useId();
  const change = useAboutPicture();
  return (
    <div className="mb-5 rounded-xl border border-sand-100 bg-sand-50 p-3">
      <p className="mb-2 text-sm font-medium text-ink-900">Our Story picture</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="aspect-[8/3] w-full shrink-0 overflow-hidden rounded-lg border border-sand-100 bg-white sm:w-72">
          {picture ? (
            <img {...responsiveImage(picture, '(min-width: 640px) 288px, 90vw')} alt="Our Story picture" className="h-full w-full object-cover" />
          ) : (
            <span className="grid h-full place-items-center text-xs text-ink-500">No picture</span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="mb-1 block text-sm text-ink-900">
            {picture ? 'Replace the picture' : 'Add a picture'}
          </label>
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={change.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) change.mutate(file, { onSuccess: (res) => toast.success(res.message ?? 'Picture saved') });
            }}
            className="w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          />
          <p className="mt-1 text-xs text-ink-500">{change.isPending ? 'Uploading…' : 'JPEG, PNG or WebP up to 5 MB, wide (8:3 shows best); saved at once as WebP.'}</p>
          {picture ? (
            <Button variant="ghost" size="sm" className="mt-1" disabled={change.isPending} onClick={() => change.mutate(null, { onSuccess: (res) => toast.success(res.message ?? 'Picture removed') })}>
              Remove picture
            </Button>
          ) : null}
          <ErrorNote message={change.error?.message} />
        </div>
      </div>
    </div>
  );
}
