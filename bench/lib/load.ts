/** Steady HTTP load with autocannon and the table every server benchmark prints. */
import os from 'node:os';
import autocannon from 'autocannon';
import { processCpuMs } from './server.ts';

export interface LoadCall {
  name: string;
  method?: 'GET' | 'POST';
  /** one path, or several asked in turn (e.g. 500 different orders) */
  paths: string[];
  body?: unknown;
  token?: string;
}

export interface Figures {
  call: string;
  path: string;
  requests: number;
  reqPerSec: number;
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** the 1-minute load average when the call started: a busy machine shows here */
  load1: number;
  /**
   * The server process's CPU time (user + system, from /proc) per answered request, in µs, when its pid is given:
   * a figure that moves with the server's own cost more than with what else the machine is doing.
   */
  cpuUs?: number;
  pass: boolean;
}

export interface LoadOptions {
  base: string;
  connections: number;
  durationSeconds: number;
  targetP99Ms: number;
  /** the server's process id, to report its CPU time per request (Linux) */
  serverPid?: number;
}

export function headers(token?: string, json = false): Record<string, string> {
  return { 'accept-encoding': 'br, gzip', ...(json ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

export async function measure(call: LoadCall, options: LoadOptions): Promise<Figures> {
  const load1 = os.loadavg()[0]!;
  const method = call.method ?? 'GET';
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  let next = 0;
  const cpuBefore = processCpuMs(options.serverPid);
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: headers(call.token, body !== undefined),
    requests: [{ setupRequest: (req) => ({ ...req, method, path: call.paths[next++ % call.paths.length]!, ...(body !== undefined ? { body } : {}) }) }],
  });
  const cpuAfter = processCpuMs(options.serverPid);
  const failures = result.errors + result.timeouts + result.non2xx;
  return {
    call: call.name,
    path: call.paths.length > 1 ? `${call.paths[0]} (+${call.paths.length - 1} more)` : call.paths[0]!,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    load1: Number(load1.toFixed(2)),
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0 ? { cpuUs: Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total) } : {}),
    // no answer within the run is no pass (autocannon then reports zero latencies)
    pass: failures === 0 && result.requests.total > 0 && result.latency.p99 <= options.targetP99Ms,
  };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

export function table(rows: Figures[]): string {
  const width = Math.max(12, ...rows.map((r) => r.call.length));
  const head = `${'call'.padEnd(width)} ${pad('req/s', 6)} ${pad('p50', 6)} ${pad('p97.5', 6)} ${pad('p99', 6)} ${pad('max', 6)} ${pad('errors', 6)} ${pad('non2xx', 6)} ${pad('load', 5)} ${pad('cpu µs', 6)}  verdict`;
  const lines = rows.map(
    (f) =>
      `${f.call.padEnd(width)} ${pad(f.reqPerSec, 6)} ${pad(f.p50, 6)} ${pad(f.p97_5, 6)} ${pad(f.p99, 6)} ${pad(f.max, 6)} ${pad(f.errors, 6)} ${pad(f.non2xx, 6)} ${pad(f.load1.toFixed(1), 5)} ${pad(f.cpuUs ?? '-', 6)}  ${f.pass ? 'PASS' : 'FAIL'}`,
  );
  return [head, ...lines].join('\n');
}
