/** Pieces every domain's schemas use: ids, numbers sent as text, the success and failure envelopes. */
import { z } from 'zod';

/**
 * A number sent as a JSON number or as a numeric string ("1.5"): the original clients send form
 * values as text, so numeric strings are accepted wherever a number is; anything else is refused.
 */
export const numericSchema = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
    .transform(Number),
]);

/**
 * `_id`: the original API was MongoDB-backed and clients read `_id`, so every object keeps that
 * name; the value is an opaque string (a UUID here), never something to parse.
 */
export const idSchema = z.string().meta({ description: 'Opaque id (UUID)' });

const messageValuesSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .meta({ description: "The values of the message's {name} placeholders ({} when it has none)" });

/**
 * Every answer carries `success`; failures add a `message` (a list for register and product
 * writes), and beside it the message's `code` (its key in SERVER_MESSAGES) and `values`, so a
 * client can show it in its own language; a list also gives every line's code as `errors`.
 */
export const failureSchema = z.object({
  success: z.literal(false),
  message: z.union([z.string(), z.array(z.string())]),
  code: z.string().meta({ description: 'The message (the first one of a list) as a key of SERVER_MESSAGES' }),
  values: messageValuesSchema,
  errors: z.array(z.object({ code: z.string(), values: messageValuesSchema, message: z.string() })).optional(),
});

/** The plain success answer of a write: `{ success: true, message }`. */
export const messageAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** A success answer whose message a client shows in its own language: `code` and `values` beside it. */
export const codedMessageAnswerSchema = messageAnswerSchema.extend({
  code: z.string().meta({ description: 'The message as a key of SERVER_MESSAGES' }),
  values: messageValuesSchema,
});
export type CodedMessageAnswer = z.infer<typeof codedMessageAnswerSchema>;

/** `{ success: true }` and nothing else (health). */
export const okSchema = z.object({ success: z.literal(true) });

/** A timestamp as sent: ISO 8601 text in UTC. */
export const isoDateSchema = z.string().meta({ description: 'ISO 8601 timestamp' });

/**
 * The dates the shop's queries accept (a month, a pick-list day, a delivery day): wide enough for
 * any real bill or delivery, narrow enough that the date arithmetic and the database's timestamps
 * never overflow. Billing, weighing and delivery check against this one range.
 */
export const SHOP_DATE_RANGE = { first: '2000-01-01', last: '2100-12-31' } as const;

/** A `YYYY-MM-DD` date inside the range (text order is date order for this format). */
export const isShopDateInRange = (date: string): boolean =>
  date >= SHOP_DATE_RANGE.first && date <= SHOP_DATE_RANGE.last;

/** A `YYYY-MM` month inside the range. */
export const isShopMonthInRange = (month: string): boolean =>
  month >= SHOP_DATE_RANGE.first.slice(0, 7) && month <= SHOP_DATE_RANGE.last.slice(0, 7);

export const shopDateRangeMessage = (field: string): string =>
  `${field} must be a date from ${SHOP_DATE_RANGE.first} to ${SHOP_DATE_RANGE.last}`;

export const shopMonthRangeMessage = (field: string): string =>
  `${field} must be a month from ${SHOP_DATE_RANGE.first.slice(0, 7)} to ${SHOP_DATE_RANGE.last.slice(0, 7)}`;
