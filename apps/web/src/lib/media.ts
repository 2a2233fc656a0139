import { MOBILE_BREAKPOINT } from '@statewise/contract/ui';
import { useSyncExternalStore } from 'react';

const query = () => window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);

/** True at 768 px and wider (the spec's breakpoint), following the window as it resizes. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = query();
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => query().matches,
    () => true,
  );
}
