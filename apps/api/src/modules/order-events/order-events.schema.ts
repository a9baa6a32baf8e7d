/** The order-events module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

/**
 * Order events waiting to be delivered (decision 0017): one row per event and subscriber, written
 * in the transaction of the moment that caused it, so an event exists exactly when its moment
 * committed. A dispatcher in every process claims due rows (`FOR UPDATE SKIP LOCKED`), delivers
 * them after the commit and deletes each row once its subscriber succeeded; a failure counts an
 * attempt and sets the next one later. No foreign key: an event outlives nothing it names.
 */
export const orderEventsOutbox = pgTable(
  'order_events_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id').notNull(),
    /** 'placed', 'packed', 'shipped', 'delivered', 'cancelled' or 'paid'. */
    type: text('type').notNull(),
    /** The name the subscriber was registered under (app.ts). */
    subscriber: text('subscriber').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    /** Due from then on; a claim moves it a lease ahead, a failure by the backoff. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * Set when the row failed its last allowed attempt (decision 0055): kept for the record with its
     * last error, never claimed again. Null while it is still to be delivered.
     */
    parkedAt: timestamp('parked_at', { withTimezone: true }),
  },
  (t) => [index('order_events_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.parkedAt} is null`)],
);
