import { Navigate } from 'react-router';
import { usePageHead } from '../lib/page-head.tsx';

/** An address that has moved for good: a 301 from the server, a replacing navigation inside the app. */
export function Moved({ to }: { to: string }) {
  usePageHead({ redirect: to });
  return <Navigate to={to} replace />;
}
