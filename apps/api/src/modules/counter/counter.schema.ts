/** The counter module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import type { CounterPrinter, CounterScale } from '@mandi/shared/schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
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
 * A counter the shop sells at (a phone, a tablet, the shop PC), registered by the admin (contract
 * "Counter devices"). Its bill series is `C` and its number, given by the identity once and never
 * reused, so every device numbers its own bills without asking anyone (decision 0060).
 */
export const counterDevices = pgTable(
  'counter_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 1 for `C1`, 2 for `C2`...: from the identity, never reused even when a device is renamed. */
    seriesNumber: integer('series_number').notNull().generatedAlwaysAsIdentity({ name: 'counter_devices_series_seq' }),
    name: text('name').notNull(),
    /** How the counter screen reads its scale (contract "The scale and barcodes"), or null. */
    scale: jsonb('scale').$type<CounterScale>(),
    /** Its receipt printer's paper and how it is reached, or null. */
    printer: jsonb('printer').$type<CounterPrinter>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('counter_devices_series_unique').on(t.seriesNumber),
    check('counter_devices_name_length', sql`char_length(${t.name}) between 1 and 40`),
  ],
);

/**
 * How the shop's scale labels are read (contract "The scale and barcodes"): a prefix (20-29) and
 * whether its codes carry a weight (grams) or a price (paise). The migration writes the defaults,
 * `21` weight and `23` price; the admin replaces them all at once.
 */
export const barcodeRules = pgTable(
  'barcode_rules',
  {
    prefix: text('prefix').primaryKey(),
    valueKind: text('value_kind').$type<'weight' | 'price'>().notNull(),
  },
  (t) => [
    check('barcode_rules_prefix', sql`${t.prefix} ~ '^2[0-9]$'`),
    check('barcode_rules_value_kind', sql`${t.valueKind} in ('weight', 'price')`),
  ],
);

/** One tender of a sale as kept: paise. */
export interface KeptTender {
  method: 'Cash' | 'UPI' | 'Khata';
  amountPaise: number;
  /** Cash handed over (at least the amount), or null. */
  receivedPaise: number | null;
  /** A UPI tender's UTR when given, or null. */
  reference: string | null;
}

/**
 * A sale made at a counter: the order it made (channel `counter`) and what only the counter knows
 * of it. `(device_id, client_sale_id)` is unique, and the row is written in the order's
 * transaction before its bill takes a number, so a sale sent again, on any process, finds the first
 * one and makes nothing (decision 0060).
 */
export const counterSales = pgTable(
  'counter_sales',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => counterDevices.id),
    /** The UUID the device gave the sale when it was made (also offline). */
    clientSaleId: uuid('client_sale_id').notNull(),
    /** When the sale was made on the device: its rates, its bill's date and financial year. */
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    /** Made with no network: a khata tender was accepted whatever the limit. */
    offline: boolean('offline').notNull(),
    /** The regular it was sold to, or null (a walk-in). Null too once the account is deleted. */
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    tenders: jsonb('tenders').$type<KeptTender[]>().notNull(),
    /** Cash given back: what the Cash tender received beyond its amount. */
    changePaise: integer('change_paise').notNull().default(0),
    /** How each line's quantity was taken ('scale', 'manual', 'barcode'), by the order line's position. */
    sources: jsonb('sources').$type<string[]>().notNull(),
    /** Who sold it (the admin signed in on the device). */
    soldBy: uuid('sold_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('counter_sales_device_client_unique').on(t.deviceId, t.clientSaleId),
    /** The day's sales of a device, and every device's (the cash close, the Today panel). */
    index('counter_sales_sold_idx').on(t.soldAt),
    index('counter_sales_device_sold_idx').on(t.deviceId, t.soldAt),
    check('counter_sales_change_non_negative', sql`${t.changePaise} >= 0`),
  ],
);
