/** Turns zod results into AppErrors with messages a shopper can read. */
import { z } from 'zod';
import { AppError } from './app-error.js';

export function describeIssues(error: z.ZodError): string[] {
  const messages = error.issues.map((issue) => {
    const field = issue.path.join('.');
    const message = issue.message;
    // zod's own wording ("Invalid input: expected string…") gets the field name in front.
    if (!field || /^[A-Z]/.test(message)) return message;
    return `${field}: ${message}`;
  });
  return [...new Set(messages)];
}

/** Parses or throws a 400; `asList` keeps every problem (register and product writes). */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  options: { asList?: boolean } = {},
): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const messages = describeIssues(result.error);
  throw new AppError('invalid', options.asList ? messages : (messages[0] ?? 'Invalid input'));
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are opaque to clients; anything that is not one of ours is simply not found. */
export function parseId(value: unknown, what: string): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
    throw new AppError('notFound', `${what} not found`);
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

/** `?limit=`: a whole number of rows from 1 to `max`. */
export const pageSizeSchema = (max: number) =>
  z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(max, `limit must be at most ${max}`)
    .optional();
