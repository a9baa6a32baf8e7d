/** Catalogue queries (categories and products); no rules here, only SQL. */
import { type AdminProductSort, normaliseSearchText, type SortOrder } from '@mandi/shared';
import { type Unit, unitOrDefault } from '@mandi/shared/kernel';
import { type AnyColumn, and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { categories, orderItems, orders, products } from '../../db/schema.js';
import { containsPattern } from '../../lib/search-pattern.js';
import {
  bestMatchFirst,
  CLOSEST_MIN_LENGTH,
  CLOSEST_SIMILARITY,
  type KeywordValues,
  keywordMatch,
  keywordValues,
} from './catalog.search.js';

export const productColumns = {
  id: products.id,
  name: products.name,
  aliases: products.aliases,
  ratePaise: products.ratePaise,
  stockGrams: products.stockGrams,
  weightOptionsGrams: products.weightOptionsGrams,
  unit: products.unit,
  imageId: products.imageId,
  createdAt: products.createdAt,
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
  categoryId: categories.id,
  categoryName: categories.name,
  categoryNameHi: categories.nameHi,
  categoryImageId: categories.imageId,
};

/** The admin's columns: the public ones and the cost rate (decision 0035). */
export const adminProductColumns = { ...productColumns, costRatePaise: products.costRatePaise, plu: products.plu };

export type ProductRow = {
  id: string;
  name: string;
  aliases: string[];
  ratePaise: number;
  stockGrams: number;
  weightOptionsGrams: number[];
  unit: string;
  imageId: string | null;
  createdAt: Date;
  hsnCode: string;
  gstRate: number;
  categoryId: string;
  categoryName: string;
  categoryNameHi: string;
  categoryImageId: string | null;
};

export type AdminProductRow = ProductRow & { costRatePaise: number | null; plu: number | null };

export type CategoryRow = typeof categories.$inferSelect;

export interface ProductFilter {
  keyword?: string;
  categoryIds?: string[];
  minRatePaise?: number;
  maxRatePaise?: number;
}

/**
 * Newest first. `nulls last` matches products_created_idx (drizzle writes DESC NULLS LAST), so the
 * first page is read from the index instead of sorting the whole catalogue (created_at is never null).
 */
const newestFirst = [sql`${products.createdAt} desc nulls last`, asc(products.id)];

/** Which filters a listing uses; each combination is one prepared statement. */
function shapeOf(filter: ProductFilter, keyword: ReturnType<typeof keywordValues>) {
  return {
    hasKeyword: keyword !== null,
    fuzzy: keyword?.fuzzy ?? false,
    hasCategories: Boolean(filter.categoryIds?.length),
    hasMin: filter.minRatePaise !== undefined,
    hasMax: filter.maxRatePaise !== undefined,
  };
}
type Shape = ReturnType<typeof shapeOf>;

function filterConditions(shape: Shape): SQL | undefined {
  const conditions: SQL[] = [];
  if (shape.hasKeyword) conditions.push(keywordMatch(shape.fuzzy));
  if (shape.hasCategories) {
    conditions.push(sql`${products.categoryId} = any(${sql.placeholder('categoryIds')}::uuid[])`);
  }
  if (shape.hasMin) conditions.push(sql`${products.ratePaise} >= ${sql.placeholder('minRatePaise')}`);
  if (shape.hasMax) conditions.push(sql`${products.ratePaise} <= ${sql.placeholder('maxRatePaise')}`);
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The hot reads run as named prepared statements: the SQL is built once per database handle (by
 * buildApp, which hands them to the catalogue), and PostgreSQL parses it once per connection,
 * which roughly halves the cost of a small read.
 */
export type CatalogReads = ReturnType<typeof prepareCatalogReads>;

export function prepareCatalogReads(db: Db) {
  const listings = new Map<string, ReturnType<typeof prepareListing>>();
  function prepareListing(shape: Shape, name: string) {
    const where = filterConditions(shape);
    return {
      // A search ranks every match to find its best ones, so it counts them in the same pass
      // (`matches`); the other listings read their page from an index and count apart.
      rows: db
        .select(shape.hasKeyword ? { ...productColumns, matches: sql<number>`count(*) over ()` } : productColumns)
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(where)
        // With a keyword, best match first (contract: "Search the way shoppers type").
        .orderBy(...(shape.hasKeyword ? bestMatchFirst() : newestFirst))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`catalog_list_${name}`),
      total: db.select({ total: count() }).from(products).where(where).prepare(`catalog_count_${name}`),
    };
  }
  return {
    /** The stock of a listing's products now (a product deleted meanwhile has no row). */
    stocksByIds: db
      .select({ id: products.id, stockGrams: products.stockGrams })
      .from(products)
      .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('catalog_stocks_by_ids'),
    productById: db
      .select(productColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, sql.placeholder('id')))
      .limit(1)
      .prepare('catalog_product_by_id'),
    suggestions: {
      literal: prepareSuggestions(db, false),
      fuzzy: prepareSuggestions(db, true),
    },
    listing(shape: Shape) {
      const name = Object.values(shape)
        .map((isOn) => (isOn ? 1 : 0))
        .join('');
      let prepared = listings.get(name);
      if (!prepared) {
        prepared = prepareListing(shape, name);
        listings.set(name, prepared);
      }
      return prepared;
    },
  };
}

function prepareSuggestions(db: Db, fuzzy: boolean) {
  return db
    .select({
      id: products.id,
      name: products.name,
      ratePaise: products.ratePaise,
      imageId: products.imageId,
      unit: products.unit,
    })
    .from(products)
    .where(keywordMatch(fuzzy))
    .orderBy(...bestMatchFirst())
    .limit(sql.placeholder('limit'))
    .prepare(`catalog_suggest_${fuzzy ? 'fuzzy' : 'literal'}`);
}

export type SuggestionRow = { id: string; name: string; ratePaise: number; imageId: string | null; unit: string };

/** The products best matching a keyword, at most `limit`; none when the keyword folds to nothing. */
export async function findSuggestions(reads: CatalogReads, keyword: string, limit: number): Promise<SuggestionRow[]> {
  const search = keywordValues(keyword);
  if (!search) return [];
  const statement = search.fuzzy ? reads.suggestions.fuzzy : reads.suggestions.literal;
  return statement.execute({ ...search.values, limit });
}

/**
 * The names closest to a keyword nothing matched, most similar first. The `<%` operator (which the
 * trigram index serves) reads its threshold from a setting, lowered for this transaction only.
 */
export async function findClosest(db: Db, keyword: string, limit: number): Promise<SuggestionRow[]> {
  const folded = keywordValues(keyword)?.values.searchText;
  if (!folded || folded.length < CLOSEST_MIN_LENGTH) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(CLOSEST_SIMILARITY)}, true)`);
    return tx
      .select({
        id: products.id,
        name: products.name,
        ratePaise: products.ratePaise,
        imageId: products.imageId,
        unit: products.unit,
      })
      .from(products)
      .where(sql`${folded}::text <% ${products.searchText}`)
      .orderBy(
        sql`word_similarity(${folded}::text, ${products.searchText}) desc`,
        sql`lower(${products.name})`,
        products.id,
      )
      .limit(limit);
  });
}

/** The stock of each of `ids` now, by id; a product deleted meanwhile is missing. */
export async function findStocks(reads: CatalogReads, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await reads.stocksByIds.execute({ ids });
  return new Map(rows.map((row) => [row.id, row.stockGrams]));
}

export async function findProducts(
  reads: CatalogReads,
  filter: ProductFilter,
  paging: { limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const keyword = filter.keyword ? keywordValues(filter.keyword) : null;
  const shape = shapeOf(filter, keyword);
  const statements = reads.listing(shape);
  const values: Partial<KeywordValues> & Record<string, unknown> = {
    ...keyword?.values,
    categoryIds: filter.categoryIds,
    minRatePaise: filter.minRatePaise,
    maxRatePaise: filter.maxRatePaise,
  };
  const rows: (ProductRow & { matches?: number | string })[] = await statements.rows.execute({
    ...values,
    limit: paging.limit,
    offset: paging.offset,
  });
  // A short page that has rows (or is the first page) is the end of the set: its size gives the total.
  if (rows.length < paging.limit && (rows.length > 0 || paging.offset === 0)) {
    return { rows: rows.map(withoutCount), total: paging.offset + rows.length };
  }
  if (rows[0]?.matches !== undefined) return { rows: rows.map(withoutCount), total: Number(rows[0].matches) };
  const totals = await statements.total.execute(values);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

function withoutCount({ matches: _matches, ...row }: ProductRow & { matches?: number | string }): ProductRow {
  return row;
}

export async function findRecentProducts(reads: CatalogReads, limit: number): Promise<ProductRow[]> {
  return reads.listing(shapeOf({}, null)).rows.execute({ limit, offset: 0 });
}

export async function findProductById(reads: CatalogReads, id: string): Promise<ProductRow | null> {
  const rows = await reads.productById.execute({ id });
  return rows[0] ?? null;
}

export interface AdminProductListing {
  /** Plain text matched anywhere in the name, any case. */
  search?: string;
  sort?: AdminProductSort;
  order: SortOrder;
  /** One page; without it every matching product. */
  paging?: { limit: number; offset: number };
}

const adminProductSortColumns: Record<AdminProductSort, SQL | AnyColumn> = {
  name: sql`lower(${products.name})`,
  rate: products.ratePaise,
  category: sql`lower(${categories.name})`,
  stock: products.stockGrams,
  createdAt: products.createdAt,
};

/**
 * The admin products table: a page of products matching the search, sorted by a column with ties
 * broken by id (so pages never overlap or skip), newest first without a sort; `total` counts every match.
 */
export async function findAdminProducts(
  db: Db,
  listing: AdminProductListing,
): Promise<{ rows: AdminProductRow[]; total: number }> {
  // On the folded name-and-aliases text (lower case, accents and nukta gone) that the trigram index
  // on search_text serves; the searched text is folded the same way and matched as plain text.
  const where = listing.search
    ? sql`${products.searchText} like ${containsPattern(normaliseSearchText(listing.search))}`
    : undefined;
  const direction = listing.order === 'desc' ? desc : asc;
  const orderBy = listing.sort
    ? [direction(adminProductSortColumns[listing.sort]), direction(products.id)]
    : newestFirst;
  const query = db
    .select(adminProductColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...orderBy);
  if (!listing.paging) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const [rows, totals] = await Promise.all([
    query.limit(listing.paging.limit).offset(listing.paging.offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/** One product with its cost rate, for the admin (a plain query: never cached). */
export async function findAdminProductById(db: Db, id: string): Promise<AdminProductRow | null> {
  const [row] = await db
    .select(adminProductColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}

/** The unit a product is sold in, or null when there is no such product. */
export async function findProductUnit(db: Db | Tx, id: string): Promise<Unit | null> {
  const rows = await db.select({ unit: products.unit }).from(products).where(eq(products.id, id)).limit(1);
  return rows[0] ? unitOrDefault(rows[0].unit) : null;
}

/** The owners of orders with a line of this product: their order lists change when it goes. */
export async function findBuyersOfProduct(tx: Tx, productId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ userId: orders.userId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.productId, productId));
  return rows.flatMap((row) => (row.userId ? [row.userId] : []));
}

export async function findCategories(db: Db): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.name));
}

export async function findCategoryById(db: Db | Tx, id: string): Promise<CategoryRow | null> {
  const rows = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Case-insensitive name lookup, optionally ignoring one category (the one being renamed). */
export async function findCategoryByName(db: Db | Tx, name: string, exceptId?: string): Promise<CategoryRow | null> {
  const conditions = [sql`lower(${categories.name}) = lower(${name})`];
  if (exceptId) conditions.push(sql`${categories.id} <> ${exceptId}`);
  const rows = await db
    .select()
    .from(categories)
    .where(and(...conditions))
    .limit(1);
  return rows[0] ?? null;
}

export async function lockCategory(tx: Tx, id: string): Promise<CategoryRow | null> {
  const rows = await tx.select().from(categories).where(eq(categories.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function insertCategory(
  tx: Tx,
  values: { name: string; nameHi: string; imageId: string | null },
): Promise<CategoryRow> {
  const [row] = await tx.insert(categories).values(values).returning();
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

export async function updateCategory(
  tx: Tx,
  id: string,
  values: { name: string; nameHi?: string; imageId?: string },
): Promise<void> {
  await tx.update(categories).set(values).where(eq(categories.id, id));
}

export async function deleteCategory(tx: Tx, id: string): Promise<void> {
  await tx.delete(categories).where(eq(categories.id, id));
}

export async function countProductsInCategory(db: Db | Tx, categoryId: string): Promise<number> {
  const rows = await db.select({ total: count() }).from(products).where(eq(products.categoryId, categoryId));
  return Number(rows[0]?.total ?? 0);
}

export interface ProductValues {
  name: string;
  /** Left out of an update, the product keeps its aliases. */
  aliases?: string[];
  ratePaise: number;
  stockGrams: number;
  weightOptionsGrams: number[];
  unit: Unit;
  categoryId: string;
  /** Left out of an update, the product keeps its tax fields (an add always has them). */
  hsnCode?: string;
  gstRate?: number;
  /** Left out of an update, the product keeps its PLU; null: none. */
  plu?: number | null;
}

export async function lockProduct(tx: Tx, id: string): Promise<{ id: string; imageId: string | null } | null> {
  const rows = await tx
    .select({ id: products.id, imageId: products.imageId })
    .from(products)
    .where(eq(products.id, id))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function insertProduct(tx: Tx, values: ProductValues & { imageId: string | null }): Promise<string> {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('product insert returned nothing');
  return row.id;
}

export async function updateProduct(tx: Tx, id: string, values: ProductValues & { imageId?: string }): Promise<void> {
  await tx.update(products).set(values).where(eq(products.id, id));
}

export async function deleteProduct(tx: Tx, id: string): Promise<void> {
  await tx.delete(products).where(eq(products.id, id));
}
