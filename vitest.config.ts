import { defineConfig } from 'vitest/config';

/**
 * One Vitest setup for the repo. Server tests run on embedded PGlite, and again on a PostgreSQL server
 * when TEST_DATABASE_URL is set, so both engines stay real.
 */
const serverProject = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `server:${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node' as const,
    globalSetup: [engine === 'postgres' ? './src/test/global-setup.postgres.ts' : './src/test/global-setup.ts'],
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
