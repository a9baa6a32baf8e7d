/** Orders: the shipping details of a new order, the status change, and the Order shape. */
import { z } from 'zod';
import {
  CHECKOUT_PAYMENT_METHODS,
  MOBILE_NUMBER_LENGTH,
  ORDER_STATUSES,
  SHIPPING_FIELD_MAX_LENGTH,
  SUBSTITUTION_CHOICES,
} from '../constants.js';
import { deliverySlotSchema, pinCodeSchema } from '../delivery.js';
import { UNITS } from '../kernel/units.js';
import { schemaMessage } from '../server-messages.js';
import { orderBillingFieldsSchema, refundBodySchema } from './billing.js';
import { idSchema, isoDateSchema } from './common.js';
import { dashboardFiguresSchema } from './weighing.js';

const digitsSchema = (length: number, message: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = String(value).trim();
    if (!new RegExp(`^\\d{${length}}$`).test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return text;
  });

const requiredText = (max: number) =>
  z
    .string({ error: schemaMessage('allFieldsRequired') })
    .trim()
    .min(1, schemaMessage('allFieldsRequired'))
    .max(max, `must be at most ${max} characters`);

export const shippingInfoSchema = z.object({
  address: requiredText(SHIPPING_FIELD_MAX_LENGTH),
  city: requiredText(SHIPPING_FIELD_MAX_LENGTH),
  mobileNumber: digitsSchema(MOBILE_NUMBER_LENGTH, schemaMessage('mobileLength')),
  pinCode: pinCodeSchema,
});
export type ShippingInfo = z.infer<typeof shippingInfoSchema>;

/** `oStatus`: the original API's request field for the status change; clients send that name. */
export const orderStatusChangeSchema = z.object({
  oStatus: z.enum(ORDER_STATUSES, { error: `The order status must be one of ${ORDER_STATUSES.join(', ')}` }),
  /** With `Cancelled` for a paid order only: how the payment was given back (decision 0032). */
  refund: refundBodySchema.optional(),
});

/** What the shop sent in place of an ordered product (decision 0043): billed as this. */
export const orderSubstituteSchema = z.object({
  productId: idSchema.nullable().meta({ description: 'null once the product is deleted' }),
  name: z.string(),
  rate: z.number().meta({ description: "Rupees per unit, the substitute's rate when packed" }),
  packedQuantity: z.string().meta({ description: 'Packed, in the unit (numeric string)' }),
  amount: z.number().meta({ description: 'Rupees: rate × packed quantity' }),
});

/**
 * One line of an order: its own copy of name, image, unit and ₹ rate per unit, so it survives
 * product changes. Quantities are in the line's unit (kg when `unit` is absent).
 */
export const orderItemSchema = z.object({
  _id: idSchema,
  productId: idSchema.nullable().meta({ description: 'null once the product is deleted' }),
  name: z.string(),
  image: z.string(),
  quantity: z.number().meta({ description: 'Ordered, in the unit' }),
  rate: z.number().meta({ description: 'Rupees per unit' }),
  packedQuantity: z
    .string()
    .nullable()
    .meta({ description: 'Packed, in the unit (numeric string); null until packed, 0 = not available' }),
  amount: z.number().meta({ description: 'Rupees: rate × packed quantity once packed, rate × ordered before' }),
  unit: z
    .enum(UNITS)
    .optional()
    .meta({ description: "The product's unit when ordered: kg, litre, piece, dozen, bunch or pack" }),
  substitution: z.enum(SUBSTITUTION_CHOICES).optional().meta({
    description:
      "The shopper's wish when the product is short: similar (same unit, no higher rate), call (phone first, any rate) or skip",
  }),
  substitute: orderSubstituteSchema.nullable().optional().meta({
    description:
      "What was sent in place of the ordered product (then packedQuantity and amount are the substitute's), or null",
  }),
});

/** One amount added to an order's lines by a module (delivery fee, round-off), in rupees, signed. */
export const orderAdjustmentSchema = z.object({
  source: z.string().meta({ description: "The module that added it: 'delivery', 'round-off'" }),
  kind: z.string().meta({ description: "What it is within that module: 'fee', 'round-off'" }),
  label: z.string(),
  amount: z.number().meta({ description: 'Rupees, signed' }),
});

/** One change in an order's life (placed, packed, status, cancelled): who, when, from what to what. */
export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  by: z.string().nullable(),
  kind: z.string(),
  changes: z.record(z.string(), z.unknown()),
});

/** Where an order comes from (contract "Orders gain channel"). */
export const ORDER_CHANNELS = ['online', 'counter', 'subscription'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** The Order shape (one object, so new fields are added in one place). */
export const orderSchema = z
  .object({
    _id: idSchema,
    orderNumber: z.number().int().positive().meta({
      description:
        "The number people read out, shown as #1042: given when placed, unique, never reused, larger than every earlier order's (gaps allowed)",
    }),
    orderItems: z.array(orderItemSchema),
    subtotal: z.number().meta({ description: 'Rupees: the lines added up' }),
    shippingCharge: z.number().meta({ description: "Rupees: the delivery zone's fee, or 0" }),
    roundOff: z.number().optional().meta({
      description:
        'Rupees added to reach whole rupees once packed (or shipped unpacked), -0.49 to +0.50; 0 before packing',
    }),
    couponCode: z.string().nullable().optional().meta({
      description: 'The coupon the order was placed with (kept when packing removed its discount); null: none',
    }),
    couponTerms: z
      .object({ kind: z.enum(['flat', 'percent']), value: z.number(), minSubtotal: z.number() })
      .nullable()
      .optional()
      .meta({
        description:
          "The coupon's terms kept on the order (value: ₹ for flat, a percent for percent; minSubtotal ₹): packing judges the discount again by them",
      }),
    discount: z.number().optional().meta({
      description: "Rupees off the lines (the coupon's discount), judged again on the packed subtotal; 0: none",
    }),
    adjustments: z
      .array(orderAdjustmentSchema)
      .optional()
      .meta({ description: 'What is added to the lines (delivery charge, round off...), each signed' }),
    total: z.number().meta({
      description:
        'Rupees due, subtotal + every adjustment (shippingCharge, roundOff...): the estimate until packed, then the final bill',
    }),
    estimatedTotal: z.number().meta({ description: 'Rupees: the total when placed, never changed' }),
    deliveryTerms: z.object({ fee: z.number(), freeAbove: z.number().nullable() }).optional().meta({
      description:
        'Rupees: the delivery terms kept on the order when placed (fee, and the subtotal from which it is waived, null: never); packing judges the fee again on the packed subtotal by them',
    }),
    packedAt: isoDateSchema.nullable(),
    deliverySlot: deliverySlotSchema
      .nullable()
      .meta({ description: 'The booked delivery slot; null when the shop has no slots' }),
    status: z.enum(ORDER_STATUSES),
    channel: z.enum(ORDER_CHANNELS).optional().meta({
      description:
        'Where the order came from: online (a checkout), counter (a sale at the counter) or subscription (a standing order)',
    }),
    deliveryDate: z.string().nullable().optional().meta({
      description:
        "The shop date (YYYY-MM-DD) the order is to be delivered: its slot's date, a standing order's date, a counter sale's date; null when none",
    }),
    paymentMethod: z.enum(CHECKOUT_PAYMENT_METHODS).optional().meta({
      description:
        "How the shopper chose to pay at checkout: COD (cash or UPI on delivery) or Khata (on the shopper's khata)",
    }),
    /** `orderDate`: the original API's date field; the same timestamp as `createdAt`. */
    orderDate: isoDateSchema,
    createdAt: isoDateSchema,
    shippingInfo: z.object({ address: z.string(), city: z.string(), mobileNumber: z.string(), pinCode: z.string() }),
    userId: idSchema.nullable().meta({ description: 'null once the account is deleted' }),
    user: z.object({ _id: idSchema.nullable(), firstName: z.string(), lastName: z.string() }),
    /** On the single-order read only. */
    history: z.array(orderHistoryEntrySchema).optional(),
  })
  .extend(orderBillingFieldsSchema.shape);
export type Order = z.infer<typeof orderSchema>;
export type OrderItem = z.infer<typeof orderItemSchema>;

/** Placing an order: `order` and `newOrder` are two names for one order; clients read either. */
export const placeOrderAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: orderSchema,
  newOrder: orderSchema,
});

/** My orders: `myOrders` and `orders` are two names for one list, newest first. */
export const myOrdersAnswerSchema = z.object({
  success: z.literal(true),
  myOrders: z.array(orderSchema),
  orders: z.array(orderSchema),
});

export const orderAnswerSchema = z.object({ success: z.literal(true), order: orderSchema });

/**
 * The admin order list. `AllOrders` is the original API's name; the count is sent under its
 * original name `ordersCounts` and again as `OrdersCount`, because clients read one or the other.
 */
export const adminOrdersAnswerSchema = z.object({
  success: z.literal(true),
  AllOrders: z.array(orderSchema),
  ordersCounts: z.number().int(),
  OrdersCount: z.number().int(),
});
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswerSchema>;

/** The status change answer: `Order` and `updatedOrder` are two names for one order. */
export const orderStatusAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  Order: orderSchema,
  updatedOrder: orderSchema,
});

/** The admin dashboard's numbers; `deliveredAmount` in rupees. */
export const shopStatsAnswerSchema = z
  .object({
    success: z.literal(true),
    productsCount: z.number().int(),
    usersCount: z.number().int(),
    ordersCount: z.number().int(),
    deliveredAmount: z.number(),
    outOfStockCount: z.number().int(),
    inStockCount: z.number().int(),
  })
  .extend(dashboardFiguresSchema.shape);
export type ShopStats = z.infer<typeof shopStatsAnswerSchema>;
