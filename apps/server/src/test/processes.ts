import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The real server (src/main.ts) as a child process, for tests that need separate processes: two behind the Redis
 * adapter, or one killed with SIGKILL and started again. Demo mode (no production secrets needed), its own
 * scratch DATA_DIR, the database and secrets the test gives. A database that already has users is not seeded.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  port: number;
  url: string;
  /** Starts it (again, on the same port) and resolves once /api/health answers. */
  start(): Promise<void>;
  /** Kills it with `signal` (SIGKILL: no shutdown at all) and resolves once it has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Kills it if running and removes its scratch folder (call in afterAll). */
  dispose(): Promise<void>;
}

export async function serverProcess(env: Record<string, string>, startTimeoutMs = 40_000): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'statewise-proc-'));
  let child: ChildProcess | null = null;
  let stderr = '';

  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await exited;
  };

  return {
    port,
    url,
    async start() {
      stderr = '';
      const c = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          WEB_DIST: path.join(dataDir, 'no-web'),
          PUBLIC_URL: url,
          ...env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child = c;
      c.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
      const until = Date.now() + startTimeoutMs;
      while (Date.now() < until) {
        if (c.exitCode !== null) throw new Error(`the server exited with ${c.exitCode}: ${stderr}`);
        try {
          if ((await fetch(`${url}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      await kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within ${startTimeoutMs / 1000} s: ${stderr}`);
    },
    kill,
    async dispose() {
      await kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
