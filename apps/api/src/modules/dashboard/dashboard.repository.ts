/**
 * The dashboard's figures (docs/decisions/0026-today-on-the-dashboard.md): today's in one round
 * trip, the products low on stock, the complaints, and the top products of the last 30 days. A
 * report across domains, read only: it reads the orders and their lines (orders module), the slot
 * templates (delivery), the bill and payment columns billing fills on the orders row, the products
 * (catalogue) and the complaints, read only. The seller figures it keeps itself are in
 * dashboard.figures.ts (decision 0066).
 */
import { type Unit, unitOrDefault } from '@mandi/shared/kernel';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  complaints,
  counterSales,
  orderBills,
  orderDelivery,
  orderItems,
  orders,
  products,
  slotTemplates,
  users,
} from '../../db/schema.js';

type Rows = { rows: Record<string, unknown>[] };
/** node-postgres parses json columns; PGlite may hand them over as text. Sums arrive as text or number. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const firstRow = (result: unknown): Record<string, unknown> => (result as Rows).rows[0] ?? {};

/** Thousandths of each unit (grams of kg, ml of litre, 1000 a dozen), never added across units. */
export type ByUnit = Partial<Record<Unit, number>>;

/** The figures of one group of today's orders: a slot template, or (null) the orders without a slot. */
export interface TodayGroupRow {
  templateId: string | null;
  /** The times the orders copied when booked (the template's own when it still exists win). */
  startMinute: number | null;
  endMinute: number | null;
  toPack: number;
  packed: number;
  /** The ordered quantities of the orders to pack, per unit of their lines. */
  toPackByUnit: ByUnit;
  cashPaise: number;
}

export interface TodayRows {
  groups: TodayGroupRow[];
  /** The slot templates that run on today's weekday (any zone). */
  templates: { id: string; startMinute: number; endMinute: number }[];
  unpaid: { count: number; paise: number };
}

/**
 * Today's orders are those of a slot on shop date `day`, and those without a slot placed in
 * [from, to) (the pick list's rule, so both screens count the same orders); cancelled orders do
 * not count. Read through `orders_delivery_date_idx` (the slot from delivery's `order_delivery`) and `orders_created_idx`; the unpaid bills through
 * billing's partial `order_bills_unpaid_idx`. An order is to pack while Processing and never packed; every
 * other is packed (shipping packs an unpacked order first). What is to pack is summed per unit of
 * the lines (each line carries the unit it was ordered in). Cash to collect is the amount due of
 * the orders not paid: every order is cash on delivery today (a later payment method that is not,
 * such as credit, is left out here). `total_paise` is the estimate until packed, then the final bill.
 */
export async function todayRows(db: Db, day: string, from: Date, to: Date): Promise<TodayRows> {
  const result = await db.execute(sql`
    with day_orders as (
      -- A day's few hundred orders: their slot (delivery's) and payment (billing's) read by key, one
      -- lookup each, whatever the size of those tables (a join would read them whole).
      select o.id,
             (select slot_template_id from ${orderDelivery} where order_id = o.id) as slot_template_id,
             (select slot_start_minute from ${orderDelivery} where order_id = o.id) as slot_start_minute,
             (select slot_end_minute from ${orderDelivery} where order_id = o.id) as slot_end_minute,
             o.status, o.packed_at, (select paid_at from ${orderBills} where order_id = o.id) as paid_at, o.total_paise
      from ${orders} o
      -- A counter sale is handed over as it is made: no delivery work (its takings are below).
      where o.delivery_date = ${day}::date and o.status <> 'Cancelled' and o.channel <> 'counter'
      union all
      select o.id, null, null, null, o.status, o.packed_at,
             (select paid_at from ${orderBills} where order_id = o.id), o.total_paise
      from ${orders} o
      where o.delivery_date is null and o.status <> 'Cancelled'
        and o.created_at >= ${from.toISOString()}::timestamptz and o.created_at < ${to.toISOString()}::timestamptz
    ),
    to_pack as (
      select d.slot_template_id as template_id, oi.unit, sum(oi.quantity_grams)::bigint as thousandths
      from day_orders d join ${orderItems} oi on oi.order_id = d.id
      where d.status = 'Processing' and d.packed_at is null
      group by d.slot_template_id, oi.unit
    ),
    groups as (
      select d.slot_template_id as template_id,
             min(d.slot_start_minute) as start_minute, max(d.slot_end_minute) as end_minute,
             count(*) filter (where d.status = 'Processing' and d.packed_at is null)::int as to_pack,
             count(*) filter (where not (d.status = 'Processing' and d.packed_at is null))::int as packed,
             coalesce(sum(d.total_paise) filter (where d.paid_at is null), 0)::bigint as cash
      from day_orders d
      group by d.slot_template_id
    )
    select
      (select coalesce(json_agg(json_build_object(
                'templateId', g.template_id, 'startMinute', g.start_minute, 'endMinute', g.end_minute,
                'toPack', g.to_pack, 'packed', g.packed, 'cashPaise', g.cash,
                'byUnit', (select coalesce(json_object_agg(p.unit, p.thousandths), '{}'::json)
                           from to_pack p where p.template_id is not distinct from g.template_id))), '[]'::json)
       from groups g) as groups,
      (select coalesce(json_agg(json_build_object('id', t.id, 'startMinute', t.start_minute, 'endMinute', t.end_minute)), '[]'::json)
       from ${slotTemplates} t
       where extract(dow from ${day}::date)::smallint = any(t.days)) as templates,
      -- The unpaid bills (a handful in a running shop) from billing's partial index, each order's
      -- total by its key (null when cancelled, so not counted).
      (select json_build_object('count', count(u.total), 'paise', coalesce(sum(u.total), 0))
       from (select (select o.total_paise from ${orders} o where o.id = b.order_id and o.status <> 'Cancelled') as total
             from ${orderBills} b
             where b.invoice_number is not null and b.paid_at is null) u) as unpaid`);
  const row = firstRow(result);
  const groups = json<Record<string, unknown>[]>(row.groups ?? '[]').map((g) => ({
    templateId: (g.templateId as string | null) ?? null,
    startMinute: g.startMinute === null ? null : Number(g.startMinute),
    endMinute: g.endMinute === null ? null : Number(g.endMinute),
    toPack: Number(g.toPack),
    packed: Number(g.packed),
    toPackByUnit: byUnit(json<Record<string, number | string>>(g.byUnit ?? '{}')),
    cashPaise: Number(g.cashPaise),
  }));
  const templates = json<TodayRows['templates']>(row.templates ?? '[]').map((t) => ({
    id: t.id,
    startMinute: Number(t.startMinute),
    endMinute: Number(t.endMinute),
  }));
  const unpaid = json<{ count: number | string; paise: number | string }>(row.unpaid ?? '{"count":0,"paise":0}');
  return { groups, templates, unpaid: { count: Number(unpaid.count), paise: Number(unpaid.paise) } };
}

/** Today's takings in paise: money recorded on online orders, and the counter's sales by tender. */
export interface TakingsRows {
  online: { payments: number; paise: number };
  counter: { sales: number; paise: number; cashPaise: number; upiPaise: number; khataPaise: number };
}

/**
 * The money of [from, to): the Cash and UPI payments recorded on orders other than counter sales
 * (what each took), and the counter's sales made then and not taken back, with their tenders.
 */
export async function takingsRows(db: Db, from: Date, to: Date): Promise<TakingsRows> {
  const start = from.toISOString();
  const end = to.toISOString();
  const result = await db.execute(sql`
    select
      (select json_build_object('count', count(*), 'paise', coalesce(sum(b.paid_paise), 0))
       from ${orderBills} b join ${orders} o on o.id = b.order_id
       where b.payment_method in ('Cash', 'UPI') and o.channel <> 'counter'
         and b.paid_at >= ${start}::timestamptz and b.paid_at < ${end}::timestamptz) as online,
      (select json_build_object(
                'count', count(distinct s.order_id),
                'cash', coalesce(sum((t->>'amountPaise')::bigint) filter (where t->>'method' = 'Cash'), 0),
                'upi', coalesce(sum((t->>'amountPaise')::bigint) filter (where t->>'method' = 'UPI'), 0),
                'khata', coalesce(sum((t->>'amountPaise')::bigint) filter (where t->>'method' = 'Khata'), 0))
       from ${counterSales} s
       join ${orders} o on o.id = s.order_id and o.status <> 'Cancelled'
       cross join lateral jsonb_array_elements(s.tenders) t
       where s.sold_at >= ${start}::timestamptz and s.sold_at < ${end}::timestamptz) as counter`);
  const row = firstRow(result);
  const online = json<{ count: number | string; paise: number | string }>(row.online ?? '{"count":0,"paise":0}');
  const counter = json<Record<string, number | string>>(row.counter ?? '{}');
  const [cashPaise, upiPaise, khataPaise] = [counter.cash, counter.upi, counter.khata].map((value) =>
    Number(value ?? 0),
  );
  return {
    online: { payments: Number(online.count), paise: Number(online.paise) },
    counter: {
      sales: Number(counter.count ?? 0),
      paise: (cashPaise ?? 0) + (upiPaise ?? 0) + (khataPaise ?? 0),
      cashPaise: cashPaise ?? 0,
      upiPaise: upiPaise ?? 0,
      khataPaise: khataPaise ?? 0,
    },
  };
}

/** Sums keyed by a stored unit (a row from before units is kg), added up per unit. */
function byUnit(sums: Record<string, number | string>): ByUnit {
  const result: ByUnit = {};
  for (const [unit, thousandths] of Object.entries(sums)) {
    const key = unitOrDefault(unit);
    result[key] = (result[key] ?? 0) + Number(thousandths);
  }
  return result;
}

/** A product low on stock: its stock in thousandths of its unit. */
export interface LowStockRow {
  id: string;
  name: string;
  unit: Unit;
  thousandths: number;
}

/** The most products the low-stock list holds. */
const LOW_STOCK_LIST_MAX = 50;

/**
 * The products below their unit's mark (`below`, thousandths per unit), emptiest first: stock as a
 * share of its mark, so 1 of 10 bunches comes before 4 of 5 kg; then by name. The catalogue is
 * small beside the orders (10,000 products at the scale data set): one pass over it.
 */
export async function lowStockRows(db: Db, below: Readonly<Record<Unit, number>>): Promise<LowStockRow[]> {
  const marks = sql.join(
    Object.entries(below).map(([unit, thousandths]) => sql`(${unit}::text, ${thousandths}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select p.id, p.name, p.unit, p.stock_grams as thousandths
    from ${products} p join (values ${marks}) as m(unit, below) on m.unit = p.unit
    where p.stock_grams < m.below
    order by p.stock_grams::float8 / m.below, lower(p.name), p.id
    limit ${LOW_STOCK_LIST_MAX}`);
  return (result as unknown as Rows).rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    unit: unitOrDefault(row.unit),
    thousandths: Number(row.thousandths),
  }));
}

/** One product's sales in one unit: thousandths sold and their paise. */
export interface TopProductRow {
  productId: string | null;
  name: string;
  unit: Unit;
  thousandths: number;
  paise: number;
}

/**
 * The complaints not yet Resolved, and those of them overdue at the moment the cut-offs come from
 * (decision 0030): Open and made before `acknowledgeBefore` (48 hours ago), or made before
 * `resolveBefore` (30 days ago). Read through the partial `complaints_unresolved_idx`.
 */
export async function complaintCounts(
  db: Db,
  acknowledgeBefore: Date,
  resolveBefore: Date,
): Promise<{ open: number; overdue: number }> {
  const result = await db.execute(sql`
    select count(*)::int as open,
           count(*) filter (
             where (status = 'Open' and created_at < ${acknowledgeBefore.toISOString()}::timestamptz)
                or created_at < ${resolveBefore.toISOString()}::timestamptz
           )::int as overdue
    from ${complaints} where status <> 'Resolved'`);
  const row = firstRow(result);
  return { open: Number(row.open ?? 0), overdue: Number(row.overdue ?? 0) };
}

// The dashboard's exact and 30-day figures (read by dashboard.service.ts; decision 0053).

export interface CatalogueCounts {
  productsCount: number;
  outOfStockCount: number;
  /** The products with less than `LOW_STOCK_GRAMS` in stock, lowest first (at most 50). */
  low: { id: string; name: string; grams: number }[];
}

/**
 * The dashboard's exact figures, in three statements (decision 0053): each holds the embedded
 * database's one event loop for a few milliseconds at the scale data set, where the three in one
 * statement held it for 20-40 ms. The catalogue's counts and its products low on stock.
 */
export async function countCatalogue(db: Db): Promise<CatalogueCounts> {
  const result = await db.execute(sql`
    select
      (select count(*) from ${products}) as products_count,
      (select count(*) from ${products} where stock_grams <= 0) as out_of_stock_count,
      (select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'grams', l.stock_grams)
                                order by l.stock_grams, lower(l.name)), '[]'::json)
       from (select id, name, stock_grams from ${products}
             where stock_grams < ${LOW_STOCK_GRAMS}
             order by stock_grams, lower(name)
             limit ${LOW_STOCK_LIST_MAX}) l) as low`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    productsCount: Number(row.products_count ?? 0),
    outOfStockCount: Number(row.out_of_stock_count ?? 0),
    low: json<CatalogueCounts['low']>(row.low),
  };
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** Products with less than this in stock are listed as low on the dashboard. */
const LOW_STOCK_GRAMS = 5000;
