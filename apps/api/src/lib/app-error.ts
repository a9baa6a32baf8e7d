/** The one error type services throw; the error handler maps its code to an HTTP status. */
import { NOT_FOUND_MESSAGES, type NotFoundSubject } from '@mandi/shared/server-messages';

export const ERROR_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** One message, or a list (register and product writes answer with one line per problem). */
    readonly messages: string | string[],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(Array.isArray(messages) ? messages.join('; ') : messages);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: NotFoundSubject) => new AppError('notFound', NOT_FOUND_MESSAGES[what]);
