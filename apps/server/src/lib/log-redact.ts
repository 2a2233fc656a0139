import type { FastifyServerOptions } from 'fastify';

/** Where log lines go (pino's DestinationStream): stdout by default, a capture in tests. */
export interface LogStream {
  write(line: string): void;
}

/**
 * What the request log may show of a request. Addresses are written to the log on every request, and some
 * carry a credential: the Google success address /auth/social-login/success/{code}/token/… (a one-time code
 * that opens a session), the Google callback's ?code=&state=, and any ?token= / ?otp= a link may carry. The
 * log keeps the shape of the address and masks the secret, so a log reader (or a log shipped elsewhere) can
 * never sign in as someone.
 */
export const REDACTED = '[redacted]';

/** Query parameters whose values are credentials, compared in lower case. */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'access_token', 'accesstoken', 'id_token', 'otp', 'guesttoken', 'password']);

/** /auth/social-login/success/{code}: the segment after "success/", whatever it is. */
const SOCIAL_SUCCESS = /(\/auth\/social-login\/success\/)[^/]*/gi;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The address with every credential in it replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  // Percent-encoded spellings of the path reach the same page, so the match runs on the decoded path.
  const plainPath = decoded(rawPath);
  const masked = plainPath.replace(SOCIAL_SUCCESS, `$1${REDACTED}`);
  const path = masked !== plainPath ? masked : rawPath;
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return SECRET_PARAMS.has(decoded(name.replace(/\+/g, ' ')).trim().toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer (method, url, version, host, address), with the url redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: typeof req.headers?.['accept-version'] === 'string' ? req.headers['accept-version'] : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The server's pino options: the level, the redacting request serializer, and — should anything ever log a
 * header or a login result — tokens, cookies and passwords censored by key.
 */
export function loggerOptions(level: string, stream?: LogStream): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    serializers: { req: serializeRequest },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'accessToken',
        '*.accessToken',
        'token',
        '*.token',
        'password',
        '*.password',
        'otp',
        '*.otp',
      ],
      censor: REDACTED,
    },
    ...(stream ? { stream } : {}),
  };
}
