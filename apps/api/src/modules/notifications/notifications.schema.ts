/** The notifications module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import {
  bigint,
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
 * How a shopper wants to hear about their orders and khata (notifications module, decision 0045):
 * email on and WhatsApp off until they opt in with a 10-digit Indian mobile number. No row: the
 * defaults. The row goes with the user (cascade).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: boolean('email').notNull().default(true),
    whatsapp: boolean('whatsapp').notNull().default(false),
    whatsappNumber: text('whatsapp_number'),
    /**
     * When the shopper proved the number is theirs: a message from it to the shop's WhatsApp
     * (decision 0055). Cleared when the number changes; nothing is sent to it until then.
     */
    whatsappVerifiedAt: timestamp('whatsapp_verified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_settings_number_format',
      sql`${t.whatsappNumber} is null or ${t.whatsappNumber} ~ '^[6-9][0-9]{9}$'`,
    ),
    check('notification_settings_whatsapp_number', sql`not ${t.whatsapp} or ${t.whatsappNumber} is not null`),
  ],
);
/**
 * The outbox of WhatsApp messages (decision 0045): one row per message, written by an order event's
 * subscriber (or the admin's khata reminder), sent by the notifications dispatcher through the Cloud
 * API, its status then moved by the webhook (sent, delivered, read, or failed). `dedupe_key` makes a
 * repeated order event write no second message. The rows go with the user (cascade).
 */
export const notificationMessages = pgTable(
  'notification_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** 'whatsapp' (mail keeps the order events' own outbox, decision 0017). */
    channel: text('channel', { enum: ['whatsapp'] }).notNull(),
    /** The utility template's name: order_placed, order_packed, order_out_for_delivery, order_cancelled, khata_reminder. */
    template: text('template').notNull(),
    language: text('language', { enum: ['en', 'hi'] }).notNull(),
    /** The number with its country code, digits only (91XXXXXXXXXX). */
    recipient: text('recipient').notNull(),
    /** The template's body parameters, in order. */
    parameters: jsonb('parameters').$type<string[]>().notNull(),
    /** The text the shopper reads (the template filled in), for the admin's screen. */
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'delivered', 'read', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Due from then on while queued; a claim moves it a lease ahead, a failure by the backoff or Retry-After. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_messages_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'queued'`),
    uniqueIndex('notification_messages_provider_id_unique').on(t.providerMessageId),
    uniqueIndex('notification_messages_dedupe_unique').on(t.dedupeKey),
    index('notification_messages_order_idx').on(t.orderId),
    index('notification_messages_user_idx').on(t.userId, t.createdAt),
    /** A number's messages of the last day are counted before another is queued (decision 0055). */
    index('notification_messages_recipient_idx').on(t.recipient, t.createdAt),
    check('notification_messages_status_known', sql`${t.status} in ('queued', 'sent', 'delivered', 'read', 'failed')`),
    check('notification_messages_language_known', sql`${t.language} in ('en', 'hi')`),
  ],
);
