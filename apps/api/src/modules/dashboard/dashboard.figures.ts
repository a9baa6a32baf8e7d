/**
 * The dashboard's kept figures (decision 0066): the queries that keep `dashboard_order_figures`
 * and `dashboard_product_figures` as the order moments change the orders, the ones that read them,
 * and the recount from the orders themselves (migration 0041 runs the same SQL). Every write is a
 * single-statement upsert that adds to what is there (`n = n + excluded.n`), so moments on several
 * processes at once add up exactly; rows are written in key order, so two moments never wait for
 * each other's rows the other way round. The orders' own tables are read in SQL, by key, read only
 * (a report's reads, docs/architecture.md).
 */
import type { OrderStatus } from '@mandi/shared';
import { unitOrDefault } from '@mandi/shared/kernel';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, products } from '../../db/schema.js';
import type { TopProductRow } from './dashboard.repository.js';
import { dashboardOrderFigures, dashboardProductFigures } from './dashboard.schema.js';

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (result: unknown) => (result as Rows).rows;

/**
 * The shop date an order was placed, from its `created_at` (shop time is UTC + 5:30 all year,
 * kernel shop-time.ts, whatever the session's zone): the same date `shopDateOf` gives.
 */
const placedShopDate = (createdAt: SQL) => sql`((${createdAt} at time zone 'UTC') + interval '330 minutes')::date`;

/**
 * How many rows each shop date and status of the order figures is kept in. Every placing adds to
 * today's Processing orders: with one row, the transactions of both processes (checkouts, the
 * counters, the standing orders' run) would queue for it, each holding it to its commit. 16 rows
 * for the 20-odd connections of two processes keep two writers apart almost always.
 */
const ORDER_FIGURES_SHARDS = 16;

/**
 * The row this transaction adds to: its connection's (the backend's process id), the same for
 * every statement of the transaction, so one transaction's rows are still taken in key order.
 */
const connectionShard = sql.raw(`(pg_backend_pid() % ${ORDER_FIGURES_SHARDS})::smallint`);

/** A change to the orders of one shop date and status: how many more, and how many more paise. */
export interface OrderFiguresChange {
  shopDate: string;
  status: OrderStatus;
  orders: number;
  totalPaise: number;
}

/** A change to one product's lines of one shop date (product, name as sold, unit). */
export interface ProductFiguresChange {
  shopDate: string;
  productId: string | null;
  name: string;
  unit: string;
  lines: number;
  quantityGrams: number;
  amountPaise: number;
}

/** The order statuses in the order every transaction takes their rows (an order only moves forward). */
const STATUS_ORDER: Readonly<Record<OrderStatus, number>> = { Processing: 0, Shipped: 1, Delivered: 2, Cancelled: 3 };

/** Adds `changes` to the order figures in one statement, in key order; changes of nothing are left out. */
export async function addOrderFigures(tx: Tx, changes: readonly OrderFiguresChange[]): Promise<void> {
  const merged = new Map<string, OrderFiguresChange>();
  for (const change of changes) {
    const key = `${change.shopDate}|${STATUS_ORDER[change.status]}`;
    const kept = merged.get(key);
    merged.set(
      key,
      kept
        ? { ...kept, orders: kept.orders + change.orders, totalPaise: kept.totalPaise + change.totalPaise }
        : { ...change },
    );
  }
  const rows = [...merged.entries()]
    .filter(([, change]) => change.orders !== 0 || change.totalPaise !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, change]) => change);
  if (!rows.length) return;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.shopDate}::date, ${row.status}::order_status, ${connectionShard}, ${row.orders}::int, ${row.totalPaise}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${dashboardOrderFigures} as f (shop_date, status, shard, orders, total_paise)
    values ${values}
    on conflict (shop_date, status, shard) do update
      set orders = f.orders + excluded.orders, total_paise = f.total_paise + excluded.total_paise`);
}

/** Orders product rows as `addProductFiguresOfOrders` does: date, product (null first), then name and unit by bytes. */
function byProductKey(a: ProductFiguresChange, b: ProductFiguresChange): number {
  const byBytes = (x: string, y: string) => Buffer.compare(Buffer.from(x), Buffer.from(y));
  return (
    byBytes(a.shopDate, b.shopDate) ||
    (a.productId === b.productId
      ? 0
      : a.productId === null
        ? -1
        : b.productId === null
          ? 1
          : byBytes(a.productId, b.productId)) ||
    byBytes(a.name, b.name) ||
    byBytes(a.unit, b.unit)
  );
}

/** Adds `changes` to the product figures in one statement, in key order; changes of nothing are left out. */
export async function addProductFigures(tx: Tx, changes: readonly ProductFiguresChange[]): Promise<void> {
  const merged = new Map<string, ProductFiguresChange>();
  for (const change of changes) {
    const key = JSON.stringify([change.shopDate, change.productId, change.name, change.unit]);
    const kept = merged.get(key);
    merged.set(
      key,
      kept
        ? {
            ...kept,
            lines: kept.lines + change.lines,
            quantityGrams: kept.quantityGrams + change.quantityGrams,
            amountPaise: kept.amountPaise + change.amountPaise,
          }
        : { ...change },
    );
  }
  const rows = [...merged.values()]
    .filter((change) => change.lines !== 0 || change.quantityGrams !== 0 || change.amountPaise !== 0)
    .sort(byProductKey);
  if (!rows.length) return;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.shopDate}::date, ${row.productId}::uuid, ${row.name}::text, ${row.unit}::text, ${row.lines}::int, ${row.quantityGrams}::bigint, ${row.amountPaise}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${dashboardProductFigures} as f (shop_date, product_id, name, unit, lines, quantity_grams, amount_paise)
    values ${values}
    on conflict (shop_date, product_id, name, unit) do update
      set lines = f.lines + excluded.lines,
          quantity_grams = f.quantity_grams + excluded.quantity_grams,
          amount_paise = f.amount_paise + excluded.amount_paise`);
}

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Adds the lines of `orderIds` to the product figures, signed by `sign` (1: placed, -1: cancelled),
 * as the lines are now: the ordered product, the name and unit as sold, the packed quantity once
 * packed (else the ordered one) and the amount. One statement, rows in key order (names in byte
 * order, as `addProductFigures` sorts them).
 */
export async function addProductFiguresOfOrders(tx: Tx, orderIds: readonly string[], sign: 1 | -1): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(sql`
    insert into ${dashboardProductFigures} as f (shop_date, product_id, name, unit, lines, quantity_grams, amount_paise)
    select ${placedShopDate(sql`o.created_at`)}, oi.product_id, oi.name, oi.unit, ${sign}::int * count(*),
           ${sign}::int * sum(coalesce(oi.packed_grams, oi.quantity_grams)), ${sign}::int * sum(oi.amount_paise)
    from ${orders} o join ${orderItems} oi on oi.order_id = o.id
    where o.id in (${idList(orderIds)})
    group by 1, oi.product_id, oi.name, oi.unit
    order by 1, oi.product_id nulls first, oi.name collate "C", oi.unit collate "C"
    on conflict (shop_date, product_id, name, unit) do update
      set lines = f.lines + excluded.lines,
          quantity_grams = f.quantity_grams + excluded.quantity_grams,
          amount_paise = f.amount_paise + excluded.amount_paise`);
}

/** Adds a batch of just-placed orders to the order figures (each its status and total as inserted), in one statement. */
export async function addOrderFiguresOfOrders(tx: Tx, orderIds: readonly string[]): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(sql`
    insert into ${dashboardOrderFigures} as f (shop_date, status, shard, orders, total_paise)
    select ${placedShopDate(sql`created_at`)}, status, ${connectionShard}, count(*), sum(total_paise)
    from ${orders}
    where id in (${idList(orderIds)})
    group by 1, status
    order by 1, status
    on conflict (shop_date, status, shard) do update
      set orders = f.orders + excluded.orders, total_paise = f.total_paise + excluded.total_paise`);
}

/** The orders per status with their amounts, all time: the kept rows of every shop date added up. */
export async function keptOrdersByStatus(db: Db | Tx): Promise<{ status: OrderStatus; n: number; paise: number }[]> {
  const result = await db.execute(sql`
    select status, sum(orders)::bigint as n, sum(total_paise)::bigint as paise
    from ${dashboardOrderFigures}
    group by status
    having sum(orders) > 0`);
  return rowsOf(result).map((row) => ({
    status: row.status as OrderStatus,
    n: Number(row.n),
    paise: Number(row.paise),
  }));
}

/** The amount due of the orders placed on each shop date since `from` (a shop date), cancelled left out. */
export async function keptBilledByDay(db: Db, from: string): Promise<{ date: string; paise: number }[]> {
  const result = await db.execute(sql`
    select to_char(shop_date, 'YYYY-MM-DD') as date, sum(total_paise)::bigint as paise
    from ${dashboardOrderFigures}
    where shop_date >= ${from}::date and status <> 'Cancelled'
    group by shop_date
    having sum(orders) > 0
    order by shop_date`);
  return rowsOf(result).map((row) => ({ date: String(row.date), paise: Number(row.paise) }));
}

/** How many products the seller figures' top list holds. */
const TOP_BY_QUANTITY_MAX = 10;

/**
 * The ten products with the most sold (thousandths, packed once packed, else ordered) on the
 * orders placed since shop date `from`, cancelled left out. A product deleted since (no row in
 * `products`) groups by the name its lines were sold under, as the orders' lines do once their
 * product id is gone; the name is the least of the names its lines were sold under.
 */
export async function keptTopByQuantity(
  db: Db,
  from: string,
): Promise<{ productId: string | null; name: string; grams: number }[]> {
  const result = await db.execute(sql`
    select p.id as product_id, min(f.name) filter (where f.lines > 0) as name, sum(f.quantity_grams)::bigint as grams
    from ${dashboardProductFigures} f left join ${products} p on p.id = f.product_id
    where f.shop_date >= ${from}::date
    group by p.id, case when p.id is null then f.name end
    having sum(f.quantity_grams) > 0
    order by grams desc, name
    limit ${TOP_BY_QUANTITY_MAX}`);
  return rowsOf(result).map((row) => ({
    productId: row.product_id === null ? null : String(row.product_id),
    name: String(row.name),
    grams: Number(row.grams),
  }));
}

/** How many products the top products' list holds. */
const TOP_BY_AMOUNT_MAX = 10;

/**
 * The products with the most paise sold on the orders placed since shop date `from`, cancelled
 * left out: each line's packed quantity and amount once packed, else the ordered ones, as the
 * kept rows hold them. Ranked by money, the one measure every unit shares; the quantity is summed
 * per unit, so a product whose unit changed between orders has a row per unit (as on the pick
 * list). A product deleted since groups by the name its lines were sold under, as in
 * `keptTopByQuantity`.
 */
export async function keptTopByAmount(db: Db, from: string): Promise<TopProductRow[]> {
  const result = await db.execute(sql`
    select p.id as product_id, min(f.name) filter (where f.lines > 0) as name, f.unit,
           sum(f.quantity_grams)::bigint as thousandths, sum(f.amount_paise)::bigint as paise
    from ${dashboardProductFigures} f left join ${products} p on p.id = f.product_id
    where f.shop_date >= ${from}::date
    group by p.id, f.unit, case when p.id is null then f.name end
    having sum(f.amount_paise) > 0
    order by paise desc, name, f.unit
    limit ${TOP_BY_AMOUNT_MAX}`);
  return rowsOf(result).map((row) => ({
    productId: row.product_id === null ? null : String(row.product_id),
    name: String(row.name),
    unit: unitOrDefault(String(row.unit)),
    thousandths: Number(row.thousandths),
    paise: Number(row.paise),
  }));
}

/**
 * Counts the figures again from the orders (every order, every line): what migration 0041 fills
 * them with, and what a start does when the kept figures disagree with the orders (rows written
 * outside the order moments: the demo and scale seeds, a restore of an older backup, `psql`). The
 * tables are locked first, so no moment adds to them between the delete and the count, and every
 * moment that added before has committed.
 */
export async function recountFigures(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${dashboardOrderFigures}, ${dashboardProductFigures} in share row exclusive mode`);
  await tx.execute(sql`delete from ${dashboardOrderFigures}`);
  await tx.execute(sql`delete from ${dashboardProductFigures}`);
  await tx.execute(sql`
    insert into ${dashboardOrderFigures} (shop_date, status, orders, total_paise)
    select ${placedShopDate(sql`created_at`)}, status, count(*), sum(total_paise)
    from ${orders}
    group by 1, status`);
  await tx.execute(sql`
    insert into ${dashboardProductFigures} (shop_date, product_id, name, unit, lines, quantity_grams, amount_paise)
    select ${placedShopDate(sql`o.created_at`)}, oi.product_id, oi.name, oi.unit, count(*),
           sum(coalesce(oi.packed_grams, oi.quantity_grams)), sum(oi.amount_paise)
    from ${orders} o join ${orderItems} oi on oi.order_id = o.id
    where o.status <> 'Cancelled'
    group by 1, oi.product_id, oi.name, oi.unit`);
}

/**
 * Whether the kept orders per status add up to the orders themselves: one pass over
 * `orders_status_total_idx` (index only), run as a process starts. Figures moved by a write that
 * keeps every status's count and amount (a placing time changed by hand) are not seen.
 */
export async function figuresAgreeWithOrders(tx: Tx): Promise<boolean> {
  const result = await tx.execute(sql`
    select coalesce(sum(abs(coalesce(k.n, 0) - coalesce(o.n, 0)) + abs(coalesce(k.paise, 0) - coalesce(o.paise, 0))), 0)::bigint as off
    from (select status, sum(orders)::bigint as n, sum(total_paise)::bigint as paise
          from ${dashboardOrderFigures} group by status) k
    full join (select status, count(*)::bigint as n, sum(total_paise)::bigint as paise
               from ${orders} group by status) o on o.status = k.status`);
  return Number(rowsOf(result)[0]?.off ?? 0) === 0;
}
