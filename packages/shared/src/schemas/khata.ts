/**
 * Khata, credit for regular customers, on the wire (api-contract-shop "Khata", decision 0034): the
 * admin's account calls, the shopper's own khata, the statement's dates and the shapes answered.
 * Money is rupees with at most 2 decimals, as everywhere; the server keeps paise.
 */
import { z } from 'zod';
import { KHATA_ENTRY_KINDS, KHATA_PAYMENT_METHODS, MOBILE_NUMBER_LENGTH } from '../constants.js';
import { isCalendarDate } from '../delivery.js';
import { isWholePaise } from '../kernel/money.js';
import { schemaMessage } from '../server-messages.js';
import { isoDateSchema, isShopDateInRange, SHOP_DATE_RANGE } from './common.js';

/** The largest credit limit, and the largest single payment: ₹10,00,000. */
export const KHATA_MAX_RUPEES = 1_000_000;
/** The smallest payment: ₹1. */
export const KHATA_PAYMENT_MIN_RUPEES = 1;
export const KHATA_NOTE_MAX = 200;
/** The longest statement: one year and a day. */
export const KHATA_STATEMENT_MAX_DAYS = 366;
/** Aging buckets, in days since the bill (shop dates). */
export const KHATA_AGING_DAYS = { recent: 7, month: 30 } as const;

/** Rupees as a number or numeric text, from `min` to `max`, whole paise. */
type AmountMessage = 'khataLimitInvalid' | 'khataLimitDecimals' | 'khataPaymentAmount';

const rupeesSchema = (min: number, max: number, range: AmountMessage, decimals: AmountMessage) =>
  z.union([z.number(), z.string()], { error: schemaMessage(range) }).transform((value, ctx) => {
    const text = String(value).trim();
    const amount = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    const problem =
      !Number.isFinite(amount) || amount < min || amount > max
        ? schemaMessage(range)
        : !isWholePaise(amount)
          ? schemaMessage(decimals)
          : null;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return amount;
  });

/** `PUT /api/admin/khata/{userId}`: open or change the limit; `null` closes (only at a 0 balance). */
export const khataLimitBodySchema = z.object(
  {
    creditLimit: rupeesSchema(0, KHATA_MAX_RUPEES, 'khataLimitInvalid', 'khataLimitDecimals').nullable(),
    /** Where the reminder goes; without it, the number of the shopper's latest order or saved address. */
    mobile: z
      .string({ error: schemaMessage('khataMobileDigits') })
      .trim()
      .regex(new RegExp(`^\\d{${MOBILE_NUMBER_LENGTH}}$`), schemaMessage('khataMobileDigits'))
      .optional(),
  },
  { error: schemaMessage('khataBodyInvalid') },
);
export type KhataLimitBody = z.input<typeof khataLimitBodySchema>;

/** `POST /api/admin/khata/{userId}/payments`. UPI needs the 12-digit UTR (checked by the server). */
export const khataPaymentBodySchema = z.object(
  {
    amount: rupeesSchema(KHATA_PAYMENT_MIN_RUPEES, KHATA_MAX_RUPEES, 'khataPaymentAmount', 'khataPaymentAmount'),
    method: z.enum(KHATA_PAYMENT_METHODS, { error: schemaMessage('khataPaymentMethod') }),
    reference: z
      .string({ error: 'reference must be text' })
      .trim()
      .max(64, 'reference must be at most 64 characters')
      .optional()
      .default(''),
    note: z
      .string({ error: schemaMessage('khataNoteMax', { max: KHATA_NOTE_MAX }) })
      .trim()
      .max(KHATA_NOTE_MAX, schemaMessage('khataNoteMax', { max: KHATA_NOTE_MAX }))
      .optional()
      .default(''),
  },
  { error: schemaMessage('khataPaymentBodyInvalid') },
);
export type KhataPaymentBody = z.input<typeof khataPaymentBodySchema>;

const statementDateSchema = (field: string) =>
  z
    .string({ error: schemaMessage('runDateInvalid', { field, ...SHOP_DATE_RANGE }) })
    .trim()
    .refine(
      (text) => isCalendarDate(text) && isShopDateInRange(text),
      schemaMessage('runDateInvalid', { field, ...SHOP_DATE_RANGE }),
    );

/**
 * `GET …/statement?from=&to=&lang=`: shop dates, both included; default the current month up to
 * today. `lang` picks the PDF's language (default: the shopper's own, as the bill).
 */
export const khataStatementQuerySchema = z.object({
  from: statementDateSchema('from').optional(),
  to: statementDateSchema('to').optional(),
  lang: z.enum(['en', 'hi'], { error: 'lang must be en or hi' }).optional(),
});

/** Rupees of the balance by the age of the bills it comes from (payments settle the oldest first). */
export const khataAgingSchema = z.object({
  days0to7: z.number(),
  days8to30: z.number(),
  days31plus: z.number(),
});

export const khataAccountSchema = z.object({
  userId: z.string().nullable().meta({ description: 'null once the shopper deleted their account' }),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  language: z.enum(['en', 'hi']),
  creditLimit: z.number().nullable().meta({ description: '₹; null: the khata is closed' }),
  balance: z.number().meta({ description: '₹ the shopper owes; negative is an advance' }),
  pending: z.number().meta({ description: "₹, the estimates of the shopper's khata orders not yet packed" }),
  available: z.number().meta({ description: '₹, creditLimit - balance - pending (0 when closed)' }),
  oldestUnpaidDays: z.number().int().nullable().meta({ description: 'Days since the oldest bill not yet settled' }),
  aging: khataAgingSchema,
  reminderUrl: z
    .string()
    .nullable()
    .meta({ description: 'https://wa.me/91{mobile}?text=… with the balance, in the shopper’s language' }),
  openedAt: isoDateSchema,
});
export type KhataAccount = z.infer<typeof khataAccountSchema>;

export const khataEntrySchema = z.object({
  _id: z.string(),
  date: isoDateSchema,
  kind: z.enum(KHATA_ENTRY_KINDS),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  amount: z.number().meta({ description: '₹, > 0 adds to what is owed' }),
  balanceAfter: z.number().meta({ description: '₹, the running balance after this entry' }),
  method: z.enum(KHATA_PAYMENT_METHODS).nullable(),
  reference: z.string().nullable(),
  note: z.string(),
});
export type KhataEntry = z.infer<typeof khataEntrySchema>;

export const khataAccountsAnswerSchema = z.object({
  success: z.literal(true),
  accounts: z.array(khataAccountSchema),
  /** Over every khata, whatever the page or search. */
  totals: z.object({ balance: z.number(), aging: khataAgingSchema, accounts: z.number().int() }),
  /** How many khatas the search matched (every khata without one): the pages count these. */
  total: z.number().int(),
});
export type KhataAccountsAnswer = z.infer<typeof khataAccountsAnswerSchema>;

/** One khata with its entries, oldest first (`balanceAfter` is the running balance). */
export const khataWithEntriesAnswerSchema = z.object({
  success: z.literal(true),
  account: khataAccountSchema,
  entries: z.array(khataEntrySchema),
});
export type KhataWithEntriesAnswer = z.infer<typeof khataWithEntriesAnswerSchema>;

/**
 * `GET /api/user/my/khata?orNone=true`: a shopper without a khata is an answer, not a 404, for a
 * client that asks on every checkout (a browser logs every 404 as an error).
 */
export const myKhataQuerySchema = z.object({
  orNone: z.enum(['true']).optional().meta({ description: 'true: no khata answers 200 with account null' }),
});
export const noKhataAnswerSchema = z.object({
  success: z.literal(true),
  account: z.null(),
  entries: z.array(khataEntrySchema).max(0),
});
export type MyKhataAnswer = KhataWithEntriesAnswer | z.infer<typeof noKhataAnswerSchema>;

export const khataPaymentAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  entry: khataEntrySchema,
  account: khataAccountSchema,
});
export type KhataPaymentAnswer = z.infer<typeof khataPaymentAnswerSchema>;

export const khataLimitAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  account: khataAccountSchema,
});
export type KhataLimitAnswer = z.infer<typeof khataLimitAnswerSchema>;
