import { formatDate } from '@statewise/contract/format';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { CONTACTS_PAGE_SIZE, useContactRequests, useSetHandled, type ContactFilters } from '../api.ts';
import { AdminFrame, EmptyNote, ErrorNote, FilterTabs } from '../ui.tsx';

const TABS: Array<{ key: ContactFilters['show']; label: string }> = [
  { key: 'open', label: 'Open' },
  { key: 'handled', label: 'Handled' },
  { key: '', label: 'All' },
];

/**
 * /admin/contact-requests (role admin): the contact form's messages (accounts §5), newest first, open ones by default;
 * reply by e-mail and mark a message handled (or open again). The filter and page live in the address bar.
 */
export default function ContactInboxPage() {
  const [params, setParams] = useSearchParams();
  const showParam = params.get('show');
  const show: ContactFilters['show'] = showParam === 'handled' ? 'handled' : showParam === 'all' ? '' : 'open';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useContactRequests({ show, page });
  const setHandled = useSetHandled();

  const go = (next: { show?: ContactFilters['show']; page?: number }) => {
    const p = new URLSearchParams();
    const s = next.show ?? show;
    p.set('show', s || 'all');
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };

  return (
    <AdminFrame title="Contact inbox" intro="Messages sent through Contact Us. Reply by e-mail, then mark the message handled.">
      <FilterTabs label="Messages" items={TABS} value={show} onChange={(s) => go({ show: s })} controls="contacts-panel" />
      <div id="contacts-panel" role="tabpanel" className="mt-4">
        <ErrorNote message={setHandled.error?.message} />
        {list.isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-32 w-full rounded-2xl" />
            <Skeleton className="h-32 w-full rounded-2xl" />
          </div>
        ) : list.isError ? (
          <RetryPanel message={list.error.message} onRetry={() => list.refetch()} />
        ) : list.data.requests.length === 0 ? (
          <EmptyNote>{show === 'open' ? 'No open messages. Everything has been handled.' : 'No messages.'}</EmptyNote>
        ) : (
          <ul aria-label="Messages" className="space-y-3">
            {list.data.requests.map((r) => (
              <li key={r._id} aria-label={`${r.fullName}: ${r.subject}`} className={`rounded-2xl border p-4 shadow-sm ${r.handled ? 'border-sand-100 bg-sand-100/30' : 'border-brand-100 bg-white'}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink-900">
                      {r.fullName}{' '}
                      <a href={`mailto:${r.email}?subject=${encodeURIComponent(`Re: ${r.subject}`)}`} className="font-normal break-all text-brand-700 underline">
                        {r.email}
                      </a>
                    </p>
                    <p className="mt-0.5 text-xs text-ink-500">
                      <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-700">{r.subject}</span> · {formatDate(r.createdAt)}
                      {r.handled && r.handledAt ? ` · handled ${formatDate(r.handledAt)}` : ''}
                    </p>
                  </div>
                  <Button
                    variant={r.handled ? 'ghost' : 'outline'}
                    size="sm"
                    disabled={setHandled.isPending && setHandled.variables?.id === r._id}
                    onClick={() =>
                      setHandled.mutate({ id: r._id, handled: !r.handled }, { onSuccess: () => toast.success(r.handled ? 'Message open again' : 'Marked handled') })
                    }
                  >
                    {r.handled ? 'Reopen' : 'Mark handled'}
                  </Button>
                </div>
                <p className="mt-2 text-sm whitespace-pre-line break-words text-ink-700">{r.description}</p>
              </li>
            ))}
          </ul>
        )}
        {list.data && list.data.total > CONTACTS_PAGE_SIZE ? (
          <div className="mt-6 flex justify-center">
            <Pagination page={page} pageCount={Math.ceil(list.data.total / CONTACTS_PAGE_SIZE)} onChange={(p) => go({ page: p })} />
          </div>
        ) : null}
      </div>
    </AdminFrame>
  );
}
