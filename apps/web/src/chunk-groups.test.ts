import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_MODULES, SHARED_MODULES } from '../vite.config.ts';

/**
 * The build's two hand-made chunks (vite.config.ts) name their modules by path: a file renamed or moved would drop
 * out of its chunk without a word, and the landing screens would go back to a file per module.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('the landing screens’ chunk groups', () => {
  it.each([
    ['first-screen', FIRST_SCREEN_MODULES],
    ['shared', SHARED_MODULES],
  ])('name only files that exist (%s)', (_name, files) => {
    const missing = files.filter((f) => !existsSync(path.join(repoRoot, f)));
    expect(missing).toEqual([]);
  });

  it('put no module in both', () => {
    expect(FIRST_SCREEN_MODULES.filter((f) => SHARED_MODULES.includes(f))).toEqual([]);
  });
});
