import { CHATBOT_QUESTION_MAX } from '@statewise/contract/schemas/content';
import { MSG } from '@statewise/contract/messages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useAskDigi } from './api.ts';

interface Line {
  id: number;
  from: 'you' | 'digi';
  text: string;
  tone?: 'error';
  /** "Did you mean…": questions Digi is unsure between, asked again with a tap. */
  choices?: string[];
  /** No answer: a way to a person (the contact form). */
  askPerson?: boolean;
}

const GREETING = "Hi, I'm Digi. Ask me about orders, returns, selling on Statewise or anything else.";
const STARTERS = ['Where can I see my order?', 'How do I return a product?', 'How do I become a seller?'];

/**
 * The Digi support chat (accounts §2.8, §4.12): the user types a question and the reply shows the answer; when
 * Digi is unsure, up to three "Did you mean…" questions to tap; when it has nothing, the spec's fallback and a way
 * to ask a person. A failed request says the spec's error sentence (§8). The conversation lives while the dialog is open.
 */
export function DigiChat() {
  const ask = useAskDigi();
  const [lines, setLines] = useState<Line[]>([{ id: 0, from: 'digi', text: GREETING }]);
  const [draft, setDraft] = useState('');
  const next = useRef(1);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lines, ask.isPending]);

  const send = (question: string) => {
    const text = question.trim();
    if (!text || ask.isPending) return;
    setLines((l) => [...l, { id: next.current++, from: 'you', text }]);
    setDraft('');
    ask.mutate(text, {
      onSuccess: (reply) =>
        setLines((l) => [
          ...l,
          {
            id: next.current++,
            from: 'digi',
            text: reply.answer,
            choices: reply.suggestions.map((c) => c.question),
            askPerson: !reply.answered && reply.suggestions.length === 0,
          },
        ]),
      // a refusal the server explains (too long, too many) is shown as it is; anything else gets the spec's sentence
      onError: (err) =>
        setLines((l) => [...l, { id: next.current++, from: 'digi', tone: 'error', text: err instanceof ApiError && err.status < 500 && err.status !== 0 ? err.message : MSG.chatbotError }]),
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(draft);
  };

  return (
    <div className="flex min-h-0 flex-col">
      <div role="log" aria-live="polite" aria-label="Conversation with Digi" className="flex max-h-[50vh] min-h-48 flex-col gap-2 overflow-y-auto py-1">
        {lines.map((line) => (
          <div key={line.id} className={`flex flex-col gap-1.5 ${line.from === 'you' ? 'items-end' : 'items-start'}`}>
          <p
            className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-6 whitespace-pre-line ${
              line.from === 'you'
                ? 'self-end rounded-br-md bg-brand-700 text-white'
                : line.tone === 'error'
                  ? 'self-start rounded-bl-md bg-red-600/10 text-red-800'
                  : 'self-start rounded-bl-md bg-sand-100 text-ink-900'
            }`}
          >
            <span className="sr-only">{line.from === 'you' ? 'You: ' : 'Digi: '}</span>
            {line.text}
          </p>
          {line.choices?.length ? (
            <div className="flex max-w-[85%] flex-col gap-1.5" role="group" aria-label="Did you mean">
              {line.choices.map((q) => (
                <button key={q} type="button" onClick={() => send(q)} className="rounded-xl border border-brand-200 bg-white px-3 py-1.5 text-left text-sm text-brand-700 hover:bg-brand-50">
                  {q}
                </button>
              ))}
            </div>
          ) : null}
          {line.askPerson ? (
            <Link to="/contact-us" className="text-sm font-semibold text-brand-700 underline">
              Ask a person
            </Link>
          ) : null}
          </div>
        ))}
        {ask.isPending ? (
          <p className="self-start rounded-2xl rounded-bl-md bg-sand-100 px-3.5 py-2 text-sm text-ink-500" aria-label="Digi is typing">
            <span className="inline-block animate-pulse">• • •</span>
          </p>
        ) : null}
        <div ref={end} />
      </div>
      {lines.length === 1 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {STARTERS.map((q) => (
            <button key={q} type="button" onClick={() => send(q)} className="rounded-full border border-brand-200 px-3 py-1.5 text-xs font-medium text-brand-700 hover:bg-brand-50">
              {q}
            </button>
          ))}
        </div>
      ) : null}
      <form onSubmit={submit} className="mt-3 flex gap-2">
        <label htmlFor="digi-question" className="sr-only">
          Your question
        </label>
        <input
          id="digi-question"
          value={draft}
          maxLength={CHATBOT_QUESTION_MAX}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Type your question"
          autoComplete="off"
          data-autofocus
          className="min-w-0 flex-1 rounded-full border border-ink-500/40 bg-white px-4 py-2.5 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <button
          type="submit"
          disabled={!draft.trim() || ask.isPending}
          className="shrink-0 rounded-full bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white disabled:opacity-50"
        >
          Send
        </button>
      </form>
    </div>
  );
}
