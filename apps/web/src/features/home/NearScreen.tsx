import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../../components/ClientOnly.tsx';

/**
 * Renders `children` only once this spot comes within 400 px of the screen, keeping `minHeight` meanwhile: a home
 * section whose code and data should not load with the first screen (the home budget, ADR 003).
 */
export function NearScreen({ children, minHeight = '20rem' }: { children: ReactNode; minHeight?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // The server draws the placeholder too (the section is the browser's to load), so the page hydrates as drawn;
  // without IntersectionObserver (old browsers) the section comes right after.
  const [seen, setNear] = useState(false);
  const hydrated = useHydrated();
  const near = seen || (hydrated && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return near ? <>{children}</> : <div ref={ref} style={{ minHeight }} aria-hidden />;
}
