import type { AdminFaqEntry } from '@statewise/contract/schemas/content';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useAdminFaq, useDeleteFaq, useSaveFaq } from '../api.ts';
import { AdminFrame, ConfirmDialog, EmptyNote, ErrorNote, fieldClass, fieldErrorsOf } from '../ui.tsx';

/** What the FAQ dialog starts with: an entry to edit, or a new one (maybe from an unanswered question). */
export interface FaqDraft {
  id?: string;
  question: string;
  answer: string;
  keywords: string;
  position?: number;
  hidden?: boolean;
}

/**
 * /admin/faq (role admin): the FAQ entries the /FAQ page lists and Digi answers from — question, answer and the
 * keywords (other ways people ask) that help Digi match; add, edit, hide and delete after a confirmation.
 */
export default function FaqAdminPage() {
  const faq = useAdminFaq();
  const [editing, setEditing] = useState<FaqDraft | null>(null);
  const [deleting, setDeleting] = useState<AdminFaqEntry | null>(null);
  const [filter, setFilter] = useState('');
  const remove = useDeleteFaq();
  const needle = filter.trim().toLowerCase();
  const shown = (faq.data ?? []).filter((e) => !needle || `${e.question} ${e.answer} ${e.keywords}`.toLowerCase().includes(needle));

  return (
    <AdminFrame
      title="FAQ"
      intro="The questions on the FAQ page, in this order. Digi, the support chatbot, answers from them too; keywords are other words people use for the same question."
      actions={<Button onClick={() => setEditing({ question: '', answer: '', keywords: '' })}>Add question</Button>}
    >
      {faq.isPending ? (
        <Skeleton className="h-60 w-full rounded-2xl" />
      ) : faq.isError ? (
        <RetryPanel message={faq.error.message} onRetry={() => faq.refetch()} />
      ) : (
        <>
          <label htmlFor="faq-filter" className="sr-only">
            Find a question
          </label>
          <input id="faq-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={`Find among ${faq.data.length} questions`} className={`${fieldClass} mb-4`} />
          {shown.length === 0 ? (
            <EmptyNote>{faq.data.length ? 'No question matches.' : 'No questions yet.'}</EmptyNote>
          ) : (
            <ul aria-label="FAQ entries" className="space-y-3">
              {shown.map((e) => (
                <li key={e.id} aria-label={e.question} className="rounded-2xl border border-sand-100 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 className="min-w-0 flex-1 font-semibold text-ink-900">
                      <span className="mr-2 text-sm font-normal text-ink-500">{e.position}.</span>
                      {e.question}
                      {e.hidden ? <span className="ml-2 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-ink-500">Hidden</span> : null}
                    </h2>
                    <div className="flex gap-1">
                      <Button variant="ghost" size="sm" onClick={() => setEditing({ ...e })}>
                        Edit
                      </Button>
                      <Button variant="ghost" size="sm" className="text-red-700! hover:bg-red-50!" onClick={() => setDeleting(e)}>
                        Delete
                      </Button>
                    </div>
                  </div>
                  <p className="mt-1 text-sm whitespace-pre-line text-ink-700">{e.answer}</p>
                  {e.keywords ? <p className="mt-2 text-xs text-ink-500">Keywords: {e.keywords}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {editing ? <FaqDialog draft={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this question?"
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
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Question deleted');
              setDeleting(null);
            },
          })
        }
      >
        {deleting ? <p>“{deleting.question}” leaves the FAQ page and Digi stops answering with it.</p> : null}
      </ConfirmDialog>
    </AdminFrame>
  );
}

/** Add or edit an FAQ entry. */
export function FaqDialog({ draft, onClose, title }: { draft: FaqDraft; onClose: () => void; title?: string }) {
  const id = useId();
  const save = useSaveFaq();
  const [question, setQuestion] = useState(draft.question);
  const [answer, setAnswer] = useState(draft.answer);
  const [keywords, setKeywords] = useState(draft.keywords);
  const [hidden, setHidden] = useState(draft.hidden ?? false);
  const errors = fieldErrorsOf(save.error);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: draft.id, question, answer, keywords, hidden },
      {
        onSuccess: () => {
          toast.success(draft.id ? 'Question saved' : 'Question added');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={title ?? (draft.id ? 'Edit question' : 'Add a question')} size="sm:max-w-xl">
      <form onSubmit={onSubmit} noValidate>
        {/* a field's message shows under the field; the headline only for other refusals */}
        <ErrorNote message={Object.keys(errors).length ? null : save.error?.message} />
        <FaqFields id={id} question={question} answer={answer} keywords={keywords} setQuestion={setQuestion} setAnswer={setAnswer} setKeywords={setKeywords} errors={errors} />
        <label className="mt-3 flex min-h-11 items-center gap-2 text-sm text-ink-900">
          <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} className="size-4 accent-brand-700" />
          Hidden (not on the FAQ page, and Digi does not use it)
        </label>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : draft.id ? 'Save question' : 'Add question'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Question, answer and keywords: the FAQ dialog's fields, shared with answering an unanswered question. */
export function FaqFields({
  id,
  question,
  answer,
  keywords,
  setQuestion,
  setAnswer,
  setKeywords,
  errors,
}: {
  id: string;
  question: string;
  answer: string;
  keywords: string;
  setQuestion: (v: string) => void;
  setAnswer: (v: string) => void;
  setKeywords: (v: string) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium text-ink-900">
        Question
      </label>
      <input id={`${id}-q`} value={question} maxLength={300} onChange={(e) => setQuestion(e.target.value)} className={fieldClass} aria-invalid={errors.question ? true : undefined} aria-describedby={errors.question ? `${id}-qe` : undefined} />
      {errors.question ? (
        <p id={`${id}-qe`} className="mt-1 text-sm text-red-700">
          {errors.question}
        </p>
      ) : null}
      <label htmlFor={`${id}-a`} className="mt-3 mb-1 block text-sm font-medium text-ink-900">
        Answer
      </label>
      <textarea id={`${id}-a`} value={answer} maxLength={3000} rows={5} onChange={(e) => setAnswer(e.target.value)} className={fieldClass} aria-invalid={errors.answer ? true : undefined} aria-describedby={errors.answer ? `${id}-ae` : undefined} />
      {errors.answer ? (
        <p id={`${id}-ae`} className="mt-1 text-sm text-red-700">
          {errors.answer}
        </p>
      ) : null}
      <label htmlFor={`${id}-k`} className="mt-3 mb-1 block text-sm font-medium text-ink-900">
        Keywords <span className="font-normal text-ink-500">(optional: other words for the same question)</span>
      </label>
      <input id={`${id}-k`} value={keywords} maxLength={500} onChange={(e) => setKeywords(e.target.value)} placeholder="refund, money back, return" className={fieldClass} />
    </>
  );
}
