import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG, type ErrorBody } from '@statewise/contract';

/**
 * The one error a service throws. `message` is the user-facing sentence (the spec's where it gives one);
 * `fieldErrors` name the form fields at fault. Internals never go in here.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** Seconds until a retry may succeed (429, 503): sent as the Retry-After header. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) => new AppError(400, message, fieldErrors);
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string, retryAfterSeconds?: number) => new AppError(429, message, undefined, retryAfterSeconds);

function body(message: string, errors?: Record<string, string>): ErrorBody {
  return errors && Object.keys(errors).length ? { success: false, message, errors } : { success: false, message };
}

/** Zod issues from request validation, as `{field: message}`; the first one becomes the headline. */
function validationBody(err: FastifyError): ErrorBody {
  const errors: Record<string, string> = {};
  let first: string | undefined;
  for (const issue of err.validation ?? []) {
    const params = issue.params as { issue?: { path?: PropertyKey[]; message?: string } } | undefined;
    const zodIssue = params?.issue;
    const message = zodIssue?.message ?? issue.message ?? MSG.badRequest;
    const field = (zodIssue?.path ?? []).map(String).join('.') || issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    first ??= message;
    errors[field] ??= message;
  }
  return body(first ?? MSG.badRequest, errors);
}

/** Every error leaves the server in the envelope of API.md; a 5xx never carries internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
      return reply.status(err.status).send(body(err.message, err.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(400).send(validationBody(err));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(body(MSG.serverError));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, body too large, rate limit.
      const message =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
              ? 'Request body is not valid JSON'
              : err.message || MSG.badRequest;
      return reply.status(status).send(body(message));
    }
    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send(body(MSG.serverError));
  });
}
