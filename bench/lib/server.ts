/**
 * What every server benchmark shares: a fresh database to seed (embedded PGlite in a temporary folder, or a
 * dedicated database on a PostgreSQL server, dropped after), and the real server started on it as production runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, or } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../apps/server/src/db/seed/accounts.ts';
import { hashPassword } from '../../apps/server/src/lib/password.ts';

export const root = path.resolve(import.meta.dirname, '../..');
export const say = (text: string) => process.stdout.write(`› ${text}\n`);

export interface Target {
  engine: 'pglite' | 'postgres';
  /** false when measuring an already seeded database (BENCH_DATA_DIR / BENCH_REUSE_URL) */
  fresh: boolean;
  where: string;
  serverEnv: Record<string, string>;
  open: () => Promise<Database>;
  cleanup: () => Promise<void>;
}

interface TargetOptions {
  /** names the temporary folder and database, e.g. 'community' */
  name: string;
  /** keep the seeded database after the run and say where (BENCH_KEEP=1) */
  keep?: boolean;
}

/** Embedded PGlite in a temporary DATA_DIR, or in `dataDir` when measuring one seeded before (not fresh). */
export function pgliteTarget(options: TargetOptions & { dataDir?: string }): Target {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `statewise-bench-${options.name}-`));
  return {
    engine: 'pglite',
    fresh: !options.dataDir,
    where: dataDir,
    serverEnv: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    cleanup: async () => {
      if (options.dataDir || options.keep) return;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A database created for the run on the server at `adminUrl` and dropped after, or `reuseUrl` as it is (not fresh). */
export async function postgresTarget(adminUrl: string, options: TargetOptions & { reuseUrl?: string }): Promise<Target> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), `statewise-bench-${options.name}-`));
  let url = options.reuseUrl;
  let created = '';
  if (!url) {
    created = `statewise_bench_${options.name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${created}"`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${created}`;
    url = u.toString();
  }
  const databaseUrl = url;
  return {
    engine: 'postgres',
    fresh: !options.reuseUrl,
    where: databaseUrl,
    serverEnv: { DATABASE_URL: databaseUrl, DATA_DIR: scratch },
    open: () => openDatabase({ databaseUrl }),
    cleanup: async () => {
      rmSync(scratch, { recursive: true, force: true });
      if (!created || options.keep) return;
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${created}" with (force)`);
      await c.end();
    },
  };
}

/**
 * Gives the demo accounts of a seeded database a random password nobody knows. The server in production mode
 * (startServer) refuses a database whose demo accounts still have the password printed in the README, and
 * `npm run seed` makes exactly those: a benchmark that never logs in as them can then measure the server as
 * production runs it.
 */
export async function retireDemoPasswords(db: Database['db']): Promise<void> {
  const passwordHash = await hashPassword(randomBytes(24).toString('hex'));
  const demo = or(
    inArray(users.mobile, DEMO_ACCOUNTS.map((a) => a.mobile)),
    inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)),
  );
  await db.update(users).set({ passwordHash }).where(demo);
}

export const baseUrl = (port: number) => `http://127.0.0.1:${port}`;

/**
 * The real server (apps/server/src/main.ts) as production runs it, on `port`. Production refuses the sandbox gateway
 * and log-only codes (ADR 010); no benchmark pays online or sends a code, so those settings point at a closed local
 * port and are never called. `nodeArgs` go to Node itself (a CPU profile: `--cpu-prof`, which NODE_OPTIONS refuses).
 */
export function startServer(port: number, extraEnv: Record<string, string> = {}, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(24).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_bench',
      RAZORPAY_KEY_SECRET: 'bench-secret',
      RAZORPAY_WEBHOOK_SECRET: 'bench-webhook-secret',
      RAZORPAY_API_URL: 'http://127.0.0.1:9',
      SMS_PROVIDER: 'msg91',
      SMS_AUTH_KEY: 'bench',
      SMS_TEMPLATE_ID: 'bench',
      SMS_API_URL: 'http://127.0.0.1:9',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'bench@statewise.test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl(port),
      WEB_DIST: path.join(os.tmpdir(), 'statewise-bench-no-web'),
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resolves once `/api/health` answers; fails if the server exits first or takes over `timeoutMs`. */
export async function waitForServer(child: ChildProcess, port: number, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl(port)}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /api/health within ${Math.round(timeoutMs / 1000)} s`);
}

/** A process's CPU time so far in ms (utime + stime from /proc, in clock ticks of 10 ms), or undefined off Linux. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Resolves once the server has settled: under 5 % of a core over the last second (a fresh data folder has it drawing
 * the first pictures in the background for a while, which a benchmark would otherwise measure too), or after
 * `timeoutMs` with a note.
 */
export async function waitForQuiet(pid: number | undefined, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = processCpuMs(pid);
  if (last === undefined) return;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = processCpuMs(pid);
    if (now === undefined) return;
    if (now - last < 50) return;
    last = now;
  }
  say(`the server was still busy after ${Math.round(timeoutMs / 1000)} s; measuring anyway`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Logs a demo account in by password and returns its bearer token. */
export async function login(port: number, mobile: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl(port)}/api/auth/password-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'mobile', mobile, password }),
  });
  const token = ((await res.json()) as { data?: { accessToken?: string } }).data?.accessToken;
  if (!token) throw new Error(`${mobile} could not log in: ${res.status}`);
  return token;
}

/** Writes a run's figures to bench/.results/{name}-{engine}-{time}.json and returns the path from the root. */
export function writeResults(name: string, startedAt: Date, body: Record<string, unknown>): string {
  const dir = path.join(root, 'bench/.results');
  mkdirSync(dir, { recursive: true });
  const cpus = os.cpus();
  const file = path.join(dir, `${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ startedAt: startedAt.toISOString(), cpus: cpus.length, cpuModel: cpus[0]?.model, node: process.version, ...body }, null, 2));
  return path.relative(root, file);
}

/** "4 CPUs (model) · node v22" for a result header. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} CPUs (${cpus[0]?.model ?? '?'}) · node ${process.version}`;
}
