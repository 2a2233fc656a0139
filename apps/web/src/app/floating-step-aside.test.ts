import { afterEach, describe, expect, it, vi } from 'vitest';
import { COME_BACK_MS, coversControl, hides, samplePoints, SETTLE_MS, watchUnder } from './floating-step-aside.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const box = (left: number, top: number, width: number, height: number) => ({ left, top, right: left + width, bottom: top + height, width, height, x: left, y: top, toJSON: () => ({}) });

/** Gives an element a box on screen (jsdom lays nothing out). */
function placed<T extends Element>(el: T, left = 90, top = 90, width = 40, height = 40): T {
  el.getBoundingClientRect = () => box(left, top, width, height);
  return el;
}

/** The button's spot at (100, 100), 40 px square. */
function spot() {
  const own = document.createElement('div');
  own.innerHTML = '<button type="button">Help</button>';
  document.body.append(own);
  return placed(own, 100, 100, 40, 40);
}

describe('samplePoints', () => {
  it('looks at the middle and just inside the four corners', () => {
    expect(samplePoints({ left: 100, top: 100, right: 140, bottom: 140 })).toEqual([
      [120, 120],
      [106, 106],
      [134, 106],
      [106, 134],
      [134, 134],
    ]);
  });
});

describe('hides', () => {
  const own = { left: 100, top: 100, right: 140, bottom: 140 };
  it('hides a control whose middle it covers', () => expect(hides(own, { left: 110, top: 60, right: 130, bottom: 130 })).toBe(true));
  it('leaves a control it covers less than a fifth of', () => expect(hides(own, { left: 40, top: 110, right: 110, bottom: 130 })).toBe(false));
  it('hides a control it covers a fifth of', () => expect(hides(own, { left: 60, top: 110, right: 110, bottom: 130 })).toBe(true));
  it('leaves a large control that can be tapped around it', () => expect(hides(own, { left: 0, top: 0, right: 300, bottom: 400 })).toBe(false));
  it('leaves a control beside it', () => expect(hides(own, { left: 150, top: 100, right: 190, bottom: 140 })).toBe(false));
});

describe('coversControl', () => {
  it('finds a button of the page under any part of the spot', () => {
    const own = spot();
    const page = document.createElement('div');
    page.innerHTML = '<form><button type="submit"><span>Check</span></button></form>';
    document.body.append(page);
    placed(page.querySelector('button')!, 80, 115, 50, 30);
    const label = page.querySelector('span')!;
    // the Check button's middle lies under the spot; only the lower left sample point finds it
    const at = (x: number, y: number) => [own, own.firstElementChild!, ...(x < 110 && y > 130 ? [label] : [page])];
    expect(coversControl(own, at)).toBe(true);
  });

  it('finds links, fields and what acts as a button', () => {
    const own = spot();
    for (const html of ['<a href="/x">x</a>', '<input>', '<div role="button">x</div>', '<div tabindex="0">x</div>', '<label>x</label>']) {
      const page = document.createElement('div');
      page.innerHTML = html;
      document.body.append(page);
      expect(coversControl(own, () => [placed(page.firstElementChild!)]), html).toBe(true);
    }
  });

  it('passes over text, pictures and what cannot be focused', () => {
    const own = spot();
    const page = document.createElement('div');
    page.innerHTML = '<p>Made by hand</p><img alt=""><div tabindex="-1">x</div><a>no link</a>';
    document.body.append(page);
    const els = [...page.children].map((el) => placed(el));
    for (const el of els) expect(coversControl(own, () => [own, el]), el.outerHTML).toBe(false);
  });

  it('does not count its own button', () => {
    const own = spot();
    expect(coversControl(own, () => [own.firstElementChild!, own])).toBe(false);
  });

  it('stays when the control under a corner is a large one, like a whole product card', () => {
    const own = spot();
    const card = placed(document.createElement('a'), 0, 0, 180, 300);
    card.setAttribute('href', '/product/x');
    document.body.append(card);
    expect(coversControl(own, () => [own, card])).toBe(false);
  });
});

describe('watchUnder', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete (document as { elementsFromPoint?: unknown }).elementsFromPoint;
  });

  it('steps aside at once when a control comes under it, and comes back only once the page rests over none', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const own = spot();
    const check = placed(document.createElement('button'), 100, 110, 50, 30);
    document.body.append(check);
    let under: Element[] = [];
    document.elementsFromPoint = () => under;
    const changes: boolean[] = [];
    const stop = watchUnder(own, (covers) => changes.push(covers));
    await vi.advanceTimersByTimeAsync(SETTLE_MS + 40);
    expect(changes).toEqual([false]);

    under = [check];
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(20);
    expect(changes).toEqual([false, true]);

    // scrolled on past it: still away for a moment, and a control arriving meanwhile keeps it away
    under = [];
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(COME_BACK_MS - 50);
    under = [check];
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(COME_BACK_MS);
    expect(changes).toEqual([false, true]);

    under = [];
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(COME_BACK_MS + 20);
    expect(changes).toEqual([false, true, false]);
    stop();
  });

  it('looks again only once the page has stopped changing, not on every change', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const own = spot();
    let looks = 0;
    document.elementsFromPoint = () => {
      looks++;
      return [];
    };
    const stop = watchUnder(own, () => undefined);
    await vi.advanceTimersByTimeAsync(SETTLE_MS + 40);
    const first = looks;
    expect(first).toBeGreaterThan(0);
    // a page loading: a portal added every 50 ms for a second
    for (let i = 0; i < 20; i++) {
      document.body.append(document.createElement('div'));
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(looks).toBe(first);
    await vi.advanceTimersByTimeAsync(SETTLE_MS + 40);
    expect(looks).toBe(first * 2);
    stop();
  });
});
