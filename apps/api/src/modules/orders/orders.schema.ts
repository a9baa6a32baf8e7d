/** The orders module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import type { OrderChannel } from '@mandi/shared/schemas';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../accounts/accounts.schema.js';
import { products } from '../catalog/catalog.schema.js';

export const orderStatusEnum = pgEnum('order_status', ['Processing', 'Shipped', 'Delivered', 'Cancelled']);
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The number people read out (`#1042`, decision 0023): taken from one sequence when the order is
     * inserted, so it is unique across processes, never reused and larger than every earlier
     * order's (gaps allowed: a rolled-back placing spends its number). Starts at 1001.
     */
    orderNumber: integer('order_number')
      .notNull()
      .generatedByDefaultAsIdentity({ name: 'orders_order_number_seq', startWith: 1001 }),
    /** Null once the customer's account is deleted; the name below keeps the order readable. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerFirstName: text('customer_first_name').notNull(),
    customerLastName: text('customer_last_name').notNull(),
    /**
     * The amount due, the lines + the adjustments (delivery fee, round-off...): the estimate until
     * packed, then the final bill on the packed weights (modules/orders/orders.adjustments.ts).
     */
    totalPaise: integer('total_paise').notNull(),
    /** The total when placed, on the ordered weights; never changed. */
    estimatedTotalPaise: integer('estimated_total_paise').notNull(),
    /** When the order was last weighed and packed; null until then. */
    packedAt: timestamp('packed_at', { withTimezone: true }),
    /**
     * The order's adjustments added up (`order_adjustments`), written with the total in the same
     * statement, so the lines' subtotal stays a derived column. 0 for an order without any.
     */
    adjustmentsPaise: integer('adjustments_paise').notNull().default(0),
    /** The lines' amounts: derived, so no writer (seed, scale data, old rows) can make it disagree. */
    subtotalPaise: integer('subtotal_paise').notNull().generatedAlwaysAs(sql`total_paise - adjustments_paise`),
    /**
     * Where the order came from (contract "Orders gain channel"): `online` (a shopper's checkout),
     * `counter` (a sale at the shop's counter) or `subscription` (made by a standing order).
     */
    channel: text('channel').$type<OrderChannel>().notNull().default('online'),
    /**
     * The shop date the order is to be delivered: its slot's date (set by delivery when placed), a
     * standing order's date, a counter sale's date; null for an online order without a slot.
     */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    status: orderStatusEnum('status').notNull().default('Processing'),
    /** Where it goes, all four or none: none for an order handed over at the counter. */
    address: text('address'),
    city: text('city'),
    mobileNumber: text('mobile_number'),
    pinCode: text('pin_code'),
    /** Sent by the browser per checkout, so a double click cannot place the same order twice. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_unique').on(t.orderNumber),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    /** Status and total: the dashboard counts orders per status and sums the delivered ones from the index alone (decision 0047). */
    index('orders_status_total_idx').on(t.status, t.totalPaise),
    /** The pick list, the run sheet and the admin's list of a delivery date. */
    index('orders_delivery_date_idx').on(t.deliveryDate),
    check('orders_channel', sql`${t.channel} in ('online', 'counter', 'subscription')`),
    check(
      'orders_shipping_whole',
      sql`(${t.address} is null) = (${t.city} is null) and (${t.address} is null) = (${t.mobileNumber} is null) and (${t.address} is null) = (${t.pinCode} is null)`,
    ),
    /**
     * The admin orders search (issue 42) is `lower(name) like '%text%'` on the shopper's name as on
     * the order and `mobile_number like '%digits%'`: trigram indexes serve both, as for users.
     */
    index('orders_customer_name_trgm_idx').using(
      'gin',
      sql`lower(${t.customerFirstName} || ' ' || ${t.customerLastName}) gin_trgm_ops`,
    ),
    index('orders_mobile_trgm_idx').using('gin', sql`${t.mobileNumber} gin_trgm_ops`),
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    check('orders_total_non_negative', sql`${t.totalPaise} >= 0`),
    check('orders_estimated_total_non_negative', sql`${t.estimatedTotalPaise} >= 0`),
  ],
);
/**
 * What participants add to an order besides its lines (decision 0017): the delivery fee, the
 * round-off to whole rupees, later a discount or a credit. One row per source module and kind per
 * order, never a row of 0; signed paise. `tax_treatment` tells the bill how to tax it:
 * `principal-supply` (part of a composite supply, taxed at the rate of the main goods, like the
 * delivery charge) or `outside-supply` (not a supply at all, printed after the tax, like the
 * round-off).
 */
export const orderAdjustments = pgTable(
  'order_adjustments',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    taxTreatment: text('tax_treatment', { enum: ['principal-supply', 'outside-supply', 'discount'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.source, t.kind] }),
    check(
      'order_adjustments_tax_treatment',
      sql`${t.taxTreatment} in ('principal-supply', 'outside-supply', 'discount')`,
    ),
    check('order_adjustments_not_zero', sql`${t.amountPaise} <> 0`),
  ],
);
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted; name, image and rate are kept as sold. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    quantityGrams: integer('quantity_grams').notNull(),
    /** The weight weighed when packing; null until packed, 0 when the item was not available. */
    packedGrams: integer('packed_grams'),
    ratePaise: integer('rate_paise').notNull(),
    /** Rate × packed grams once packed, rate × ordered grams before, rounded half up to the paisa. */
    amountPaise: integer('amount_paise').notNull(),
    position: smallint('position').notNull(),
    /** The product's HSN code and GST percent when sold, so a later product edit never changes a bill. */
    hsnCode: text('hsn_code').notNull().default('0709'),
    gstRate: smallint('gst_rate').notNull().default(0),
    /** The product's unit when ordered: quantities and packed amounts are thousandths of it (decision 0022). */
    unit: text('unit').notNull().default('kg'),
    /** The product's cost per unit (paise) when the line was packed, for the margin report; null: unknown. */
    costRatePaise: integer('cost_rate_paise'),
    /** The shopper's wish when the product is short (decision 0043): 'similar', 'call' or 'skip'. */
    substitution: text('substitution').notNull().default('skip'),
    /**
     * What was sent in its place, set when packed with a substitute (null otherwise): then
     * `packed_grams`, `amount_paise` and `cost_rate_paise` are the substitute's. The product id is
     * null once that product is deleted; the name, rate, HSN code and GST rate are kept as sent.
     */
    substituteProductId: uuid('substitute_product_id').references(() => products.id, { onDelete: 'set null' }),
    substituteName: text('substitute_name'),
    substituteRatePaise: integer('substitute_rate_paise'),
    substituteHsnCode: text('substitute_hsn_code'),
    substituteGstRate: smallint('substitute_gst_rate'),
  },
  (t) => [
    check('order_items_substitution_known', sql`${t.substitution} in ('similar', 'call', 'skip')`),
    check(
      'order_items_substitute_whole',
      sql`(${t.substituteName} is null) = (${t.substituteRatePaise} is null) and (${t.substituteName} is null) = (${t.substituteHsnCode} is null) and (${t.substituteName} is null) = (${t.substituteGstRate} is null)`,
    ),
    index('order_items_substitute_product_idx').on(t.substituteProductId),
    check('order_items_unit_known', sql`${t.unit} in ('kg', 'litre', 'piece', 'dozen', 'bunch', 'pack')`),
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_non_negative', sql`${t.quantityGrams} >= 0`),
    check('order_items_packed_non_negative', sql`${t.packedGrams} >= 0`),
    check('order_items_amount_non_negative', sql`${t.amountPaise} >= 0`),
  ],
);
/**
 * Every change of an order's weights, amounts and status: who (null for the system), when, and
 * from what to what, so a changed price can always be explained.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the system, or once the account is deleted. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'placed', 'packed', 'status', 'cancelled', 'payment' or 'refund'. */
    kind: text('kind').notNull(),
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);
