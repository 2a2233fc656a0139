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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [productionBuild(), react(), tailwindcss(), ...(isSsrBuild ? [] : [installableApp(), precompress()])],
  // The server's render (src/entry-server.tsx, `vite build --ssr`) bundles every package it uses, with React's
  // production build whatever NODE_ENV the server runs under (tests, the demo): React's development build renders a
  // page several times slower. Node's own modules stay imports.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        copyPublicDir: false,
        // .mjs: ES modules wherever the build is put (WEB_DIST), with or without a package.json saying so
        rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' } },
      }
    : {
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
              groups: [
                // React, its DOM renderer and scheduler: every page runs them and they change only with an upgrade,
                // so one long-cached file; each screen is its own chunk by its lazy import (route-based splitting)
                { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
}));
