/** The standing orders module's reads and writes (its own tables; products, users and orders read only). */
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  orders,
  products,
  subscriptionClosedNotices,
  subscriptionFailures,
  subscriptionOrders,
  subscriptionPauses,
  subscriptionRuns,
  subscriptionSkips,
  subscriptions,
  users,
} from '../../db/schema.js';

type Runner = Db | Tx;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PauseRow = typeof subscriptionPauses.$inferSelect;

/** A standing order with its skips and pauses. */
export interface SubscriptionWithCalendar extends SubscriptionRow {
  skips: string[];
  pauses: PauseRow[];
}

async function withCalendars(db: Runner, rows: SubscriptionRow[]): Promise<SubscriptionWithCalendar[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [skips, pauses] = await Promise.all([
    db
      .select()
      .from(subscriptionSkips)
      .where(inArray(subscriptionSkips.subscriptionId, ids))
      .orderBy(asc(subscriptionSkips.date)),
    db
      .select()
      .from(subscriptionPauses)
      .where(inArray(subscriptionPauses.subscriptionId, ids))
      .orderBy(asc(subscriptionPauses.from), asc(subscriptionPauses.id)),
  ]);
  const skipsOf = new Map<string, string[]>();
  for (const skip of skips) skipsOf.set(skip.subscriptionId, [...(skipsOf.get(skip.subscriptionId) ?? []), skip.date]);
  const pausesOf = new Map<string, PauseRow[]>();
  for (const pause of pauses)
    pausesOf.set(pause.subscriptionId, [...(pausesOf.get(pause.subscriptionId) ?? []), pause]);
  return rows.map((row) => ({ ...row, skips: skipsOf.get(row.id) ?? [], pauses: pausesOf.get(row.id) ?? [] }));
}

/** A shopper's standing orders, the running ones first (then the newest). */
export async function subscriptionsOfUser(db: Runner, userId: string): Promise<SubscriptionWithCalendar[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(sql`${subscriptions.endsOn} is not null`, asc(subscriptions.createdAt), asc(subscriptions.id));
  return withCalendars(db, rows);
}

/** One of the shopper's standing orders, locked for a change when `tx` is a transaction's. */
export async function lockSubscription(tx: Tx, userId: string, id: string): Promise<SubscriptionWithCalendar | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .for('update');
  if (!row) return null;
  const [withCalendar] = await withCalendars(tx, [row]);
  return withCalendar ?? null;
}

/** The shopper's running standing orders, counted under a lock on the shopper's row (the limit holds across processes). */
export async function countRunningLocked(tx: Tx, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.endsOn)));
  return Number(row?.count ?? 0);
}

export async function insertSubscription(tx: Tx, values: SubscriptionValues): Promise<SubscriptionRow> {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

export async function updateSubscription(
  tx: Tx,
  id: string,
  values: Partial<SubscriptionValues>,
  at: Date,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: at })
    .where(eq(subscriptions.id, id));
}

export async function insertSkip(tx: Tx, subscriptionId: string, date: string): Promise<void> {
  await tx.insert(subscriptionSkips).values({ subscriptionId, date }).onConflictDoNothing();
}

export async function deleteSkip(tx: Tx, subscriptionId: string, date: string): Promise<boolean> {
  const rows = await tx
    .delete(subscriptionSkips)
    .where(and(eq(subscriptionSkips.subscriptionId, subscriptionId), eq(subscriptionSkips.date, date)))
    .returning({ date: subscriptionSkips.date });
  return rows.length > 0;
}

export async function insertPause(tx: Tx, subscriptionId: string, from: string, to: string): Promise<void> {
  await tx.insert(subscriptionPauses).values({ subscriptionId, from, to });
}

export async function deletePause(tx: Tx, subscriptionId: string, pauseId: string): Promise<boolean> {
  const rows = await tx
    .delete(subscriptionPauses)
    .where(and(eq(subscriptionPauses.subscriptionId, subscriptionId), eq(subscriptionPauses.id, pauseId)))
    .returning({ id: subscriptionPauses.id });
  return rows.length > 0;
}

/** The products standing orders name, as the lists show them. */
export interface ProductFacts {
  id: string;
  name: string;
  aliases: string[];
  unit: string;
  ratePaise: number;
  stockGrams: number;
  weightOptionsGrams: number[];
  imageId: string | null;
}

export async function productFacts(db: Runner, ids: readonly string[]): Promise<Map<string, ProductFacts>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      aliases: products.aliases,
      unit: products.unit,
      ratePaise: products.ratePaise,
      stockGrams: products.stockGrams,
      weightOptionsGrams: products.weightOptionsGrams,
      imageId: products.imageId,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** What happened to these standing orders on these dates: the order made, or the failure kept. */
export async function outcomesBetween(
  db: Runner,
  subscriptionIds: readonly string[],
  from: string,
  to: string,
): Promise<{ made: Map<string, string>; failed: Set<string> }> {
  if (!subscriptionIds.length) return { made: new Map(), failed: new Set() };
  const ids = [...subscriptionIds];
  const [made, failed] = await Promise.all([
    db
      .select({
        subscriptionId: subscriptionOrders.subscriptionId,
        date: subscriptionOrders.date,
        orderId: subscriptionOrders.orderId,
      })
      .from(subscriptionOrders)
      .where(
        and(
          inArray(subscriptionOrders.subscriptionId, ids),
          gte(subscriptionOrders.date, from),
          lte(subscriptionOrders.date, to),
        ),
      ),
    db
      .select({ subscriptionId: subscriptionFailures.subscriptionId, date: subscriptionFailures.date })
      .from(subscriptionFailures)
      .where(
        and(
          inArray(subscriptionFailures.subscriptionId, ids),
          gte(subscriptionFailures.date, from),
          lte(subscriptionFailures.date, to),
        ),
      ),
  ]);
  return {
    made: new Map(made.map((row) => [`${row.subscriptionId}@${row.date}`, row.orderId])),
    failed: new Set(failed.map((row) => `${row.subscriptionId}@${row.date}`)),
  };
}

/** A standing order a run of `date` may make: running that day, with whether it was made or failed already. */
export interface RunCandidate extends SubscriptionWithCalendar {
  firstName: string;
  lastName: string;
  email: string;
  language: string | null;
  isMade: boolean;
  hasFailed: boolean;
}

/** Every standing order running on `date` (its schedule, skips and pauses are judged by the caller). */
export async function runningOn(db: Runner, date: string): Promise<RunCandidate[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.id, u.first_name, u.last_name, u.email, u.language,
        exists(select 1 from ${subscriptionOrders} o where o.subscription_id = s.id and o.date = ${date}::date) as is_made,
        exists(select 1 from ${subscriptionFailures} f where f.subscription_id = s.id and f.date = ${date}::date) as has_failed
      from ${subscriptions} s join ${users} u on u.id = s.user_id
      where s.start_date <= ${date}::date and (s.ends_on is null or s.ends_on > ${date}::date)`),
  );
  if (!rows.length) return [];
  const facts = new Map(rows.map((row) => [String(row.id), row]));
  const full = await db
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.id, [...facts.keys()]))
    .orderBy(asc(subscriptions.userId), asc(subscriptions.createdAt), asc(subscriptions.id));
  return (await withCalendars(db, full)).map((subscription) => {
    const row = facts.get(subscription.id) ?? {};
    return {
      ...subscription,
      firstName: String(row.first_name ?? ''),
      lastName: String(row.last_name ?? ''),
      email: String(row.email ?? ''),
      language: (row.language as string | null) ?? null,
      isMade: row.is_made === true,
      hasFailed: row.has_failed === true,
    };
  });
}

/**
 * Takes the date's run for this process for two minutes (a process that stops mid-run lets another
 * take it then); false while another process holds it.
 */
export async function claimRun(db: Runner, date: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into ${subscriptionRuns} as r (date, lease_until) values (${date}::date, now() + interval '2 minutes')
      on conflict (date) do update set lease_until = excluded.lease_until
        where r.lease_until is null or r.lease_until < now()
      returning r.date`),
  );
  return rows.length > 0;
}

/** Lets the date's run go, marked made (at the shop clock's `at`) with the orders it made added. */
export async function releaseRun(db: Runner, date: string, at: Date, created: number): Promise<void> {
  await db
    .update(subscriptionRuns)
    .set({
      leaseUntil: null,
      madeAt: sql`coalesce(${subscriptionRuns.madeAt}, ${at.toISOString()}::timestamptz)`,
      created: sql`${subscriptionRuns.created} + ${created}`,
    })
    .where(eq(subscriptionRuns.date, date));
}

/** Lets the date's run go without marking it made (the run failed part way). */
export async function abandonRun(db: Runner, date: string): Promise<void> {
  await db.update(subscriptionRuns).set({ leaseUntil: null }).where(eq(subscriptionRuns.date, date));
}

/** The dates among these whose standing orders were made already. */
export async function madeDates(db: Runner, dates: readonly string[]): Promise<Set<string>> {
  if (!dates.length) return new Set();
  const rows = await db
    .select({ date: subscriptionRuns.date })
    .from(subscriptionRuns)
    .where(and(inArray(subscriptionRuns.date, [...dates]), sql`${subscriptionRuns.madeAt} is not null`));
  return new Set(rows.map((row) => row.date));
}

export interface NewFailure {
  subscriptionId: string;
  date: string;
  reason: typeof subscriptionFailures.$inferInsert.reason;
  message: string;
}

/** Keeps failures once each; the ones written now (the others were kept by an earlier run). */
export async function insertFailures(db: Runner, failures: readonly NewFailure[]): Promise<NewFailure[]> {
  if (!failures.length) return [];
  const rows = await db
    .insert(subscriptionFailures)
    .values([...failures])
    .onConflictDoNothing()
    .returning({ subscriptionId: subscriptionFailures.subscriptionId });
  const written = new Set(rows.map((row) => row.subscriptionId));
  return failures.filter((failure) => written.has(failure.subscriptionId));
}

/** The failures kept for a date, with whose and what they were. */
export async function failuresOn(db: Runner, date: string) {
  return db
    .select({
      subscriptionId: subscriptionFailures.subscriptionId,
      date: subscriptionFailures.date,
      reason: subscriptionFailures.reason,
      message: subscriptionFailures.message,
      productId: subscriptions.productId,
      productName: subscriptions.productName,
      userId: subscriptions.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(subscriptionFailures)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionFailures.subscriptionId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptionFailures.date, date))
    .orderBy(asc(users.firstName), asc(subscriptions.productName));
}

/** The orders made for a date's standing orders. */
export async function ordersOn(db: Runner, date: string) {
  return db
    .selectDistinct({
      orderId: subscriptionOrders.orderId,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
    })
    .from(subscriptionOrders)
    .innerJoin(orders, eq(orders.id, subscriptionOrders.orderId))
    .where(eq(subscriptionOrders.date, date))
    .orderBy(asc(orders.orderNumber));
}

/** Which standing orders each made order holds (the participant's write). */
export async function insertSubscriptionOrders(
  tx: Tx,
  rows: readonly { orderId: string; subscriptionId: string; date: string }[],
): Promise<void> {
  if (rows.length) await tx.insert(subscriptionOrders).values([...rows]);
}

/** Marks these shoppers told of the closed date; the ones not told before. */
export async function markClosedNotices(db: Runner, date: string, userIds: readonly string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .insert(subscriptionClosedNotices)
    .values(userIds.map((userId) => ({ date, userId })))
    .onConflictDoNothing()
    .returning({ userId: subscriptionClosedNotices.userId });
  return rows.map((row) => row.userId);
}
