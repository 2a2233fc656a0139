import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` only once this spot comes within 400 px of the screen, keeping `minHeight` meanwhile: a home
 * section whose code and data should not load with the first screen (the home budget, ADR 003).
 */
export function NearScreen({ children, minHeight = '20rem' }: { children: ReactNode; minHeight?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // the server draws the placeholder too (the section is the browser's to load), so the page hydrates as drawn
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    // without IntersectionObserver (old browsers) it renders at once
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return near ? <>{children}</> : <div ref={ref} style={{ minHeight }} aria-hidden />;
}
