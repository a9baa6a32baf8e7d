/** The sliding window: the current window's hits and the overlapping share of the previous one's. */
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
