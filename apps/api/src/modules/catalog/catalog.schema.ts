/** The catalog module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { images } from '../media/media.schema.js';

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The name in Hindi ("सब्ज़ियाँ"); empty when the shop gave none, and the English name is shown. */
    nameHi: text('name_hi').notNull().default(''),
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
    /** The quantities a shopper may pick, thousandths of the unit (kernel units.ts). */
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
    /**
     * HSN code (4-8 digits) and GST percent (prices include it), copied onto each order line when
     * sold. The defaults (fresh vegetables, exempt) are what products of older databases get; new
     * products take their category's defaults (modules/billing/billing.tax-codes.ts). Decision 0010.
     */
    hsnCode: text('hsn_code').notNull().default('0709'),
    gstRate: smallint('gst_rate').notNull().default(0),
    /**
     * What the rate is per and quantities are counted in (kernel units.ts, decision 0022): stock
     * and options are thousandths of it, whatever their column's name says (grams for kg).
     */
    unit: text('unit').notNull().default('kg'),
    /**
     * What a unit of the stock on hand cost, in paise (api-contract-shop "Buying at the mandi"): the
     * moving average of the landed cost of purchases; null until the first purchase.
     */
    costRatePaise: integer('cost_rate_paise'),
    /**
     * The number a scale's barcode names the product by (price- and weight-embedded EAN-13 codes,
     * contract "The scale and barcodes"): 1-99999, unique in the shop, or null.
     */
    plu: integer('plu'),
  },
  (t) => [
    check('products_cost_rate_non_negative', sql`${t.costRatePaise} is null or ${t.costRatePaise} >= 0`),
    uniqueIndex('products_plu_unique').on(t.plu).where(sql`${t.plu} is not null`),
    check('products_plu_range', sql`${t.plu} is null or ${t.plu} between 1 and 99999`),
    check('products_unit_known', sql`${t.unit} in ('kg', 'litre', 'piece', 'dozen', 'bunch', 'pack')`),
    check('products_hsn_code_digits', sql`${t.hsnCode} ~ '^[0-9]{4,8}$'`),
    check('products_gst_rate_slab', sql`${t.gstRate} in (0, 5, 12, 18, 40)`),
    check('products_rate_non_negative', sql`${t.ratePaise} >= 0`),
    index('products_category_rate_idx').on(t.categoryId, t.ratePaise),
    index('products_rate_idx').on(t.ratePaise),
    index('products_created_idx').on(t.createdAt.desc(), t.id),
    index('products_name_lower_idx').on(sql`lower(${t.name})`),
    /** Keyword search is `search_text like '%word%'` or trigram word similarity: only a trigram index serves them. */
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
