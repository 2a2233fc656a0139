import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, useCountdown } from './useCountdown.ts';

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at the given seconds and counts down to zero, then stops', () => {
    const { result } = renderHook(() => useCountdown(50));
    expect(result.current).toMatchObject({ seconds: 50, running: true });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.seconds).toBe(40);
    act(() => vi.advanceTimersByTime(45_000));
    expect(result.current).toMatchObject({ seconds: 0, running: false });
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current.seconds).toBe(0);
  });

  it('restarts at its own length, or at the length asked for (50 s after a login resend, 60 s elsewhere)', () => {
    const { result } = renderHook(() => useCountdown(50));
    act(() => vi.advanceTimersByTime(50_000));
    expect(result.current.running).toBe(false);
    act(() => result.current.restart());
    expect(result.current.seconds).toBe(50);
    act(() => result.current.restart(60));
    expect(result.current.seconds).toBe(60);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.seconds).toBe(59);
  });

  it('follows the clock, so a tab whose timers were throttled still shows the right value', () => {
    const { result } = renderHook(() => useCountdown(60));
    // the clock moves 30 s while no interval fires (a background tab)
    act(() => {
      vi.setSystemTime(Date.now() + 30_000);
      vi.advanceTimersByTime(250);
    });
    expect(result.current.seconds).toBe(30);
  });
});

describe('formatCountdown', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(42)).toBe('0:42');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
