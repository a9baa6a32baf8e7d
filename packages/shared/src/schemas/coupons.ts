/**
 * Coupons on the wire (api-contract-shop "The shopper's week", decision 0044): the admin's coupon
 * body and list, and the shopper's check. Money is rupees with at most 2 decimals; the server
 * keeps paise. `value` is rupees for a `flat` coupon and a whole percent for a `percent` one.
 */
import { z } from 'zod';
import { isCalendarDate } from '../delivery.js';
import { isWholePaise } from '../kernel/money.js';
import { schemaMessage } from '../server-messages.js';
import { idSchema, isoDateSchema, isShopDateInRange } from './common.js';

export const COUPON_KINDS = ['flat', 'percent'] as const;
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9]{3,20}$/;
/** The largest flat discount, and the largest minimum basket. */
export const COUPON_FLAT_MAX_RUPEES = 100_000;
export const COUPON_MIN_SUBTOTAL_MAX_RUPEES = 1_000_000;
export const COUPON_PERCENT_MAX = 90;
export const COUPON_MAX_USES_LIMIT = 1_000_000;

/** Rupees with at most 2 decimals (a number or numeric text), else NaN. */
const rupees = (value: unknown): number => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return Number.NaN;
};

const couponDateSchema = z
  .string({ error: schemaMessage('couponDateInvalid') })
  .trim()
  .refine((text) => isCalendarDate(text) && isShopDateInRange(text), schemaMessage('couponDateInvalid'));

/** `POST /api/admin/coupons` and `PUT /api/admin/coupons/{id}`: the whole coupon. */
export const couponBodySchema = z
  .object(
    {
      code: z
        .string({ error: schemaMessage('couponCodeInvalid') })
        .trim()
        .regex(COUPON_CODE_PATTERN, schemaMessage('couponCodeInvalid'))
        .transform((code) => code.toUpperCase()),
      kind: z.enum(COUPON_KINDS, { error: schemaMessage('couponKindInvalid') }),
      value: z.union([z.number(), z.string()], { error: schemaMessage('couponFlatValue') }).transform(rupees),
      minSubtotal: z
        .union([z.number(), z.string()], { error: schemaMessage('couponMinSubtotal') })
        .optional()
        .default(0)
        .transform(rupees)
        .refine(
          (amount) =>
            Number.isFinite(amount) && amount >= 0 && amount <= COUPON_MIN_SUBTOTAL_MAX_RUPEES && isWholePaise(amount),
          schemaMessage('couponMinSubtotal'),
        ),
      validFrom: couponDateSchema,
      validTo: couponDateSchema,
      maxUses: z
        .number({ error: schemaMessage('couponMaxUses') })
        .int(schemaMessage('couponMaxUses'))
        .min(1, schemaMessage('couponMaxUses'))
        .max(COUPON_MAX_USES_LIMIT, schemaMessage('couponMaxUses'))
        .nullable()
        .optional()
        .default(null),
      firstOrderOnly: z
        .boolean({ error: schemaMessage('couponFirstOrderFlag') })
        .optional()
        .default(false),
    },
    { error: schemaMessage('couponBodyInvalid') },
  )
  .superRefine((body, ctx) => {
    const { kind, value } = body;
    if (
      kind === 'flat' &&
      !(Number.isFinite(value) && value > 0 && value <= COUPON_FLAT_MAX_RUPEES && isWholePaise(value))
    ) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: schemaMessage('couponFlatValue') });
    }
    if (kind === 'percent' && !(Number.isInteger(value) && value >= 1 && value <= COUPON_PERCENT_MAX)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: schemaMessage('couponPercentValue') });
    }
    if (body.validFrom > body.validTo) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: schemaMessage('couponDatesOrder') });
    }
  });
export type CouponBody = z.input<typeof couponBodySchema>;

export const couponSchema = z.object({
  _id: idSchema,
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().meta({ description: 'Rupees off for flat, a whole percent for percent' }),
  minSubtotal: z.number().meta({ description: 'Rupees: the lines must reach it (before the discount)' }),
  validFrom: z.string().meta({ description: 'YYYY-MM-DD, shop date, the first day it can be used' }),
  validTo: z.string().meta({ description: 'YYYY-MM-DD, shop date, the last day it can be used' }),
  maxUses: z.number().int().nullable().meta({ description: 'At most this many orders; null: no limit' }),
  firstOrderOnly: z.boolean(),
  uses: z.number().int().meta({ description: 'Orders placed with it that are not cancelled' }),
  createdAt: isoDateSchema,
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponAnswerSchema = z.object({ success: z.literal(true), message: z.string(), coupon: couponSchema });
export const couponsAnswerSchema = z.object({ success: z.literal(true), coupons: z.array(couponSchema) });

/** `GET /api/coupons/check?code=&subtotal=`: would this code apply to a basket of `subtotal` ₹? */
export const couponCheckQuerySchema = z.object(
  {
    code: z
      .string({ error: schemaMessage('couponCheckQuery') })
      .trim()
      .min(1, schemaMessage('couponCheckQuery'))
      .max(40),
    subtotal: z.coerce
      .number({ error: schemaMessage('couponCheckQuery') })
      .min(0, schemaMessage('couponCheckQuery'))
      .max(10_000_000, schemaMessage('couponCheckQuery')),
  },
  { error: schemaMessage('couponCheckQuery') },
);

export const couponCheckAnswerSchema = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  discount: z.number().meta({ description: 'Rupees off this subtotal; 0 when not valid' }),
  message: z.string().meta({ description: 'What applies, or why the code does not' }),
  code: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type CouponCheckAnswer = z.infer<typeof couponCheckAnswerSchema>;
export type CouponAnswer = z.infer<typeof couponAnswerSchema>;
export type CouponsAnswer = z.infer<typeof couponsAnswerSchema>;
