/**
 * The schema compilers of every route (fastify-type-provider-zod's schemas, our error and
 * serialization policy) and the id and paging rules routes share.
 */

import { failureSchema } from '@mandi/shared/schemas';
import {
  type CodedMessage,
  NOT_FOUND_CODES,
  type NotFoundSubject,
  schemaMessageOf,
  serverMessage,
} from '@mandi/shared/server-messages';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { AppError } from './app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A 400 from the route's schema lists every problem (register), not only the first. */
    listErrors?: boolean;
  }
}

/**
 * Each problem of a failed parse as a coded message: a text given with `schemaMessage` keeps its
 * code; any other (zod's own wording, a developer's note on a request field) is `fieldInvalid` or
 * `requestRefused`, its English as before. Our own texts are sentences ("Email is required");
 * lower-case wording gets the field in front.
 */
export function describeIssues(error: z.ZodError): CodedMessage[] {
  const messages = new Map<string, CodedMessage>();
  for (const issue of error.issues) {
    const field = issue.path.join('.');
    const text = issue.message;
    const isSentence = !field || /^[A-Z]/.test(text);
    const coded =
      (isSentence ? schemaMessageOf(text) : undefined) ??
      (isSentence
        ? serverMessage('requestRefused', { problem: text })
        : serverMessage('fieldInvalid', { field, problem: text }));
    if (!messages.has(coded.message)) messages.set(coded.message, coded);
  }
  return [...messages.values()];
}

/**
 * A request that fails its route's schema. It is an AppError('invalid') carrying every problem, so
 * the error handler answers it exactly like a service's 400: `{ success: false, message }` with the
 * first message, or all of them on routes whose config says `listErrors` (register).
 */
export class RequestValidationError extends AppError {
  constructor(readonly problems: CodedMessage[]) {
    super('invalid', problems);
  }
}

/**
 * Validates params, querystring, headers and body with the route's zod schema; the parsed
 * (trimmed, coerced) value replaces the raw one. A missing body is read as `{}`, so a bodiless
 * POST gets the same field messages as an empty object.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    if (result.success) return { value: result.data };
    const problems = describeIssues(result.error);
    return { error: new RequestValidationError(problems.length ? problems : [serverMessage('invalidRequest')]) };
  };

/**
 * Response schemas document and type the answers; they do not serialize them. The provider's
 * serializer parses every answer with zod and then JSON.stringify: a cost on every request, and a
 * z.object drops any key it does not list, so a field added to a presenter would silently vanish.
 * Plain JSON.stringify keeps answers exactly what the handlers built. Hot reads (catalogue,
 * reviews, my orders, stats) send finished JSON strings from the response cache, which Fastify
 * never passes to a serializer at all. When `check` is on (tests), each answer must also satisfy
 * its schema, so a schema that drifts from what the API sends fails loudly instead.
 */
export function serializerCompiler(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      if (check) {
        const result = schema.safeParse(data);
        if (!result.success) {
          throw new Error(
            `Answer of ${method} ${url} does not match its schema: ${describeIssues(result.error)
              .map((problem) => problem.message)
              .join('; ')}`,
          );
        }
      }
      return JSON.stringify(data);
    };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are opaque to clients; anything that is not one of ours is simply not found. */
export function parseId(value: unknown, what: NotFoundSubject): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
    throw new AppError('notFound', serverMessage(NOT_FOUND_CODES[what]));
  }
  return value.toLowerCase();
}

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** `?page=`: a whole number from 1 up (missing: undefined; add `.default(1)` where it has one). */
export const pageNumberSchema = z.coerce
  .number()
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(100_000)
  .optional();

/** The rows page `page` (from 1) of `limit` rows takes: page 3 of 20 skips 40. */
export const pageRows = (page: number, limit: number) => ({ limit, offset: (page - 1) * limit });

/** `?limit=`: a whole number of rows from 1 to `max`. */
export const pageSizeSchema = (max: number) =>
  z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(max, `limit must be at most ${max}`)
    .optional();

/** Every route's failure answers: `{ success: false, message, code, values }` (docs and the test-time check). */
export const failureResponses = { '4xx': failureSchema, '5xx': failureSchema } as const;

/** `:id` in a path: any text (ids are checked by parseId, so a malformed one is a 404 like a missing one). */
export const idParamsSchema = z.object({ id: z.string().meta({ description: 'Opaque id (UUID)' }) });
