import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [productionBuild(), preactInBuild(), react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // bench/bundle.ts reads the chunk graph from .vite/manifest.json
    manifest: true,
    target: 'es2022',
    // Every browser that runs es2022 knows <link rel="modulepreload">; the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
});
