/** The khata module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../accounts/accounts.schema.js';
import { orders } from '../orders/orders.schema.js';

/**
 * A regular customer's khata (decision 0034): one per shopper, with its credit limit (null: closed)
 * and its balance in paise, which always equals the sum of its entries' amounts (both are written
 * in one transaction, under this row's lock). Kept when the shopper's account is deleted (the
 * books stay), with the name it had.
 */
export const khataAccounts = pgTable(
  'khata_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    /** Where the WhatsApp reminder goes; null: the shopper's latest order's number is used. */
    mobile: text('mobile'),
    creditLimitPaise: integer('credit_limit_paise'),
    /** 64-bit: advances add up past ₹2.1 crore (32 bits) long before anything else would (decision 0055). */
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('khata_accounts_user_unique').on(t.userId),
    index('khata_accounts_balance_idx').on(t.balancePaise.desc()),
    check('khata_accounts_limit_non_negative', sql`${t.creditLimitPaise} is null or ${t.creditLimitPaise} >= 0`),
  ],
);
/**
 * The khata's entries, never changed or deleted: a packed bill, a repack's difference, a cancel's
 * reversal (or a refund credited), a payment. `seq` orders them (one sequence for the shop, so the
 * running balance is in the order they were written); amounts in paise, > 0 adds to what is owed.
 * Each order has at most one bill and one reversal, whatever number of requests arrive at once.
 */
export const khataEntries = pgTable(
  'khata_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity({ name: 'khata_entries_seq_seq' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => khataAccounts.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'bill' | 'adjustment' | 'reversal' | 'payment' | 'payout'>().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amountPaise: integer('amount_paise').notNull(),
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'number' }).notNull(),
    method: text('method').$type<'Cash' | 'UPI'>(),
    reference: text('reference'),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('khata_entries_account_idx').on(t.accountId, t.seq),
    index('khata_entries_order_idx').on(t.orderId),
    uniqueIndex('khata_entries_one_bill_per_order').on(t.orderId).where(sql`${t.kind} = 'bill'`),
    uniqueIndex('khata_entries_one_reversal_per_order').on(t.orderId).where(sql`${t.kind} = 'reversal'`),
    uniqueIndex('khata_entries_upi_once')
      .on(t.accountId, t.reference)
      .where(sql`${t.kind} = 'payment' and ${t.method} = 'UPI'`),
    /** Cash payments of a shop day go into the day's cash close (decision 0033). */
    index('khata_entries_cash_idx').on(t.createdAt).where(sql`${t.kind} = 'payment' and ${t.method} = 'Cash'`),
    /** Cash paid out of the drawer for advances, in the day's cash close too. */
    index('khata_entries_cash_out_idx').on(t.createdAt).where(sql`${t.kind} = 'payout' and ${t.method} = 'Cash'`),
    check('khata_entries_kind_known', sql`${t.kind} in ('bill', 'adjustment', 'reversal', 'payment', 'payout')`),
    check('khata_entries_amount_not_zero', sql`${t.amountPaise} <> 0`),
    check('khata_entries_method_known', sql`${t.method} is null or ${t.method} in ('Cash', 'UPI')`),
    check('khata_entries_payment_has_method', sql`(${t.kind} in ('payment', 'payout')) = (${t.method} is not null)`),
    check('khata_entries_payment_credits', sql`${t.kind} <> 'payment' or ${t.amountPaise} < 0`),
    /** A payout gives an advance back: it debits, up to the advance (decision 0055). */
    check('khata_entries_payout_debits', sql`${t.kind} <> 'payout' or ${t.amountPaise} > 0`),
    check('khata_entries_bill_debits', sql`${t.kind} <> 'bill' or ${t.amountPaise} > 0`),
  ],
);

/**
 * The orders placed on a khata (decision 0034): the shopper chose "Khata" at checkout, so the final
 * bill goes on their khata when packed. No row: paid at the door (COD). Written by the khata
 * participant when the order is placed (decision 0058); its estimate counts against the credit
 * available until the bill is written.
 */
export const khataOrders = pgTable(
  'khata_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The shopper whose khata it goes on; null once the account is deleted (as on the order). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The part of the bill that goes on the khata (a counter sale's Khata tender, paise); null: the
     * whole bill (a checkout's Khata).
     */
    amountPaise: integer('amount_paise'),
    /**
     * Sold offline at the counter (decision 0060): accepted whatever the limit, since nobody could
     * judge it then; `over_limit` says it did take the khata past its limit, for the owner to see.
     */
    passesLimit: boolean('passes_limit').notNull().default(false),
    overLimit: boolean('over_limit').notNull().default(false),
  },
  (t) => [index('khata_orders_user_idx').on(t.userId)],
);
