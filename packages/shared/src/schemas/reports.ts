/**
 * The margin report and the GST return on the wire (api-contract-shop "Margins and the GST
 * return", decision 0037). Money is rupees with at most 2 decimals and quantities are units (kg,
 * litre, piece...) as everywhere; the server keeps paise and thousandths.
 */
import { z } from 'zod';
import { isCalendarDate } from '../delivery.js';
import { UNITS } from '../kernel/units.js';
import { schemaMessage } from '../server-messages.js';
import { isShopDateInRange, isShopMonthInRange, SHOP_DATE_RANGE } from './common.js';

/** The longest range one margin report covers. */
export const MARGIN_MAX_DAYS = 366;

const reportDateSchema = (field: string) =>
  z
    .string({ error: schemaMessage('reportDateInvalid', { field, ...SHOP_DATE_RANGE }) })
    .trim()
    .refine(
      (text) => isCalendarDate(text) && isShopDateInRange(text),
      schemaMessage('reportDateInvalid', { field, ...SHOP_DATE_RANGE }),
    );

/** `GET /api/admin/reports/margin?from=&to=&format=`: this week (Monday to today, shop time) by default. */
export const marginQuerySchema = z.object({
  from: reportDateSchema('from').optional(),
  to: reportDateSchema('to').optional(),
  format: z.enum(['json', 'csv'], { error: schemaMessage('reportFormatInvalid') }).optional(),
});

/** One product over the bills dated in the range (cancelled bills left out). */
export const marginRowSchema = z.object({
  /** null once the product is deleted (its lines keep their name). */
  productId: z.string().nullable(),
  name: z.string(),
  unit: z.enum(UNITS),
  /** Packed quantity billed, in `unit`. */
  soldQuantity: z.number(),
  /** The taxable value of its bill lines (GST taken out), ₹. */
  sales: z.number(),
  /** Packed quantity × the cost rate when packed, ₹. */
  cost: z.number(),
  /** sales − cost − wastedCost, ₹. */
  margin: z.number(),
  /** margin ÷ sales × 100, one decimal; null without sales. */
  marginPercent: z.number().nullable(),
  /** Written off in the range, in `unit`. */
  wastedQuantity: z.number(),
  /** The cost of what was written off, ₹. */
  wastedCost: z.number(),
  /** Sold quantity whose line has no cost rate (packed before costs were kept): its cost counts as 0. */
  uncostedQuantity: z.number(),
});
export type MarginRow = z.infer<typeof marginRowSchema>;

export const marginFiguresSchema = z.object({
  sales: z.number(),
  cost: z.number(),
  wastedCost: z.number(),
  margin: z.number(),
  marginPercent: z.number().nullable(),
});
export type MarginFigures = z.infer<typeof marginFiguresSchema>;

export const marginDaySchema = marginFiguresSchema.extend({ date: z.string() });
export type MarginDay = z.infer<typeof marginDaySchema>;

export const marginAnswerSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  /** By margin, lowest first: the products losing money lead. */
  rows: z.array(marginRowSchema),
  totals: marginFiguresSchema,
  /** Every date of the range, oldest first. */
  days: z.array(marginDaySchema),
});
export type MarginAnswer = z.infer<typeof marginAnswerSchema>;

export const GSTR1_TABLES = ['b2cs', 'hsn', 'exemp', 'docs'] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];

/** `MMYYYY`, the GST portal's return period. */
export const gstPeriodSchema = z
  .string({ error: schemaMessage('gstPeriodInvalid') })
  .trim()
  .regex(/^(0[1-9]|1[0-2])\d{4}$/, schemaMessage('gstPeriodInvalid'))
  .refine((text) => isShopMonthInRange(`${text.slice(2)}-${text.slice(0, 2)}`), schemaMessage('gstPeriodInvalid'));

/**
 * `GET /api/admin/gst/gstr1?period=&format=&table=`: last month (shop time) by default, as a return
 * is filed after its month; `format=portal` is the offline tool's file alone, `format=csv` one table.
 */
export const gstr1QuerySchema = z
  .object({
    period: gstPeriodSchema.optional(),
    format: z.enum(['json', 'portal', 'csv'], { error: schemaMessage('gstFormatInvalid') }).optional(),
    table: z.enum(GSTR1_TABLES, { error: schemaMessage('gstTableInvalid') }).optional(),
  })
  .refine((query) => query.format !== 'csv' || query.table !== undefined, {
    message: schemaMessage('gstTableInvalid'),
    path: ['table'],
  });

const amount = z.number();
export const gstr1B2csSchema = z.object({
  sply_ty: z.enum(['INTRA', 'INTER']),
  pos: z.string(),
  typ: z.literal('OE'),
  rt: z.number(),
  txval: amount,
  iamt: amount,
  camt: amount,
  samt: amount,
  csamt: amount,
});
export const gstr1NilSchema = z.object({
  sply_ty: z.enum(['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C']),
  nil_amt: amount,
  expt_amt: amount,
  ngsup_amt: amount,
});
export const gstr1HsnSchema = z.object({
  num: z.number().int(),
  hsn_sc: z.string(),
  desc: z.string(),
  uqc: z.string(),
  qty: z.number(),
  rt: z.number(),
  txval: amount,
  iamt: amount,
  camt: amount,
  samt: amount,
  csamt: amount,
});
export const gstr1DocSchema = z.object({
  num: z.number().int(),
  from: z.string(),
  to: z.string(),
  totnum: z.number().int(),
  cancel: z.number().int(),
  net_issue: z.number().int(),
});

/** The GST portal offline tool's GSTR-1 file, the tables a shop selling to consumers fills. */
export const gstr1ReturnSchema = z.object({
  gstin: z.string(),
  fp: z.string(),
  b2cs: z.array(gstr1B2csSchema),
  nil: z.object({ inv: z.array(gstr1NilSchema) }),
  hsn: z.object({ hsn_b2c: z.array(gstr1HsnSchema) }),
  doc_issue: z.object({
    doc_det: z.array(z.object({ doc_num: z.number().int(), doc_typ: z.string(), docs: z.array(gstr1DocSchema) })),
  }),
});
export type Gstr1Return = z.infer<typeof gstr1ReturnSchema>;

const warningSchema = z.object({
  code: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type Gstr1Warning = z.infer<typeof warningSchema>;

/** Taxable value and tax by rate, the return's or the register's. */
const gstTotalsSchema = z.object({
  taxableValue: z.number(),
  tax: z.number(),
  taxByRate: z.array(z.object({ rate: z.number(), taxableValue: z.number(), tax: z.number() })),
});

/** The return's own fields, with the screen's: the month, the register beside it, the warnings. */
export const gstr1AnswerSchema = gstr1ReturnSchema.extend({
  success: z.literal(true),
  /** YYYY-MM of the period. */
  month: z.string(),
  /** What the return's tables add up to (b2cs and nil), cancelled bills left out. */
  totals: gstTotalsSchema.extend({ igst: z.number(), cgst: z.number(), sgst: z.number() }),
  /** The bills register of the same month (decision 0010), which the totals must equal. */
  register: gstTotalsSchema.extend({
    roundOff: z.number(),
    total: z.number(),
    bills: z.number().int(),
    cancelled: z.number().int(),
  }),
  /** The return's taxable value and tax equal the register's, to the paisa, at every rate. */
  reconciled: z.boolean(),
  warnings: z.array(warningSchema),
});
export type Gstr1Answer = z.infer<typeof gstr1AnswerSchema>;
