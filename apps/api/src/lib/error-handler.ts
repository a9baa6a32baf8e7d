/** Writes every failure as `{ success: false, message }` with a real status; 5xx details only go to the log. */
import { SERVER_MESSAGES } from '@mandi/shared/server-messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';
import { JSON_BODY_TEXTS } from './json-body.js';
import { RequestValidationError } from './validation.js';

const GENERIC_500 = SERVER_MESSAGES.serverFailed;

const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '08006',
  '08001',
  '08003',
]);

/** A lost or unreachable database, also when wrapped (Drizzle puts the driver's error in `cause`). */
function isDatabaseDown(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    const message = current instanceof Error ? current.message : '';
    if (typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Text PostgreSQL cannot store (a NUL character, broken UTF-8) is the client's bad input, not our failure. */
function isUnstorableText(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof RequestValidationError) {
      // A schema failure reads exactly like a service's 400 (validation.ts).
      const message = request.routeOptions.config?.listErrors === true ? error.problems : error.problems[0];
      return reply.status(400).send({ success: false, message });
    }
    if (error instanceof AppError) {
      const retryAfter = error.extra.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
      return reply.status(error.status).send({ success: false, message: error.messages, ...error.extra });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? request.routeOptions.config?.isUpload === true
            ? SERVER_MESSAGES.uploadTooLarge
            : JSON_BODY_TEXTS.tooLarge
          : status === 415
            ? 'Unsupported content type: send JSON'
            : status === 429
              ? fastifyError.message
              : fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
                  fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'The request body is not valid JSON'
                : fastifyError.message || 'Invalid request';
      return reply.status(status).send({ success: false, message });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({ success: false, message: 'Text must not contain NUL characters' });
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ success: false, message: SERVER_MESSAGES.shopUnavailable });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ success: false, message: GENERIC_500 });
  });
}
