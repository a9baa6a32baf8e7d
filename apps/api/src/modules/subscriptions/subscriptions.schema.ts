/** The standing orders module's tables (db/schema.ts gathers every module's). Weights in grams. */
import type { StandingScheduleKind } from '@mandi/shared/kernel';
import type { SubscriptionFailureReason } from '@mandi/shared/schemas';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { savedAddresses, users } from '../accounts/accounts.schema.js';
import { products } from '../catalog/catalog.schema.js';
import { slotTemplates } from '../delivery/delivery.schema.js';
import { orders } from '../orders/orders.schema.js';

/**
 * A shopper's standing order of one product (contract "Standing orders"; decision 0064). The
 * address is copied from the saved one it was chosen from, so deleting that address (or the slot
 * template, or the product) never loses the standing order: its next run says what is missing.
 * Ended from `ends_on` on (the first date it no longer delivers), never deleted but with its user.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted (then every run lists it as off sale). */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's name when it was set up, for the lists once the product is gone. */
    productName: text('product_name').notNull(),
    /** Each delivery, in thousandths of the product's unit (grams, ml, or 1000 a piece). */
    grams: integer('grams').notNull(),
    scheduleKind: text('schedule_kind').$type<StandingScheduleKind>().notNull(),
    /** For `weekdays`: 0 (Sunday) to 6; empty otherwise. */
    weekdays: smallint('weekdays').array().notNull().default(sql`'{}'::smallint[]`),
    everyNDays: smallint('every_n_days'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    addressId: uuid('address_id').references(() => savedAddresses.id, { onDelete: 'set null' }),
    addressLabel: text('address_label').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    pinCode: text('pin_code').notNull(),
    /** The slot it is delivered in; null: the earliest of the day. */
    slotTemplateId: uuid('slot_template_id').references(() => slotTemplates.id, { onDelete: 'set null' }),
    paymentMethod: text('payment_method').$type<'COD' | 'Khata'>().notNull(),
    /** The first date it no longer delivers on; null while it runs. */
    endsOn: date('ends_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    /** A run reads the standing orders still running. */
    index('subscriptions_running_idx').on(t.startDate).where(sql`${t.endsOn} is null`),
    check('subscriptions_grams_positive', sql`${t.grams} > 0`),
    check('subscriptions_kind', sql`${t.scheduleKind} in ('daily', 'weekdays', 'everyNDays')`),
    check(
      'subscriptions_every_n_days',
      sql`(${t.scheduleKind} = 'everyNDays') = (${t.everyNDays} is not null) and (${t.everyNDays} is null or ${t.everyNDays} between 2 and 30)`,
    ),
    check('subscriptions_payment', sql`${t.paymentMethod} in ('COD', 'Khata')`),
  ],
);

/** A date the shopper will not take (a skip), set before that date's cut-off. */
export const subscriptionSkips = pgTable(
  'subscription_skips',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.date] })],
);

/** A holiday: no delivery from `from` to `to`, both included. */
export const subscriptionPauses = pgTable(
  'subscription_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('subscription_pauses_subscription_idx').on(t.subscriptionId),
    check('subscription_pauses_order', sql`${t.from} <= ${t.to}`),
  ],
);

/**
 * Which standing orders each made order holds (written by the module's participant in the order's
 * transaction). `(subscription_id, date)` is unique: a standing order is delivered once a date
 * whatever number of runs and processes make that date.
 */
export const subscriptionOrders = pgTable(
  'subscription_orders',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.subscriptionId] }),
    uniqueIndex('subscription_orders_once_a_date').on(t.subscriptionId, t.date),
    index('subscription_orders_date_idx').on(t.date),
  ],
);

/**
 * A standing order not made for a date, and why. Written once (`(subscription_id, date)` is the
 * key): the shopper is told once, and a later run of the date does not try it again.
 */
export const subscriptionFailures = pgTable(
  'subscription_failures',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason').$type<SubscriptionFailureReason>().notNull(),
    /** The refusal in English as the shop's log and the admin read it. */
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.date] }), index('subscription_failures_date_idx').on(t.date)],
);

/**
 * Each date's run: `made_at` once its orders were made (its changes are closed from then on, even
 * before the cut-off when the admin made them early); `lease_until` while a process makes them, so
 * two processes never make one date at once (the second waits, then finds it made).
 */
export const subscriptionRuns = pgTable('subscription_runs', {
  date: date('date', { mode: 'string' }).primaryKey(),
  madeAt: timestamp('made_at', { withTimezone: true }),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** Orders the runs of this date made, added up. */
  created: integer('created').notNull().default(0),
});

/** Shoppers told that the shop is closed on a date their standing order was due: each once. */
export const subscriptionClosedNotices = pgTable(
  'subscription_closed_notices',
  {
    date: date('date', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.date, t.userId] })],
);
