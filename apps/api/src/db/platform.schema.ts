/** The platform's tables: sessions, rate limits and drawn documents (read and written by apps/api/src/platform). */
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../modules/accounts/accounts.schema.js';
import { bytea, createdAt } from './columns.js';

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
/**
 * Finished PDFs (bills) by what they print (the PDF pool's document key, decision 0052): drawn
 * once by whichever process packs the order, served by every process after. A copy, never the
 * record: the orders make the bill again whenever a row here is missing or pruned.
 */
export const drawnDocuments = pgTable(
  'drawn_documents',
  {
    key: text('key').primaryKey(),
    pdf: bytea('pdf').notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drawn_documents_drawn_at_idx').on(t.drawnAt)],
);
/** Fixed-window counters for rate limits, shared by every server process on the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
