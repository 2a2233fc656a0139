import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/**
 * Makes `page.goto` and `page.reload` come back once the browser has taken the server-rendered page over (React has
 * hydrated it and the screen's code is in: `data-ready` on <html>, set by apps/web app/Layout.tsx). A click or a
 * keystroke on the server's HTML before that would reach no handler, where a person's would be a moment later.
 */
export function waitsForTakeOver(page: Page): Page {
  const takenOver = () =>
    page.waitForFunction(() => document.documentElement.dataset.ready === 'true' || !document.getElementById('sw-data'), null, { timeout: 20_000 });
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
  return page;
}

/** Playwright's test whose `page` waits for the take-over (pages opened with JavaScript off do not). */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitsForTakeOver(page));
  },
});
