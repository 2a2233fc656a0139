import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh module per test: it reads the block once. */
async function load(html: string) {
  document.head.innerHTML = html;
  vi.resetModules();
  return (await import('./first-data.ts')).firstData;
}

describe('first screen data from the page', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('gives each answer once, so a later visit asks the API', async () => {
    const firstData = await load('<script type="application/json" id="first-data">{"banner/list":[{"title":"Diwali"}]}</script>');
    expect(firstData('banner/list')).toEqual([{ title: 'Diwali' }]);
    expect(firstData('banner/list')).toBeUndefined();
    expect(firstData('category/list')).toBeUndefined();
  });

  it('gives nothing when the page has no block or a broken one', async () => {
    expect((await load(''))('banner/list')).toBeUndefined();
    expect((await load('<script type="application/json" id="first-data">{"banner/list":</script>'))('banner/list')).toBeUndefined();
  });
});
