import { useEffect, useRef, useState } from 'react';
import { useSocialLinks } from './api.ts';

/**
 * The footer's social links (accounts §7 admin/social-links), in the admin's order. Nothing shows until they
 * load, and a failed load shows nothing (the spec only logs it). The list is fetched once the footer scrolls
 * near, so the first screen does not wait for it.
 */
export function SocialLinks() {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = anchor.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '400px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const links = useSocialLinks(near);
  if (!links.data?.length) return <div ref={anchor} />;
  return (
    <ul className="mt-5 flex flex-wrap gap-2" aria-label="Statewise on social media">
      {links.data.map((l) => (
        <li key={l._id}>
          <a
            href={l.Link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-block rounded-full border border-white/25 px-3 py-1 text-xs font-medium text-brand-100 hover:border-white hover:text-white"
          >
            {l.Platform}
          </a>
        </li>
      ))}
    </ul>
  );
}
