import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstLook, dropFirstPaint, FIRST_PICTURE_WAIT_MS, HAND_OVER_LIMIT_MS, handOverFirstPaint } from './first-paint.ts';

/** The server's painted-ahead copy, with a decode() the test settles (one entry per call, once the hand-over has asked). */
function paintedAhead(count = 1) {
  const box = document.createElement('div');
  box.id = 'first-paint';
  const settle: { resolve: () => void; reject: () => void }[] = [];
  for (let i = 0; i < count; i++) {
    const img = document.createElement('img');
    img.decode = () => new Promise<void>((resolve, reject) => settle.push({ resolve, reject: () => reject(new Error('EncodingError')) }));
    box.append(img);
  }
  document.body.append(box);
  return settle;
}
const present = () => document.getElementById('first-paint') !== null;

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] }));
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('handOverFirstPaint', () => {
  it('keeps the painted-ahead copy until it is decoded and a frame has passed', async () => {
    const settle = paintedAhead();
    handOverFirstPaint();
    const [copy] = settle;
    await vi.advanceTimersByTimeAsync(100);
    expect(present()).toBe(true);
    copy!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(present()).toBe(true); // decoded, but no frame has drawn it yet
    await vi.advanceTimersByTimeAsync(40);
    expect(present()).toBe(false);
  });

  it('waits for every painted-ahead picture of a listing row', async () => {
    const settle = paintedAhead(2);
    handOverFirstPaint();
    const [first, second] = settle;
    first!.resolve();
    await vi.advanceTimersByTimeAsync(40);
    expect(present()).toBe(true);
    second!.resolve();
    await vi.advanceTimersByTimeAsync(40);
    expect(present()).toBe(false);
  });

  it('takes a copy that cannot be drawn away after a frame', async () => {
    const settle = paintedAhead();
    handOverFirstPaint();
    const [copy] = settle;
    copy!.reject();
    await vi.advanceTimersByTimeAsync(40);
    expect(present()).toBe(false);
  });

  it('takes a copy whose picture never settles away after the limit', async () => {
    paintedAhead();
    handOverFirstPaint();
    await vi.advanceTimersByTimeAsync(HAND_OVER_LIMIT_MS - 1);
    expect(present()).toBe(true);
    // the limit, then the frame that every hand-over waits for
    await vi.advanceTimersByTimeAsync(40);
    expect(present()).toBe(false);
  });

  it('does nothing when the page has no painted-ahead copy', () => {
    expect(() => handOverFirstPaint()).not.toThrow();
    expect(() => dropFirstPaint()).not.toThrow();
  });
});

describe('afterFirstLook', () => {
  it('starts the app one frame after the painted-ahead picture is decoded, once', async () => {
    const settle = paintedAhead();
    const start = vi.fn();
    afterFirstLook(start);
    await vi.advanceTimersByTimeAsync(50);
    expect(start).not.toHaveBeenCalled();
    settle[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(start).not.toHaveBeenCalled(); // decoded, not yet drawn
    await vi.advanceTimersByTimeAsync(40);
    expect(start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FIRST_PICTURE_WAIT_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does not let a slow picture hold the app longer than the limit', async () => {
    paintedAhead();
    const start = vi.fn();
    afterFirstLook(start);
    await vi.advanceTimersByTimeAsync(FIRST_PICTURE_WAIT_MS - 20);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits one frame only on a page without a painted-ahead picture', async () => {
    const start = vi.fn();
    afterFirstLook(start);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(40);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once in a hidden tab, which draws no frames', () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const start = vi.fn();
    afterFirstLook(start);
    expect(start).toHaveBeenCalledTimes(1);
    visibility.mockRestore();
  });
});
