/**
 * Writes every failure as `{ success: false, message, code, values }` with a real status (decision
 * 0018); 5xx details only go to the log.
 */
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';
import { RequestValidationError } from './validation.js';

/**
 * A failure's answer: the spec's `message` (the English text, or a list of them) with the code and
 * values of the (first) message beside it, and for a list every message's code as `errors`.
 */
export function failureBody(messages: CodedMessage | readonly CodedMessage[], extra: Record<string, unknown> = {}) {
  if (!isList(messages)) {
    return {
      ...extra,
      success: false as const,
      message: messages.message,
      code: messages.code,
      values: messages.values,
    };
  }
  const list = messages.length ? messages : [serverMessage('invalidRequest')];
  const first = list[0] ?? serverMessage('invalidRequest');
  return {
    ...extra,
    success: false as const,
    message: list.map((one) => one.message),
    code: first.code,
    values: first.values,
    errors: list.map(({ code, values, message }) => ({ code, values, message })),
  };
}

function isList(messages: CodedMessage | readonly CodedMessage[]): messages is readonly CodedMessage[] {
  return Array.isArray(messages);
}

const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  // too_many_connections: the server is full for now, which a retry a moment later gets past.
  '53300',
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
    if (
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable/i.test(message)
    )
      return true;
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
      const { problems } = error;
      const messages = request.routeOptions.config?.listErrors === true ? problems : (problems[0] ?? problems);
      return reply.status(400).send(failureBody(messages));
    }
    if (error instanceof AppError) {
      const retryAfter = error.extra.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
      return reply.status(error.status).send(failureBody(error.messages, error.extra));
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? serverMessage(request.routeOptions.config?.isUpload === true ? 'uploadTooLarge' : 'bodyTooLarge')
          : status === 415
            ? serverMessage('sendJson')
            : fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
                fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? serverMessage('bodyNotJson')
              : fastifyError.message
                ? serverMessage('requestRefused', { problem: fastifyError.message })
                : serverMessage('invalidRequest');
      return reply.status(status).send(failureBody(message));
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send(failureBody(serverMessage('textHasNul')));
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send(failureBody(serverMessage('shopUnavailable')));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(failureBody(serverMessage('serverFailed')));
  });
}
