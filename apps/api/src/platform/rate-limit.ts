/**
 * Rate limits kept in the database, so every server process sharing it enforces one budget.
 * A sliding-window counter: the current fixed window's hits plus the previous window's hits
 * weighted by how much of it still overlaps the last `windowMs`. This keeps an attacker from
 * spending two budgets back to back across a window boundary.
 */
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/app-error.js';

export interface RateLimitRule {
  /** e.g. `login:ip:127.0.0.1` */
  key: string;
  max: number;
  windowMs: number;
  /** The 429's message when the limit is not about attempts (searches); the minutes are then not named. */
  message?: CodedMessage;
}

export interface RateLimiter {
  /**
   * Counts one hit and reads the count in the same statement (so parallel hits each see their own
   * number); throws a 429 AppError when the window's budget is spent.
   */
  hit(rule: RateLimitRule): Promise<void>;
  /**
   * Counts one hit of a limit on cost, not on guessing (searches the cache does not hold), without
   * a round trip: decided on this process's view (the database's count at its last write plus the
   * hits since), and written with every other key's new hits in one statement within
   * `BATCH_WRITE_MS`. Throws the same 429. Across processes the budget can be overspent by what
   * the others counted and have not yet written (at most a second of their hits).
   */
  hitBatched(rule: RateLimitRule): void;
  /** Forgets every hit of a key (e.g. failed logins after a successful one). */
  reset(key: string): Promise<void>;
  /** Writes the batched hits held now, without waiting for their moment (at close, before the database closes). */
  writeBatched(): Promise<void>;
}

/** How long a batched hit waits before it is written with the others. */
export const BATCH_WRITE_MS = 1_000;

/** Old windows are deleted now and then; no rule looks further back than this. */
const PRUNE_EVERY_WRITES = 500;
const PRUNE_OLDER_THAN_MS = 2 * 86_400_000;

function windowStart(windowMs: number, now: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

function tooMany(rule: RateLimitRule, now: number): AppError {
  const retryAt = windowStart(rule.windowMs, now) + rule.windowMs;
  const minutes = Math.max(1, Math.ceil((retryAt - now) / 60_000));
  return new AppError(
    'tooManyRequests',
    rule.message ??
      (minutes === 1 ? serverMessage('tooManyAttemptsOneMinute') : serverMessage('tooManyAttempts', { minutes })),
    { retryAfterSeconds: minutes * 60 },
  );
}

type Rows<T> = { rows: T[] };

interface BatchedCount {
  key: string;
  startMs: number;
  windowMs: number;
  written: number;
  held: number;
  previous: number;
}

export interface RateLimiterOptions {
  /** The clock windows are placed by, in epoch milliseconds: the real one but in tests that pin it. */
  now?: () => number;
}

export function createRateLimiter(db: Db, options: RateLimiterOptions = {}): RateLimiter {
  const clock = options.now ?? (() => Date.now());
  let writes = 0;

  async function prune(): Promise<void> {
    writes += 1;
    if (writes % PRUNE_EVERY_WRITES !== 0) return;
    const cutoff = new Date(clock() - PRUNE_OLDER_THAN_MS).toISOString();
    await db.execute(sql`delete from rate_limits where window_start < ${cutoff}`);
  }

  /**
   * Counts one hit in the current window and reads the previous window's hits, in one statement
   * (one round trip per hit: searches and suggestions spend one on every answer not kept).
   */
  async function increment(rule: RateLimitRule, now: number): Promise<{ current: number; previous: number }> {
    const startMs = windowStart(rule.windowMs, now);
    const start = new Date(startMs).toISOString();
    const previousStart = new Date(startMs - rule.windowMs).toISOString();
    const result = await db.execute(sql`
      with counted as (
        insert into rate_limits (key, window_start, hits) values (${rule.key}, ${start}, 1)
        on conflict (key, window_start) do update set hits = rate_limits.hits + 1
        returning hits)
      select counted.hits,
             coalesce((select hits from rate_limits where key = ${rule.key} and window_start = ${previousStart}), 0)
               as previous
      from counted`);
    await prune();
    const row = (result as unknown as Rows<{ hits: number; previous: number }>).rows[0];
    return { current: Number(row?.hits ?? 1), previous: Number(row?.previous ?? 0) };
  }

  /** The previous window's hits that still fall inside the sliding window. */
  function carriedOver(rule: RateLimitRule, now: number, previous: number): number {
    const start = windowStart(rule.windowMs, now);
    const overlap = 1 - (now - start) / rule.windowMs;
    return Math.floor(previous * overlap);
  }

  /**
   * The batched counts of this process by key and window: `written` is the database's count when
   * this process last wrote (everyone's hits), `held` the hits since, `previous` the last window's.
   */
  const batched = new Map<string, BatchedCount>();
  let writeTimer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;

  async function writeHeld(): Promise<void> {
    writeTimer = null;
    const counts = [...batched.values()].filter((count) => count.held > 0);
    const held = counts.map((count) => count.held);
    for (const count of counts) count.held = 0;
    try {
      if (counts.length > 0) {
        // Each column one array parameter (a bare array would become a list of parameters).
        const keys = sql.param(counts.map((count) => count.key));
        const starts = sql.param(counts.map((count) => new Date(count.startMs).toISOString()));
        const previousStarts = sql.param(counts.map((count) => new Date(count.startMs - count.windowMs).toISOString()));
        const result = await db.execute(sql`
          with counted as (
            insert into rate_limits (key, window_start, hits)
            select key, window_start, hits
            from unnest(${keys}::text[], ${starts}::timestamptz[], ${sql.param(held)}::integer[])
              as batch (key, window_start, hits)
            on conflict (key, window_start) do update set hits = rate_limits.hits + excluded.hits
            returning key, window_start, hits)
          select counted.key, counted.window_start, counted.hits, coalesce(previous.hits, 0) as previous
          from counted
          join unnest(${keys}::text[], ${starts}::timestamptz[], ${previousStarts}::timestamptz[])
            as batch (key, window_start, previous_start)
            on batch.key = counted.key and batch.window_start = counted.window_start
          left join rate_limits previous
            on previous.key = batch.key and previous.window_start = batch.previous_start`);
        const rows = (
          result as unknown as Rows<{ key: string; window_start: string | Date; hits: number; previous: number }>
        ).rows;
        for (const row of rows) {
          const count = batched.get(`${row.key}|${new Date(row.window_start).getTime()}`);
          if (!count) continue;
          count.written = Number(row.hits);
          count.previous = Math.max(count.previous, Number(row.previous));
        }
        await prune();
      }
    } catch (error) {
      // Kept for the next write: hits are never forgotten because the database was away a moment.
      counts.forEach((count, i) => {
        count.held += held[i] ?? 0;
      });
      throw error;
    } finally {
      // Windows past carrying over into the current one are forgotten.
      const now = clock();
      for (const [id, count] of batched) {
        if (count.held === 0 && count.startMs + 2 * count.windowMs <= now) batched.delete(id);
      }
    }
  }

  function scheduleBatchedWrite(): void {
    if (writeTimer || writing) return;
    writeTimer = setTimeout(() => {
      writing = writeHeld()
        .catch(() => {})
        .finally(() => {
          writing = null;
          if ([...batched.values()].some((count) => count.held > 0)) scheduleBatchedWrite();
        });
    }, BATCH_WRITE_MS);
    writeTimer.unref();
  }

  return {
    hitBatched(rule) {
      const now = clock();
      const startMs = windowStart(rule.windowMs, now);
      const id = `${rule.key}|${startMs}`;
      let count = batched.get(id);
      if (!count) {
        // The window before, as this process last knew it, carries over until the database says more.
        const before = batched.get(`${rule.key}|${startMs - rule.windowMs}`);
        const previous = before ? before.written + before.held : 0;
        count = { key: rule.key, startMs, windowMs: rule.windowMs, written: 0, held: 0, previous };
        batched.set(id, count);
      }
      if (count.written + count.held + 1 + carriedOver(rule, now, count.previous) > rule.max) throw tooMany(rule, now);
      count.held += 1;
      scheduleBatchedWrite();
    },
    async writeBatched() {
      if (writeTimer) clearTimeout(writeTimer);
      writeTimer = null;
      await writing;
      if ([...batched.values()].some((count) => count.held > 0)) await writeHeld();
    },
    async hit(rule) {
      const now = clock();
      const { current, previous } = await increment(rule, now);
      if (current + carriedOver(rule, now, previous) > rule.max) throw tooMany(rule, now);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}
