import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Page, RetryPanel } from '../../components/Page.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import { useFaq } from './api.ts';

/**
 * /FAQ (accounts §2.9): an accordion of the questions; one open at a time, the first open on arrival. The
 * entries are the admin's (the chatbot answers from the same list), the spec's seven by default.
 */
export default function FaqPage() {
  usePageTitle('FAQ');
  const faq = useFaq();
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  const openId = open ?? faq.data?.[0]?._id ?? null;

  return (
    <Page width="max-w-3xl">
      <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">Help</p>
      <h1 className="mt-1 font-display text-3xl text-brand-800 md:text-4xl">Frequently asked questions</h1>
      <div className="mt-6 divide-y divide-sand-100 rounded-2xl bg-white shadow-sm">
        {faq.isPending ? (
          Array.from({ length: 7 }, (_, i) => (
            <div key={i} className="p-5">
              <Skeleton className="h-5 w-3/4" />
            </div>
          ))
        ) : faq.isError ? (
          <RetryPanel message="The questions could not be loaded." onRetry={() => void faq.refetch()} />
        ) : (
          faq.data.map((entry) => {
            const expanded = entry._id === openId;
            const panelId = `${baseId}-${entry._id}`;
            return (
              <div key={entry._id}>
                <h2>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? '' : entry._id)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink-900 hover:bg-sand-50"
                  >
                    <span>{entry.question}</span>
                    <span aria-hidden="true" className={`text-xl leading-none text-brand-700 transition ${expanded ? 'rotate-45' : ''}`}>
                      +
                    </span>
                  </button>
                </h2>
                <div id={panelId} role="region" hidden={!expanded} className="px-5 pb-5 text-sm leading-6 text-ink-700 md:text-base md:leading-7">
                  {entry.answer}
                </div>
              </div>
            );
          })
        )}
      </div>
      <p className="mt-6 text-sm text-ink-700">
        Still have a question?{' '}
        <Link to="/contact-us" className="font-semibold text-brand-700 underline">
          Write to us
        </Link>
        .
      </p>
    </Page>
  );
}
