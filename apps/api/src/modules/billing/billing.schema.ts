/** The billing module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.js';
import { khataAccounts } from '../khata/khata.schema.js';
import { orders } from '../orders/orders.schema.js';

/**
 * The last bill number given per series (`MND`) and Indian financial year (`2026-27`). Only ever
 * changed inside the transaction that issues a bill: `insert ... on conflict do update ...
 * returning` takes the row lock, so concurrent bills on any number of processes get consecutive
 * numbers with no gap.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [
    primaryKey({ name: 'invoice_counters_pkey', columns: [t.series, t.financialYear] }),
    check('invoice_counters_last_seq_positive', sql`${t.lastSeq} >= 1`),
  ],
);
/**
 * Every UPI reference (UTR) the shop accepted as money in (decision 0055): an order's payment, a
 * khata payment, a counter tender. The primary key makes a UTR pay once across the shop, on any
 * number of processes: a second claim waits for the first transaction and then finds the row.
 * `order_id` or `khata_account_id` names what it paid, for the 409.
 */
export const upiReferences = pgTable(
  'upi_references',
  {
    utr: text('utr').primaryKey(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    khataAccountId: uuid('khata_account_id').references(() => khataAccounts.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('upi_references_utr_digits', sql`${t.utr} ~ '^[0-9]{12}$'`)],
);

/**
 * An order's bill, its payment and its refund (decisions 0010, 0032, 0055, 0058), written by
 * billing alone: a row from the moment the order is first numbered (packed, or shipped unpacked)
 * or paid. No row: no bill yet.
 */
export const orderBills = pgTable(
  'order_bills',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * The bill (decisions 0010, 0055): `{series}/{YY-YY}/{000001}` (at most 16 characters), given
     * once when the order is first packed (or shipped unpacked) from `invoice_counters`, inside
     * that transaction; kept when re-packed or cancelled. Null before. `invoiced_at` is the bill's
     * date. Numbers issued before decision 0055 keep their form, `MANDI/2026-27/000001`.
     */
    invoiceNumber: text('invoice_number'),
    /** The number's series (`INVOICE_PREFIX` for online orders: `MND`). */
    invoiceSeries: text('invoice_series'),
    /** The Indian financial year of the number, `2026-27`, and its sequence in that series and year. */
    invoiceYear: text('invoice_year'),
    invoiceSeq: integer('invoice_seq'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    /**
     * The payment (once): 'Cash' or 'UPI' as an admin recorded it, with its reference (UTR) and who
     * recorded it; 'Khata' (no reference) when a khata order's bill went on the khata at packing.
     */
    paymentMethod: text('payment_method').$type<'Cash' | 'UPI' | 'Khata' | 'Split'>(),
    paymentReference: text('payment_reference'),
    /**
     * What the payment took (Cash or UPI), in paise: the bill's total when it was paid. A refund
     * repays this, never a later total (decision 0055); a paid order is not packed again.
     */
    paidPaise: integer('paid_paise'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentRecordedBy: uuid('payment_recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The refund of a paid order the shop cancelled (decision 0032): 'Cash', 'UPI' (reference: the
     * UTR) or 'Khata', the amount paid back, when and by whom. At most one; null for the rest.
     */
    refundMethod: text('refund_method').$type<'Cash' | 'UPI' | 'Khata'>(),
    refundReference: text('refund_reference'),
    refundAmountPaise: integer('refund_amount_paise'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('order_bills_invoice_number_unique').on(t.invoiceNumber),
    /** One number per series and year; the bills register reads a month's bills in this order. */
    uniqueIndex('order_bills_series_year_seq_unique').on(t.invoiceSeries, t.invoiceYear, t.invoiceSeq),
    /** The bills register reads a month of bills by their date. */
    index('order_bills_invoiced_idx').on(t.invoicedAt),
    /**
     * The dashboard's unpaid bills (decision 0026): bills made and not paid, a handful of rows in a
     * running shop however many orders it holds; their status and total are read by the order's key.
     */
    index('order_bills_unpaid_idx').on(t.orderId).where(sql`${t.invoiceNumber} is not null and ${t.paidAt} is null`),
    /** The day's cash close (decision 0033) sums the Cash payments recorded in a shop day. */
    index('order_bills_cash_paid_idx').on(t.paidAt).where(sql`${t.paymentMethod} = 'Cash'`),
    check(
      'order_bills_payment_method',
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('Cash', 'UPI', 'Khata', 'Split')`,
    ),
    check('order_bills_refund_method', sql`${t.refundMethod} is null or ${t.refundMethod} in ('Cash', 'UPI', 'Khata')`),
    check(
      'order_bills_refund_whole',
      sql`(${t.refundMethod} is null) = (${t.refundedAt} is null) and (${t.refundMethod} is null) = (${t.refundAmountPaise} is null)`,
    ),
    check('order_bills_refund_amount_positive', sql`${t.refundAmountPaise} is null or ${t.refundAmountPaise} > 0`),
  ],
);
