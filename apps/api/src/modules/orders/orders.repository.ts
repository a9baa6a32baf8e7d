/**
 * Order queries: orders and their lines, the guarded stock take and the admin counts. No rules
 * here, only SQL; every function that runs inside an order transaction takes the transaction.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, products } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderStatusValue = OrderRow['status'];

export interface ProductForOrder {
  id: string;
  name: string;
  ratePaise: number;
  stockGrams: number;
  weightOptionsGrams: number[];
  imageId: string | null;
}

/*
 * Products are the catalogue's table, but taking stock has to happen inside the order's own
 * transaction (all lines or none), so these two statements live here rather than behind the
 * catalogue service, which has no transaction to lend.
 */

/**
 * Reads and locks the products of an order until the transaction ends. Locks are taken in id
 * order, so two orders naming the same products never wait for each other in a circle.
 */
export async function lockProductsForOrder(tx: Tx, ids: string[]): Promise<ProductForOrder[]> {
  if (!ids.length) return [];
  return tx
    .select({
      id: products.id,
      name: products.name,
      ratePaise: products.ratePaise,
      stockGrams: products.stockGrams,
      weightOptionsGrams: products.weightOptionsGrams,
      imageId: products.imageId,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
}

/**
 * Takes the stock of every line in one statement, each only if that much is there (the database's
 * `stock >= 0` check backs this up). Returns the ids it took stock from.
 */
export async function takeStock(tx: Tx, lines: { productId: string; grams: number }[]): Promise<string[]> {
  if (!lines.length) return [];
  const values = sql.join(
    lines.map((line) => sql`(${line.productId}::uuid, ${line.grams}::integer)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update ${products} set stock_grams = ${products}.stock_grams - wanted.grams
    from (values ${values}) as wanted (id, grams)
    where ${products}.id = wanted.id and ${products}.stock_grams >= wanted.grams
    returning ${products}.id`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/**
 * Inserts orders, leaving out any whose user already placed one with the same idempotency key (so
 * fewer rows come back). Each row's time is taken as it is inserted, so the orders of one
 * transaction keep their order when listed newest first.
 */
export async function insertOrders(tx: Tx, values: (typeof orders.$inferInsert)[]): Promise<OrderRow[]> {
  if (!values.length) return [];
  return tx
    .insert(orders)
    .values(values.map((row) => ({ ...row, createdAt: sql`clock_timestamp()` })))
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning();
}

export async function insertOrderItems(tx: Tx, values: (typeof orderItems.$inferInsert)[]): Promise<OrderItemRow[]> {
  if (!values.length) return [];
  return tx.insert(orderItems).values(values).returning();
}

export async function findOrderById(db: Db | Tx, id: string): Promise<OrderRow | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findOrderByIdempotencyKey(db: Db, userId: string, key: string): Promise<OrderRow | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findOrdersByUser(db: Db, userId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
}

/** Orders delivered on a shop date, optionally in one slot template (read through `orders_slot_idx`). */
export interface DeliveryFilter {
  deliveryDate?: string;
  slotTemplateId?: string;
}

const deliveryWhere = (filter: DeliveryFilter = {}) =>
  and(
    filter.deliveryDate ? eq(orders.slotDate, filter.deliveryDate) : undefined,
    filter.slotTemplateId ? eq(orders.slotTemplateId, filter.slotTemplateId) : undefined,
  );

/** Every order (or those of a delivery date and slot), newest first, or one page of them (read through `orders_created_idx`). */
export async function findAllOrders(
  db: Db,
  page?: { limit: number; offset: number },
  filter?: DeliveryFilter,
): Promise<OrderRow[]> {
  const query = db.select().from(orders).where(deliveryWhere(filter)).orderBy(desc(orders.createdAt), desc(orders.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countOrders(db: Db, filter?: DeliveryFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(deliveryWhere(filter));
  return Number(row?.n ?? 0);
}

export async function findOrderItems(db: Db | Tx, orderIds: string[]): Promise<OrderItemRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
}

/** Moves the status only from the expected one, so two admins racing cannot skip or repeat a step. */
export async function updateOrderStatus(
  db: Db | Tx,
  id: string,
  from: OrderStatusValue,
  to: OrderStatusValue,
): Promise<OrderRow | null> {
  const rows = await db
    .update(orders)
    .set({ status: to })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning();
  return rows[0] ?? null;
}

export interface ShopCounts {
  productsCount: number;
  usersCount: number;
  ordersCount: number;
  deliveredPaise: number;
  outOfStockCount: number;
  inStockCount: number;
}

/**
 * The admin dashboard's numbers in one round trip. It reads the catalogue's and accounts' tables
 * (counts only, nothing else) because the dashboard wants one consistent snapshot and neither
 * module offers counts; going through three services would take three queries for the same answer.
 */
export async function countShop(db: Db): Promise<ShopCounts> {
  const result = await db.execute(sql`
    select
      (select count(*) from products) as products_count,
      (select count(*) from users) as users_count,
      (select count(*) from orders) as orders_count,
      (select coalesce(sum(total_paise), 0) from orders where status = 'Delivered') as delivered_paise,
      (select count(*) from products where stock_grams <= 0) as out_of_stock_count`);
  const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
  const productsCount = Number(row.products_count ?? 0);
  const outOfStockCount = Number(row.out_of_stock_count ?? 0);
  return {
    productsCount,
    usersCount: Number(row.users_count ?? 0),
    ordersCount: Number(row.orders_count ?? 0),
    deliveredPaise: Number(row.delivered_paise ?? 0),
    outOfStockCount,
    inStockCount: productsCount - outOfStockCount,
  };
}
