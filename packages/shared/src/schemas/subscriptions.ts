/**
 * Standing orders (API contract part 4, "Standing orders"; decision 0064): a shopper's regular
 * order of one product on a schedule, the shop's closed dates, and the admin's view of a date's
 * standing orders. Money in ₹ on the wire, quantities in the product's unit, dates `YYYY-MM-DD`.
 */
import { z } from 'zod';
import { EVERY_N_DAYS_RANGE, STANDING_SCHEDULE_KINDS } from '../kernel/standing-orders.js';
import { UNITS } from '../kernel/units.js';
import { schemaMessage } from '../server-messages.js';
import { idSchema, isoDateSchema, isShopDateInRange } from './common.js';

/** At most this many active standing orders per shopper. */
export const MAX_ACTIVE_SUBSCRIPTIONS = 20;
/** At most this many pauses kept on one standing order. */
export const MAX_SUBSCRIPTION_PAUSES = 20;
export const CLOSED_DATE_NOTE_MAX = 200;
export const SUBSCRIPTION_PAYMENT_METHODS = ['COD', 'Khata'] as const;
/** Why a standing order's line was not made for a date. */
export const SUBSCRIPTION_FAILURE_REASONS = [
  'noStock',
  'khataLimit',
  'offSale',
  'shopClosed',
  'notServed',
  'other',
] as const;
export type SubscriptionFailureReason = (typeof SUBSCRIPTION_FAILURE_REASONS)[number];

const isCalendarDate = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/** A shop date, `YYYY-MM-DD`, a real day within the shop's range. */
export const standingDateSchema = (field: string) =>
  z
    .string({ error: schemaMessage('subscriptionDate', { field }) })
    .trim()
    .refine((text) => isCalendarDate(text) && isShopDateInRange(text), schemaMessage('subscriptionDate', { field }));

export const standingScheduleSchema = z
  .object(
    {
      kind: z.enum(STANDING_SCHEDULE_KINDS, { error: schemaMessage('subscriptionScheduleKind') }),
      weekdays: z
        .array(z.number({ error: schemaMessage('subscriptionWeekdays') }).int(schemaMessage('subscriptionWeekdays')), {
          error: schemaMessage('subscriptionWeekdays'),
        })
        .optional(),
      everyNDays: z
        .number({ error: schemaMessage('subscriptionEveryNDays') })
        .int(schemaMessage('subscriptionEveryNDays'))
        .min(EVERY_N_DAYS_RANGE.min, schemaMessage('subscriptionEveryNDays'))
        .max(EVERY_N_DAYS_RANGE.max, schemaMessage('subscriptionEveryNDays'))
        .nullable()
        .optional(),
      startDate: standingDateSchema('schedule.startDate'),
    },
    { error: schemaMessage('subscriptionScheduleKind') },
  )
  .superRefine((schedule, ctx) => {
    if (schedule.kind === 'weekdays') {
      const days = schedule.weekdays ?? [];
      const isValid =
        days.length >= 1 && days.every((day) => day >= 0 && day <= 6) && new Set(days).size === days.length;
      if (!isValid)
        ctx.addIssue({ code: 'custom', path: ['weekdays'], message: schemaMessage('subscriptionWeekdays') });
    }
    if (schedule.kind === 'everyNDays' && (schedule.everyNDays === undefined || schedule.everyNDays === null)) {
      ctx.addIssue({ code: 'custom', path: ['everyNDays'], message: schemaMessage('subscriptionEveryNDays') });
    }
  })
  // Only what the kind uses is kept: weekdays for `weekdays`, N for `everyNDays`.
  .transform((schedule) => ({
    kind: schedule.kind,
    weekdays: schedule.kind === 'weekdays' ? [...new Set(schedule.weekdays ?? [])].sort() : [],
    everyNDays: schedule.kind === 'everyNDays' ? (schedule.everyNDays ?? null) : null,
    startDate: schedule.startDate,
  }));

const quantitySchema = z
  .number({ error: 'quantity must be a number in the product’s unit' })
  .positive('quantity must be more than 0');
const addressIdSchema = z
  .string({ error: schemaMessage('subscriptionAddress') })
  .trim()
  .min(1, schemaMessage('subscriptionAddress'));
const slotTemplateIdSchema = z
  .string({ error: schemaMessage('subscriptionSlot') })
  .trim()
  .min(1, schemaMessage('subscriptionSlot'))
  .nullable();
const paymentMethodSchema = z.enum(SUBSCRIPTION_PAYMENT_METHODS, { error: schemaMessage('subscriptionPayment') });

/** `POST /api/user/my/subscriptions`. */
export const subscriptionCreateSchema = z.object({
  productId: z.string({ error: 'productId must name a product' }).trim().min(1, 'productId must name a product'),
  quantity: quantitySchema,
  schedule: standingScheduleSchema,
  addressId: addressIdSchema,
  slotTemplateId: slotTemplateIdSchema.optional(),
  paymentMethod: paymentMethodSchema.optional().default('COD'),
});
export type SubscriptionCreateBody = z.input<typeof subscriptionCreateSchema>;

/** `PUT /api/user/my/subscriptions/{id}`: any of these; what is left out stays. */
export const subscriptionUpdateSchema = z.object({
  productId: z.string().trim().optional(),
  quantity: quantitySchema.optional(),
  schedule: standingScheduleSchema.optional(),
  addressId: addressIdSchema.optional(),
  slotTemplateId: slotTemplateIdSchema.optional(),
  paymentMethod: paymentMethodSchema.optional(),
});
export type SubscriptionUpdateBody = z.input<typeof subscriptionUpdateSchema>;

export const subscriptionSkipSchema = z.object({ date: standingDateSchema('date') });
export const subscriptionPauseSchema = z.object({ from: standingDateSchema('from'), to: standingDateSchema('to') });

export const STANDING_DAY_STATES = ['due', 'skipped', 'paused', 'closed', 'made', 'failed'] as const;

export const subscriptionSchema = z.object({
  _id: idSchema,
  product: z.object({
    _id: idSchema,
    name: z.string(),
    nameHi: z.string().nullable(),
    unit: z.enum(UNITS),
    price: z.number().meta({ description: "Today's rate, ₹ per unit" }),
    picture: z.string(),
    isActive: z.boolean().meta({ description: 'False when the shop no longer sells it' }),
  }),
  quantity: z.number().meta({ description: 'In the unit, each delivery' }),
  unit: z.enum(UNITS),
  schedule: z.object({
    kind: z.enum(STANDING_SCHEDULE_KINDS),
    weekdays: z.array(z.number()),
    everyNDays: z.number().nullable(),
    startDate: z.string(),
  }),
  paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
  address: z.object({
    _id: idSchema.nullable().meta({ description: 'The saved address it was taken from (null once that is deleted)' }),
    label: z.string(),
    address: z.string(),
    city: z.string(),
    mobileNumber: z.string(),
    pinCode: z.string(),
  }),
  slot: z
    .object({ _id: idSchema.meta({ description: 'The slot template' }), start: z.string(), end: z.string() })
    .nullable(),
  skips: z.array(z.string()),
  pauses: z.array(z.object({ _id: idSchema, from: z.string(), to: z.string() })),
  nextDate: z.string().nullable().meta({ description: 'The next date it delivers whose changes are still open' }),
  status: z.enum(['active', 'ended']),
  upcoming: z
    .array(
      z.object({
        date: z.string(),
        state: z.enum(STANDING_DAY_STATES),
        orderId: idSchema.optional(),
      }),
    )
    .meta({ description: 'The dates of the coming 14 days (from today) it is scheduled for, with what happens then' }),
  createdAt: isoDateSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionAnswerSchema = z.object({ success: z.literal(true), subscription: subscriptionSchema });
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;

const closedDateSchema = z.object({ date: z.string(), note: z.string() });
export type ClosedDate = z.infer<typeof closedDateSchema>;

export const subscriptionsAnswerSchema = z.object({
  success: z.literal(true),
  subscriptions: z.array(subscriptionSchema),
  cutoff: z.string().meta({ description: 'HH:MM: changes for a date close then, the evening before' }),
  changesOpenFrom: z.string().meta({ description: 'The first date whose changes are still open' }),
  closedDates: z.array(closedDateSchema).meta({ description: 'The shop’s closed dates from today on' }),
});
export type SubscriptionsAnswer = z.infer<typeof subscriptionsAnswerSchema>;

const failureSchema = z.object({
  subscriptionId: idSchema,
  date: z.string(),
  reason: z.enum(SUBSCRIPTION_FAILURE_REASONS),
  message: z.string(),
  productId: idSchema.nullable(),
  productName: z.string(),
  customer: z.object({ _id: idSchema.nullable(), name: z.string() }),
});
export type SubscriptionFailure = z.infer<typeof failureSchema>;

/** `GET /api/admin/subscriptions?date=`. */
export const subscriptionsDayQuerySchema = z.object({ date: standingDateSchema('date').optional() });

export const subscriptionsDayAnswerSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  cutoffAt: isoDateSchema.meta({ description: 'When changes for the date close (the evening before)' }),
  made: z.boolean().meta({ description: 'Whether the date’s standing orders were made already' }),
  products: z.array(
    z.object({
      productId: idSchema,
      name: z.string(),
      nameHi: z.string().nullable(),
      unit: z.enum(UNITS),
      quantity: z.number(),
      households: z.number(),
    }),
  ),
  slots: z.array(
    z.object({
      slotId: idSchema.nullable(),
      start: z.string().nullable(),
      end: z.string().nullable(),
      households: z.number(),
      products: z.array(z.object({ productId: idSchema, name: z.string(), unit: z.enum(UNITS), quantity: z.number() })),
    }),
  ),
  orders: z.array(
    z.object({
      _id: idSchema,
      orderNumber: z.number(),
      customer: z.object({ _id: idSchema.nullable(), name: z.string() }),
      total: z.number(),
      status: z.string(),
      slot: z.object({ start: z.string(), end: z.string() }).nullable(),
    }),
  ),
  failures: z.array(failureSchema),
});
export type SubscriptionsDayAnswer = z.infer<typeof subscriptionsDayAnswerSchema>;

/** `POST /api/admin/subscriptions/run`. */
export const subscriptionsRunSchema = z.object({ date: standingDateSchema('date') });
export const subscriptionsRunAnswerSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  created: z.number().meta({ description: 'Orders this run made' }),
  skipped: z.number().meta({ description: 'Households whose order for the date was made already' }),
  failures: z.array(failureSchema),
});
export type SubscriptionsRunAnswer = z.infer<typeof subscriptionsRunAnswerSchema>;

/** `POST /api/admin/closed-dates`. */
export const closedDateBodySchema = z.object({
  date: standingDateSchema('date'),
  note: z
    .string({ error: schemaMessage('closedDateNote') })
    .trim()
    .max(CLOSED_DATE_NOTE_MAX, schemaMessage('closedDateNote'))
    .optional()
    .default(''),
});
export const closedDatesAnswerSchema = z.object({ success: z.literal(true), closedDates: z.array(closedDateSchema) });
export type ClosedDatesAnswer = z.infer<typeof closedDatesAnswerSchema>;
export const closedDateAnswerSchema = z.object({ success: z.literal(true), closedDate: closedDateSchema });
