/**
 * The delivery run and its cash on the wire (api-contract-shop "The delivery run and its cash",
 * decision 0033): the run sheet's query and stops, the end-of-day cash close and its list. Money is
 * rupees with at most 2 decimals, as everywhere; the server keeps paise.
 */
import { z } from 'zod';
import { isCalendarDate, parseSlotId } from '../delivery.js';
import { isWholePaise } from '../kernel/money.js';
import { schemaMessage } from '../server-messages.js';
import { isoDateSchema, isShopDateInRange, SHOP_DATE_RANGE } from './common.js';

/** The most cash one close may count: ₹1,00,00,000. */
export const CASH_CLOSE_MAX_RUPEES = 10_000_000;
export const CASH_CLOSE_NOTE_MAX = 500;
/** The longest span of closes one list call reads. */
export const CASH_CLOSES_MAX_DAYS = 366;

/** A shop date, YYYY-MM-DD, within the shop's range of dates. */
const runDateSchema = (field: string) =>
  z
    .string({ error: schemaMessage('runDateInvalid', { field, ...SHOP_DATE_RANGE }) })
    .trim()
    .refine(
      (text) => isCalendarDate(text) && isShopDateInRange(text),
      schemaMessage('runDateInvalid', { field, ...SHOP_DATE_RANGE }),
    );

/** `GET /api/admin/delivery/run?date=&slotId=&format=`: the date defaults to today (shop time). */
export const deliveryRunQuerySchema = z
  .object({
    date: runDateSchema('date').optional(),
    slotId: z
      .string({ error: schemaMessage('runSlotInvalid') })
      .trim()
      .refine((text) => parseSlotId(text) !== null, schemaMessage('runSlotInvalid'))
      .optional(),
    format: z.enum(['json', 'csv'], { error: schemaMessage('runFormatInvalid') }).optional(),
  })
  .refine((query) => !query.slotId || !query.date || parseSlotId(query.slotId)?.date === query.date, {
    message: schemaMessage('runSlotOtherDate'),
    path: ['slotId'],
  });

/** The slot a stop was booked in, as the order keeps it. */
export const runSlotSchema = z.object({
  _id: z.string(),
  date: z.string(),
  start: z.string().meta({ description: 'HH:MM, shop time' }),
  end: z.string(),
});

export const runStopSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  slot: runSlotSchema,
  name: z.string(),
  address: z.string(),
  city: z.string(),
  pinCode: z.string(),
  mobile: z.string(),
  paymentMethod: z
    .string()
    .nullable()
    .meta({ description: 'The payment recorded (Cash, UPI), Khata for a khata order, null when none yet' }),
  amountDue: z.number().meta({ description: '₹ to collect: 0 when paid or on khata, else the bill (or estimate)' }),
  estimate: z.boolean().meta({ description: 'true when the order is not packed yet: the amount is the estimate' }),
  status: z.enum(['Processing', 'Shipped']),
});
export type RunStop = z.infer<typeof runStopSchema>;

export const deliveryRunAnswerSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  stops: z.array(runStopSchema),
  expectedCash: z.number().meta({ description: '₹, the stops’ amounts due added up' }),
  collectedCash: z.number().meta({
    description:
      '₹, the Cash payments recorded so far on the date (shop time) and the counters’ cash, what a close would keep',
  }),
  counterCash: z
    .array(z.object({ deviceId: z.string(), name: z.string(), series: z.string(), cash: z.number() }))
    .meta({ description: "Each counter device's cash that date (₹): its sales' Cash tenders less its cash refunds" }),
});
export type DeliveryRunAnswer = z.infer<typeof deliveryRunAnswerSchema>;

/** Rupees from 0 to ₹1,00,00,000 with at most 2 decimals (a number or numeric text). */
const countedCashSchema = z
  .union([z.number(), z.string()], { error: schemaMessage('countedCashInvalid') })
  .transform((value, ctx) => {
    const text = String(value).trim();
    const amount = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    const problem = !Number.isFinite(amount)
      ? schemaMessage('countedCashInvalid')
      : amount < 0 || amount > CASH_CLOSE_MAX_RUPEES
        ? schemaMessage('countedCashRange')
        : !isWholePaise(amount)
          ? schemaMessage('countedCashDecimals')
          : null;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return amount;
  });

/** `POST /api/admin/delivery/run/close`. */
export const cashCloseBodySchema = z.object(
  {
    date: runDateSchema('date'),
    countedCash: countedCashSchema,
    note: z
      .string({ error: schemaMessage('closeNoteMax', { max: CASH_CLOSE_NOTE_MAX }) })
      .trim()
      .max(CASH_CLOSE_NOTE_MAX, schemaMessage('closeNoteMax', { max: CASH_CLOSE_NOTE_MAX }))
      .optional()
      .default(''),
  },
  { error: schemaMessage('closeBodyInvalid') },
);
export type CashCloseBody = z.input<typeof cashCloseBodySchema>;

export const cashCloseSchema = z.object({
  _id: z.string(),
  date: z.string(),
  expectedCash: z.number(),
  collectedCash: z.number().meta({ description: '₹, the Cash payments recorded that shop date' }),
  countedCash: z.number(),
  difference: z.number().meta({ description: '₹, countedCash - collectedCash' }),
  note: z.string(),
  closedAt: isoDateSchema,
  latest: z.boolean().meta({ description: 'true for the close that counts: the latest of its date' }),
});
export type CashClose = z.infer<typeof cashCloseSchema>;

export const cashCloseAnswerSchema = z.object({ success: z.literal(true), close: cashCloseSchema });
export type CashCloseAnswer = z.infer<typeof cashCloseAnswerSchema>;

/** `GET /api/admin/delivery/run/closes?from=&to=`: default the 30 days up to today. */
export const cashClosesQuerySchema = z.object({
  from: runDateSchema('from').optional(),
  to: runDateSchema('to').optional(),
});

export const cashClosesAnswerSchema = z.object({ success: z.literal(true), closes: z.array(cashCloseSchema) });
export type CashClosesAnswer = z.infer<typeof cashClosesAnswerSchema>;
