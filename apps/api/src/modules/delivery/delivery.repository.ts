/**
 * Delivery queries: zones, slot templates and the per-date bookings. No rules here, only SQL;
 * the booking statements take the order's transaction.
 */

import type { DeliveryTerms } from '@mandi/shared/kernel';
import { and, asc, between, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { closedDates, deliveryZones, orderDelivery, orders, slotBookings, slotTemplates } from '../../db/schema.js';

export type ZoneRow = typeof deliveryZones.$inferSelect;
export type TemplateRow = typeof slotTemplates.$inferSelect;
export type ZoneValues = Omit<typeof deliveryZones.$inferInsert, 'id' | 'createdAt'>;
export type TemplateValues = Omit<typeof slotTemplates.$inferInsert, 'id' | 'createdAt'>;

export interface BookingKey {
  templateId: string;
  date: string;
}

type Runner = Db | Tx;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function listZones(db: Runner): Promise<ZoneRow[]> {
  return db.select().from(deliveryZones).orderBy(asc(deliveryZones.name), asc(deliveryZones.id));
}

export async function findZone(db: Runner, id: string): Promise<ZoneRow | null> {
  const [row] = await db.select().from(deliveryZones).where(eq(deliveryZones.id, id));
  return row ?? null;
}

export async function insertZone(tx: Tx, values: ZoneValues): Promise<ZoneRow> {
  const [row] = await tx.insert(deliveryZones).values(values).returning();
  if (!row) throw new Error('zone insert returned nothing');
  return row;
}

export async function updateZone(tx: Tx, id: string, values: ZoneValues): Promise<ZoneRow | null> {
  const [row] = await tx.update(deliveryZones).set(values).where(eq(deliveryZones.id, id)).returning();
  return row ?? null;
}

export async function deleteZone(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.delete(deliveryZones).where(eq(deliveryZones.id, id)).returning({ id: deliveryZones.id });
  return rows.length > 0;
}

/**
 * Zone writes take this lock first, so two admins saving zones at once cannot both give the same
 * PIN prefix to two zones (the check reads every other zone's prefixes). Order placement only
 * reads zones and never waits for it.
 */
export async function lockZonesForWrite(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${deliveryZones} in share row exclusive mode`);
}

/** Zones other than `exceptId` holding any of the prefixes. */
export async function zonesWithPrefixes(tx: Tx, prefixes: string[], exceptId: string | null): Promise<ZoneRow[]> {
  const overlap = sql`${deliveryZones.pinPrefixes} && ${sql.raw('ARRAY[')}${sql.join(
    prefixes.map((prefix) => sql`${prefix}`),
    sql`, `,
  )}${sql.raw(']::text[]')}`;
  return tx
    .select()
    .from(deliveryZones)
    .where(exceptId ? and(overlap, ne(deliveryZones.id, exceptId)) : overlap)
    .orderBy(asc(deliveryZones.name));
}

export async function listTemplates(db: Runner): Promise<TemplateRow[]> {
  return db
    .select()
    .from(slotTemplates)
    .orderBy(asc(slotTemplates.startMinute), asc(slotTemplates.endMinute), asc(slotTemplates.id));
}

export async function insertTemplate(tx: Tx, values: TemplateValues): Promise<TemplateRow> {
  const [row] = await tx.insert(slotTemplates).values(values).returning();
  if (!row) throw new Error('slot template insert returned nothing');
  return row;
}

export async function updateTemplate(tx: Tx, id: string, values: TemplateValues): Promise<TemplateRow | null> {
  const [row] = await tx.update(slotTemplates).set(values).where(eq(slotTemplates.id, id)).returning();
  return row ?? null;
}

export async function deleteTemplate(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.delete(slotTemplates).where(eq(slotTemplates.id, id)).returning({ id: slotTemplates.id });
  return rows.length > 0;
}

/** Templates that name the zone (a zone in use cannot be deleted: an emptied list would mean every zone). */
export async function templatesNamingZone(tx: Tx, zoneId: string): Promise<TemplateRow[]> {
  return tx
    .select()
    .from(slotTemplates)
    .where(sql`${zoneId}::uuid = any(${slotTemplates.zoneIds})`)
    .orderBy(asc(slotTemplates.startMinute));
}

/**
 * Every zone and every slot template in one round trip, ordered as listZones and listTemplates
 * order them: what placing a batch of orders reads before it locks any booking.
 */
export async function readDeliverySetup(
  db: Runner,
  closedFrom: string,
): Promise<{ zones: ZoneRow[]; templates: TemplateRow[]; closedDates: Set<string> }> {
  const [row] = rowsOf<{ zones: unknown; templates: unknown; closed: unknown }>(
    await db.execute(sql`
      select
        (select coalesce(json_agg(json_build_object(
                  'id', z.id, 'name', z.name, 'pinPrefixes', z.pin_prefixes, 'minOrderPaise', z.min_order_paise,
                  'deliveryFeePaise', z.delivery_fee_paise, 'freeAbovePaise', z.free_above_paise,
                  'createdAt', z.created_at) order by z.name, z.id), '[]'::json)
         from ${deliveryZones} z) as zones,
        (select coalesce(json_agg(json_build_object(
                  'id', t.id, 'days', t.days, 'startMinute', t.start_minute, 'endMinute', t.end_minute,
                  'capacity', t.capacity, 'cutoffMinutes', t.cutoff_minutes, 'zoneIds', t.zone_ids,
                  'createdAt', t.created_at) order by t.start_minute, t.end_minute, t.id), '[]'::json)
         from ${slotTemplates} t) as templates,
        (select coalesce(json_agg(c.date::text), '[]'::json) from ${closedDates} c where c.date >= ${closedFrom}::date)
          as closed`),
  );
  // node-postgres parses json columns; PGlite may hand them over as text.
  const json = <T>(value: unknown): T[] => (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[];
  const withDate = <T extends { createdAt: Date }>(rows: T[]): T[] =>
    rows.map((item) => ({ ...item, createdAt: new Date(item.createdAt) }));
  return {
    zones: withDate(json<ZoneRow>(row?.zones)),
    templates: withDate(json<TemplateRow>(row?.templates)),
    closedDates: new Set(json<string>(row?.closed)),
  };
}

// ---- the shop's closed dates (decision 0064) ----

export type ClosedDateRow = typeof closedDates.$inferSelect;

/** The closed dates from `from` on (to `to` when given), earliest first. */
export function listClosedDates(db: Runner, from: string, to?: string): Promise<ClosedDateRow[]> {
  return db
    .select()
    .from(closedDates)
    .where(to ? between(closedDates.date, from, to) : sql`${closedDates.date} >= ${from}::date`)
    .orderBy(asc(closedDates.date));
}

/** Closes a date (or renotes it when closed already). */
export async function upsertClosedDate(db: Runner, date: string, note: string): Promise<ClosedDateRow> {
  const [row] = await db
    .insert(closedDates)
    .values({ date, note })
    .onConflictDoUpdate({ target: closedDates.date, set: { note } })
    .returning();
  if (!row) throw new Error('closed date upsert returned nothing');
  return row;
}

export async function deleteClosedDate(db: Runner, date: string): Promise<boolean> {
  const rows = await db.delete(closedDates).where(eq(closedDates.date, date)).returning({ date: closedDates.date });
  return rows.length > 0;
}

/**
 * Books standing orders' slots whatever their capacity (contract "Standing orders": its capacity
 * does not refuse them); the places they take are counted, so the online shoppers see what is left.
 */
export async function bookSlotsBeyondCapacity(
  tx: Tx,
  bookings: readonly (BookingKey & { count: number })[],
): Promise<void> {
  if (!bookings.length) return;
  const sorted = sortKeys(bookings) as (BookingKey & { count: number })[];
  const values = sql.join(
    sorted.map((booking) => sql`(${booking.templateId}::uuid, ${booking.date}::date, ${booking.count}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${slotBookings} as b (template_id, date, booked)
    select wanted.template_id, wanted.date, wanted.n
    from (values ${values}) as wanted (template_id, date, n)
    join ${slotTemplates} t on t.id = wanted.template_id
    order by wanted.template_id, wanted.date
    on conflict (template_id, date) do update set booked = b.booked + excluded.booked`);
}

/** Booked counts of the slots between two dates (inclusive), for listing. */
export async function bookingsBetween(
  db: Runner,
  from: string,
  to: string,
): Promise<{ templateId: string; date: string; booked: number }[]> {
  return db
    .select({ templateId: slotBookings.templateId, date: slotBookings.date, booked: slotBookings.booked })
    .from(slotBookings)
    .where(between(slotBookings.date, from, to));
}

const keyValues = (keys: readonly BookingKey[]) =>
  sql.join(
    keys.map((key) => sql`(${key.templateId}::uuid, ${key.date}::date)`),
    sql`, `,
  );

/** In one fixed order (template id, date) for every transaction, so two batches never wait in a circle. */
const sortKeys = (keys: readonly BookingKey[]) =>
  [...keys].sort((a, b) => a.templateId.localeCompare(b.templateId) || a.date.localeCompare(b.date));

/**
 * Locks the booking rows of these slots until the transaction ends and returns their counts, in
 * one statement: a missing row is inserted (a concurrent insert of the same row waits for the other
 * transaction, which is what makes it safe), an existing one is locked by the no-op update of
 * `on conflict`, which always sees the row's latest committed count; both in the fixed key order.
 * With the rows locked, the batch's counting in memory is exact across processes.
 */
export async function lockBookings(tx: Tx, keys: readonly BookingKey[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!keys.length) return counts;
  const rows = rowsOf<{ template_id: string; date: string | Date; booked: number }>(
    await tx.execute(sql`
      insert into ${slotBookings} as b (template_id, date, booked)
      select wanted.template_id, wanted.date, 0
      from (values ${keyValues(sortKeys(keys))}) as wanted (template_id, date)
      join ${slotTemplates} on ${slotTemplates.id} = wanted.template_id
      order by wanted.template_id, wanted.date
      on conflict (template_id, date) do update set booked = b.booked
      returning b.template_id, b.date::text as date, b.booked`),
  );
  for (const row of rows) counts.set(`${row.template_id}_${String(row.date)}`, Number(row.booked));
  return counts;
}

/**
 * Books `count` more orders in each slot, only while it stays within its template's capacity (the
 * rows are already locked; this guard is the last word if a capacity was lowered meanwhile).
 * Returns how many slots were booked: fewer than asked means one would have overflowed.
 */
export async function bookSlots(tx: Tx, bookings: readonly (BookingKey & { count: number })[]): Promise<number> {
  if (!bookings.length) return 0;
  const sorted = sortKeys(bookings) as (BookingKey & { count: number })[];
  const values = sql.join(
    sorted.map((booking) => sql`(${booking.templateId}::uuid, ${booking.date}::date, ${booking.count}::integer)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    insert into ${slotBookings} as b (template_id, date, booked)
    select wanted.template_id, wanted.date, wanted.n
    from (values ${values}) as wanted (template_id, date, n)
    join ${slotTemplates} t on t.id = wanted.template_id
    where t.capacity is null or wanted.n <= t.capacity
    order by wanted.template_id, wanted.date
    on conflict (template_id, date) do update set booked = b.booked + excluded.booked
      where (select capacity from ${slotTemplates} where id = b.template_id) is null
         or b.booked + excluded.booked <= (select capacity from ${slotTemplates} where id = b.template_id)
    returning b.template_id`);
  return rowsOf(result).length;
}

/** Gives a cancelled order's place back (never below zero). */
export async function releaseSlot(tx: Tx, key: BookingKey): Promise<void> {
  await tx
    .update(slotBookings)
    .set({ booked: sql`${slotBookings.booked} - 1` })
    .where(
      and(
        eq(slotBookings.templateId, key.templateId),
        eq(slotBookings.date, key.date),
        sql`${slotBookings.booked} > 0`,
      ),
    );
}

/** Booked counts of one date's slots, for the admin's day view. */
export async function bookingsOn(db: Runner, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ templateId: slotBookings.templateId, booked: slotBookings.booked })
    .from(slotBookings)
    .where(eq(slotBookings.date, date));
  return new Map(rows.map((row) => [row.templateId, row.booked]));
}

export type OrderDeliveryRow = typeof orderDelivery.$inferSelect;

/** What delivery kept of each accepted order (one statement for a batch; none for orders without fee or slot). */
export async function insertOrderDeliveries(tx: Tx, rows: readonly OrderDeliveryRow[]): Promise<void> {
  if (!rows.length) return;
  await tx.insert(orderDelivery).values([...rows]);
}

/**
 * What delivery kept of the orders named, by order id (none for an order without fee or slot),
 * the slot's date being the order's delivery date.
 */
export async function findOrderDeliveryParts(
  db: Runner,
  orderIds: readonly string[],
): Promise<
  Map<string, { terms: DeliveryTerms; slot: (BookingKey & { startMinute: number; endMinute: number }) | null }>
> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ kept: orderDelivery, date: orders.deliveryDate })
    .from(orderDelivery)
    .innerJoin(orders, eq(orders.id, orderDelivery.orderId))
    .where(inArray(orderDelivery.orderId, [...orderIds]));
  return new Map(
    rows.map(({ kept, date }) => [
      kept.orderId,
      {
        terms: { feePaise: kept.feePaise, freeAbovePaise: kept.freeAbovePaise },
        slot:
          kept.slotTemplateId && date && kept.slotStartMinute !== null && kept.slotEndMinute !== null
            ? {
                templateId: kept.slotTemplateId,
                date,
                startMinute: kept.slotStartMinute,
                endMinute: kept.slotEndMinute,
              }
            : null,
      },
    ]),
  );
}

/** The orders booked in one slot template (on any date: the order's delivery date names the day). */
export const ordersInSlotTemplate = (templateId: string): SQL =>
  sql`${orders.id} in (select ${orderDelivery.orderId} from ${orderDelivery} where ${orderDelivery.slotTemplateId} = ${templateId})`;
