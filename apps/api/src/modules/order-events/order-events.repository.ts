/**
 * The outbox's queries (decision 0017). Rows are written in the moment's own transaction, one per
 * event and subscriber, with one statement for a whole group-commit batch; the dispatcher claims
 * due rows with `FOR UPDATE SKIP LOCKED`, so two processes never take the same row at once.
 */
import { eq, sql } from 'drizzle-orm';
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
      where next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked)
    returning *`);
  return rowsFromDriver(orderEventsOutbox, result).sort((a, b) => a.id - b.id);
}

/** Whether any row is due now (the test hook looks before claiming). */
export async function hasDueRows(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from ${orderEventsOutbox} where next_attempt_at <= now()) as due`,
  );
  const row = (result as unknown as { rows: { due: boolean | string }[] }).rows[0];
  return row?.due === true || row?.due === 't';
}

/** Delivered: the row goes. */
export async function deleteRow(db: Db, id: number): Promise<void> {
  await db.delete(orderEventsOutbox).where(eq(orderEventsOutbox.id, id));
}

/** Failed: due again after `delaySeconds`, with what went wrong. */
export async function postponeRow(db: Db, id: number, delaySeconds: number, error: string): Promise<void> {
  await db
    .update(orderEventsOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`, lastError: error.slice(0, 2000) })
    .where(eq(orderEventsOutbox.id, id));
}

/** Seconds until the next row is due (0 if one is due now), or null when the outbox is empty. */
export async function secondsToNextDue(db: Db): Promise<number | null> {
  const result = await db.execute(
    sql`select extract(epoch from (min(next_attempt_at) - now()))::float8 as wait from ${orderEventsOutbox}`,
  );
  const wait = (result as unknown as { rows: { wait: number | string | null }[] }).rows[0]?.wait;
  return wait === null || wait === undefined ? null : Math.max(0, Number(wait));
}
