/**
 * The outbox's queries (decision 0017). Rows are written in the moment's own transaction, one per
 * event and subscriber, with one statement for a whole group-commit batch; the dispatcher claims
 * due rows with `FOR UPDATE SKIP LOCKED`, so two processes never take the same row at once.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { insertManySql, rowsFromDriver } from '../../db/insert-many.js';
import { orderEventsOutbox } from '../../db/schema.js';

export type OutboxRow = typeof orderEventsOutbox.$inferSelect;
export type NewOutboxRow = Pick<typeof orderEventsOutbox.$inferInsert, 'orderId' | 'type' | 'subscriber' | 'payload'>;

/** One statement whatever the number of rows (none: no statement). */
export async function insertOutboxRows(tx: Tx, rows: NewOutboxRow[]): Promise<void> {
  if (!rows.length) return;
  await tx.execute(insertManySql(orderEventsOutbox, rows));
}

/**
 * Takes up to `limit` due rows for this process: each gets its attempt counted and its next
 * attempt moved `leaseSeconds` ahead (so no other process takes it meanwhile; if this process
 * dies, the row is due again when the lease ends). Rows another process is claiming right now
 * are skipped, not waited for.
 */
export async function claimDueRows(db: Db, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update ${orderEventsOutbox}
    set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from ${orderEventsOutbox}
      where next_attempt_at <= now() and parked_at is null
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked)
    returning *`);
  return rowsFromDriver(orderEventsOutbox, result).sort((a, b) => a.id - b.id);
}

/** Whether any row is due now (the test hook looks before claiming). */
export async function hasDueRows(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from ${orderEventsOutbox} where next_attempt_at <= now() and parked_at is null) as due`,
  );
  const row = (result as unknown as { rows: { due: boolean | string }[] }).rows[0];
  return row?.due === true || row?.due === 't';
}

/**
 * A claimed row is this process's while its `attempts` is still the one the claim returned: a
 * process that claims it after a lease ran out counts another attempt. Every write below checks it,
 * so a slow process never deletes or reschedules a row another has taken since.
 */
const heldBy = (row: { id: number; attempts: number }) =>
  and(eq(orderEventsOutbox.id, row.id), eq(orderEventsOutbox.attempts, row.attempts));

/**
 * Renews the lease of a claimed row just before its subscriber runs, so each delivery gets the
 * whole lease whatever the rows before it took; false when another process has taken it since.
 */
export async function renewLease(
  db: Db,
  row: { id: number; attempts: number },
  leaseSeconds: number,
): Promise<boolean> {
  const renewed = await db
    .update(orderEventsOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(heldBy(row))
    .returning({ id: orderEventsOutbox.id });
  return renewed.length === 1;
}

/**
 * Takes back rows this process claimed and could not settle because the database went away
 * mid-run (a restart or failover cut its connections): still its own while their `attempts` is
 * the one it holds, so nothing waits out the lease. Each is counted as a new attempt with a new
 * lease, as a claim would; a row another process took since is not returned.
 */
export async function reclaimHeldRows(
  db: Db,
  held: readonly { id: number; attempts: number }[],
  leaseSeconds: number,
): Promise<OutboxRow[]> {
  if (!held.length) return [];
  const rows = await db
    .update(orderEventsOutbox)
    .set({
      attempts: sql`${orderEventsOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(or(...held.map(heldBy)))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Claimed rows this process will not deliver (it is closing): due again at once, for another process. */
export async function releaseRows(db: Db, held: readonly { id: number; attempts: number }[]): Promise<void> {
  if (!held.length) return;
  await db
    .update(orderEventsOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(or(...held.map(heldBy)));
}

/** Delivered: the row goes (if this process still holds it). */
export async function deleteRow(db: Db, row: { id: number; attempts: number }): Promise<void> {
  await db.delete(orderEventsOutbox).where(heldBy(row));
}

/** Failed: due again after `delaySeconds`, with what went wrong (if this process still holds it). */
export async function postponeRow(
  db: Db,
  row: { id: number; attempts: number },
  delaySeconds: number,
  error: string,
): Promise<void> {
  await db
    .update(orderEventsOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`, lastError: error.slice(0, 2000) })
    .where(heldBy(row));
}

/** A row that failed its last allowed attempt: kept with its error, never claimed again (decision 0055). */
export async function parkRow(db: Db, row: { id: number; attempts: number }, error: string): Promise<void> {
  await db
    .update(orderEventsOutbox)
    .set({ parkedAt: sql`now()`, lastError: error.slice(0, 2000) })
    .where(heldBy(row));
}

/** Seconds until the next row is due (0 if one is due now), or null when the outbox is empty. */
export async function secondsToNextDue(db: Db): Promise<number | null> {
  const result = await db.execute(
    sql`select extract(epoch from (min(next_attempt_at) - now()))::float8 as wait from ${orderEventsOutbox} where parked_at is null`,
  );
  const wait = (result as unknown as { rows: { wait: number | string | null }[] }).rows[0]?.wait;
  return wait === null || wait === undefined ? null : Math.max(0, Number(wait));
}
