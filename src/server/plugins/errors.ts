import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '#server/db/dialect.ts';
import { AppError } from '#server/errors.ts';

/** What a request gets while the database is away (docs/decisions/012-scale-out-failures.md). */
export const UNAVAILABLE = {
  message: 'Futurecast is briefly unavailable. Please try again in a few seconds.',
  code: 'SERVICE_UNAVAILABLE',
  retryAfterSeconds: 5,
} as const;

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty: send JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
  FST_ERR_BAD_URL: 'The request URL is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The request URL is too long',
};

/**
 * Errors the router raises before any hook or handler runs (a URL that doesn't decode, a path
 * parameter over the router's length limit): the same error shape and security headers as every
 * other reply, instead of Fastify's bare default (Fastify's `frameworkErrors` option).
 */
export function frameworkErrorReplier(headers: Readonly<Record<string, string>>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
    reply
      .headers(headers)
      .status(status)
      .send({
        success: false,
        message: FASTIFY_MESSAGES[error.code] ?? 'Invalid request',
        code: status === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST',
      });
  };
}

/**
 * One place maps every failure to { success:false, message, code } (STYLE.md rule 6). A database
 * that can't be reached is a 503 with Retry-After, reported to `onDatabaseUnavailable` (which logs
 * the change of state once) instead of an error line per request.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  onDatabaseUnavailable: (err: unknown) => void = () => {},
): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      onDatabaseUnavailable(error);
      request.log.debug({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE.retryAfterSeconds))
        .send({ success: false, message: UNAVAILABLE.message, code: UNAVAILABLE.code });
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'service failure');
      return reply.status(error.status).send({
        success: false,
        message: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const message = first?.message ?? 'Invalid request';
      return reply.status(400).send({
        success: false,
        message,
        code: 'VALIDATION_ERROR',
        details: { field: field || null, context: error.validationContext ?? null },
      });
    }
    const fe = error as FastifyError;
    // Fastify's own client errors (bad JSON, body too large, rate limit…) keep their status.
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      if (fe.statusCode === 429) {
        return reply.status(429).send({ success: false, message: fe.message, code: 'RATE_LIMITED' });
      }
      const code = fe.code ?? 'BAD_REQUEST';
      return reply.status(fe.statusCode).send({
        success: false,
        message: FASTIFY_MESSAGES[code] ?? fe.message,
        code: code.startsWith('FST_') ? statusCode(fe.statusCode) : code,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, message: 'Server error occurred. Please try again later.', code: 'INTERNAL' });
  });
}

function statusCode(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    default:
      return `HTTP_${status}`;
  }
}
