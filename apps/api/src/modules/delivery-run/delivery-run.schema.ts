/** The delivery-run module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.js';

/**
 * The end-of-day cash count of the delivery run (decision 0033): what the run sheet expected, the
 * Cash payments recorded that shop date and what the admin counted, in paise. A date may be closed
 * again; every close is kept and the latest one counts. The difference is counted - collected.
 */
export const cashCloses = pgTable(
  'cash_closes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The shop date closed, YYYY-MM-DD (shop time). */
    date: date('date', { mode: 'string' }).notNull(),
    expectedCashPaise: integer('expected_cash_paise').notNull(),
    collectedCashPaise: integer('collected_cash_paise').notNull(),
    countedCashPaise: integer('counted_cash_paise').notNull(),
    note: text('note').notNull().default(''),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_closes_date_idx').on(t.date, t.closedAt),
    check('cash_closes_expected_non_negative', sql`${t.expectedCashPaise} >= 0`),
    check('cash_closes_collected_non_negative', sql`${t.collectedCashPaise} >= 0`),
    check('cash_closes_counted_non_negative', sql`${t.countedCashPaise} >= 0`),
  ],
);
