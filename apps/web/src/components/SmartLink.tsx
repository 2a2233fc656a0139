import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link to an address that may be inside the app or outside it. */
export function SmartLink({ to, className, children, label }: { to: string; className?: string; children: ReactNode; label?: string }) {
  return to.startsWith('/') ? (
    <Link to={to} className={className} aria-label={label}>
      {children}
    </Link>
  ) : (
    <a href={to} className={className} aria-label={label} rel="noopener">
      {children}
    </a>
  );
}
