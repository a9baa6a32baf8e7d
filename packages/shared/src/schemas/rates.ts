/**
 * The daily rate board on the wire (api-contract-shop "The daily rate board", decision 0036): the
 * board's rows, a publish (now or at a moment), a product's history of applied changes and the
 * public list of the day. Rates are rupees per unit with at most 2 decimals; the server keeps paise.
 */
import { z } from 'zod';
import { SHOP_TIME_ZONE } from '../kernel/shop-time.js';
import { UNITS } from '../kernel/units.js';
import { schemaMessage } from '../server-messages.js';
import { idSchema, isoDateSchema } from './common.js';

/** The most rows one publish may carry (a shop's whole catalogue of the morning). */
export const RATE_BOARD_MAX_ROWS = 2_000;
/** How far ahead a change may be scheduled. */
export const RATE_SCHEDULE_MAX_DAYS = 31;
/** The highest rate the rate board takes, ₹ per unit (the product form's limit). */
export const RATE_BOARD_MAX_RUPEES = 1_000_000;

export const scheduledRateSchema = z.object({
  rate: z.number().meta({ description: '₹ per unit, from effectiveAt' }),
  effectiveAt: isoDateSchema,
});

export const rateRowSchema = z.object({
  productId: idSchema,
  name: z.string(),
  unit: z.enum(UNITS),
  category: z.string().meta({ description: "The product's category name (rows are by category, then name)" }),
  rate: z.number().meta({ description: '₹ per unit now' }),
  previousRate: z
    .number()
    .nullable()
    .meta({ description: '₹ per unit before the latest change; null: never changed here' }),
  costRate: z.number().nullable().meta({ description: '₹ a unit of the stock cost (moving average); null: unknown' }),
  marginPercent: z
    .number()
    .nullable()
    .meta({ description: '(rate - costRate) / rate × 100, one decimal; null without a cost' }),
  scheduled: scheduledRateSchema.nullable().meta({ description: 'The change waiting to apply, if any' }),
});
export type RateRow = z.infer<typeof rateRowSchema>;

export const ratesAnswerSchema = z.object({
  success: z.literal(true),
  rates: z.array(rateRowSchema),
  total: z.number().int().optional().meta({
    description: 'With ?page= or ?limit=: how many products the board (or the search) has; the pages count these',
  }),
});
export type RatesAnswer = z.infer<typeof ratesAnswerSchema>;

/**
 * `PUT /api/admin/rates`: each rate is checked by the server, which names the product of a bad one
 * (so the schema lets any value through to it); all apply or none.
 */
export const ratesBodySchema = z.object({
  rates: z
    .array(
      z.object({
        productId: z
          .string({ error: schemaMessage('rateProductIdRequired') })
          .trim()
          .min(1, schemaMessage('rateProductIdRequired')),
        rate: z.unknown().meta({ description: '₹ per unit, more than 0, at most 2 decimals (number or numeric text)' }),
      }),
      { error: schemaMessage('ratesListRequired', { max: RATE_BOARD_MAX_ROWS }) },
    )
    .min(1, schemaMessage('ratesListRequired', { max: RATE_BOARD_MAX_ROWS }))
    .max(RATE_BOARD_MAX_ROWS, schemaMessage('ratesListRequired', { max: RATE_BOARD_MAX_ROWS })),
  effectiveAt: z
    .string({ error: schemaMessage('rateEffectiveAtInvalid', { days: RATE_SCHEDULE_MAX_DAYS }) })
    .trim()
    .refine(
      (text) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) &&
        !Number.isNaN(Date.parse(text)),
      schemaMessage('rateEffectiveAtInvalid', { days: RATE_SCHEDULE_MAX_DAYS }),
    )
    .nullish()
    .meta({ description: 'ISO 8601 with an offset; absent or null: now. A future moment schedules the change' }),
});
export type RatesBody = z.input<typeof ratesBodySchema>;

export const rateHistoryQuerySchema = z.object({
  productId: z
    .string({ error: schemaMessage('rateProductIdRequired') })
    .trim()
    .min(1, schemaMessage('rateProductIdRequired')),
});

export const rateChangeSchema = z.object({
  _id: idSchema,
  productId: idSchema,
  oldRate: z.number(),
  newRate: z.number(),
  changedAt: isoDateSchema.meta({ description: 'When it applied' }),
  scheduled: z.boolean().meta({ description: 'true when it was scheduled ahead, false when published at once' }),
  changedBy: z.string().nullable().meta({ description: 'The admin who published it; null once that account is gone' }),
});
export type RateChange = z.infer<typeof rateChangeSchema>;

export const rateHistoryAnswerSchema = z.object({ success: z.literal(true), changes: z.array(rateChangeSchema) });
export type RateHistoryAnswer = z.infer<typeof rateHistoryAnswerSchema>;

export const RATE_LIST_LANGUAGES = ['en', 'hi'] as const;
export type RateListLanguage = (typeof RATE_LIST_LANGUAGES)[number];

export const ratesTodayQuerySchema = z.object({
  lang: z.enum(RATE_LIST_LANGUAGES, { error: schemaMessage('rateListLanguageInvalid') }).optional(),
});

export const publicRateSchema = z.object({
  productId: idSchema,
  name: z.string().meta({ description: 'In the asked language: the Hindi name when the catalogue has one' }),
  unit: z.enum(UNITS),
  category: z.string(),
  rate: z.number(),
});
export type PublicRate = z.infer<typeof publicRateSchema>;

export const ratesTodayAnswerSchema = z.object({
  success: z.literal(true),
  date: z.string().meta({ description: `The shop date, YYYY-MM-DD (${SHOP_TIME_ZONE})` }),
  text: z.string().meta({ description: 'The list ready to paste into a chat (WhatsApp bold headings)' }),
  rates: z.array(publicRateSchema).meta({ description: 'The products in stock, by category, then name' }),
});
export type RatesTodayAnswer = z.infer<typeof ratesTodayAnswerSchema>;
