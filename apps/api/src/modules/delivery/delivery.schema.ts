/** The delivery module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { orders } from '../orders/orders.schema.js';

/** Where the shop delivers: a PIN code belongs to the zone with the longest matching prefix. */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** 1-6 digits each. */
    pinPrefixes: text('pin_prefixes').array().notNull(),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    deliveryFeePaise: integer('delivery_fee_paise').notNull().default(0),
    /** The fee is waived from this subtotal on; null: never. */
    freeAbovePaise: integer('free_above_paise'),
    createdAt: createdAt(),
  },
  (t) => [
    check('delivery_zones_min_order_non_negative', sql`${t.minOrderPaise} >= 0`),
    check('delivery_zones_fee_non_negative', sql`${t.deliveryFeePaise} >= 0`),
    check('delivery_zones_free_above_non_negative', sql`${t.freeAbovePaise} is null or ${t.freeAbovePaise} >= 0`),
  ],
);
/** A delivery window repeated on some weekdays; a slot is a template on one shop date. */
export const slotTemplates = pgTable(
  'slot_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Weekdays, 0 = Sunday. */
    days: smallint('days').array().notNull(),
    /** Minutes after midnight, shop time. */
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    /** Most orders per date; null: no limit. */
    capacity: integer('capacity'),
    /** The slot closes this many minutes before its start. */
    cutoffMinutes: integer('cutoff_minutes').notNull().default(0),
    /** Empty: every zone. */
    zoneIds: uuid('zone_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'slot_templates_times',
      sql`0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`,
    ),
    check('slot_templates_capacity_positive', sql`${t.capacity} is null or ${t.capacity} >= 1`),
    check('slot_templates_cutoff_non_negative', sql`${t.cutoffMinutes} >= 0`),
  ],
);
/**
 * Orders booked per slot (template and date). Only ever changed inside an order's transaction:
 * the rows are locked before the batch is decided, then written with a guarded update.
 */
export const slotBookings = pgTable(
  'slot_bookings',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => slotTemplates.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.date] }),
    check('slot_bookings_booked_non_negative', sql`${t.booked} >= 0`),
  ],
);

/**
 * What delivery kept of an order when it was placed (decision 0058): the zone's terms the fee was
 * judged by (packing judges it again by them, whatever the zone says later) and the slot booked,
 * its template and times copied so that editing or deleting the template never rewrites an
 * order's promise (no foreign key). The slot's date is the order's `delivery_date`. No row: no
 * fee and no slot (no zone, an order from another channel, or from before zones).
 */
export const orderDelivery = pgTable(
  'order_delivery',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    feePaise: integer('fee_paise').notNull().default(0),
    freeAbovePaise: integer('free_above_paise'),
    slotTemplateId: uuid('slot_template_id'),
    slotStartMinute: smallint('slot_start_minute'),
    slotEndMinute: smallint('slot_end_minute'),
  },
  (t) => [
    /** The admin's order list of one slot. */
    index('order_delivery_slot_idx').on(t.slotTemplateId),
    check(
      'order_delivery_slot_whole',
      sql`(${t.slotTemplateId} is null) = (${t.slotStartMinute} is null) and (${t.slotTemplateId} is null) = (${t.slotEndMinute} is null)`,
    ),
  ],
);

/**
 * Days the shop does not deliver (a holiday, Diwali; decision 0064): no slot is offered on them and
 * no standing order is made for them.
 */
export const closedDates = pgTable('closed_dates', {
  date: date('date', { mode: 'string' }).primaryKey(),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
});
