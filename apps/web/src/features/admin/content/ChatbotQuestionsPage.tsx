import { formatDate } from '@statewise/contract/format';
import type { ChatbotQuestion } from '@statewise/contract/schemas/content';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useChatbotQuestions, useDecideQuestion, type QuestionStatus } from '../api.ts';
import { AdminFrame, EmptyNote, ErrorNote, FilterTabs, fieldErrorsOf } from '../ui.tsx';
import { FaqFields } from './FaqAdminPage.tsx';

const TABS: Array<{ key: QuestionStatus; label: string }> = [
  { key: 'open', label: 'Open' },
  { key: 'answered', label: 'Answered' },
  { key: 'dismissed', label: 'Dismissed' },
];

/**
 * /admin/chatbot-questions (role admin): what people asked Digi that no FAQ entry answered, most asked first. Answer
 * one (it becomes an FAQ entry Digi answers from at once) or dismiss it (it comes back if asked again).
 */
export default function ChatbotQuestionsPage() {
  const [status, setStatus] = useState<QuestionStatus>('open');
  const list = useChatbotQuestions(status);
  const decide = useDecideQuestion();
  const [answering, setAnswering] = useState<ChatbotQuestion | null>(null);

  const dismiss = (q: ChatbotQuestion) => decide.mutate({ id: q.id, decision: 'dismiss' }, { onSuccess: () => toast.success('Question dismissed') });

  return (
    <AdminFrame title="Unanswered questions" intro="Questions Digi, the support chatbot, could not answer. Answering one adds it to the FAQ, and Digi answers it from then on.">
      <FilterTabs label="Question status" items={TABS} value={status} onChange={setStatus} controls="questions-panel" />
      <div id="questions-panel" role="tabpanel" className="mt-4">
        <ErrorNote message={decide.error && !answering ? decide.error.message : null} />
        {list.isPending ? (
          <Skeleton className="h-48 w-full rounded-2xl" />
        ) : list.isError ? (
          <RetryPanel message={list.error.message} onRetry={() => list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyNote>{status === 'open' ? 'Digi has answered everything people asked.' : `No ${status} questions.`}</EmptyNote>
        ) : (
          <ul aria-label="Questions" className="divide-y divide-sand-100 rounded-2xl border border-sand-100 bg-white shadow-sm">
            {list.data.map((q) => (
              <li key={q.id} aria-label={q.question} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-ink-900">{q.question}</p>
                  <p className="mt-0.5 text-xs text-ink-500">
                    Asked {q.timesAsked === 1 ? 'once' : `${q.timesAsked} times`} · last {formatDate(q.lastAskedAt)}
                  </p>
                </div>
                {status === 'open' ? (
                  <div className="flex gap-1">
                    <Button size="sm" onClick={() => setAnswering(q)}>
                      Answer
                    </Button>
                    <Button variant="ghost" size="sm" disabled={decide.isPending} onClick={() => dismiss(q)}>
                      Dismiss
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      {answering ? <AnswerDialog question={answering} onClose={() => setAnswering(null)} /> : null}
    </AdminFrame>
  );
}

function AnswerDialog({ question, onClose }: { question: ChatbotQuestion; onClose: () => void }) {
  const id = useId();
  const decide = useDecideQuestion();
  const [q, setQ] = useState(question.question);
  const [answer, setAnswer] = useState('');
  const [keywords, setKeywords] = useState('');
  const errors = fieldErrorsOf(decide.error);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate(
      { id: question.id, decision: 'answer', question: q, answer, ...(keywords.trim() ? { keywords } : {}) },
      {
        onSuccess: () => {
          toast.success('Added to the FAQ');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} title="Answer as an FAQ entry" size="sm:max-w-xl">
      <form onSubmit={onSubmit} noValidate>
        <p className="mb-3 text-sm text-ink-500">Tidy the question as it should read on the FAQ page. Without keywords, the words people used are kept as keywords.</p>
        <ErrorNote message={Object.keys(errors).length ? null : decide.error?.message} />
        <FaqFields id={id} question={q} answer={answer} keywords={keywords} setQuestion={setQ} setAnswer={setAnswer} setKeywords={setKeywords} errors={errors} />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={decide.isPending}>
            {decide.isPending ? 'Adding…' : 'Add to FAQ'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
