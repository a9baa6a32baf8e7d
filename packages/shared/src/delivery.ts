/**
 * Delivery zones and slots (docs/product.md#delivery): the request and answer schemas of the
 * delivery routes, shared by the server (authoritative) and the browser, and the small formats
 * both sides must agree on (a slot's `_id`, "HH:MM" times).
 */
import { z } from 'zod';
import { isWholePaise } from './kernel/money.js';
import { isPinPrefix, pinCodeProblem } from './kernel/pin-code.js';
import { isShopDateInRange, shopDateRangeMessage } from './schemas/common.js';
import { schemaMessage } from './server-messages.js';

/** Slots are offered for today and the next 6 days (shop dates). */
export const SLOT_DAYS_AHEAD = 7;
export const ZONE_NAME_MAX_LENGTH = 60;
export const ZONE_PREFIXES_MAX = 200;
/** The largest minimum order, fee or free-above threshold, ₹1,00,000. */
export const DELIVERY_MONEY_MAX_RUPEES = 100_000;
/** A slot may close at most a week before it starts. */
export const CUTOFF_MAX_MINUTES = 7 * 24 * 60;
export const SLOT_CAPACITY_MAX = 1_000_000;

/** "07:05" from 425 minutes after midnight. */
export function formatMinuteOfDay(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes after midnight from "HH:MM" (00:00 to 23:59), or null. */
export function parseTimeOfDay(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** A slot is a template on a date: its `_id` is both, so it needs no row of its own. */
export const slotIdOf = (templateId: string, date: string): string => `${templateId}_${date}`;

/** The template id and date of a slot `_id`, or null when it cannot be one. */
export function parseSlotId(id: string): { templateId: string; date: string } | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_(\d{4}-\d{2}-\d{2})$/i.exec(id.trim());
  if (!match?.[1] || !match[2]) return null;
  return { templateId: match[1].toLowerCase(), date: match[2] };
}

/** YYYY-MM-DD that names a real calendar date. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

// ---- requests ----

/** An Indian PIN code (kernel `pinCodeProblem`): the spec's length message, else the not-Indian one. */
export const pinCodeSchema = z
  .union([z.string(), z.number()], { error: schemaMessage('pinLength') })
  .transform((value, ctx) => {
    const text = String(value).trim();
    const problem = pinCodeProblem(text);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: schemaMessage(problem) });
      return z.NEVER;
    }
    return text;
  });

export const pinCodeParamsSchema = z.object({ pinCode: pinCodeSchema });
export const slotsQuerySchema = z.object({ pinCode: pinCodeSchema });

/** A shop date in the query string. */
export const dateQuerySchema = z.object({
  date: z
    .string({ error: 'date is required, as YYYY-MM-DD' })
    .trim()
    .refine(isCalendarDate, 'date must be a date written YYYY-MM-DD')
    .refine(isShopDateInRange, shopDateRangeMessage('date')),
});

/** Rupees (number or numeric text), from 0, at most 2 decimals. */
const rupeesSchema = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `${label} must be an amount in ₹, such as 40 or "40.50"` })
    .transform((value, ctx) => {
      const text = String(value).trim();
      const amount = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isFinite(amount)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an amount in ₹, such as 40 or "40.50"` });
        return z.NEVER;
      }
      if (amount < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} must be ₹0 or more` });
        return z.NEVER;
      }
      if (amount > DELIVERY_MONEY_MAX_RUPEES) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ₹${DELIVERY_MONEY_MAX_RUPEES}` });
        return z.NEVER;
      }
      if (!isWholePaise(amount)) {
        ctx.addIssue({ code: 'custom', message: `${label} must have at most 2 decimals (whole paise)` });
        return z.NEVER;
      }
      return amount;
    });

export const zoneInputSchema = z.object({
  name: z
    .string({ error: 'Zone name is required' })
    .trim()
    .min(1, 'Zone name is required')
    .max(ZONE_NAME_MAX_LENGTH, `Zone name must be at most ${ZONE_NAME_MAX_LENGTH} characters`),
  pinPrefixes: z
    .array(
      z
        .union([z.string(), z.number()], { error: 'Each PIN prefix must be 1 to 6 digits' })
        .transform((value) => String(value).trim())
        .refine(
          isPinPrefix,
          'Each PIN prefix must be 1 to 6 digits starting with 1 to 8 (Indian PIN codes), such as 411 or 560001',
        ),
      { error: 'PIN prefixes must be a list, such as ["411", "412"]' },
    )
    .min(1, 'A zone needs at least one PIN prefix')
    .max(ZONE_PREFIXES_MAX, `A zone can have at most ${ZONE_PREFIXES_MAX} PIN prefixes`)
    .refine((list) => new Set(list).size === list.length, 'Each PIN prefix may appear only once'),
  minOrder: rupeesSchema('Minimum order').default(0),
  deliveryFee: rupeesSchema('Delivery fee').default(0),
  freeAbove: rupeesSchema('Free above').nullable().default(null),
});
export type ZoneInput = z.infer<typeof zoneInputSchema>;

const DAY_MESSAGE = 'Each day must be a weekday number from 0 (Sunday) to 6 (Saturday)';
const CAPACITY_MESSAGE = 'Capacity must be a whole number of orders (1 or more), or null for no limit';
const CUTOFF_MESSAGE = 'Cut-off must be a whole number of minutes (0 or more)';

/** A whole number sent as a JSON number or numeric text ("3"), within [min, max]. */
const wholeNumber = (message: string, min: number, max: number, tooLarge: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const text = String(value).trim();
    const number = typeof value === 'number' ? value : /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(number) || number < min) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (number > max) {
      ctx.addIssue({ code: 'custom', message: tooLarge });
      return z.NEVER;
    }
    return number;
  });

const timeSchema = (label: string) =>
  z
    .string({ error: `${label} time is required, as HH:MM` })
    .trim()
    .refine((text) => parseTimeOfDay(text) !== null, `${label} time must be HH:MM, 24-hour (such as 07:00 or 18:30)`);

export const slotTemplateInputSchema = z
  .object({
    days: z
      .array(wholeNumber(DAY_MESSAGE, 0, 6, DAY_MESSAGE), {
        error: 'Days must be a list of weekdays, such as [1, 2, 3]',
      })
      .min(1, 'Choose at least one day')
      .refine((list) => new Set(list).size === list.length, 'Each day may appear only once'),
    start: timeSchema('Start'),
    end: timeSchema('End'),
    capacity: wholeNumber(CAPACITY_MESSAGE, 1, SLOT_CAPACITY_MAX, `Capacity must be at most ${SLOT_CAPACITY_MAX}`)
      .nullable()
      .default(null),
    cutoffMinutes: wholeNumber(
      CUTOFF_MESSAGE,
      0,
      CUTOFF_MAX_MINUTES,
      `Cut-off must be at most ${CUTOFF_MAX_MINUTES} minutes (7 days)`,
    ).default(0),
    zoneIds: z
      .array(z.string({ error: 'Each zone id must be text' }).trim(), { error: 'Zone ids must be a list' })
      .max(ZONE_PREFIXES_MAX)
      .refine(
        (list) => new Set(list.map((id) => id.toLowerCase())).size === list.length,
        'Each zone may appear only once',
      )
      .default([]),
  })
  .refine((slot) => (parseTimeOfDay(slot.end) ?? 0) > (parseTimeOfDay(slot.start) ?? 0), {
    message: 'End time must be after start time',
    path: ['end'],
  });
export type SlotTemplateInput = z.infer<typeof slotTemplateInputSchema>;

// ---- answers ----

export const zoneSchema = z.object({
  _id: z.string(),
  name: z.string(),
  pinPrefixes: z.array(z.string()),
  minOrder: z.number(),
  deliveryFee: z.number(),
  freeAbove: z.number().nullable(),
});
export type Zone = z.infer<typeof zoneSchema>;

export const slotTemplateSchema = z.object({
  _id: z.string(),
  days: z.array(z.number()),
  start: z.string(),
  end: z.string(),
  capacity: z.number().nullable(),
  cutoffMinutes: z.number(),
  zoneIds: z.array(z.string()),
});
export type SlotTemplate = z.infer<typeof slotTemplateSchema>;

/** A slot offered to a shopper: a template on a date. */
export const slotSchema = z.object({
  _id: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  /** Places left; null when the slot has no limit. */
  remaining: z.number().nullable(),
  isAvailable: z.boolean(),
});
export type Slot = z.infer<typeof slotSchema>;

/** The slot an order is delivered in, as it was booked. */
export const deliverySlotSchema = z.object({
  _id: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
});
export type DeliverySlot = z.infer<typeof deliverySlotSchema>;

export const pinCodeAnswerSchema = z.object({
  success: z.literal(true),
  serviceable: z.boolean(),
  zone: zoneSchema.nullable(),
  message: z.string(),
});
export type PinCodeAnswer = z.infer<typeof pinCodeAnswerSchema>;

/** A range of rupee amounts over the zones: equal ends when every zone says the same. */
const amountRangeSchema = z.object({ min: z.number(), max: z.number() });

/**
 * `GET /api/delivery/terms`: what the shop can truly say of its delivery everywhere it delivers,
 * for the storefront's sentences (decision 0056). No zone: every PIN code, free, no minimum.
 */
export const deliveryTermsSchema = z.object({
  everyPinCode: z.boolean().meta({ description: 'No zone yet: the shop delivers to every PIN code, free' }),
  areas: z.number().meta({ description: 'How many delivery zones there are (0 with everyPinCode)' }),
  deliveryFee: amountRangeSchema.meta({ description: 'The lowest and highest delivery fee of the zones (₹)' }),
  minOrder: amountRangeSchema.meta({ description: 'The lowest and highest minimum order of the zones (₹)' }),
  freeAbove: z.number().nullable().meta({
    description: 'A subtotal (₹) from which delivery is free in every zone; null when some zone never makes it free',
  }),
});
export type DeliveryTermsSummary = z.infer<typeof deliveryTermsSchema>;
export const deliveryTermsAnswerSchema = z.object({ success: z.literal(true), terms: deliveryTermsSchema });
export type DeliveryTermsAnswer = z.infer<typeof deliveryTermsAnswerSchema>;

export const slotsAnswerSchema = z.object({ success: z.literal(true), slots: z.array(slotSchema) });
export const zonesAnswerSchema = z.object({ success: z.literal(true), zones: z.array(zoneSchema) });
export const zoneAnswerSchema = z.object({ success: z.literal(true), zone: zoneSchema });
export const slotTemplatesAnswerSchema = z.object({ success: z.literal(true), slots: z.array(slotTemplateSchema) });
export const slotTemplateAnswerSchema = z.object({ success: z.literal(true), slot: slotTemplateSchema });
export const deletedAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;
export type ZonesAnswer = z.infer<typeof zonesAnswerSchema>;
export type ZoneAnswer = z.infer<typeof zoneAnswerSchema>;
export type SlotTemplatesAnswer = z.infer<typeof slotTemplatesAnswerSchema>;
export type SlotTemplateAnswer = z.infer<typeof slotTemplateAnswerSchema>;
export type DeletedAnswer = z.infer<typeof deletedAnswerSchema>;

/** An order in the admin's day view. */
export const bookedOrderSchema = z.object({
  _id: z.string(),
  /** Shown as #1042 (decision 0023). */
  orderNumber: z.number().int(),
  customer: z.string(),
  pinCode: z.string(),
  status: z.string(),
  /** ₹ */
  total: z.number(),
});

/** One slot of a day in the admin's day view: its orders and how full it is. */
export const slotBookingsSchema = z.object({
  _id: z.string(),
  templateId: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  capacity: z.number().nullable(),
  booked: z.number(),
  orders: z.array(bookedOrderSchema),
});
export type SlotBookings = z.infer<typeof slotBookingsSchema>;

export const bookingsAnswerSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  slots: z.array(slotBookingsSchema),
});
export type BookingsAnswer = z.infer<typeof bookingsAnswerSchema>;
