/**
 * The one error type services throw; the error handler maps its kind to an HTTP status and sends
 * its messages with their codes (decision 0018).
 */
import { type CodedMessage, NOT_FOUND_CODES, type NotFoundSubject, serverMessage } from '@mandi/shared/server-messages';

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
    readonly messages: CodedMessage | readonly CodedMessage[],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(isList(messages) ? messages.map((one) => one.message).join('; ') : messages.message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

function isList(messages: CodedMessage | readonly CodedMessage[]): messages is readonly CodedMessage[] {
  return Array.isArray(messages);
}

export const notFound = (what: NotFoundSubject) => new AppError('notFound', serverMessage(NOT_FOUND_CODES[what]));
