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

  async function increment(rule: RateLimitRule, now: number): Promise<number> {
    const start = new Date(windowStart(rule.windowMs, now)).toISOString();
    const result = await db.execute(sql`
      insert into rate_limits (key, window_start, hits) values (${rule.key}, ${start}, 1)
      on conflict (key, window_start) do update set hits = rate_limits.hits + 1
      returning hits`);
    await prune();
    return Number((result as unknown as Rows<{ hits: number }>).rows[0]?.hits ?? 1);
  }

  async function hitsIn(rule: RateLimitRule, startMs: number): Promise<number> {
    const start = new Date(startMs).toISOString();
    const result = await db.execute(
      sql`select hits from rate_limits where key = ${rule.key} and window_start = ${start}`,
    );
    return Number((result as unknown as Rows<{ hits: number }>).rows[0]?.hits ?? 0);
  }

  /** The previous window's hits that still fall inside the sliding window. */
  async function carriedOver(rule: RateLimitRule, now: number): Promise<number> {
    const start = windowStart(rule.windowMs, now);
    const previous = await hitsIn(rule, start - rule.windowMs);
    const overlap = 1 - (now - start) / rule.windowMs;
    return Math.floor(previous * overlap);
  }

  return {
    async hit(rule) {
      const now = Date.now();
      const current = await increment(rule, now);
      if (current + (await carriedOver(rule, now)) > rule.max) throw tooMany(rule, now);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}
