import { test as base, expect } from '@playwright/test';

export { expect };

/**
 * Playwright's test with one change: `page.goto` and `page.reload` come back once the browser has taken the
 * server-rendered page over (React has hydrated it and the screen's code is in: `data-ready` on <html>, set by
 * apps/web app/Layout.tsx). A click or a keystroke on the server's HTML before that would reach no handler, where a
 * person's would be a moment later. Pages opened with JavaScript off come back as soon as they have loaded.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const takenOver = () => page.waitForFunction(() => document.documentElement.dataset.ready === 'true' || !document.getElementById('sw-data'), null, { timeout: 20_000 });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const res = await goto(...args);
        await takenOver();
        return res;
      };
      page.reload = async (...args) => {
        const res = await reload(...args);
        await takenOver();
        return res;
      };
    }
    await use(page);
  },
});
