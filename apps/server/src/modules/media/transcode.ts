import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/**
 * Runs the ffmpeg binary that `@ffmpeg-installer/ffmpeg` installs from npm (nothing is downloaded at run time).
 * Only videos.ts calls it, off the request path.
 */
export const FFMPEG = ffmpegInstaller.path;

/** The transcode's targets (DESIGN "Uploads"): phones play H.264 High/AAC MP4 everywhere. */
export const VIDEO_MAX_WIDTH = 720;
export const KEYFRAME_SECONDS = 2;
/** A transcode that runs longer than this is stopped and counted as a failed attempt. */
const TIMEOUT_MS = 10 * 60_000;
/** Longest video kept (seconds): a longer one is cut, not refused (shoppable clips are short). */
export const VIDEO_MAX_SECONDS = 180;

export class FfmpegError extends Error {}

/**
 * ffmpeg dies with the server, even one killed with SIGKILL (ADR 048). Linux offers no "die with my parent" to Node
 * (prctl PR_SET_PDEATHSIG), and ffmpeg carries on when its stderr pipe breaks, so it runs under this POSIX shell
 * watchdog: the shell starts ffmpeg, and a background reader of the shell's stdin — a pipe whose only writer is the
 * Node process — kills ffmpeg when that pipe ends, which the kernel does when Node exits in any way. Node ends the
 * pipe itself to stop ffmpeg (timeout, abort). `$0` is the ffmpeg binary and `$@` its arguments; the shell exits with
 * ffmpeg's status. (An asynchronous list reads /dev/null unless redirected, hence the pipe kept on fd 3.)
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$0" "$@" </dev/null 3<&- &',
  'c=$!',
  '{ while read -r _; do :; done; kill -KILL "$c"; } <&3 >/dev/null 2>&1 &',
  'w=$!',
  'exec 3<&-',
  'wait "$c"',
  's=$?',
  'kill "$w" 2>/dev/null',
  'exit "$s"',
].join('\n');

/** The command that runs ffmpeg under the watchdog (directly where there is no POSIX shell). */
export function ffmpegCommand(args: readonly string[]): { file: string; args: string[] } {
  const full = ['-hide_banner', '-nostdin', ...args];
  if (process.platform === 'win32') return { file: FFMPEG, args: full };
  return { file: '/bin/sh', args: ['-c', WATCHDOG, FFMPEG, ...full] };
}

/**
 * Runs ffmpeg with `args`; resolves with its stderr (where it reports), rejects on a non-zero exit, the timeout or
 * `signal` (ffmpeg is then stopped).
 */
export function runFfmpeg(args: readonly string[], opts: { allowFailure?: boolean; signal?: AbortSignal } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const command = ffmpegCommand(args);
    const child = spawn(command.file, command.args, { stdio: ['pipe', 'ignore', 'pipe'] });
    // The watchdog's pipe: nothing is ever written; ending it stops ffmpeg.
    child.stdin.on('error', () => undefined);
    let stopped: string | null = null;
    const stop = (why: string) => {
      stopped ??= why;
      child.stdin.end();
      if (process.platform === 'win32') child.kill('SIGKILL');
    };
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // only the tail matters for an error, and a long transcode writes a lot of progress
      stderr = (stderr + chunk).slice(-64_000);
    });
    const timer = setTimeout(() => stop('timed out'), TIMEOUT_MS);
    const abort = () => stop('aborted');
    if (opts.signal?.aborted) abort();
    opts.signal?.addEventListener('abort', abort, { once: true });
    const done = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', abort);
      child.stdin.destroy();
    };
    child.on('error', (err) => {
      done();
      reject(new FfmpegError(`ffmpeg could not start: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      done();
      if (stopped) reject(new FfmpegError(`ffmpeg stopped (${stopped})`));
      else if (code === 0 || opts.allowFailure) resolve(stderr);
      else reject(new FfmpegError(signal ? `ffmpeg stopped (${signal})` : lastLines(stderr)));
    });
  });
}

const lastLines = (text: string) => text.trim().split('\n').slice(-3).join(' / ').slice(0, 500) || 'ffmpeg failed';

/**
 * The H.264/AAC MP4 of any video ffmpeg reads: at most 720 px wide (never enlarged; even dimensions, as H.264
 * needs), a keyframe every 2 s so a player can start or seek anywhere quickly, the index (moov) at the front
 * (`faststart`) so playback starts before the whole file arrives, stereo 96 kb/s audio when there is any. One
 * thread: on a 2-core server the other core keeps answering requests while a video is transcoded.
 */
export function mp4Args(input: string, output: string): string[] {
  return [
    '-y',
    '-i', input,
    '-map', '0:v:0',
    '-map', '0:a:0?',
    '-t', String(VIDEO_MAX_SECONDS),
    '-vf', `scale='min(${VIDEO_MAX_WIDTH},iw)':-2,format=yuv420p`,
    '-c:v', 'libx264',
    '-preset', 'veryfast',
    '-crf', '26',
    '-profile:v', 'high',
    '-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    '-c:a', 'aac',
    '-b:a', '96k',
    '-ac', '2',
    '-movflags', '+faststart',
    '-threads', '1',
    '-map_metadata', '-1',
    output,
  ];
}

/** One frame as PNG, `at` seconds in: the poster (videos.ts turns it into WebP widths). */
export function posterArgs(input: string, output: string, at: number): string[] {
  return ['-y', '-ss', String(at), '-i', input, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', output];
}

export interface VideoInfo {
  width: number;
  height: number;
  durationMs: number;
}

/** Size and duration of a video, read from ffmpeg's report on it (the npm package ships no ffprobe). */
export async function probeVideo(file: string): Promise<VideoInfo> {
  // Without an output ffmpeg exits 1 after describing the input, which is all that is wanted here.
  const report = await runFfmpeg(['-i', file], { allowFailure: true });
  return parseReport(report);
}

export function parseReport(report: string): VideoInfo {
  const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(report);
  const size = /Stream #[^\n]*Video:[^\n]*?\b(\d{2,5})x(\d{2,5})\b/.exec(report);
  if (!duration || !size) throw new FfmpegError('Not a video ffmpeg can read');
  const seconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  return { width: Number(size[1]), height: Number(size[2]), durationMs: Math.round(seconds * 1000) };
}

/** Times (seconds) of the keyframes of a video, for the tests that hold the transcode to its targets. */
export async function keyframeTimes(file: string): Promise<number[]> {
  const report = await runFfmpeg(['-skip_frame', 'nokey', '-i', file, '-map', '0:v:0', '-vf', 'showinfo', '-f', 'null', '-']);
  return [...report.matchAll(/pts_time:([\d.]+)/g)].map((m) => Number(m[1]));
}
