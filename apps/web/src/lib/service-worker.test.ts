import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker.ts';

/** A window with a service worker container whose register() is recorded, and a load event to fire. */
function fakeWindow(readyState: DocumentReadyState, register = vi.fn(() => Promise.resolve({}))) {
  const target = new EventTarget();
  const win = {
    navigator: { serviceWorker: { register } },
    document: { readyState },
    addEventListener: target.addEventListener.bind(target),
    load: () => target.dispatchEvent(new Event('load')),
  };
  return { win: win as unknown as Window, load: win.load, register };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site once the page has loaded, not before', () => {
    const { win, load, register } = fakeWindow('interactive');
    registerServiceWorker(win, true);
    expect(register).not.toHaveBeenCalled();
    load();
    load();
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers at once when the page has already loaded', () => {
    const { win, register } = fakeWindow('complete');
    registerServiceWorker(win, true);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a browser without service workers', () => {
    // jsdom, like an old browser or some in-app browsers, has no navigator.serviceWorker
    expect(window.navigator.serviceWorker).toBeUndefined();
    expect(() => registerServiceWorker(window, true)).not.toThrow();
  });

  it('does nothing in the dev server, which builds no worker', () => {
    const { win, register } = fakeWindow('complete');
    registerServiceWorker(win);
    expect(register).not.toHaveBeenCalled();
  });

  it('leaves the page alone when the browser refuses the worker', async () => {
    const refused = vi.fn(() => Promise.reject(new DOMException('storage is off', 'SecurityError')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      registerServiceWorker(fakeWindow('complete', refused).win, true);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(refused).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
