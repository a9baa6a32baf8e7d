/**
 * The dashboard's "today" figures in one round trip (docs/decisions/0026-today-on-the-dashboard.md).
 * A report across domains, read only: it reads the orders and their lines (orders module), the
 * slot templates (delivery) and the bill and payment columns billing fills on the orders row. It
 * writes nothing, so it owns no table.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { complaints, orderItems, orders, slotTemplates } from '../../db/schema.js';

/**
 * Which order lines count in "kg to pack": the lines sold by weight. Today every line is sold by
 * the kg, so every line counts. Once order lines carry a `unit` (kg, litre, piece, dozen...), only
 * the kg and litre lines do: the schema's column is picked up here, so nothing else changes then.
 */
export function weightLinesOf(lines: object): SQL {
  const unit = (lines as Record<string, { name?: unknown } | undefined>).unit;
  return typeof unit?.name === 'string'
    ? sql`${sql.identifier('oi')}.${sql.identifier(unit.name)} in ('kg', 'litre')`
    : sql`true`;
}
const weightLines = () => weightLinesOf(orderItems);

/** The figures of one group of today's orders: a slot template, or (null) the orders without a slot. */
export interface TodayGroupRow {
  templateId: string | null;
  /** The times the orders copied when booked (the template's own when it still exists win). */
  startMinute: number | null;
  endMinute: number | null;
  toPack: number;
  packed: number;
  gramsToPack: number;
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
 * not count. Read through `orders_slot_idx` and `orders_created_idx`; the unpaid bills through the
 * partial `orders_unpaid_bills_idx`. An order is to pack while Processing and never packed; every
 * other is packed (shipping packs an unpacked order first). Cash to collect is the amount due of
 * the orders not paid: every order is cash on delivery today (a later payment method that is not,
 * such as credit, is left out here). `total_paise` is the estimate until packed, then the final bill.
 */
export async function todayRows(db: Db, day: string, from: Date, to: Date): Promise<TodayRows> {
  const result = await db.execute(sql`
    with day_orders as (
      select id, slot_template_id, slot_start_minute, slot_end_minute, status, packed_at, paid_at, total_paise
      from ${orders} where slot_date = ${day}::date and status <> 'Cancelled'
      union all
      select id, null, null, null, status, packed_at, paid_at, total_paise
      from ${orders}
      where slot_date is null and status <> 'Cancelled'
        and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
    ),
    to_pack as (
      select oi.order_id, sum(oi.quantity_grams)::bigint as grams
      from ${orderItems} oi
      where oi.order_id in (select id from day_orders where status = 'Processing' and packed_at is null)
        and ${weightLines()}
      group by oi.order_id
    ),
    groups as (
      select d.slot_template_id as template_id,
             min(d.slot_start_minute) as start_minute, max(d.slot_end_minute) as end_minute,
             count(*) filter (where d.status = 'Processing' and d.packed_at is null)::int as to_pack,
             count(*) filter (where not (d.status = 'Processing' and d.packed_at is null))::int as packed,
             coalesce(sum(p.grams), 0)::bigint as grams,
             coalesce(sum(d.total_paise) filter (where d.paid_at is null), 0)::bigint as cash
      from day_orders d left join to_pack p on p.order_id = d.id
      group by d.slot_template_id
    )
    select
      (select coalesce(json_agg(json_build_object(
                'templateId', g.template_id, 'startMinute', g.start_minute, 'endMinute', g.end_minute,
                'toPack', g.to_pack, 'packed', g.packed, 'gramsToPack', g.grams, 'cashPaise', g.cash)), '[]'::json)
       from groups g) as groups,
      (select coalesce(json_agg(json_build_object('id', t.id, 'startMinute', t.start_minute, 'endMinute', t.end_minute)), '[]'::json)
       from ${slotTemplates} t
       where extract(dow from ${day}::date)::smallint = any(t.days)) as templates,
      (select json_build_object('count', count(*), 'paise', coalesce(sum(total_paise), 0))
       from ${orders}
       where invoice_number is not null and paid_at is null and status <> 'Cancelled') as unpaid`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  // node-postgres parses json columns; PGlite may hand them over as text. Sums arrive as text or number.
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const groups = json<Record<string, unknown>[]>(row.groups ?? '[]').map((g) => ({
    templateId: (g.templateId as string | null) ?? null,
    startMinute: g.startMinute === null ? null : Number(g.startMinute),
    endMinute: g.endMinute === null ? null : Number(g.endMinute),
    toPack: Number(g.toPack),
    packed: Number(g.packed),
    gramsToPack: Number(g.gramsToPack),
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
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return { open: Number(row.open ?? 0), overdue: Number(row.overdue ?? 0) };
}
