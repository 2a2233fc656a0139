import { Page, RetryPanel } from '../../components/Page.tsx';
import { SafeHtml } from '../../components/ui/SafeHtml.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import { usePolicyPage, type PageKind } from './api.ts';
import { ContentSkeleton } from './ContentSkeleton.tsx';

const TITLES: Record<PageKind, string> = {
  privacy: 'Privacy Policy',
  return: 'Return and Replacement Policy',
  terms: 'Terms and Conditions',
};

/**
 * /privacy-policy, /return-and-replacement, /terms-and-conditions (accounts §2.9): server HTML, sanitised on
 * the way in and again here. A failed load is only logged by the spec; we offer Try again as well.
 */
export default function PolicyPage({ kind }: { kind: PageKind }) {
  usePageTitle(TITLES[kind]);
  const page = usePolicyPage(kind);
  return (
    <Page width="max-w-3xl">
      <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">Statewise</p>
      <h1 className="mt-1 font-display text-3xl text-brand-800 md:text-4xl">{TITLES[kind]}</h1>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm md:p-8">
        {page.isPending ? (
          <ContentSkeleton />
        ) : page.isError ? (
          <RetryPanel message="This page could not be loaded." onRetry={() => void page.refetch()} />
        ) : (
          <SafeHtml html={page.data} className="md:text-base md:leading-7" />
        )}
      </div>
    </Page>
  );
}
