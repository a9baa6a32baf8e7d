/** The billing module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
