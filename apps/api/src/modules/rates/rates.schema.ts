/** The rates module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../accounts/accounts.schema.js';
import { products } from '../catalog/catalog.schema.js';

/**
 * The rate board's changes of a product's selling rate (decision 0036), in paise per unit. A change
 * published now is written applied (`applied_at` set, `old_rate_paise` the rate it replaced); a
 * scheduled one waits with `applied_at` null until `effective_at`, when whichever process claims it
 * first (`FOR UPDATE SKIP LOCKED`) writes the product's rate and fills both. A product has at most
 * one pending change: a later schedule replaces it. The applied rows are the product's rate history.
 */
export const rateChanges = pgTable(
  'rate_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The rate it replaced; null until applied. */
    oldRatePaise: integer('old_rate_paise'),
    newRatePaise: integer('new_rate_paise').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rate_changes_one_pending_per_product').on(t.productId).where(sql`${t.appliedAt} is null`),
    index('rate_changes_pending_due_idx').on(t.effectiveAt).where(sql`${t.appliedAt} is null`),
    index('rate_changes_history_idx').on(t.productId, t.appliedAt.desc()),
    check('rate_changes_new_rate_positive', sql`${t.newRatePaise} > 0`),
    check('rate_changes_old_rate_when_applied', sql`(${t.appliedAt} is null) = (${t.oldRatePaise} is null)`),
  ],
);
