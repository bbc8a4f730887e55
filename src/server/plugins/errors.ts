import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty: send JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

/** One place maps every failure to { success:false, message, code } (STYLE.md rule 6). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
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
