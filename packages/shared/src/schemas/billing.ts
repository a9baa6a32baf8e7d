/**
 * Tax-ready bills and UPI on the wire (api-contract-operations "Tax-ready bills and UPI"): the
 * product's tax fields, the bill number and payment an order carries, the UPI link, the payment an
 * admin records, and the bills register for the accountant. Money is rupees, as everywhere.
 */
import { z } from 'zod';
import { GST_RATES, REFUND_METHODS } from '../constants.js';
import { idSchema, isoDateSchema, isShopMonthInRange, shopMonthRangeMessage } from './common.js';

/** The GST slabs, declared with the shop's constants so the browser can offer them without zod. */
export { GST_RATES, type GstRate } from '../constants.js';

/** The three documents CGST Rules 46, 46A and 49 name, by what the basket holds. */
export const BILL_KINDS = ['Bill of Supply', 'Tax Invoice', 'Invoice-cum-Bill of Supply'] as const;
export type BillKind = (typeof BILL_KINDS)[number];

export const PAYMENT_METHODS = ['Cash', 'UPI'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a product answer adds: its HSN code (4-8 digits) and GST rate. */
export const productTaxFieldsSchema = z.object({
  hsnCode: z.string().meta({ description: 'HSN code, 4 to 8 digits' }),
  gstRate: z.number().meta({ description: `GST percent, one of ${GST_RATES.join(', ')}; prices include it` }),
});

/** A payment taken for an order: how, the reference (UPI UTR, receipt number; may be empty for cash) and when. */
export const orderPaymentSchema = z.object({
  method: z.enum([...PAYMENT_METHODS, 'Khata', 'Split']).meta({
    description:
      'Cash or UPI as recorded; Khata once a khata order is packed (its bill is on the khata); Split for a counter sale paid in several tenders',
  }),
  reference: z.string().nullable().meta({ description: 'null for Khata' }),
  amount: z
    .number()
    .nullable()
    .optional()
    .meta({ description: 'Rupees the payment took (the bill when it was paid; a refund repays this); null for Khata' }),
  paidAt: isoDateSchema,
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** The refund of a paid order the shop cancelled: how, its reference, the amount paid back (₹) and when. */
export const orderRefundSchema = z.object({
  method: z.enum(REFUND_METHODS),
  reference: z.string(),
  amount: z.number().meta({ description: 'Rupees paid back: what was paid' }),
  refundedAt: isoDateSchema,
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/**
 * The refund sent with `oStatus: "Cancelled"` when the order is paid (Cash or UPI): required then,
 * refused when there is nothing to refund. UPI needs the refund's 12-digit UTR as reference.
 */
export const refundBodySchema = z.object(
  {
    method: z.enum(REFUND_METHODS, { error: `refund.method must be one of ${REFUND_METHODS.join(', ')}` }),
    reference: z
      .string({ error: 'refund.reference must be text' })
      .trim()
      .max(64, 'refund.reference must be at most 64 characters')
      .optional()
      .default(''),
  },
  { error: 'refund must be { method: "Cash" | "UPI" | "Khata", reference }' },
);
export type RefundBody = z.input<typeof refundBodySchema>;

/** What an order answer adds: its bill number once packed (or shipped unpacked), its payment and refund. */
export const orderBillingFieldsSchema = z.object({
  invoiceNumber: z
    .string()
    .nullable()
    .meta({ description: '{INVOICE_PREFIX}/{YYYY-YY}/{000001}; null until the bill is final' }),
  payment: orderPaymentSchema.nullable().meta({ description: 'null until a payment is recorded' }),
  refund: orderRefundSchema
    .nullable()
    .optional()
    .meta({ description: 'The refund of a paid order the shop cancelled; null otherwise' }),
});

/** `GET /api/user/my/order/{id}/upi`: the `upi://pay` link for the amount due. */
export const upiAnswerSchema = z.object({
  success: z.literal(true),
  upiUrl: z.string(),
  amount: z.number().meta({ description: 'Rupees due' }),
});

/** `PUT /api/admin/orders/{id}/payment`. */
export const recordPaymentBodySchema = z.object(
  {
    method: z.enum(PAYMENT_METHODS, { error: `method must be one of ${PAYMENT_METHODS.join(', ')}` }),
    reference: z
      .string({ error: 'reference must be text' })
      .trim()
      .max(64, 'reference must be at most 64 characters')
      .optional()
      .default(''),
  },
  { error: 'The body must be { method: "Cash" | "UPI", reference }' },
);
export type RecordPaymentBody = z.input<typeof recordPaymentBodySchema>;

/** A calendar month, `YYYY-MM`. */
export const monthSchema = z
  .string({ error: 'month must be YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
  .refine(isShopMonthInRange, shopMonthRangeMessage('month'));

/** `GET /api/admin/bills?month=&format=`: the month defaults to the current one in shop time. */
export const billsRegisterQuerySchema = z.object({
  month: monthSchema.optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
});

/** Taxable value and tax of one GST rate on one bill (or the month's totals). */
export const taxByRateSchema = z.object({
  rate: z.number(),
  taxableValue: z.number(),
  tax: z.number(),
});

/** One bill in the register, in number order. */
export const billRegisterEntrySchema = z.object({
  orderId: idSchema,
  /** The order's number, shown as #1042 (decision 0023). */
  orderNumber: z.number().int(),
  invoiceNumber: z.string(),
  /** YYYY-MM-DD, shop time: the day the bill was made final. */
  date: z.string(),
  buyer: z.string(),
  kind: z.enum(BILL_KINDS),
  taxableValue: z.number(),
  taxByRate: z.array(taxByRateSchema),
  tax: z.number(),
  /** What the bill adds after the tax to reach whole rupees (decision 0017); taxable + tax + roundOff = total. */
  roundOff: z.number().optional(),
  total: z.number(),
  status: z.string(),
  payment: orderPaymentSchema.nullable(),
  /** A cancelled bill's refund, when it was paid (decision 0032); the bill stays out of the totals. */
  refund: orderRefundSchema.nullable().optional(),
});
export type BillRegisterEntry = z.infer<typeof billRegisterEntrySchema>;

export const billsRegisterAnswerSchema = z.object({
  success: z.literal(true),
  month: z.string(),
  bills: z.array(billRegisterEntrySchema),
  totals: z.object({
    taxableValue: z.number(),
    taxByRate: z.array(taxByRateSchema),
    tax: z.number(),
    roundOff: z.number().optional(),
    total: z.number(),
  }),
});
export type BillsRegisterAnswer = z.infer<typeof billsRegisterAnswerSchema>;
