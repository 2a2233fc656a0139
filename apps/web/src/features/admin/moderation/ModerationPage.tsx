import { formatDate } from '@statewise/contract/format';
import { MODERATION_NOTE_MAX, MODERATION_PAGE_SIZE, type ModerationDecision, type ModerationItem } from '@statewise/contract/schemas/moderation';
import { MSG } from '@statewise/contract/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { AdminFrame, ConfirmDialog, EmptyNote, fieldClass, fieldErrorsOf, FilterTabs } from '../ui.tsx';
import { useModerationDecision, useModerationInbox, waitedFor } from './api.ts';
import { useListParams } from '../../../lib/use-list-params.ts';

const TONE: Record<ModerationDecision['tone'], string> = {
  primary: buttonClass('primary', 'md'),
  neutral: buttonClass('outline', 'md'),
  danger: buttonClass('outline', 'md', 'border-red-300! text-red-700! hover:bg-red-50!'),
};

/**
 * /admin/moderation (role admin; ADR 025): one list of everything waiting for a decision — seller applications,
 * reviews vendors reported, questions Digi could not answer — oldest first, each with its kind, how long it has
 * waited, a summary, a link to the whole thing and its decisions. Every decision takes an optional note (a
 * rejection needs one) and is recorded in the audit log.
 */
export default function ModerationPage() {
  const { page, get, set } = useListParams();
  const kind = get('kind');
  const inbox = useModerationInbox(kind, page);
  const [deciding, setDeciding] = useState<{ item: ModerationItem; decision: ModerationDecision } | null>(null);


  const kinds = inbox.data?.kinds ?? [];
  const total = kinds.reduce((n, k) => n + k.count, 0);
  const tabs = [{ key: '', label: <TabLabel label="All" count={total} /> }, ...kinds.map((k) => ({ key: k.kind, label: <TabLabel label={`${k.label}s`} count={k.count} /> }))];

  return (
    <AdminFrame title="Moderation inbox" intro="Everything waiting for your decision, oldest first. Each decision is recorded in the audit log with your note.">
      {kinds.length ? <FilterTabs label="Kind of item" items={tabs} value={kind} onChange={(k) => set({ kind: k })} controls="moderation-panel" /> : null}
      <div id="moderation-panel" role="tabpanel" className="mt-4">
        {inbox.isPending ? (
          <div className="space-y-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-28 w-full rounded-xl" />
            ))}
          </div>
        ) : inbox.isError ? (
          <RetryPanel message={inbox.error.message} onRetry={() => inbox.refetch()} />
        ) : inbox.data.items.length === 0 ? (
          <EmptyNote>Nothing is waiting for a decision. Well done.</EmptyNote>
        ) : (
          <>
            <p className="mb-2 text-sm text-ink-500" aria-live="polite">
              {inbox.data.count === 1 ? '1 item waiting' : `${inbox.data.count.toLocaleString('en-IN')} items waiting`}
            </p>
            <ul aria-label="Items waiting" className="space-y-3">
              {inbox.data.items.map((item) => (
                <li key={`${item.kind}:${item._id}`} aria-label={`${item.kindLabel}: ${item.title}`} className="rounded-2xl border border-sand-100 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-center gap-2 text-xs">
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-800">{item.kindLabel}</span>
                    <span className="text-ink-500" title={formatDate(item.createdAt)}>
                      waiting {waitedFor(item.createdAt)}
                    </span>
                  </div>
                  <p className="mt-2 font-semibold break-words text-ink-900">{item.title}</p>
                  <p className="mt-1 text-sm break-words text-ink-700">{item.summary}</p>
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    {item.decisions.map((d) => (
                      <button key={d.decision} type="button" className={TONE[d.tone]} onClick={() => setDeciding({ item, decision: d })}>
                        {d.label}
                      </button>
                    ))}
                    <Link to={item.link} className="ml-auto text-sm font-semibold text-brand-700 hover:underline">
                      Open
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
        {inbox.data && inbox.data.count > MODERATION_PAGE_SIZE ? (
          <div className="mt-6 flex justify-center">
            <Pagination page={page} pageCount={Math.ceil(inbox.data.count / MODERATION_PAGE_SIZE)} onChange={(p) => set({ page: String(p) })} />
          </div>
        ) : null}
      </div>
      {deciding ? <DecisionDialog key={`${deciding.item._id}:${deciding.decision.decision}`} {...deciding} onClose={() => setDeciding(null)} /> : null}
    </AdminFrame>
  );
}

function TabLabel({ label, count }: { label: string; count: number }) {
  return (
    <>
      {label}
      {count > 0 ? <span className="ml-2 rounded-full bg-saffron-500 px-2 py-0.5 text-xs text-white normal-case">{count}</span> : null}
    </>
  );
}

/** Confirms a decision: the note (required for some) and the decision's own fields, prefilled from the item. */
function DecisionDialog({ item, decision, onClose }: { item: ModerationItem; decision: ModerationDecision; onClose: () => void }) {
  const decide = useModerationDecision();
  const [note, setNote] = useState('');
  const [fields, setFields] = useState<Record<string, string>>(() => Object.fromEntries(decision.fields.map((f) => [f.name, item.prefill[f.name] ?? ''])));
  const [localError, setLocalError] = useState<string | null>(null);
  const serverFields = fieldErrorsOf(decide.error);

  const onConfirm = async () => {
    if (decision.noteRequired && !note.trim()) {
      setLocalError(MSG.moderationNoteRequired);
      return;
    }
    const missing = decision.fields.find((f) => f.required && !fields[f.name]?.trim());
    if (missing) {
      setLocalError(`Please fill in: ${missing.label}`);
      return;
    }
    setLocalError(null);
    try {
      const res = await decide.mutateAsync({ kind: item.kind, id: item._id, decision: decision.decision, ...(note.trim() ? { note: note.trim() } : {}), ...(decision.fields.length ? { fields } : {}) });
      toast.success(res.message ?? MSG.moderationDecided);
      onClose();
    } catch {
      // shown in the dialog
    }
  };

  return (
    <ConfirmDialog
      open
      title={`${decision.label}?`}
      confirmLabel={decision.label}
      danger={decision.tone === 'danger'}
      pending={decide.isPending}
      error={localError ?? decide.error?.message}
      onClose={onClose}
      onConfirm={() => void onConfirm()}
    >
      <p className="font-semibold break-words text-ink-900">{item.title}</p>
      <p className="mt-1 break-words">{item.summary}</p>
      {decision.fields.map((f) => {
        const id = `decision-${f.name}`;
        const error = serverFields[f.name];
        return (
          <div key={f.name} className="mt-3">
            <label htmlFor={id} className="mb-1 block font-medium text-ink-900">
              {f.label}
              {f.required ? '' : ' (optional)'}
            </label>
            {f.multiline ? (
              <textarea id={id} rows={4} maxLength={f.maxLength} value={fields[f.name] ?? ''} onChange={(e) => setFields({ ...fields, [f.name]: e.target.value })} className={fieldClass} aria-invalid={error ? true : undefined} />
            ) : (
              <input id={id} maxLength={f.maxLength} value={fields[f.name] ?? ''} onChange={(e) => setFields({ ...fields, [f.name]: e.target.value })} className={fieldClass} aria-invalid={error ? true : undefined} />
            )}
          </div>
        );
      })}
      <label htmlFor="decision-note" className="mt-3 mb-1 block font-medium text-ink-900">
        Note{decision.noteRequired ? ' (required: the applicant is told this reason)' : ' (optional, kept in the audit log)'}
      </label>
      <textarea id="decision-note" rows={2} maxLength={MODERATION_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} className={fieldClass} />
    </ConfirmDialog>
  );
}
