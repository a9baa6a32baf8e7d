/**
 * Fixed-window rate limits kept in the database, so every server process sharing it enforces
 * one budget. `hit` counts an attempt and tells whether it is still within the limit.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from './app-error.js';

export interface RateLimitRule {
  /** e.g. `login:ip:127.0.0.1` */
  key: string;
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one hit; throws a 429 AppError when the window's budget is spent. */
  hit(rule: RateLimitRule): Promise<void>;
  /** Checks without counting (for "failed attempts" budgets counted only on failure). */
  check(rule: RateLimitRule): Promise<void>;
  count(rule: RateLimitRule): Promise<void>;
  reset(key: string): Promise<void>;
}

function windowStart(windowMs: number, now = Date.now()): Date {
  return new Date(Math.floor(now / windowMs) * windowMs);
}

function tooMany(rule: RateLimitRule): AppError {
  const retryAt = windowStart(rule.windowMs).getTime() + rule.windowMs;
  const minutes = Math.max(1, Math.ceil((retryAt - Date.now()) / 60_000));
  return new AppError(
    'tooManyRequests',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

export function createRateLimiter(db: Db): RateLimiter {
  async function increment(rule: RateLimitRule): Promise<number> {
    const start = windowStart(rule.windowMs);
    const result = await db.execute<{ hits: number }>(sql`
      insert into rate_limits (key, window_start, hits) values (${rule.key}, ${start.toISOString()}, 1)
      on conflict (key, window_start) do update set hits = rate_limits.hits + 1
      returning hits`);
    const rows = (result as unknown as { rows: { hits: number }[] }).rows;
    return Number(rows[0]?.hits ?? 1);
  }
  async function current(rule: RateLimitRule): Promise<number> {
    const start = windowStart(rule.windowMs);
    const result = await db.execute<{ hits: number }>(
      sql`select hits from rate_limits where key = ${rule.key} and window_start = ${start.toISOString()}`,
    );
    const rows = (result as unknown as { rows: { hits: number }[] }).rows;
    return Number(rows[0]?.hits ?? 0);
  }
  return {
    async hit(rule) {
      if ((await increment(rule)) > rule.max) throw tooMany(rule);
    },
    async check(rule) {
      if ((await current(rule)) >= rule.max) throw tooMany(rule);
    },
    async count(rule) {
      await increment(rule);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}
