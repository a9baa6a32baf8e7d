/** The sliding window: the current window's hits and the overlapping share of the previous one's. */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createRateLimiter, type RateLimiter } from './rate-limit.js';

let t: TestApp;
let limiter: RateLimiter;

beforeAll(async () => {
  t = await buildTestApp();
  limiter = createRateLimiter(t.db);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const MINUTE = 60_000;
/** A moment well inside one window: window `n` starts at n minutes (the epoch is a window start). */
const at = (ms: number) => vi.spyOn(Date, 'now').mockReturnValue(1_000 * MINUTE + ms);
const hit = (key: string) =>
  limiter.hit({ key, max: 3, windowMs: MINUTE }).then(
    () => 'counted',
    (error: { status?: number }) => (error.status === 429 ? 'refused' : Promise.reject(error)),
  );

describe('a rate limit', () => {
  it('counts the previous window by how much of it still overlaps the last minute', async () => {
    at(59_000);
    expect([await hit('a'), await hit('a'), await hit('a'), await hit('a')]).toEqual([
      'counted',
      'counted',
      'counted',
      'refused',
    ]);
    // 1 s into the next window: the 4 hits counted before (a refused one counts too) × 59/60 of
    // that window still overlapping, floored: 3, and this hit makes 4.
    at(MINUTE + 1_000);
    expect(await hit('a')).toBe('refused');
    // Half-way: the previous window counts as 2, and this window's own two hits make 4.
    at(MINUTE + 30_000);
    expect(await hit('a')).toBe('refused');
    // At the end of the next window the one before it (2 hits) counts as nothing: a budget of 3.
    at(2 * MINUTE + 59_000);
    expect([await hit('a'), await hit('a'), await hit('a'), await hit('a')]).toEqual([
      'counted',
      'counted',
      'counted',
      'refused',
    ]);
  });

  it('keeps keys apart', async () => {
    at(10_000);
    for (let i = 0; i < 3; i++) await hit('b');
    expect(await hit('b')).toBe('refused');
    expect(await hit('c')).toBe('counted');
  });
});

describe('a batched rate limit (searches)', () => {
  const rule = (key: string) => ({ key, max: 3, windowMs: MINUTE });
  const hitOn = (on: RateLimiter, key: string) => {
    try {
      on.hitBatched(rule(key));
      return 'counted';
    } catch (error) {
      if ((error as { status?: number }).status === 429) return 'refused';
      throw error;
    }
  };
  const writtenHits = async (key: string) => {
    const result = await t.db.execute(
      sql`select coalesce(sum(hits), 0)::int as hits from rate_limits where key = ${key}`,
    );
    return (result as unknown as { rows: { hits: number }[] }).rows[0]?.hits;
  };

  it('decides at once, and writes the hits of every key later in one statement', async () => {
    at(5_000);
    expect([hitOn(limiter, 'd'), hitOn(limiter, 'd'), hitOn(limiter, 'd'), hitOn(limiter, 'd')]).toEqual([
      'counted',
      'counted',
      'counted',
      'refused',
    ]);
    expect(hitOn(limiter, 'e')).toBe('counted');
    expect(await writtenHits('d')).toBe(0);
    await limiter.writeBatched();
    expect([await writtenHits('d'), await writtenHits('e')]).toEqual([3, 1]);
    // Written, still counted: the budget stays spent.
    expect(hitOn(limiter, 'd')).toBe('refused');
    // The next window carries the last one over as a plain hit would (refused hits are not
    // counted here): 1 s in, 3 × 59/60 floored is 2, so one more fits.
    at(MINUTE + 1_000);
    expect([hitOn(limiter, 'd'), hitOn(limiter, 'd')]).toEqual(['counted', 'refused']);
    // 50 s in the last window counts as nothing: this window's one hit and two more.
    at(MINUTE + 50_000);
    expect([hitOn(limiter, 'd'), hitOn(limiter, 'd'), hitOn(limiter, 'd')]).toEqual(['counted', 'counted', 'refused']);
  });

  it('learns the hits of the other processes when it writes its own', async () => {
    const other = createRateLimiter(t.db);
    at(2 * MINUTE + 5_000);
    for (let i = 0; i < 3; i++) expect(hitOn(limiter, 'f')).toBe('counted');
    await limiter.writeBatched();
    // The other process had not heard: its one hit overspends the budget by one, no more.
    expect(hitOn(other, 'f')).toBe('counted');
    await other.writeBatched();
    expect(await writtenHits('f')).toBe(4);
    expect(hitOn(other, 'f')).toBe('refused');
  });

  it('keeps the hits it could not write for the next write', async () => {
    let isAway = true;
    const flaky = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'execute' && isAway) return async () => Promise.reject(new Error('database away'));
        return Reflect.get(target, property, receiver);
      },
    });
    const limited = createRateLimiter(flaky);
    at(3 * MINUTE + 5_000);
    expect([hitOn(limited, 'g'), hitOn(limited, 'g')]).toEqual(['counted', 'counted']);
    await expect(limited.writeBatched()).rejects.toThrow('database away');
    isAway = false;
    expect(hitOn(limited, 'g')).toBe('counted');
    await limited.writeBatched();
    expect(await writtenHits('g')).toBe(3);
  });
});
