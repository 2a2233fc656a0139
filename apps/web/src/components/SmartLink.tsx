import type { ReactNode } from 'react';
import { AppLink } from './AppLink.tsx';

/** A link to an address that may be inside the app or outside it. */
export function SmartLink({ to, className, children, label }: { to: string; className?: string; children: ReactNode; label?: string }) {
  return to.startsWith('/') ? (
    <AppLink to={to as `/${string}`} className={className} aria-label={label}>
      {children}
    </AppLink>
  ) : (
    <a href={to} className={className} aria-label={label} rel="noopener">
      {children}
    </a>
  );
}
