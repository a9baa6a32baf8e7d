/**
 * The dashboard's kept figures (decision 0066; db/schema.ts gathers every module's tables). Written
 * by the dashboard's order participant in the transaction of every order moment (placed, packed,
 * moved on, cancelled), so they always add up to what the orders hold; read instead of counting
 * every order again. Keyed by the shop date the order was placed (Asia/Kolkata), which spreads the
 * writes: a day's placing and packing share that day's rows, a delivery of last week's order others.
 * Money in paise, quantities in thousandths of the line's unit (grams of kg), all integers.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderStatusEnum } from '../orders/orders.schema.js';

/**
 * The orders placed on each shop date, per status they are in now: how many, and their amount due,
 * each date and status kept in up to `ORDER_FIGURES_SHARDS` rows that a read adds up.
 */
export const dashboardOrderFigures = pgTable(
  'dashboard_order_figures',
  {
    /** The shop date the orders were placed (their `created_at` in shop time). */
    shopDate: date('shop_date', { mode: 'string' }).notNull(),
    status: orderStatusEnum('status').notNull(),
    /**
     * Which of the date and status's rows: every transaction adds to the one of its database
     * connection, so transactions placing at once do not queue for one row of today's Processing
     * orders (decision 0066, "Today's row"). A row alone may count below zero; their sum never does.
     */
    shard: smallint('shard').notNull().default(0),
    orders: integer('orders').notNull(),
    /** Their `total_paise` added up: the estimate until packed, then the final bill. */
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
  },
  // No check that counts stay positive: figures a hand-made change put out of step must never
  // stop an order moment (a start counts them again, decision 0066).
  (t) => [primaryKey({ columns: [t.shopDate, t.status, t.shard] })],
);

/** A product's figures (by the date or over the month): its key after the date, and what they add up. */
const productFiguresColumns = () => ({
  /** No foreign key: a deleted product's figures stay, read by the name the lines were sold under. */
  productId: uuid('product_id'),
  name: text('name').notNull(),
  unit: text('unit').notNull(),
  lines: integer('lines').notNull(),
  /** Thousandths of `unit` (decision 0022: grams of kg). */
  quantityGrams: bigint('quantity_grams', { mode: 'number' }).notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
});

/**
 * The lines of the orders placed on each shop date and not cancelled, per ordered product, name as
 * sold and unit: how many lines, the quantity they hold (packed once packed, else ordered) and
 * their amount. A line whose product was deleted later is kept under its old product id until a
 * moment meets it without one (then under null, by its name); the read groups both by name, as the
 * orders' own lines group once their product is gone.
 */
export const dashboardProductFigures = pgTable(
  'dashboard_product_figures',
  { shopDate: date('shop_date', { mode: 'string' }).notNull(), ...productFiguresColumns() },
  (t) => [
    // Nulls not distinct: the lines of deleted products share one row per date, name and unit.
    unique('dashboard_product_figures_key').on(t.shopDate, t.productId, t.name, t.unit).nullsNotDistinct(),
  ],
);

/**
 * The product figures of the last 30 shop dates added up per product, name as sold and unit
 * (decision 0072): one row a product instead of one a product and date, so the month's top
 * products read a row per product. Always the sum of `dashboard_product_figures`' rows from
 * `dashboard_month_window.first_date` on: every write to a date inside the window writes here in
 * the same transaction, and moving the window adds or takes away the dates it gains or loses.
 */
export const dashboardProductMonth = pgTable('dashboard_product_month', productFiguresColumns(), (t) => [
  unique('dashboard_product_month_key').on(t.productId, t.name, t.unit).nullsNotDistinct(),
]);

/**
 * The first shop date `dashboard_product_month` adds up (it runs to the last): one row. Writers
 * hold it `for share` while they add to the month, and a move of the window holds it `for update`,
 * so a move never crosses a write.
 */
export const dashboardMonthWindow = pgTable(
  'dashboard_month_window',
  {
    one: boolean('one').primaryKey().default(true),
    firstDate: date('first_date', { mode: 'string' }).notNull(),
  },
  (t) => [check('dashboard_month_window_one_row', sql`${t.one}`)],
);
