import { useCallback, useEffect, useState } from 'react';

/**
 * A seconds countdown (the resend timers of accounts §4.6, lengths in the contract's OTP.resendSeconds) for "Resend code in 0:42". It counts from the wall clock (not by summing ticks), so a
 * throttled background tab still shows the right value when it comes back. `restart(n)` starts again at n.
 */
export function useCountdown(initialSeconds: number): { seconds: number; running: boolean; restart: (seconds?: number) => void } {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const running = seconds > 0;

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [running, endsAt]);

  const restart = useCallback(
    (next: number = initialSeconds) => {
      const t = Date.now();
      setNow(t);
      setEndsAt(t + next * 1000);
    },
    [initialSeconds],
  );

  return { seconds, running, restart };
}

/** 0:42, 1:00 */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
