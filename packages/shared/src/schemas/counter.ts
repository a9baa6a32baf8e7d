/**
 * The counter (API contract part 4, "Counter devices" and "Counter sales"): devices with their
 * own bill series, the sale a device sends (also offline, later), its answer, and the offline
 * snapshot the counter screen keeps. Money in ₹ on the wire, quantities in the product's unit.
 */
import { z } from 'zod';
import { schemaMessage } from '../server-messages.js';
import { idSchema, isoDateSchema } from './common.js';

export const SCALE_PROFILES = ['toledo-8217', 'continuous', 'adam', 'custom'] as const;
export const PRINTER_TRANSPORTS = ['print', 'serial', 'usb', 'bluetooth'] as const;
export const COUNTER_LINE_SOURCES = ['scale', 'manual', 'barcode'] as const;
export const COUNTER_TENDER_METHODS = ['Cash', 'UPI', 'Khata'] as const;
export const COUNTER_DEVICE_NAME_MAX = 40;
export const COUNTER_SALE_MAX_LINES = 50;

const deviceNameSchema = z
  .string({ error: schemaMessage('counterDeviceName') })
  .trim()
  .min(1, schemaMessage('counterDeviceName'))
  .max(COUNTER_DEVICE_NAME_MAX, schemaMessage('counterDeviceName'));

/** How the counter screen reads the device's scale (contract "The scale and barcodes"). */
export const counterScaleSchema = z
  .object({
    profile: z.enum(SCALE_PROFILES),
    baudRate: z.number().int().min(300).max(115_200),
    dataBits: z.union([z.literal(7), z.literal(8)]),
    parity: z.enum(['none', 'even', 'odd']),
    stopBits: z.union([z.literal(1), z.literal(2)]),
    command: z.string().max(32).optional(),
    pattern: z.string().max(200).optional(),
  })
  .superRefine((scale, ctx) => {
    const problem = scaleProblem(scale);
    if (problem) ctx.addIssue({ code: 'custom', message: schemaMessage('counterScaleInvalid', { problem }) });
  });
export type CounterScale = z.infer<typeof counterScaleSchema>;

/** Why a scale's settings cannot be used, or null: `command` and `pattern` only for `custom`, whose pattern reads a weight. */
function scaleProblem(scale: { profile: string; command?: string; pattern?: string }): string | null {
  if (scale.profile !== 'custom') {
    return scale.command !== undefined || scale.pattern !== undefined
      ? 'command and pattern are only for the custom profile'
      : null;
  }
  if (!scale.pattern) return 'a custom scale needs a pattern';
  try {
    new RegExp(scale.pattern);
  } catch {
    return 'pattern is not a regular expression';
  }
  return scale.pattern.includes('(?<weight>') ? null : 'pattern needs a named group weight';
}

export const counterPrinterSchema = z.object(
  {
    width: z.union([z.literal(58), z.literal(80)], { error: schemaMessage('counterPrinterInvalid') }),
    transport: z.enum(PRINTER_TRANSPORTS, { error: schemaMessage('counterPrinterInvalid') }),
  },
  { error: schemaMessage('counterPrinterInvalid') },
);
export type CounterPrinter = z.infer<typeof counterPrinterSchema>;

/** `POST /api/admin/counter/devices`. */
export const counterDeviceCreateSchema = z.object({ name: deviceNameSchema });

/** `PUT /api/admin/counter/devices/{id}`: the whole device each time. */
export const counterDeviceUpdateSchema = z.object({
  name: deviceNameSchema,
  scale: counterScaleSchema.nullable(),
  printer: counterPrinterSchema.nullable(),
});
export type CounterDeviceUpdate = z.infer<typeof counterDeviceUpdateSchema>;

export const counterDeviceSchema = z.object({
  _id: idSchema,
  name: z.string(),
  series: z.string().meta({ description: 'C1, C2, ...: given by the server, never reused' }),
  nextSequence: z
    .number()
    .meta({ description: 'The next bill sequence the server expects from it this financial year' }),
  scale: counterScaleSchema.nullable(),
  printer: counterPrinterSchema.nullable(),
});
export type CounterDevice = z.infer<typeof counterDeviceSchema>;

export const counterDeviceAnswerSchema = z.object({ success: z.literal(true), device: counterDeviceSchema });
export const counterDevicesAnswerSchema = z.object({ success: z.literal(true), devices: z.array(counterDeviceSchema) });

/**
 * `POST /api/admin/counter/sales`. Only the shape is judged here: a sale already made answers
 * before the rest is judged (`deviceId` and `clientSaleId` first), so the body's finer rules are
 * the service's.
 */
export const counterSaleBodySchema = z.object({
  deviceId: idSchema,
  clientSaleId: z.string({ error: schemaMessage('counterClientSaleId') }),
  sequence: z.unknown(),
  soldAt: z.unknown(),
  offline: z.boolean().optional().default(false),
  customerId: idSchema.nullable().optional().default(null),
  lines: z.unknown(),
  tenders: z.unknown(),
});
export type CounterSaleBody = z.input<typeof counterSaleBodySchema>;

/** A sale's lines and tenders as the service judges them, once the sale is known to be new. */
export const counterSaleLinesSchema = z
  .array(
    z.object({
      productId: idSchema,
      quantity: z.number(),
      source: z.enum(COUNTER_LINE_SOURCES, { error: schemaMessage('counterLineSource') }).default('manual'),
    }),
    { error: schemaMessage('counterLines', { max: COUNTER_SALE_MAX_LINES }) },
  )
  .min(1, schemaMessage('counterLines', { max: COUNTER_SALE_MAX_LINES }))
  .max(COUNTER_SALE_MAX_LINES, schemaMessage('counterLines', { max: COUNTER_SALE_MAX_LINES }));

export const counterTendersSchema = z
  .array(
    z.object({
      method: z.enum(COUNTER_TENDER_METHODS, { error: schemaMessage('counterTenders') }),
      amount: z.number({ error: schemaMessage('counterTenderAmount') }),
      received: z.number().nullable().optional(),
      reference: z.string().trim().nullable().optional(),
    }),
    { error: schemaMessage('counterTenders') },
  )
  .min(1, schemaMessage('counterTenders'))
  .max(COUNTER_TENDER_METHODS.length, schemaMessage('counterTenders'));

export const counterSaleSchema = z.object({
  orderId: idSchema,
  orderNumber: z.number(),
  invoiceNumber: z.string(),
  deviceId: idSchema,
  soldAt: isoDateSchema,
  status: z.string().meta({ description: 'Delivered, or Cancelled once cancelled' }),
  offline: z.boolean(),
  customer: z.object({ _id: idSchema, name: z.string(), mobile: z.string().nullable() }).nullable(),
  lines: z.array(
    z.object({
      productId: idSchema.nullable(),
      name: z.string(),
      unit: z.string(),
      quantity: z.number(),
      rate: z.number(),
      amount: z.number(),
      source: z.enum(COUNTER_LINE_SOURCES),
    }),
  ),
  subtotal: z.number(),
  roundOff: z.number(),
  total: z.number(),
  tenders: z.array(
    z.object({
      method: z.enum(COUNTER_TENDER_METHODS),
      amount: z.number(),
      received: z.number().nullable(),
      reference: z.string().nullable(),
    }),
  ),
  change: z.number(),
  overLimit: z.boolean(),
  khataBalance: z
    .number()
    .nullable()
    .meta({ description: "The customer's khata balance now, when a customer is given" }),
});
export type CounterSale = z.infer<typeof counterSaleSchema>;

export const counterSaleAnswerSchema = z.object({
  success: z.literal(true),
  sale: counterSaleSchema,
  duplicate: z.boolean(),
});

export const counterSalesQuerySchema = z.object({
  deviceId: idSchema.optional(),
  date: z.string().optional().meta({ description: 'A shop date YYYY-MM-DD; today when absent' }),
});

export const counterSalesAnswerSchema = z.object({
  success: z.literal(true),
  sales: z.array(counterSaleSchema),
  totals: z.object({
    count: z.number().meta({ description: 'Sales not cancelled' }),
    total: z.number(),
    cash: z.number().meta({ description: 'Cash kept: cash tenders of sales not cancelled' }),
    upi: z.number(),
    khata: z.number(),
    cancelled: z.number().meta({ description: 'Cancelled sales' }),
  }),
});

export const counterCancelBodySchema = z.object({
  reason: z
    .string({ error: schemaMessage('counterCancelReason') })
    .trim()
    .min(1, schemaMessage('counterCancelReason'))
    .max(200, schemaMessage('counterCancelReason')),
  refund: z
    .object({ method: z.enum(['Cash', 'UPI', 'Khata']), reference: z.string().trim().optional().default('') })
    .nullable()
    .optional()
    .default(null),
});

export const counterReceiptQuerySchema = z.object({
  width: z.coerce
    .number()
    .pipe(z.union([z.literal(58), z.literal(80)]))
    .optional()
    .default(58),
  format: z.enum(['html', 'escpos']).optional().default('html'),
  lang: z.enum(['en', 'hi']).optional().default('en'),
});

/** `GET /api/admin/counter/catalogue`: what the counter screen keeps on the device to sell offline. */
export const counterCatalogueAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      nameHi: z.string().nullable(),
      /** Other names it is asked for (romanised Hindi, local names): the search matches them too. */
      aliases: z.array(z.string()),
      unit: z.string(),
      rate: z.number(),
      /**
       * A rate change scheduled and not yet applied: a sale made at or after `at` is priced at
       * `rate` (the server prices each sale at the rate in force when it was made).
       */
      scheduled: z.object({ rate: z.number(), at: isoDateSchema }).nullable(),
      image: z.string(),
      category: z.string().nullable(),
      /** Its number in a scale's barcode, or null: a scanned label is read on the device, offline too. */
      plu: z.number().nullable(),
    }),
  ),
  /** How scale labels are read (`GET /api/admin/barcodes/rules`), kept for reading codes offline. */
  barcodeRules: z.array(z.object({ prefix: z.string(), valueKind: z.enum(['weight', 'price']) })),
  customers: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      mobile: z.string().nullable(),
      khata: z.object({ balance: z.number(), limit: z.number(), available: z.number() }).nullable(),
    }),
  ),
});

/** `GET/PUT /api/admin/barcodes/rules`: how the shop's scale labels are read (contract "The scale and barcodes"). */
export const barcodeRuleSchema = z.object({
  prefix: z.string({ error: schemaMessage('barcodeRulePrefix') }).regex(/^2[0-9]$/, schemaMessage('barcodeRulePrefix')),
  valueKind: z.enum(['weight', 'price'], { error: schemaMessage('barcodeRuleKind') }),
});
export const barcodeRulesBodySchema = z.object({
  rules: z
    .array(barcodeRuleSchema, { error: schemaMessage('barcodeRulesList') })
    .max(10, schemaMessage('barcodeRulesList'))
    .refine(
      (rules) => new Set(rules.map((rule) => rule.prefix)).size === rules.length,
      schemaMessage('barcodeRulesList'),
    ),
});
export const barcodeRulesAnswerSchema = z.object({ success: z.literal(true), rules: z.array(barcodeRuleSchema) });

export const barcodeAnswerSchema = z.object({
  success: z.literal(true),
  productId: idSchema,
  name: z.string(),
  unit: z.string(),
  quantity: z.number().meta({ description: "In the product's unit (kg 1.234); a price code's is amount / rate" }),
  amount: z.number().meta({ description: '₹: rate × quantity, or the amount printed on a price code' }),
});

/** `GET /api/admin/products/{id}/labels?quantity=&copies=`: labels for bags packed ahead. */
export const productLabelsQuerySchema = z.object({
  quantity: z.coerce.number({ error: schemaMessage('labelQuantity') }),
  copies: z.coerce.number().int().min(1).max(100).optional().default(1),
});
