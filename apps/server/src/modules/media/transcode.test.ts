import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FFMPEG, runFfmpeg } from './transcode.ts';

/** The pids of the ffmpeg processes whose command line holds `marker`, read from /proc. */
export function ffmpegPids(marker: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (args[0] === FFMPEG && args.some((a) => a.includes(marker))) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const isAlive = (pid: number) => {
  try {
    // a zombie still has /proc/{pid}; only a running process counts
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

const until = async (what: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!what() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return what();
};

/** A transcode that runs for minutes at little cost: a generated picture read at its real rate into nothing. */
const longRun = (marker: string) => ['-re', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5', '-t', '600', '-metadata', `title=${marker}`, '-f', 'null', '-'];

describe.skipIf(process.platform !== 'linux')('runFfmpeg', () => {
  it('stops ffmpeg when the server process is killed with SIGKILL', { timeout: 30_000 }, async () => {
    const marker = `kill-test-${randomBytes(6).toString('hex')}`;
    const script = `import { runFfmpeg } from ${JSON.stringify(path.join(import.meta.dirname, 'transcode.ts'))};\nawait runFfmpeg(${JSON.stringify(longRun(marker))});`;
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
    try {
      expect(await until(() => ffmpegPids(marker).length === 1, 20_000)).toBe(true);
      const [pid] = ffmpegPids(marker);
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGKILL');
      await exited;
      expect(await until(() => !isAlive(pid!), 5_000)).toBe(true);
      expect(existsSync(`/proc/${pid}`) ? isAlive(pid!) : false).toBe(false);
    } finally {
      server.kill('SIGKILL');
      for (const pid of ffmpegPids(marker)) process.kill(pid, 'SIGKILL');
    }
  });

  it('stops ffmpeg when asked to (a lost lease), and says so', async () => {
    const marker = `abort-test-${randomBytes(6).toString('hex')}`;
    const stop = new AbortController();
    const run = runFfmpeg(longRun(marker), { signal: stop.signal });
    expect(await until(() => ffmpegPids(marker).length === 1, 20_000)).toBe(true);
    const [pid] = ffmpegPids(marker);
    stop.abort();
    await expect(run).rejects.toThrow('ffmpeg stopped (aborted)');
    expect(await until(() => !isAlive(pid!), 5_000)).toBe(true);
  });

  it('resolves with the report of a run that ends well, and rejects with the reason of one that fails', async () => {
    expect(await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5', '-t', '1', '-f', 'null', '-'])).toContain('testsrc');
    await expect(runFfmpeg(['-i', '/no/such/video.mp4'])).rejects.toThrow('No such file or directory');
  });
});
