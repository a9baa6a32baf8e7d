/**
 * Rate limits kept in the database, so every server process sharing it enforces one budget.
 * A sliding-window counter: the current fixed window's hits plus the previous window's hits
 * weighted by how much of it still overlaps the last `windowMs`. This keeps an attacker from
 * spending two budgets back to back across a window boundary.
 */
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from './app-error.js';

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
  /** Forgets every hit of a key (e.g. failed logins after a successful one). */
  reset(key: string): Promise<void>;
}

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

export function createRateLimiter(db: Db): RateLimiter {
  let writes = 0;

  async function prune(): Promise<void> {
    writes += 1;
    if (writes % PRUNE_EVERY_WRITES !== 0) return;
    const cutoff = new Date(Date.now() - PRUNE_OLDER_THAN_MS).toISOString();
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

  return {
    async hit(rule) {
      const now = Date.now();
      const { current, previous } = await increment(rule, now);
      if (current + carriedOver(rule, now, previous) > rule.max) throw tooMany(rule, now);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}
