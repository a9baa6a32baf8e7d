/**
 * The dashboard's kept figures (decision 0066): the queries that keep `dashboard_order_figures`
 * and `dashboard_product_figures` as the order moments change the orders, the ones that read them,
 * and the recount from the orders themselves (migration 0041 runs the same SQL). Every write is a
 * single-statement upsert that adds to what is there (`n = n + excluded.n`), so moments on several
 * processes at once add up exactly; rows are written in key order, so two moments never wait for
 * each other's rows the other way round. The orders' own tables are read in SQL, by key, read only
 * (a report's reads, docs/architecture.md). The product figures of the month's window are also
 * kept added up per product (`dashboard_product_month`, decision 0072), in the same statements'
 * transactions.
 */
import type { OrderStatus } from '@mandi/shared';
import { unitOrDefault } from '@mandi/shared/kernel';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, products } from '../../db/schema.js';
import type { TopProductRow } from './dashboard.repository.js';
import {
  dashboardMonthWindow,
  dashboardOrderFigures,
  dashboardProductFigures,
  dashboardProductMonth,
} from './dashboard.schema.js';

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
  await addToMonth(
    tx,
    sql`select v.product_id, v.name, v.unit, v.lines, v.quantity_grams, v.amount_paise, v.shop_date
        from (values ${values}) as v(shop_date, product_id, name, unit, lines, quantity_grams, amount_paise)`,
  );
}

/**
 * Adds the changes that `changes` (a select of product id, name, unit, lines, quantity, amount and
 * shop date) holds for dates inside the month's window to `dashboard_product_month`, in one
 * statement, rows in key order. The window's row is held `for share` to the commit, so a move of
 * the window waits for this transaction and this write never lands on a window moved under it.
 */
async function addToMonth(tx: Tx, changes: SQL): Promise<void> {
  await tx.execute(sql`
    with w as (select first_date from ${dashboardMonthWindow} for share)
    insert into ${dashboardProductMonth} as m (product_id, name, unit, lines, quantity_grams, amount_paise)
    select c.product_id, c.name, c.unit, sum(c.lines), sum(c.quantity_grams), sum(c.amount_paise)
    from (${changes}) as c(product_id, name, unit, lines, quantity_grams, amount_paise, shop_date)
    join w on c.shop_date >= w.first_date
    group by c.product_id, c.name, c.unit
    having sum(c.lines) <> 0 or sum(c.quantity_grams) <> 0 or sum(c.amount_paise) <> 0
    order by c.product_id nulls first, c.name collate "C", c.unit collate "C"
    on conflict (product_id, name, unit) do update
      set lines = m.lines + excluded.lines,
          quantity_grams = m.quantity_grams + excluded.quantity_grams,
          amount_paise = m.amount_paise + excluded.amount_paise`);
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
  await addToMonth(
    tx,
    sql`select oi.product_id, oi.name, oi.unit, ${sign}::int, ${sign}::int * coalesce(oi.packed_grams, oi.quantity_grams),
               ${sign}::int * oi.amount_paise, ${placedShopDate(sql`o.created_at`)}
        from ${orders} o join ${orderItems} oi on oi.order_id = o.id
        where o.id in (${idList(orderIds)})`,
  );
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
 * product id is gone; the name is the least of the names its lines were sold under. Read from the
 * month's rows (one a product) when their window starts at `from`.
 */
export async function keptTopByQuantity(
  db: Db,
  from: string,
): Promise<{ productId: string | null; name: string; grams: number }[]> {
  const rows = await readMonth(
    db,
    from,
    (figures) => sql`
      select true as found, p.id as product_id, min(f.name) filter (where f.lines > 0) as name,
             sum(f.quantity_grams)::bigint as grams
      from ${figures} f left join ${products} p on p.id = f.product_id
      group by p.id, case when p.id is null then f.name end
      having sum(f.quantity_grams) > 0
      order by grams desc, name
      limit ${TOP_BY_QUANTITY_MAX}`,
    sql`grams desc, name`,
  );
  return rows.map((row) => ({
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
  const rows = await readMonth(
    db,
    from,
    (figures) => sql`
      select true as found, p.id as product_id, min(f.name) filter (where f.lines > 0) as name, f.unit,
             sum(f.quantity_grams)::bigint as thousandths, sum(f.amount_paise)::bigint as paise
      from ${figures} f left join ${products} p on p.id = f.product_id
      group by p.id, f.unit, case when p.id is null then f.name end
      having sum(f.amount_paise) > 0
      order by paise desc, name, f.unit
      limit ${TOP_BY_AMOUNT_MAX}`,
    sql`paise desc, name, unit`,
  );
  return rows.map((row) => ({
    productId: row.product_id === null ? null : String(row.product_id),
    name: String(row.name),
    unit: unitOrDefault(String(row.unit)),
    thousandths: Number(row.thousandths),
    paise: Number(row.paise),
  }));
}

/** How many times a read moves the month's window to its first date before it adds up the days instead. */
const WINDOW_MOVES_TRIED = 2;

/**
 * Runs `top` (a query over product figures of the shape `dashboard_product_month`'s, given as the
 * relation to read, whose rows say `found`) on the month's rows when their window starts at
 * `from`, in one statement with the window's row, so the answer and the window are of one
 * snapshot; `order` sorts the answer's rows again outside. When the window starts elsewhere (a new shop date, or a `from` in the past),
 * moves it and reads again; a window that keeps moving away (two processes whose clocks disagree
 * about the date, a few moments around midnight) is left alone, and the days are added up instead.
 */
async function readMonth(
  db: Db,
  from: string,
  top: (figures: SQL) => SQL,
  order: SQL,
): Promise<Record<string, unknown>[]> {
  for (let attempt = 0; attempt < WINDOW_MOVES_TRIED; attempt++) {
    const rows = rowsOf(
      await db.execute(sql`
        select to_char(w.first_date, 'YYYY-MM-DD') as window_first, t.*
        from ${dashboardMonthWindow} w
        left join lateral (${top(sql`${dashboardProductMonth}`)}) t on true
        order by ${order}`),
    );
    if (rows[0]?.window_first === from) return rows.filter((row) => row.found === true);
    await db.transaction((tx) => moveMonthWindow(tx, from));
  }
  const days = sql`(select product_id, name, unit, lines, quantity_grams, amount_paise
                    from ${dashboardProductFigures} where shop_date >= ${from}::date)`;
  return rowsOf(await db.execute(top(days)));
}

/**
 * Moves the month's window to start at shop date `first`: adds the product figures of the dates it
 * gains and takes away those of the dates it loses, then drops the rows left at nothing. Holds the
 * window's row `for update`, so it waits for every transaction adding to the month and they wait
 * for it. True when it moved. Without a window row (a restore of a backup from before decision
 * 0072), counts the month again instead.
 */
export async function moveMonthWindow(tx: Tx, first: string): Promise<boolean> {
  // The month's table before the window's row: a recount holds the tables (product figures, month,
  // window, in that order) and then writes the row, so a move that held the row first and then
  // waited for the month would deadlock with it.
  await tx.execute(sql`lock table ${dashboardProductMonth} in row exclusive mode`);
  const current = rowsOf(
    await tx.execute(sql`select to_char(first_date, 'YYYY-MM-DD') as first from ${dashboardMonthWindow} for update`),
  )[0]?.first as string | undefined;
  if (current === first) return false;
  if (current === undefined) {
    // No row to hold: the tables are held against the order moments instead.
    await tx.execute(
      sql`lock table ${dashboardProductFigures}, ${dashboardProductMonth}, ${dashboardMonthWindow} in share row exclusive mode`,
    );
    await recountMonth(tx, first);
    return true;
  }
  const [sign, gained] =
    first < current
      ? [1, sql`shop_date >= ${first}::date and shop_date < ${current}::date`]
      : [-1, sql`shop_date >= ${current}::date and shop_date < ${first}::date`];
  await tx.execute(sql`
    insert into ${dashboardProductMonth} as m (product_id, name, unit, lines, quantity_grams, amount_paise)
    select product_id, name, unit, ${sign}::int * sum(lines), ${sign}::int * sum(quantity_grams), ${sign}::int * sum(amount_paise)
    from ${dashboardProductFigures}
    where ${gained}
    group by product_id, name, unit
    order by product_id nulls first, name collate "C", unit collate "C"
    on conflict (product_id, name, unit) do update
      set lines = m.lines + excluded.lines,
          quantity_grams = m.quantity_grams + excluded.quantity_grams,
          amount_paise = m.amount_paise + excluded.amount_paise`);
  await tx.execute(
    sql`delete from ${dashboardProductMonth} where lines = 0 and quantity_grams = 0 and amount_paise = 0`,
  );
  await tx.execute(sql`update ${dashboardMonthWindow} set first_date = ${first}::date`);
  return true;
}

/**
 * Adds the month up again from the product figures, its window starting at `first` (kept where it
 * is when not given; 29 shop dates before today when there is none). The caller holds the tables
 * against writers (`recountFigures`) or the window's row (`moveMonthWindow`).
 */
async function recountMonth(tx: Tx, first?: string): Promise<void> {
  const firstDate = first
    ? sql`${first}::date`
    : sql`coalesce((select first_date from ${dashboardMonthWindow}), ${placedShopDate(sql`now()`)} - ${MONTH_DAYS - 1}::int)`;
  await tx.execute(sql`
    insert into ${dashboardMonthWindow} (one, first_date) values (true, ${firstDate})
    on conflict (one) do update set first_date = excluded.first_date`);
  await tx.execute(sql`delete from ${dashboardProductMonth}`);
  await tx.execute(sql`
    insert into ${dashboardProductMonth} (product_id, name, unit, lines, quantity_grams, amount_paise)
    select f.product_id, f.name, f.unit, sum(f.lines), sum(f.quantity_grams), sum(f.amount_paise)
    from ${dashboardProductFigures} f, ${dashboardMonthWindow} w
    where f.shop_date >= w.first_date
    group by f.product_id, f.name, f.unit
    having sum(f.lines) <> 0 or sum(f.quantity_grams) <> 0 or sum(f.amount_paise) <> 0`);
}

/** The shop dates the month's window holds, today included: the dashboard's 30-day figures'. */
export const MONTH_DAYS = 30;

/**
 * Counts the figures again from the orders (every order, every line): what migration 0041 fills
 * them with, and what a start does when the kept figures disagree with the orders (rows written
 * outside the order moments: the demo and scale seeds, a restore of an older backup, `psql`). The
 * tables are locked first, so no moment adds to them between the delete and the count, and every
 * moment that added before has committed.
 */
export async function recountFigures(tx: Tx): Promise<void> {
  await tx.execute(
    sql`lock table ${dashboardOrderFigures}, ${dashboardProductFigures}, ${dashboardProductMonth}, ${dashboardMonthWindow} in share row exclusive mode`,
  );
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
  await recountMonth(tx);
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

/**
 * Whether the month's rows add up to the product figures of its window, row for row (a start's
 * check beside `figuresAgreeWithOrders`): false without a window row, or after a write to one of
 * the two tables outside the order moments.
 */
export async function monthAgreesWithDays(tx: Tx): Promise<boolean> {
  const result = await tx.execute(sql`
    with w as (select first_date from ${dashboardMonthWindow}),
    days as (
      select f.product_id, f.name, f.unit, sum(f.lines)::bigint as lines, sum(f.quantity_grams)::bigint as grams,
             sum(f.amount_paise)::bigint as paise
      from ${dashboardProductFigures} f join w on f.shop_date >= w.first_date
      group by f.product_id, f.name, f.unit
      having sum(f.lines) <> 0 or sum(f.quantity_grams) <> 0 or sum(f.amount_paise) <> 0),
    month as (
      select product_id, name, unit, lines::bigint, quantity_grams, amount_paise from ${dashboardProductMonth}
      where lines <> 0 or quantity_grams <> 0 or amount_paise <> 0)
    select exists (select 1 from w)
       and not exists (select * from days except all select * from month)
       and not exists (select * from month except all select * from days) as agree`);
  return rowsOf(result)[0]?.agree === true;
}

/**
 * Adds the month up again when it disagrees with the product figures (`monthAgreesWithDays`),
 * holding the tables against the order moments. True when it counted again.
 */
export async function keepMonthTrue(tx: Tx): Promise<boolean> {
  if (await monthAgreesWithDays(tx)) return false;
  await tx.execute(
    sql`lock table ${dashboardProductFigures}, ${dashboardProductMonth}, ${dashboardMonthWindow} in share row exclusive mode`,
  );
  await recountMonth(tx);
  return true;
}
