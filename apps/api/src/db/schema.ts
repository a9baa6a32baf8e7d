/**
 * The whole data model. Money is kept in paise and weights in grams (integers), so arithmetic is
 * exact; the API edge converts to rupees and kilograms.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ['Admin', 'User']);
export const orderStatusEnum = pgEnum('order_status', ['Processing', 'Shipped', 'Delivered']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('User'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

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

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Uploaded and seeded pictures, re-encoded by the server; kept in the database so every process sees them. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ratePaise: integer('rate_paise').notNull(),
    stockGrams: integer('stock_grams').notNull(),
    /** Sellable weights in grams, drawn from 500..3500 in steps of 500. */
    weightOptionsGrams: integer('weight_options_grams').array().notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Other names shoppers type ("aloo", "आलू"); searched like the name. */
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Name and aliases, one per line, folded as normaliseSearchText folds a query (lower case, no
     * accents, no nukta). Generated, so every writer (seeds, restores, tests) keeps it right; the
     * function is created by hand in the migration that adds the column.
     */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`product_search_text(name, aliases)`),
  },
  (t) => [
    check('products_stock_non_negative', sql`${t.stockGrams} >= 0`),
    check('products_rate_non_negative', sql`${t.ratePaise} >= 0`),
    index('products_category_rate_idx').on(t.categoryId, t.ratePaise),
    index('products_rate_idx').on(t.ratePaise),
    index('products_created_idx').on(t.createdAt.desc(), t.id),
    index('products_name_lower_idx').on(sql`lower(${t.name})`),
    /** Keyword search is `search_text like '%word%'` or trigram word similarity: only a trigram index serves them. */
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the customer's account is deleted; the name below keeps the order readable. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerFirstName: text('customer_first_name').notNull(),
    customerLastName: text('customer_last_name').notNull(),
    totalPaise: integer('total_paise').notNull(),
    status: orderStatusEnum('status').notNull().default('Processing'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    pinCode: text('pin_code').notNull(),
    /** Sent by the browser per checkout, so a double click cannot place the same order twice. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    index('orders_status_idx').on(t.status),
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
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
    ratePaise: integer('rate_paise').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.position)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_user_unique').on(t.userId),
    index('reviews_created_idx').on(t.createdAt.desc()),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
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
