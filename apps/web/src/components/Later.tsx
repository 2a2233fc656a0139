import { HOME_STAGGER_MS } from '@statewise/contract/ui';
import { useEffect, useState, type ReactNode } from 'react';

/** True once `step` × 150 ms (HOME_STAGGER_MS) have passed since the component mounted. */
function useStagger(step: number): boolean {
  const [ready, setReady] = useState(step === 0);
  useEffect(() => {
    if (ready) return;
    const t = setTimeout(() => setReady(true), step * HOME_STAGGER_MS);
    return () => clearTimeout(t);
  }, [step, ready]);
  return ready;
}

/**
 * A part of a page that waits its stagger step: `load` (a query hook, or anything called the same way on every
 * render) is asked once `step` × 150 ms have passed, and `children` draws from its answer. Home's sections ask for
 * their data this way so the first ones are not queued behind the last; a product page mounts what lies below its
 * first screen this way (`load={shown}`), so its first render is short and the rest arrives in tasks of its own
 * (Preact renders a tree in one go: one long task blocks a phone's main thread, issue 9).
 */
export function Later<R>({ step, load, children }: { step: number; load: (enabled: boolean) => R; children: (answer: R) => ReactNode }) {
  const answer = load(useStagger(step));
  return <>{children(answer)}</>;
}

/** `load` for a part that only waits its turn: the answer is whether it has come. */
export const shown = (ready: boolean) => ready;
