import { Page, RetryPanel } from '../../components/Page.tsx';
import { SafeHtml } from '../../components/ui/SafeHtml.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import { responsiveImage } from '../../lib/responsive-image.ts';
import { useAboutUs } from './api.ts';
import { ContentSkeleton } from './ContentSkeleton.tsx';

/** The two founders the spec lists under Our Story, both as CEO & Founder (accounts §2.9). */
const FOUNDERS = [
  { name: 'Ananya Rao', initials: 'AR' },
  { name: 'Kabir Singh', initials: 'KS' },
];

/** /about, Our Story (accounts §2.9): the server's HTML and picture, then the founders. */
export default function AboutPage() {
  usePageTitle('Our Story');
  const about = useAboutUs();
  return (
    <Page width="max-w-4xl">
      <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">About Statewise</p>
      <h1 className="mt-1 font-display text-3xl text-brand-800 md:text-4xl">Our Story</h1>
      {/* a fixed 8:3 frame, so the text below does not move when the picture arrives */}
      <div className="mt-6 aspect-[8/3] overflow-hidden rounded-2xl bg-sand-100">
        {about.data?.picture ? (
          // an uploaded picture comes in several widths: a phone downloads the 640 px one, not the 1600
          <img {...responsiveImage(about.data.picture, '(min-width: 928px) 896px, calc(100vw - 2rem)')} alt="" width={1600} height={600} className="h-full w-full object-cover" fetchPriority="high" />
        ) : about.isPending ? (
          <Skeleton className="h-full w-full rounded-none" />
        ) : null}
      </div>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm md:p-8">
        {about.isPending ? (
          <ContentSkeleton />
        ) : about.isError ? (
          <RetryPanel message="Our story could not be loaded." onRetry={() => void about.refetch()} />
        ) : (
          <SafeHtml html={about.data.aboutUs} className="md:text-base md:leading-7" />
        )}
      </div>
      <h2 className="mt-10 font-display text-2xl text-brand-800">The founders</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {FOUNDERS.map((f) => (
          <li key={f.name} className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm">
            <span aria-hidden="true" className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-700 font-display text-xl text-white">
              {f.initials}
            </span>
            <span>
              <span className="block font-semibold text-ink-900">{f.name}</span>
              <span className="block text-sm text-ink-700">CEO &amp; Founder</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-xs text-ink-500">
        Data sources: delivery estimates and pincode lookups use the All India Pincode Directory of the Department of Posts, India Post, Government of
        India, published on data.gov.in under the Government Open Data License – India.
      </p>
    </Page>
  );
}
