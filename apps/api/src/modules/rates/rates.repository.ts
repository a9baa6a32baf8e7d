/**
 * The rate board's queries (decision 0036). It owns `rate_changes` and writes one column of
 * `products`, the selling rate, always under the product's row lock taken in id order (as order
 * placing takes them), inside the transaction that records the change. No rules here, only SQL.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { categories, products, rateChanges, users } from '../../db/schema.js';
import { containsPattern } from '../../lib/search-pattern.js';

type Runner = Db | Tx;

/** The latest applied change of each product: its old rate is the board's "previous rate". */
const latestApplied = (db: Runner) =>
  db
    .selectDistinctOn([rateChanges.productId], {
      productId: rateChanges.productId,
      oldRatePaise: rateChanges.oldRatePaise,
    })
    .from(rateChanges)
    .where(and(isNotNull(rateChanges.appliedAt), ne(rateChanges.oldRatePaise, rateChanges.newRatePaise)))
    .orderBy(rateChanges.productId, desc(rateChanges.appliedAt), desc(rateChanges.createdAt))
    .as('latest_applied');

const pending = (db: Runner) =>
  db
    .select({
      productId: rateChanges.productId,
      newRatePaise: rateChanges.newRatePaise,
      effectiveAt: rateChanges.effectiveAt,
    })
    .from(rateChanges)
    .where(isNull(rateChanges.appliedAt))
    .as('pending');

/**
 * Every product (or those in stock, or those whose name or alias holds `search`) in the order the
 * seller walks the market: category, then name; `page` takes one stretch of it, each row with the
 * count of all the rows (`count(*) over ()`, in the same pass).
 */
export async function boardRows(
  db: Runner,
  options: { inStockOnly?: boolean; search?: string; page?: { offset: number; limit: number } } = {},
) {
  const latest = latestApplied(db);
  const waiting = pending(db);
  const query = db
    .select({
      productId: products.id,
      name: products.name,
      aliases: products.aliases,
      unit: products.unit,
      category: categories.name,
      ratePaise: products.ratePaise,
      costRatePaise: products.costRatePaise,
      stockGrams: products.stockGrams,
      previousRatePaise: latest.oldRatePaise,
      scheduledRatePaise: waiting.newRatePaise,
      scheduledAt: waiting.effectiveAt,
      matched: sql<number>`(count(*) over ())::int`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(latest, eq(latest.productId, products.id))
    .leftJoin(waiting, eq(waiting.productId, products.id))
    .where(
      and(
        options.inStockOnly ? gt(products.stockGrams, 0) : undefined,
        options.search ? sql`${products.searchText} like ${containsPattern(options.search)}` : undefined,
      ),
    )
    .orderBy(
      sql`lower(${categories.name})`,
      asc(categories.name),
      sql`lower(${products.name})`,
      asc(products.name),
      asc(products.id),
    )
    .$dynamic();
  return options.page ? query.limit(options.page.limit).offset(options.page.offset) : query;
}

/** How many products a search of the board matches (every product without one): a page past the end has no row to say. */
export async function countBoard(db: Runner, search?: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(search ? sql`${products.searchText} like ${containsPattern(search)}` : undefined);
  return Number(row?.count ?? 0);
}
export type BoardRow = Awaited<ReturnType<typeof boardRows>>[number];

/** The products of a publish, locked in id order; the ones missing are not in the answer. */
export async function lockProducts(tx: Tx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: products.id, name: products.name, ratePaise: products.ratePaise })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .orderBy(asc(products.id))
    .for('update');
}

/**
 * The pending changes of these products, locked in product order. A publish takes them before the
 * products (as the applier does: it claims changes, then locks their products), so the two never
 * wait for each other in a circle.
 */
export async function lockPendingOf(tx: Tx, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return tx
    .select({ id: rateChanges.id })
    .from(rateChanges)
    .where(and(isNull(rateChanges.appliedAt), inArray(rateChanges.productId, [...productIds])))
    .orderBy(asc(rateChanges.productId))
    .for('update');
}

export async function deletePendingOf(tx: Tx, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .delete(rateChanges)
    .where(and(isNull(rateChanges.appliedAt), inArray(rateChanges.productId, [...productIds])));
}

export async function insertChanges(tx: Tx, rows: (typeof rateChanges.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(rateChanges).values(rows);
}

/** Sets each product's rate (the products are locked by the caller). */
export async function setRates(tx: Tx, rates: readonly { id: string; ratePaise: number }[]): Promise<void> {
  if (rates.length === 0) return;
  const ids = rates.map((rate) => rate.id);
  const cases = sql.join(
    rates.map((rate) => sql`when ${products.id} = ${rate.id} then ${rate.ratePaise}::integer`),
    sql` `,
  );
  await tx
    .update(products)
    .set({ ratePaise: sql`case ${cases} else ${products.ratePaise} end` })
    .where(inArray(products.id, ids));
}

/** Whether a scheduled change is due at `now` (a cheap look before claiming, on the partial index). */
export async function hasDueChange(db: Runner, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: rateChanges.id })
    .from(rateChanges)
    .where(and(isNull(rateChanges.appliedAt), lte(rateChanges.effectiveAt, now)))
    .limit(1);
  return rows.length > 0;
}

/** The moment of the next pending change, or null. */
export async function nextPendingAt(db: Runner): Promise<Date | null> {
  const [row] = await db
    .select({ at: rateChanges.effectiveAt })
    .from(rateChanges)
    .where(isNull(rateChanges.appliedAt))
    .orderBy(asc(rateChanges.effectiveAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Claims the due changes, in product order. `skipLocked`: the ones another process is applying are
 * skipped, not waited for (the timers); else they are waited for, and are no longer due once that
 * process has committed (a read that must not answer before they apply).
 */
export async function claimDueChanges(tx: Tx, now: Date, skipLocked: boolean) {
  const due = tx
    .select({ id: rateChanges.id, productId: rateChanges.productId, newRatePaise: rateChanges.newRatePaise })
    .from(rateChanges)
    .where(and(isNull(rateChanges.appliedAt), lte(rateChanges.effectiveAt, now)))
    .orderBy(asc(rateChanges.productId));
  return skipLocked ? due.for('update', { skipLocked: true }) : due.for('update');
}

/** Marks a claimed change applied, with the rate it replaced. */
export async function markApplied(
  tx: Tx,
  applied: readonly { id: string; oldRatePaise: number }[],
  at: Date,
): Promise<void> {
  if (applied.length === 0) return;
  const cases = sql.join(
    applied.map((row) => sql`when ${rateChanges.id} = ${row.id} then ${row.oldRatePaise}::integer`),
    sql` `,
  );
  await tx
    .update(rateChanges)
    .set({ appliedAt: at, oldRatePaise: sql`case ${cases} end` })
    .where(
      inArray(
        rateChanges.id,
        applied.map((row) => row.id),
      ),
    );
}

/** A product's applied changes, newest first, with who published each. */
export async function history(db: Runner, productId: string) {
  return db
    .select({
      id: rateChanges.id,
      productId: rateChanges.productId,
      oldRatePaise: rateChanges.oldRatePaise,
      newRatePaise: rateChanges.newRatePaise,
      effectiveAt: rateChanges.effectiveAt,
      appliedAt: rateChanges.appliedAt,
      createdAt: rateChanges.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(rateChanges)
    .leftJoin(users, eq(users.id, rateChanges.createdBy))
    .where(and(eq(rateChanges.productId, productId), isNotNull(rateChanges.appliedAt)))
    .orderBy(desc(rateChanges.appliedAt), desc(rateChanges.createdAt));
}
export type HistoryRow = Awaited<ReturnType<typeof history>>[number];

export async function productExists(db: Runner, productId: string): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  return rows.length > 0;
}

/**
 * Each product's rate in force at `at` (paise), by the rate board's times (`effective_at`): the
 * rate the first applied change effective after `at` replaced; else a change due by `at` that the
 * scheduler has not applied yet (its new rate); else its rate now. One statement, one reading.
 */
/** The change waiting to be applied of each product, by id: what a counter prices by once it is due. */
export async function pendingChanges(db: Runner): Promise<Map<string, { ratePaise: number; effectiveAt: Date }>> {
  const rows = await db
    .select({
      productId: rateChanges.productId,
      ratePaise: rateChanges.newRatePaise,
      effectiveAt: rateChanges.effectiveAt,
    })
    .from(rateChanges)
    .where(isNull(rateChanges.appliedAt));
  return new Map(rows.map(({ productId, ...change }) => [productId, change]));
}

export async function ratesAt(db: Runner, productIds: readonly string[], at: Date): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const later = db
    .selectDistinctOn([rateChanges.productId], {
      productId: rateChanges.productId,
      oldRatePaise: rateChanges.oldRatePaise,
    })
    .from(rateChanges)
    .where(
      and(
        inArray(rateChanges.productId, [...productIds]),
        isNotNull(rateChanges.appliedAt),
        gt(rateChanges.effectiveAt, at),
      ),
    )
    .orderBy(rateChanges.productId, asc(rateChanges.effectiveAt), asc(rateChanges.appliedAt))
    .as('later');
  const due = db
    .select({ productId: rateChanges.productId, newRatePaise: rateChanges.newRatePaise })
    .from(rateChanges)
    .where(
      and(
        inArray(rateChanges.productId, [...productIds]),
        isNull(rateChanges.appliedAt),
        lte(rateChanges.effectiveAt, at),
      ),
    )
    .as('due');
  const rows = await db
    .select({
      id: products.id,
      ratePaise: sql<number>`coalesce(${later.oldRatePaise}, ${due.newRatePaise}, ${products.ratePaise})`,
    })
    .from(products)
    .leftJoin(later, eq(later.productId, products.id))
    .leftJoin(due, eq(due.productId, products.id))
    .where(inArray(products.id, [...productIds]));
  return new Map(rows.map((row) => [row.id, Number(row.ratePaise)]));
}
