import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './log-redact.ts';
import { lazyRequestLogger } from './request-logger.ts';

function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const parent = pino(loggerOptions(level), { write: (line: string) => lines.push(JSON.parse(line)) });
  const made: unknown[] = [];
  const child = parent.child.bind(parent);
  parent.child = ((...args: Parameters<typeof child>) => {
    made.push(args[0]);
    return child(...args);
  }) as typeof parent.child;
  return { parent, lines, made };
}

describe('lazyRequestLogger', () => {
  it('makes no child for a request that writes nothing at an enabled level', () => {
    const { parent, lines, made } = logger('warn');
    const log = lazyRequestLogger.call(null as never, parent, { reqId: 'r-1' }, {}, {} as never);
    log.info('incoming request');
    log.debug('details');
    expect(made).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('writes an enabled line with the request id, redacted as before', () => {
    const { parent, lines, made } = logger('warn');
    const log = lazyRequestLogger.call(null as never, parent, { reqId: 'r-2' }, {}, {} as never);
    log.warn({ password: 'secret-pass' }, 'slow answer');
    log.error('failed');
    expect(made).toEqual([{ reqId: 'r-2' }]);
    expect(lines.map((l) => [l.reqId, l.msg, l.password])).toEqual([
      ['r-2', 'slow answer', '[redacted]'],
      ['r-2', 'failed', undefined],
    ]);
  });

  it('follows the parent level, and a level set on it afterwards', () => {
    const { parent, lines } = logger('info');
    const log = lazyRequestLogger.call(null as never, parent, { reqId: 'r-3' }, {}, {} as never);
    expect(log.level).toBe('info');
    log.info('incoming request');
    log.level = 'error';
    log.warn('hidden now');
    expect(lines.map((l) => l.msg)).toEqual(['incoming request']);
  });
});
