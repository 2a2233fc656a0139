import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { tokenFor } from '../../test/auth.ts';
import { createTestDatabase, testEngine } from '../../test/db.ts';
import { newUser } from '../../test/factories.ts';
import { serverProcess, type ServerProcess } from '../../test/processes.ts';
import { FFMPEG, runFfmpeg } from './transcode.ts';

/**
 * A server killed with SIGKILL in the middle of a transcode (ADR 048): its ffmpeg ends with it, the next start sweeps
 * the transcode's folder and queues the video again at once, and the video is ready well within 30 s. The server is
 * src/main.ts in a child process on a PostgreSQL database the test can read too, so this runs in the server:postgres
 * project (TEST_DATABASE_URL).
 */

const missing = testEngine !== 'postgres' ? 'the server:postgres project (TEST_DATABASE_URL)' : null;
const title = (what: string) => (missing ? `${what} (skipped: needs ${missing})` : what);

let database: Database & { url?: string };
let dataDir: string;
let server: ServerProcess | undefined;
const jwtSecret = randomBytes(24).toString('hex');
let clip: Buffer;

beforeAll(async () => {
  if (missing) return;
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'statewise-video-crash-'));
  // 8 s of 1280×720: a few seconds of transcoding, long enough to be killed in the middle
  const file = path.join(dataDir, 'clip.mov');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25', '-t', '8', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mov', file]);
  clip = readFileSync(file);
  rmSync(file);
}, 60_000);
afterAll(async () => {
  await server?.dispose();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** ffmpeg processes working on files under `dir`, from /proc. */
function ffmpegsUnder(dir: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      const running = !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (running && args[0] === FFMPEG && args.some((a) => a.startsWith(dir))) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const isRunning = (pid: number) => {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

const until = async (what: () => boolean | Promise<boolean>, ms: number, every = 50) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await what()) return true;
    await new Promise((r) => setTimeout(r, every));
  }
  return what();
};

describe.skipIf(missing)(title('a server killed with SIGKILL mid-transcode'), () => {
  it('leaves no ffmpeg running, and the next start sweeps the work folder and has the video ready within 30 s', { timeout: 180_000 }, async () => {
    const admin = await newUser(database.db, { role: 'admin' });
    const token = await tokenFor({ db: database.db, config: { jwtSecret } }, admin);
    server = await serverProcess({ DATABASE_URL: database.url!, JWT_SECRET: jwtSecret, DATA_DIR: dataDir });
    await server.start();

    const form = new FormData();
    form.append('title', 'Crash test');
    form.append('video', new Blob([new Uint8Array(clip)], { type: 'video/quicktime' }), 'clip.mov');
    const res = await fetch(`${server.url}/api/admin/videos`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { video: string; jobId: string } };
    const state = async () => {
      const r = await fetch(`${server!.url}/api/media/videos/${data.jobId}`, { headers: { authorization: `Bearer ${token}` } });
      return ((await r.json()) as { data?: { state: string } }).data?.state;
    };

    // mid-transcode: ffmpeg runs on the job's work folder under DATA_DIR
    const work = path.join(dataDir, 'tmp', 'video-work');
    expect(await until(() => ffmpegsUnder(work).length > 0, 60_000, 20)).toBe(true);
    const ffmpegs = ffmpegsUnder(work);
    const folders = readdirSync(work);
    await server.kill('SIGKILL');

    // ffmpeg goes with its server
    expect(await until(() => !ffmpegs.some(isRunning), 5_000)).toBe(true);
    expect(folders).toHaveLength(1);
    expect(readdirSync(work)).toEqual(folders);

    const restarted = Date.now();
    await server.start();
    const answering = Date.now();
    expect(await until(() => !existsSync(path.join(work, folders[0]!)), 5_000)).toBe(true);
    expect(await until(async () => (await state()) === 'ready', 30_000, 200)).toBe(true);
    const ready = Date.now();
    console.info(`video ready ${((ready - restarted) / 1000).toFixed(1)} s after the restart began (${((ready - answering) / 1000).toFixed(1)} s after the server answered)`);
    expect(ready - answering).toBeLessThanOrEqual(30_000);
    expect((await fetch(`${server.url}${data.video}`)).status).toBe(200);
  });
});
