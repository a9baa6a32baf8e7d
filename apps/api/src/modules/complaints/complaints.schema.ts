/** The complaints module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../accounts/accounts.schema.js';
import { orders } from '../orders/orders.schema.js';

/**
 * Shoppers' complaints (decision 0030): the ticket number people quote (`C-000123`) from one
 * sequence, so it is unique across processes and never reused; the shop's replies in order
 * (`[{ at, status, text }]`); the deadlines are computed from `created_at`. The shopper and the
 * order are kept as links that turn null when they are deleted: the complaint stays in the books.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketNumber: integer('ticket_number')
      .notNull()
      .generatedByDefaultAsIdentity({ name: 'complaints_ticket_number_seq', startWith: 1 }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['Open', 'Acknowledged', 'Resolved'] })
      .notNull()
      .default('Open'),
    replies: jsonb('replies')
      .$type<{ at: string; status: 'Acknowledged' | 'Resolved'; text: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('complaints_ticket_number_unique').on(t.ticketNumber),
    index('complaints_user_idx').on(t.userId, t.createdAt),
    /** The admin's list and the dashboard's counts read the complaints not yet resolved, oldest first. */
    index('complaints_unresolved_idx').on(t.createdAt).where(sql`${t.status} <> 'Resolved'`),
    check('complaints_status_known', sql`${t.status} in ('Open', 'Acknowledged', 'Resolved')`),
  ],
);
