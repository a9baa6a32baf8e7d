/** The buy-again module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import {
  check,
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
import { users } from '../accounts/accounts.schema.js';
import { products } from '../catalog/catalog.schema.js';

/**
 * A shopper's named lists ("Weekly sabzi", decision 0042), kept by the buy-again module: the name
 * is unique per shopper whatever its case. The rows go with the user (cascade).
 */
export const shoppingLists = pgTable(
  'shopping_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shopping_lists_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    check('shopping_lists_name_length', sql`char_length(${t.name}) between 1 and 40`),
  ],
);
/**
 * A list's products, each once, with the quantity in thousandths of the product's unit (decision
 * 0022) and the place the shopper gave it. A deleted product leaves the lists (cascade).
 */
export const shoppingListItems = pgTable(
  'shopping_list_items',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => shoppingLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantityGrams: integer('quantity_grams').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.productId] }),
    index('shopping_list_items_product_idx').on(t.productId),
    check('shopping_list_items_quantity_positive', sql`${t.quantityGrams} > 0`),
  ],
);
