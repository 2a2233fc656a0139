import path from 'node:path';
import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The web app's Vite config as `vite build` resolves it (no bundling: the bundle follows config.isProduction and
 * NODE_ENV, which decide between React's production and development builds).
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const resolve = (command: 'build' | 'serve') =>
  resolveConfig({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'silent' }, command);

describe('the web build mode', () => {
  const before = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = before;
  });

  it('is a production build even with NODE_ENV=development in the environment', async () => {
    process.env.NODE_ENV = 'development';
    const config = await resolve('build');
    expect(config.isProduction).toBe(true);
    expect(process.env.NODE_ENV).toBe('production');
  });

  it('leaves the dev server in development', async () => {
    process.env.NODE_ENV = 'development';
    expect((await resolve('serve')).isProduction).toBe(false);
  });
});
