import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryFailedImages } from './image-retry.ts';

describe('retryFailedImages', () => {
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    stop = retryFailedImages();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  const picture = (src: string) => {
    const img = document.createElement('img');
    img.setAttribute('src', src);
    document.body.append(img);
    const sets: (string | null)[] = [];
    const setAttribute = img.setAttribute.bind(img);
    img.setAttribute = (name: string, value: string) => {
      if (name === 'src') sets.push(value);
      setAttribute(name, value);
    };
    return { img, sets, fail: () => img.dispatchEvent(new Event('error')) };
  };

  it('asks for a failed picture of ours again after 2 s, then 4 s, then gives up', () => {
    const { img, sets, fail } = picture('/media/art/product/paisley-3-42.webp');
    fail();
    vi.advanceTimersByTime(1999);
    expect(sets).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sets).toEqual(['/media/art/product/paisley-3-42.webp']);
    fail();
    vi.advanceTimersByTime(4000);
    expect(sets).toHaveLength(2);
    fail();
    vi.advanceTimersByTime(10_000);
    expect(sets).toHaveLength(2);
    expect(img.getAttribute('src')).toBe('/media/art/product/paisley-3-42.webp');
  });

  it('leaves other sites’ pictures, and pictures that changed or left the page, alone', () => {
    const other = picture('https://example.com/a.png');
    other.fail();
    const moved = picture('/uploads/profile/a.webp');
    moved.fail();
    moved.img.setAttribute('src', '/uploads/profile/b.webp');
    const gone = picture('/media/art/card/checks-1-1.webp');
    gone.fail();
    gone.img.remove();
    vi.advanceTimersByTime(5000);
    expect(other.sets).toEqual([]);
    expect(moved.sets).toEqual(['/uploads/profile/b.webp']);
    expect(gone.sets).toEqual([]);
  });
});
