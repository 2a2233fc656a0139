import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * Fastify gives every request a child logger bound to its id. Made by pino with our redaction, that child cost about
 * 2 % of a cached feed page's CPU (bench/community), yet at the levels demo and production run (warn) a successful
 * request writes no line. This one is made on the first line a request actually writes at an enabled level, with
 * the same bindings, so what reaches the log is unchanged. A route with its own log options gets its child at once.
 */
export const lazyRequestLogger: ChildLoggerFactory = function (logger, bindings, options) {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  let child: FastifyBaseLogger | undefined;
  const made = () => (child ??= logger.child(bindings, options));
  // pino answers isLevelEnabled; Fastify's silent stand-in (logger: false) has none and does nothing anyway
  const pino = logger as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  const enabled = (level: (typeof LEVELS)[number]) => !pino.isLevelEnabled || pino.isLevelEnabled(level);
  const lazy = {
    get level() {
      return child?.level ?? logger.level;
    },
    set level(level: string) {
      made().level = level;
    },
    child: (...args: Parameters<FastifyBaseLogger['child']>) => made().child(...args),
    silent: () => undefined,
  } as unknown as FastifyBaseLogger;
  for (const level of LEVELS) {
    (lazy as unknown as Record<string, (...args: unknown[]) => void>)[level] = (...args: unknown[]) => {
      if (child || enabled(level)) (made()[level] as (...a: unknown[]) => void)(...args);
    };
  }
  return lazy;
};
