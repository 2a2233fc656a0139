import { HOME_STAGGER_MS } from '@statewise/contract/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { useHydrated } from './ClientOnly.tsx';

/**
 * True once `step` × 150 ms (HOME_STAGGER_MS) have passed since the component mounted. On the server, and in a page
 * the browser takes over from the server, at once: the server draws the whole page with its data (a shopper
 * without JavaScript and a search engine read it all), and the browser's first render must draw the same.
 */
function useStagger(step: number): boolean {
  const hydrated = useHydrated();
  const [ready, setReady] = useState(step === 0 || !hydrated);
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
 * (a tree rendered in one go is one long task on a phone's main thread).
 */
export function Later<R>({ step, load, children }: { step: number; load: (enabled: boolean) => R; children: (answer: R) => ReactNode }) {
  const answer = load(useStagger(step));
  return <>{children(answer)}</>;
}

/** `load` for a part that only waits its turn: the answer is whether it has come. */
export const shown = (ready: boolean) => ready;
