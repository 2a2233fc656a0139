// `npm start`: build what is not built, then run the server (migrations, demo seed, API and web app on one port).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (text) => process.stdout.write(`› ${text}\n`);

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else latest = Math.max(latest, st.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

/** Where the built web app goes; WEB_DIST lets parallel runs (or a deploy) build elsewhere. */
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));

export function webIsBuilt() {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index) || !existsSync(path.join(webDist, 'server', 'entry-server.mjs'))) return false;
  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/pwa.ts', 'packages/contract/src'].map((p) => path.join(root, p));
  return statSync(index).mtimeMs >= newest(sources);
}

export function buildWeb() {
  if (webIsBuilt()) return;
  say('Building the web app (first start, or its sources changed)');
  // the browser's build, then the server's render of the same app beside it (dist/server, read by modules/pages);
  // index.html is written by the first, so it is checked last: a build stopped half-way is built again
  const builds = [
    ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'error'],
    ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(webDist, 'server'), '--logLevel', 'error'],
  ];
  for (const args of builds) {
    const res = spawnSync('npx', args, {
      cwd: path.join(root, 'apps/web'),
      stdio: ['ignore', 'ignore', 'inherit'],
      // Always React's production build: NODE_ENV=development (the demo default) would otherwise give Vite and React
      // their development bundles, twice the size and slower, whatever mode the server itself runs in.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (res.status !== 0) {
      process.stderr.write('The web app did not build; see the errors above.\n');
      process.exit(res.status ?? 1);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWeb();
  const { register } = await import('tsx/esm/api');
  register();
  await import('../apps/server/src/main.ts');
}
