/** The coupons module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import type { CouponTerms } from '@mandi/shared/kernel';
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../accounts/accounts.schema.js';
import { orders } from '../orders/orders.schema.js';

/**
 * Coupons (decision 0044): a code, flat paise off or a whole percent of the lines, from a minimum
 * subtotal, between two shop dates (inclusive), for at most `max_uses` orders (null: no limit),
 * perhaps only on a shopper's first order. Placing locks the coupon's row, so its uses are counted
 * exactly across processes.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 3-20 letters and digits, upper case. */
    code: text('code').notNull().unique('coupons_code_unique'),
    kind: text('kind').$type<'flat' | 'percent'>().notNull(),
    /** Paise for `flat`, a whole percent (1-90) for `percent`. */
    value: integer('value').notNull(),
    minSubtotalPaise: integer('min_subtotal_paise').notNull().default(0),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    maxUses: integer('max_uses'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('coupons_kind', sql`${t.kind} in ('flat', 'percent')`),
    check('coupons_value', sql`${t.value} > 0 and (${t.kind} = 'flat' or ${t.value} <= 90)`),
    check('coupons_dates', sql`${t.validFrom} <= ${t.validTo}`),
    check('coupons_max_uses', sql`${t.maxUses} is null or ${t.maxUses} > 0`),
  ],
);
/**
 * One row per order placed with a coupon, with the coupon's terms as they were then (decision
 * 0044): packing judges the discount again by them. A shopper uses a code once; a cancel gives the
 * use back (`released_at`), keeping the row, so the cancelled order still shows its coupon.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the coupon is deleted: the order keeps its code, terms and discount here. */
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    terms: jsonb('terms').$type<CouponTerms>().notNull(),
    /** When the order's cancel gave the use back; null while it counts. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupon_uses_coupon_user_unique').on(t.couponId, t.userId).where(sql`${t.releasedAt} is null`)],
);
