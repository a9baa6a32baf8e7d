/**
 * Buy-again queries (decision 0042). The lists are this module's own tables; the shopper's past
 * order lines and today's products are read from the orders' and the catalogue's tables (read
 * only), like the dashboard's report, so each answer is a couple of indexed statements.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, products, shoppingListItems, shoppingLists, users } from '../../db/schema.js';
import type { PastLine, ProductToday } from './buy-again.rules.js';

type Executor = Db | Tx;

/** The lines of the shopper's last `limit` orders that are not Cancelled (the user-and-date index). */
export function findRecentLines(db: Executor, userId: string, limit: number): Promise<PastLine[]> {
  const recent = db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'Cancelled')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .as('recent');
  return db
    .select({
      productId: sql<string>`${orderItems.productId}`,
      grams: orderItems.quantityGrams,
      unit: orderItems.unit,
      orderId: recent.id,
      orderedAt: recent.createdAt,
    })
    .from(orderItems)
    .innerJoin(recent, eq(recent.id, orderItems.orderId))
    .where(and(isNotNull(orderItems.productId), sql`${orderItems.quantityGrams} > 0`));
}

/** Whether the order exists and belongs to the shopper. */
export async function isOwnOrder(db: Executor, userId: string, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return rows.length > 0;
}

/** An order's lines in their order: the product (null once deleted), name as sold, quantity and unit. */
export function findOrderLines(db: Executor, orderId: string) {
  return db
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      grams: orderItems.quantityGrams,
      unit: orderItems.unit,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

/** Today's products among `ids` (missing ones are deleted). */
export function findProducts(db: Executor, ids: readonly string[]): Promise<ProductToday[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: products.id,
      name: products.name,
      ratePaise: products.ratePaise,
      stockGrams: products.stockGrams,
      weightOptionsGrams: products.weightOptionsGrams,
      imageId: products.imageId,
      unit: products.unit,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

export type ListRow = typeof shoppingLists.$inferSelect;

/** The shopper's lists with how many products each holds, the last changed first. */
export function findLists(db: Executor, userId: string) {
  return db
    .select({
      id: shoppingLists.id,
      name: shoppingLists.name,
      createdAt: shoppingLists.createdAt,
      updatedAt: shoppingLists.updatedAt,
      itemCount: count(shoppingListItems.productId),
    })
    .from(shoppingLists)
    .leftJoin(shoppingListItems, eq(shoppingListItems.listId, shoppingLists.id))
    .where(eq(shoppingLists.userId, userId))
    .groupBy(shoppingLists.id)
    .orderBy(desc(shoppingLists.updatedAt), asc(shoppingLists.id));
}

/** One of the shopper's lists (another shopper's is not found); `lock` holds it for the transaction. */
export async function findList(db: Executor, userId: string, id: string, lock = false): Promise<ListRow | null> {
  const query = db
    .select()
    .from(shoppingLists)
    .where(and(eq(shoppingLists.id, id), eq(shoppingLists.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A list's products in the shopper's order. */
export function findListItems(db: Executor, listId: string) {
  return db
    .select({ productId: shoppingListItems.productId, grams: shoppingListItems.quantityGrams })
    .from(shoppingListItems)
    .where(eq(shoppingListItems.listId, listId))
    .orderBy(asc(shoppingListItems.position));
}

/** Every list of the shopper with its lines (the personal-data download). */
export function findAllListItems(db: Executor, userId: string) {
  return db
    .select({
      listId: shoppingListItems.listId,
      productId: shoppingListItems.productId,
      grams: shoppingListItems.quantityGrams,
    })
    .from(shoppingListItems)
    .innerJoin(shoppingLists, eq(shoppingLists.id, shoppingListItems.listId))
    .where(eq(shoppingLists.userId, userId))
    .orderBy(asc(shoppingListItems.listId), asc(shoppingListItems.position));
}

/**
 * Locks the shopper's user row for the rest of the transaction, so two creations at once count
 * the lists one after the other. False when the user is gone.
 */
export async function lockUser(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

export async function countLists(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(shoppingLists).where(eq(shoppingLists.userId, userId));
  return row?.n ?? 0;
}

/** Whether another list of the shopper has this name, whatever its case. */
export async function isNameTaken(tx: Tx, userId: string, name: string, exceptId: string | null): Promise<boolean> {
  const rows = await tx
    .select({ id: shoppingLists.id })
    .from(shoppingLists)
    .where(
      and(
        eq(shoppingLists.userId, userId),
        sql`lower(${shoppingLists.name}) = lower(${name})`,
        exceptId ? ne(shoppingLists.id, exceptId) : undefined,
      ),
    );
  return rows.length > 0;
}

export async function insertList(tx: Tx, userId: string, name: string): Promise<ListRow> {
  const [row] = await tx.insert(shoppingLists).values({ userId, name }).returning();
  if (!row) throw new Error('insert returned no list');
  return row;
}

/** Renames (when `name` is given) and marks the list changed now. */
export async function touchList(tx: Tx, id: string, name: string | undefined): Promise<ListRow> {
  const [row] = await tx
    .update(shoppingLists)
    .set({ ...(name === undefined ? {} : { name }), updatedAt: sql`now()` })
    .where(eq(shoppingLists.id, id))
    .returning();
  if (!row) throw new Error('update returned no list');
  return row;
}

/** Replaces the list's products with `lines`, in their order. */
export async function replaceItems(tx: Tx, listId: string, lines: readonly { productId: string; grams: number }[]) {
  await tx.delete(shoppingListItems).where(eq(shoppingListItems.listId, listId));
  if (lines.length === 0) return;
  await tx
    .insert(shoppingListItems)
    .values(
      lines.map((line, position) => ({ listId, productId: line.productId, quantityGrams: line.grams, position })),
    );
}

export async function deleteList(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(shoppingLists)
    .where(and(eq(shoppingLists.id, id), eq(shoppingLists.userId, userId)))
    .returning({ id: shoppingLists.id });
  return rows.length > 0;
}
