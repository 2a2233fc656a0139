import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Pino = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * A request's logger whose pino child is made on the first line written at an enabled level. Its methods live on the
 * prototype: a closure per request costs more than it saves once tsx names every function it compiles.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: Pino,
    private readonly bindings: Bindings,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }
  private write(level: Level, args: unknown[]): void {
    // Fastify's silent stand-in (logger: false) has no isLevelEnabled, and writes nothing anyway
    if (this.made || !this.parent.isLevelEnabled || this.parent.isLevelEnabled(level)) (this.real()[level] as (...a: unknown[]) => void)(...args);
  }
  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
  silent(): void {}
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
}

/**
 * Fastify gives every request a child logger bound to its id. Made by pino with our redaction, that child cost about
 * 2 % of a cached feed page's CPU (bench/community), yet at the level demo mode and the benchmarks run (warn) a
 * successful request writes no line. This one is made on the first line a request writes at an enabled level, with
 * the same bindings, so what reaches the log is unchanged. A route with its own log options gets its child at once.
 */
export const lazyRequestLogger: ChildLoggerFactory = function (logger, bindings, options) {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings) as unknown as FastifyBaseLogger;
};
