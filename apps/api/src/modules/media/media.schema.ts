/** The media module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from '../../db/columns.js';

/** Uploaded and seeded pictures, re-encoded by the server; kept in the database so every process sees them. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});
