import { CONTENT_KEYS, type ContentKey } from '@statewise/contract/schemas/content';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useAdminPage, useSavePage } from '../api.ts';
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
      {pageKey === 'about' && picture ? (
        <div className="mb-4 flex items-center gap-3 text-sm text-ink-500">
          <img src={picture} alt="" width={96} height={64} className="h-16 w-24 rounded-lg object-cover" />
          <span>The page's picture stays as it is.</span>
        </div>
      ) : null}
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
