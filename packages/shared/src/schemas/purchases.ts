/**
 * Buying at the mandi, suppliers and wastage on the wire (api-contract-shop "Buying at the mandi,
 * stock cost and wastage", decision 0035). Money is rupees with at most 2 decimals and quantities
 * are in the product's unit with at most 3 decimals, as everywhere; the server keeps paise and
 * thousandths of the unit.
 */
import { z } from 'zod';
import { WASTAGE_REASONS } from '../constants.js';
import { isCalendarDate } from '../delivery.js';
import { type MessageCode, schemaMessage } from '../server-messages.js';
import { idSchema, isoDateSchema, isShopDateInRange, SHOP_DATE_RANGE } from './common.js';

export const SUPPLIER_NAME_MAX = 80;
export const PURCHASE_LINES_MAX = 60;
export const PURCHASE_CHARGES_MAX = 10;
export const PURCHASE_CHARGE_LABEL_MAX = 40;
/** The largest gross (or tare) quantity of a line, in the product's unit: 1,00,000 (100 tonnes of a kg product). */
export const PURCHASE_QUANTITY_MAX = 100_000;
/** The largest rate, ₹ per unit. */
export const PURCHASE_RATE_MAX = 100_000;
/** The largest charge, ₹. */
export const PURCHASE_CHARGE_MAX = 1_000_000;
/** The largest payment to a supplier, ₹. */
export const SUPPLIER_PAYMENT_MAX = 10_000_000;
export const SUPPLIER_REFERENCE_MAX = 64;
export const SUPPLIER_PAYMENT_METHODS = ['Cash', 'UPI', 'Bank'] as const;
/** The largest write-off, in the product's unit. */
export const WASTAGE_QUANTITY_MAX = 100_000;
export const WASTAGE_NOTE_MAX = 200;
/** The longest span one list call reads. */
export const PURCHASES_MAX_DAYS = 366;

/**
 * A number (or numeric text) from `min` (excluded when `above`) to `max` with at most `decimals`
 * decimals; anything else is the one coded message.
 */
function decimalSchema(options: {
  min: number;
  max: number;
  above?: boolean;
  decimals: 2 | 3;
  code: MessageCode;
  values?: Record<string, string | number>;
}) {
  const message = schemaMessage(options.code, options.values ?? {});
  const scale = options.decimals === 2 ? 100 : 1000;
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const text = String(value).trim();
    const amount = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    const bad =
      !Number.isFinite(amount) ||
      (options.above ? amount <= options.min : amount < options.min) ||
      amount > options.max ||
      Math.abs(amount * scale - Math.round(amount * scale)) > 1e-6;
    if (bad) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return amount;
  });
}

const purchaseDateSchema = (field: string) =>
  z
    .string({ error: schemaMessage('purchaseDateInvalid', { field, ...SHOP_DATE_RANGE }) })
    .trim()
    .refine(
      (text) => isCalendarDate(text) && isShopDateInRange(text),
      schemaMessage('purchaseDateInvalid', { field, ...SHOP_DATE_RANGE }),
    );

export const purchaseLineBodySchema = z.object(
  {
    productId: z
      .string({ error: schemaMessage('purchaseProductId') })
      .trim()
      .min(1, schemaMessage('purchaseProductId')),
    grossQuantity: decimalSchema({
      min: 0,
      above: true,
      max: PURCHASE_QUANTITY_MAX,
      decimals: 3,
      code: 'purchaseGross',
      values: { max: PURCHASE_QUANTITY_MAX },
    }),
    tareQuantity: decimalSchema({
      min: 0,
      max: PURCHASE_QUANTITY_MAX,
      decimals: 3,
      code: 'purchaseTare',
      values: { max: PURCHASE_QUANTITY_MAX },
    })
      .optional()
      .default(0),
    rate: decimalSchema({
      min: 0,
      above: true,
      max: PURCHASE_RATE_MAX,
      decimals: 2,
      code: 'purchaseRate',
      values: { max: PURCHASE_RATE_MAX },
    }),
  },
  { error: schemaMessage('purchaseBodyInvalid') },
);

export const purchaseChargeBodySchema = z.object(
  {
    label: z
      .string({ error: schemaMessage('purchaseChargeLabel', { max: PURCHASE_CHARGE_LABEL_MAX }) })
      .trim()
      .min(1, schemaMessage('purchaseChargeLabel', { max: PURCHASE_CHARGE_LABEL_MAX }))
      .max(PURCHASE_CHARGE_LABEL_MAX, schemaMessage('purchaseChargeLabel', { max: PURCHASE_CHARGE_LABEL_MAX })),
    amount: decimalSchema({
      min: 0,
      max: PURCHASE_CHARGE_MAX,
      decimals: 2,
      code: 'purchaseChargeAmount',
      values: { max: PURCHASE_CHARGE_MAX },
    }),
  },
  { error: schemaMessage('purchaseBodyInvalid') },
);

/** `POST /api/admin/purchases`. */
export const purchaseBodySchema = z.object(
  {
    supplier: z
      .string({ error: schemaMessage('purchaseSupplierName', { max: SUPPLIER_NAME_MAX }) })
      .transform((text) => text.trim().replace(/\s+/g, ' '))
      .pipe(
        z
          .string()
          .min(1, schemaMessage('purchaseSupplierName', { max: SUPPLIER_NAME_MAX }))
          .max(SUPPLIER_NAME_MAX, schemaMessage('purchaseSupplierName', { max: SUPPLIER_NAME_MAX })),
      ),
    date: purchaseDateSchema('date'),
    commissionPercent: decimalSchema({ min: 0, max: 100, decimals: 2, code: 'purchaseCommission' })
      .optional()
      .default(0),
    charges: z
      .array(purchaseChargeBodySchema, { error: schemaMessage('purchaseBodyInvalid') })
      .max(PURCHASE_CHARGES_MAX, schemaMessage('purchaseChargesCount', { max: PURCHASE_CHARGES_MAX }))
      .optional()
      .default([]),
    lines: z
      .array(purchaseLineBodySchema, { error: schemaMessage('purchaseLinesCount', { max: PURCHASE_LINES_MAX }) })
      .min(1, schemaMessage('purchaseLinesCount', { max: PURCHASE_LINES_MAX }))
      .max(PURCHASE_LINES_MAX, schemaMessage('purchaseLinesCount', { max: PURCHASE_LINES_MAX })),
  },
  { error: schemaMessage('purchaseBodyInvalid') },
);
export type PurchaseBody = z.input<typeof purchaseBodySchema>;

/** `?from=&to=` of the purchases and wastage lists: shop dates, default the 30 days up to today. */
export const purchasesQuerySchema = z.object({
  from: purchaseDateSchema('from').optional(),
  to: purchaseDateSchema('to').optional(),
});

export const purchaseLineSchema = z.object({
  _id: idSchema,
  productId: idSchema.nullable().meta({ description: 'null once the product is deleted' }),
  name: z.string(),
  unit: z.string(),
  grossQuantity: z.number(),
  tareQuantity: z.number(),
  netQuantity: z.number(),
  rate: z.number().meta({ description: '₹ per unit paid' }),
  value: z.number().meta({ description: '₹, net × rate' }),
  commission: z.number(),
  charges: z.number().meta({ description: "₹, the line's share of the charges by value" }),
  landedCost: z.number(),
  landedRate: z.number().meta({ description: '₹ per unit, landedCost / net, to the paisa' }),
});

export const supplierRefSchema = z.object({ _id: idSchema, name: z.string() });

export const purchaseSchema = z.object({
  _id: idSchema,
  supplier: supplierRefSchema,
  date: z.string().meta({ description: 'The shop date bought, YYYY-MM-DD' }),
  commissionPercent: z.number(),
  charges: z.array(z.object({ label: z.string(), amount: z.number() })),
  lines: z.array(purchaseLineSchema),
  value: z.number(),
  commission: z.number(),
  chargesTotal: z.number(),
  total: z.number().meta({ description: "₹, the lines' landed costs added up: what is owed to the supplier" }),
  createdAt: isoDateSchema,
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  purchase: purchaseSchema,
});
export type PurchaseAnswer = z.infer<typeof purchaseAnswerSchema>;

export const purchasesAnswerSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  purchases: z.array(purchaseSchema),
  total: z.number().meta({ description: "₹, the purchases' totals added up" }),
});
export type PurchasesAnswer = z.infer<typeof purchasesAnswerSchema>;

export const supplierSchema = z.object({
  _id: idSchema,
  name: z.string(),
  balance: z.number().meta({ description: '₹ owed: purchases minus payments (below 0: paid in advance)' }),
  purchased: z.number().meta({ description: "₹, every purchase's total" }),
  paid: z.number().meta({ description: '₹, every payment' }),
  lastPurchaseDate: z.string().nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const suppliersAnswerSchema = z.object({ success: z.literal(true), suppliers: z.array(supplierSchema) });
export type SuppliersAnswer = z.infer<typeof suppliersAnswerSchema>;

/** `POST /api/admin/suppliers/{id}/payments`. */
export const supplierPaymentBodySchema = z.object(
  {
    amount: decimalSchema({
      min: 1,
      max: SUPPLIER_PAYMENT_MAX,
      decimals: 2,
      code: 'supplierPaymentAmount',
      values: { max: SUPPLIER_PAYMENT_MAX },
    }),
    method: z.enum(SUPPLIER_PAYMENT_METHODS, { error: schemaMessage('supplierPaymentMethod') }),
    reference: z
      .string({ error: schemaMessage('supplierReferenceMax', { max: SUPPLIER_REFERENCE_MAX }) })
      .trim()
      .max(SUPPLIER_REFERENCE_MAX, schemaMessage('supplierReferenceMax', { max: SUPPLIER_REFERENCE_MAX }))
      .optional()
      .default(''),
  },
  { error: schemaMessage('supplierPaymentBodyInvalid') },
);
export type SupplierPaymentBody = z.input<typeof supplierPaymentBodySchema>;

export const supplierAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  supplier: supplierSchema,
});
export type SupplierAnswer = z.infer<typeof supplierAnswerSchema>;

/** `POST /api/admin/wastage`. */
export const wastageBodySchema = z.object(
  {
    productId: z
      .string({ error: schemaMessage('wastageBodyInvalid') })
      .trim()
      .min(1, schemaMessage('wastageBodyInvalid')),
    quantity: decimalSchema({
      min: 0,
      above: true,
      max: WASTAGE_QUANTITY_MAX,
      decimals: 3,
      code: 'wastageQuantity',
      values: { max: WASTAGE_QUANTITY_MAX },
    }),
    reason: z.enum(WASTAGE_REASONS, { error: schemaMessage('wastageReason') }),
    note: z
      .string({ error: schemaMessage('wastageNoteMax', { max: WASTAGE_NOTE_MAX }) })
      .trim()
      .max(WASTAGE_NOTE_MAX, schemaMessage('wastageNoteMax', { max: WASTAGE_NOTE_MAX }))
      .optional()
      .default(''),
  },
  { error: schemaMessage('wastageBodyInvalid') },
);
export type WastageBody = z.input<typeof wastageBodySchema>;

export const wastageEntrySchema = z.object({
  _id: idSchema,
  productId: idSchema.nullable(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  reason: z.enum(WASTAGE_REASONS),
  note: z.string(),
  costRate: z.number().nullable().meta({ description: "₹ per unit, the product's cost when written off" }),
  cost: z.number().meta({ description: '₹, quantity × costRate (0 without a cost)' }),
  date: z.string().meta({ description: 'The shop date written off' }),
  createdAt: isoDateSchema,
});
export type WastageEntry = z.infer<typeof wastageEntrySchema>;

/** What the write-off answers with as the product: its stock and cost now. */
export const wastageProductSchema = z.object({
  _id: idSchema,
  name: z.string(),
  unit: z.string(),
  stocks: z.number(),
  costRate: z.number().nullable(),
});

export const wastageAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  entry: wastageEntrySchema,
  product: wastageProductSchema,
});
export type WastageAnswer = z.infer<typeof wastageAnswerSchema>;

export const wastageListAnswerSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  entries: z.array(wastageEntrySchema),
  totalCost: z.number(),
  weeks: z
    .array(z.object({ weekStart: z.string(), entries: z.number().int(), cost: z.number() }))
    .meta({ description: 'Totals per week (Monday to Sunday, shop dates), newest first' }),
  shrinkage: z
    .array(
      z.object({
        productId: idSchema.nullable(),
        name: z.string(),
        unit: z.string(),
        wasted: z.number(),
        bought: z.number(),
        cost: z.number(),
        percent: z.number().nullable().meta({ description: 'wasted / bought × 100, 1 decimal; null when none bought' }),
      }),
    )
    .meta({ description: 'Per product written off in the range: the quantity against what was bought in the range' }),
});
export type WastageListAnswer = z.infer<typeof wastageListAnswerSchema>;
