/**
 * Order queries: orders and their lines, the guarded stock take and the admin counts. No rules
 * here, only SQL; every function that runs inside an order transaction takes the transaction.
 */
import type { OrderChannel } from '@mandi/shared/schemas';
import { and, asc, count, desc, eq, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { insertManySql, rowsFromDriver } from '../../db/insert-many.js';
import { orderAdjustments, orderEvents, orderItems, orders, products, users } from '../../db/schema.js';
import { containsPattern } from '../../lib/search-pattern.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderAdjustmentRow = typeof orderAdjustments.$inferSelect;

export interface ProductForOrder {
  id: string;
  name: string;
  ratePaise: number;
  stockGrams: number;
  /** Thousandths of `unit` (decision 0022). */
  weightOptionsGrams: number[];
  imageId: string | null;
  /** Copied onto the order line, like name and rate, so the bill keeps what it was sold at. */
  hsnCode: string;
  gstRate: number;
  unit: string;
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
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      unit: products.unit,
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
 * Takes what was handed over as it was sold (a counter sale): the goods have left the shop, so the
 * stock may go below zero, which the low-stock list then shows. No other writer does this.
 */
export async function takeStockEvenBelowZero(tx: Tx, lines: { productId: string; grams: number }[]): Promise<void> {
  if (!lines.length) return;
  const values = sql.join(
    lines.map((line) => sql`(${line.productId}::uuid, ${line.grams}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${products} set stock_grams = ${products}.stock_grams - sold.grams
    from (values ${values}) as sold (id, grams)
    where ${products}.id = sold.id`);
}

/**
 * Inserts orders, leaving out any whose user already placed one with the same idempotency key (so
 * fewer rows come back). Each row's time is taken as it is inserted, so the orders of one
 * transaction keep their order when listed newest first.
 */
export async function insertOrders(tx: Tx, values: (typeof orders.$inferInsert)[]): Promise<OrderRow[]> {
  if (!values.length) return [];
  const rows = insertManySql(orders, values, { createdAt: sql`clock_timestamp()` });
  const result = await tx.execute(sql`${rows}
    on conflict (user_id, idempotency_key) do nothing
    returning *`);
  return rowsFromDriver(orders, result);
}

export async function insertOrderItems(tx: Tx, values: (typeof orderItems.$inferInsert)[]): Promise<OrderItemRow[]> {
  if (!values.length) return [];
  const result = await tx.execute(sql`${insertManySql(orderItems, values)} returning *`);
  return rowsFromDriver(orderItems, result);
}

/** The adjustments of many orders in one statement (none is written as 0). */
export async function insertOrderAdjustments(tx: Tx, values: OrderAdjustmentRow[]): Promise<void> {
  if (!values.length) return;
  await tx.execute(insertManySql(orderAdjustments, values));
}

/** Replaces one order's adjustments with `values` (its row is locked by the moment). */
export async function replaceOrderAdjustments(
  tx: Tx,
  orderId: string,
  values: Omit<OrderAdjustmentRow, 'orderId'>[],
): Promise<void> {
  await tx.delete(orderAdjustments).where(eq(orderAdjustments.orderId, orderId));
  await insertOrderAdjustments(
    tx,
    values.map((value) => ({ ...value, orderId })),
  );
}

/** The adjustments of the orders named, in a fixed order (source, kind). */
export async function findOrderAdjustments(db: Db | Tx, orderIds: string[]): Promise<OrderAdjustmentRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(orderAdjustments)
    .where(inArray(orderAdjustments.orderId, orderIds))
    .orderBy(asc(orderAdjustments.orderId), asc(orderAdjustments.source), asc(orderAdjustments.kind));
}

/**
 * Adjustments in the order `findOrderAdjustments` reads them (source, then kind), for an answer
 * made of rows a transaction holds: by code units, as the C collation orders them; the sources
 * (`coupon`, `delivery`, `round-off`) differ from their first letter, so any collation agrees.
 */
export const sortAdjustments = <T extends Pick<OrderAdjustmentRow, 'source' | 'kind'>>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) =>
    a.source !== b.source ? (a.source < b.source ? -1 : 1) : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0,
  );

export async function findOrderById(db: Db | Tx, id: string): Promise<OrderRow | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findOrdersByIds(db: Db, ids: string[]): Promise<OrderRow[]> {
  if (!ids.length) return [];
  return db.select().from(orders).where(inArray(orders.id, ids));
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
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
}

/**
 * Orders delivered on a shop date (read through `orders_delivery_date_idx`), or the one order of a
 * number (`orders_order_number_unique`), or those a search finds, narrowed by the participants'
 * conditions on `orders.id` (delivery: the slot).
 */
export interface DeliveryFilter {
  deliveryDate?: string;
  /** Where the orders came from (the checkout, the counter, standing orders). */
  channel?: OrderChannel;
  /** Conditions on `orders.id` the participants gave (orders.lifecycle `listFilter`). */
  where?: readonly SQL[];
  orderNumber?: number;
  search?: OrderSearch;
}

/** What a search looks for (orders.rules `orderSearchOf` reads it from the typed text). */
export interface OrderSearch {
  /** The text itself, trimmed; matched as plain text in any case. */
  text: string;
  orderNumber: number | null;
  mobileDigits: string | null;
}

/** The shopper's name as on the order, the expression `orders_customer_name_trgm_idx` indexes. */
const customerName = sql`lower(${orders.customerFirstName} || ' ' || ${orders.customerLastName})`;

/**
 * A search's orders: the number's (`orders_order_number_unique`), the names holding the text
 * (`orders_customer_name_trgm_idx`) and the mobiles holding its digits (`orders_mobile_trgm_idx`),
 * each `like` pattern with the text's wildcards escaped, so PostgreSQL ORs three index reads.
 */
const searchWhere = (search: OrderSearch) =>
  or(
    search.orderNumber !== null ? eq(orders.orderNumber, search.orderNumber) : undefined,
    sql`${customerName} like ${containsPattern(search.text)}`,
    search.mobileDigits ? sql`${orders.mobileNumber} like ${containsPattern(search.mobileDigits)}` : undefined,
  );

const deliveryWhere = (filter: DeliveryFilter = {}) =>
  and(
    filter.deliveryDate ? eq(orders.deliveryDate, filter.deliveryDate) : undefined,
    filter.channel ? eq(orders.channel, filter.channel) : undefined,
    ...(filter.where ?? []),
    filter.orderNumber !== undefined ? eq(orders.orderNumber, filter.orderNumber) : undefined,
    filter.search ? searchWhere(filter.search) : undefined,
  );

/**
 * Every order (or those of a delivery date and slot, or of a search), newest first, or one page of them (read through
 * `orders_created_idx`). Orders of one batch may share their time to the microsecond: the number then says which came
 * later. A search that names an order's number lists that order first.
 */
export async function findAllOrders(
  db: Db,
  page?: { limit: number; offset: number },
  filter?: DeliveryFilter,
): Promise<OrderRow[]> {
  const numbered = filter?.search?.orderNumber;
  const query = db
    .select()
    .from(orders)
    .where(deliveryWhere(filter))
    .orderBy(
      ...(numbered !== undefined && numbered !== null ? [sql`${orders.orderNumber} = ${numbered} desc`] : []),
      desc(orders.createdAt),
      desc(orders.orderNumber),
    );
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

/**
 * Reads and locks one order until the transaction ends. Every single-order moment (pack, cancel,
 * status change) takes this lock first, so two of them on the same order run one after the other
 * and the second sees what the first wrote.
 */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const rows = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

/**
 * Locks products in id order (the order every transaction takes them in, so none waits in a circle),
 * for a stock move. `FOR NO KEY UPDATE`, the lock an update of the stock takes anyway: two moves
 * still wait for each other, but not for a pack whose order line already references the product
 * (a substitute, decision 0043: the foreign key's check holds a KEY SHARE lock on it, which FOR
 * UPDATE would wait for, and two such packs would deadlock).
 */
export async function lockProducts(
  tx: Tx,
  ids: string[],
): Promise<{ id: string; name: string; stockGrams: number; unit: string }[]> {
  if (!ids.length) return [];
  return tx
    .select({ id: products.id, name: products.name, stockGrams: products.stockGrams, unit: products.unit })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('no key update');
}

/** Gives stock back; a product deleted meanwhile is simply not there to receive it. */
export async function returnStock(tx: Tx, lines: { productId: string; grams: number }[]): Promise<void> {
  if (!lines.length) return;
  const values = sql.join(
    lines.map((line) => sql`(${line.productId}::uuid, ${line.grams}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${products} set stock_grams = ${products}.stock_grams + back.grams
    from (values ${values}) as back (id, grams)
    where ${products}.id = back.id`);
}

/** A product sent in place of the ordered one (decision 0043), as the line keeps it. */
export interface SubstituteSent {
  productId: string;
  name: string;
  ratePaise: number;
  hsnCode: string;
  gstRate: number;
}

/** Writes each line's packed weight, amount and substitute (or none) in one statement. */
export async function updatePackedLines(
  tx: Tx,
  lines: { id: string; packedGrams: number; amountPaise: number; substitute: SubstituteSent | null }[],
): Promise<void> {
  if (!lines.length) return;
  const values = sql.join(
    lines.map(
      ({ id, packedGrams, amountPaise, substitute: s }) =>
        sql`(${id}::uuid, ${packedGrams}::integer, ${amountPaise}::integer, ${s?.productId ?? null}::uuid, ${s?.name ?? null}::text, ${s?.ratePaise ?? null}::integer, ${s?.hsnCode ?? null}::text, ${s?.gstRate ?? null}::smallint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${orderItems} set packed_grams = packed.grams, amount_paise = packed.amount,
      substitute_product_id = packed.sub_id, substitute_name = packed.sub_name,
      substitute_rate_paise = packed.sub_rate, substitute_hsn_code = packed.sub_hsn,
      substitute_gst_rate = packed.sub_gst
    from (values ${values}) as packed (id, grams, amount, sub_id, sub_name, sub_rate, sub_hsn, sub_gst)
    where ${orderItems}.id = packed.id`);
}

export async function updateOrder(
  tx: Tx,
  id: string,
  values: Partial<Pick<OrderRow, 'status' | 'totalPaise' | 'adjustmentsPaise' | 'packedAt'>>,
): Promise<OrderRow> {
  const rows = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error(`order ${id} vanished under its lock`);
  return row;
}

/**
 * 'payment' is written by billing when an admin records how the order was paid, 'refund' when the
 * shop cancels a paid order and pays it back (decision 0032).
 */
export type OrderEventKind = 'placed' | 'packed' | 'status' | 'cancelled' | 'payment' | 'refund';

export async function insertOrderEvent(
  tx: Tx,
  event: { orderId: string; actorUserId: string | null; kind: OrderEventKind; changes: Record<string, unknown> },
): Promise<void> {
  await tx.insert(orderEvents).values({ ...event, at: sql`clock_timestamp()` });
}

export interface OrderEventRow {
  at: Date;
  actorUserId: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  kind: string;
  changes: unknown;
}

/**
 * An order's events, oldest first, with the name of who made each change. The name comes from the
 * accounts' users table in the same query: one join instead of a second round trip through the
 * accounts service for a list that only ever names a few people.
 */
export async function findOrderEvents(db: Db | Tx, orderId: string): Promise<OrderEventRow[]> {
  return (await findEventsOfOrders(db, [orderId])).get(orderId) ?? [];
}

/** The events of several orders in one query, by order id, each order's in the order they happened. */
export async function findEventsOfOrders(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Map<string, OrderEventRow[]>> {
  const byOrder = new Map<string, OrderEventRow[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select({
      orderId: orderEvents.orderId,
      at: orderEvents.at,
      actorUserId: orderEvents.actorUserId,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      kind: orderEvents.kind,
      changes: orderEvents.changes,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(inArray(orderEvents.orderId, [...orderIds]))
    .orderBy(asc(orderEvents.orderId), asc(orderEvents.at), asc(orderEvents.id));
  for (const { orderId, ...event } of rows) {
    const list = byOrder.get(orderId);
    if (list) list.push(event);
    else byOrder.set(orderId, [event]);
  }
  return byOrder;
}

export interface PicklistRow {
  productId: string | null;
  name: string;
  /** Thousandths of `unit` (grams for kg). */
  grams: number;
  unit: string;
  orders: number;
  /** The numbers of those orders, smallest first. */
  orderNumbers: number[];
  /** Of those not yet packed, the ones whose shopper takes a similar item, and who want a call, when it is short (decision 0043). */
  similarOrderNumbers: number[];
  callOrderNumbers: number[];
}

// node-postgres parses json; PGlite may hand it over as text.
const jsonNumbers = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as number[];

/**
 * The pick list of shop date `day` ([from, to) in real time): what its Processing orders hold,
 * summed per product (the packed weight once packed, else the ordered one; lines packed at 0 hold
 * nothing). An order counts on its delivery slot's date, or, without a slot, on the date it was
 * placed.
 */
export async function sumProcessingLines(db: Db, day: string, from: Date, to: Date): Promise<PicklistRow[]> {
  // A line packed with a substitute counts as the product sent (decision 0043).
  const result = await db.execute(sql`
    select oi.product_id as product_id, min(oi.name) as name, oi.unit as unit,
           sum(coalesce(oi.packed_grams, oi.quantity_grams))::bigint as grams,
           count(distinct oi.order_id)::int as orders,
           json_agg(distinct o.order_number order by o.order_number) as order_numbers,
           coalesce(json_agg(distinct o.order_number order by o.order_number)
             filter (where oi.substitution = 'similar' and oi.packed_grams is null), '[]'::json) as similar_numbers,
           coalesce(json_agg(distinct o.order_number order by o.order_number)
             filter (where oi.substitution = 'call' and oi.packed_grams is null), '[]'::json) as call_numbers
    from (
        -- Two index-served halves (orders_delivery_date_idx, orders_created_idx) rather than one OR,
        -- each with the number it needs: the orders are not looked up again by key.
        select id, order_number from ${orders} where delivery_date = ${day}::date and status = 'Processing'
        union all
        select id, order_number from ${orders}
        where delivery_date is null and status = 'Processing'
          and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz) o
    join (select order_id, unit, packed_grams, quantity_grams, substitution,
            case when substitute_name is null then product_id else substitute_product_id end as product_id,
            coalesce(substitute_name, name) as name
          from ${orderItems}) oi on oi.order_id = o.id
    where coalesce(oi.packed_grams, oi.quantity_grams) > 0
    group by oi.product_id, case when oi.product_id is null then oi.name end, oi.unit
    order by lower(min(oi.name)), min(oi.name), oi.unit`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    productId: (row.product_id as string | null) ?? null,
    name: String(row.name),
    grams: Number(row.grams),
    unit: String(row.unit),
    orders: Number(row.orders),
    // node-postgres parses json; PGlite may hand it over as text.
    orderNumbers: jsonNumbers(row.order_numbers),
    similarOrderNumbers: jsonNumbers(row.similar_numbers),
    callOrderNumbers: jsonNumbers(row.call_numbers),
  }));
}

/**
 * Erases a shopper from their orders (personal data, decision 0031): the name becomes `erasedName`,
 * the address, city, mobile and PIN code empty, except on the orders `keep` names (a condition on
 * the order: those with a bill). Returns how many orders were erased.
 */
export async function eraseCustomerFromOrders(
  tx: Tx,
  userId: string,
  erasedName: { firstName: string; lastName: string },
  keep: SQL,
): Promise<number> {
  const rows = await tx
    .update(orders)
    .set({
      customerFirstName: erasedName.firstName,
      customerLastName: erasedName.lastName,
      address: '',
      city: '',
      mobileNumber: '',
      pinCode: '',
    })
    .where(and(eq(orders.userId, userId), not(keep)))
    .returning({ id: orders.id });
  return rows.length;
}
