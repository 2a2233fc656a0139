import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { installableApp } from './pwa.ts';

/** Writes .br and .gz beside each text asset so the server sends them precompressed (phones on slow networks). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'statewise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = path.join(dir, name);
          if (statSync(file).isDirectory()) walk(file);
          else if (/\.(js|css|html|svg|json|txt)$/.test(name) && statSync(file).size > 1024) {
            const body = readFileSync(file);
            writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
            writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}

/**
 * Every build is a production build. With NODE_ENV=development in the environment (the demo default) `vite build`
 * would bundle React's development build, twice the size and slower. Vite reads NODE_ENV after the config hooks,
 * so setting it here makes `npm run build` and any `vite build` agree with scripts/start.mjs's buildWeb. The dev
 * server (`vite`) is left alone.
 */
export function productionBuild(): Plugin {
  return {
    name: 'statewise-production-build',
    config(_config, { command }) {
      if (command === 'build') process.env.NODE_ENV = 'production';
    },
  };
}

/**
 * The browser build runs on Preact's React-compatible layer (ADR 015): react-dom alone was 62 of the home page's
 * 90 KB gzip of JavaScript. Only `vite build` swaps it in; unit tests (vitest.config.ts) keep React.
 */
export function preactInBuild(): Plugin {
  return {
    name: 'statewise-preact-in-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react$/, replacement: 'preact/compat' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
          { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
        ],
      },
    }),
  };
}

/** A code-splitting group's test: the module is one of these files (paths from the repository root). */
const oneOf = (files: string[]) => (id: string) => files.some((f) => id.replace(/\\/g, '/').endsWith(`/${f}`));
const query = (names: string[], pkg = 'react-query') => names.map((n) => `node_modules/@tanstack/${pkg}/build/modern/${n}.js`);

/**
 * The small modules the landing screens share (home, a listing, a product page: shopping §2), bundled as one chunk
 * instead of one chunk each. On a phone's HTTP/1.1 connection (six at a time, 150 ms a round trip on Lighthouse's slow
 * 4G) the first screen asked for about twenty files before its largest picture could be drawn, a round trip per six.
 * Only what the home screen loads anyway is listed (so home's JavaScript does not grow, issue 9's 100 KB budget):
 * TanStack Query's hooks, the catalogue API, the contract's formatting, messages and constants, the product card,
 * price, carousel and skeleton, the toast front (lib/toast.ts; sonner itself loads after the first paint). A test checks that every
 * file still exists.
 */
export const FIRST_SCREEN_MODULES = [
  ...query(['useQuery', 'useBaseQuery', 'IsRestoringProvider', 'QueryErrorResetBoundary', 'errorBoundaryUtils', 'suspense', 'useMutation']),
  ...query(['queryObserver', 'mutationObserver'], 'query-core'),
  ...['constants', 'format', 'messages', 'media'].map((n) => `packages/contract/src/${n}.ts`),
  ...['ui/Carousel.tsx', 'ui/Skeleton.tsx', 'ui/icon-paths.ts', 'SmartLink.tsx', 'ProductCard.tsx', 'Price.tsx', 'Later.tsx'].map((n) => `apps/web/src/components/${n}`),
  ...['lib/first-data', 'lib/responsive-image', 'lib/toast', 'features/catalogue/api', 'features/wishlist/api', 'features/wishlist/guest-wishlist'].map((n) => `apps/web/src/${n}.ts`),
];

/**
 * The second tier, needed by a product page's first screen and by the layout's after-paint pieces on every page (the
 * login dialog, the cart and chat badges), so home loads them anyway once it has painted: dialogs, buttons, the
 * product, cart, chat and sign-in API hooks, the guest cart, TanStack Query's infinite and parallel queries.
 */
export const SHARED_MODULES = [
  ...query(['useInfiniteQuery', 'useQueries']),
  ...query(['infiniteQueryObserver', 'queriesObserver'], 'query-core'),
  // the toast library: the product page's buttons use it directly; home's first screen reaches it only through lib/toast
  'node_modules/sonner/dist/index.mjs',
  ...['Button', 'Dialog', 'modal'].map((n) => `apps/web/src/components/ui/${n}.tsx`),
  ...['auth/api', 'product/api', 'cart/api', 'cart/guest-cart', 'cart/messages', 'chat/api'].map((n) => `apps/web/src/features/${n}.ts`),
];

export default defineConfig({
  plugins: [productionBuild(), preactInBuild(), react(), tailwindcss(), installableApp(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // bench/bundle.ts reads the chunk graph from .vite/manifest.json
    manifest: true,
    target: 'es2022',
    // Every browser that runs es2022 knows <link rel="modulepreload">; the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // without their dependencies: those stay where they are (mostly the entry), so no group pulls in zod
          groups: [
            { name: 'first-screen', test: oneOf(FIRST_SCREEN_MODULES), includeDependenciesRecursively: false },
            { name: 'shared', test: oneOf(SHARED_MODULES), includeDependenciesRecursively: false },
            // Preact, its hooks, compat layer and JSX runtime: every page runs them, so one file, not two or three
            { name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
});
