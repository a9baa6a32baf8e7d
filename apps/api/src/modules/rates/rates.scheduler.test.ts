/**
 * A rate read asks the database whether a scheduled change is due only when it must: each process
 * remembers when the next one is due and forgets it with every catalogue write (its own or, through
 * the cache bus, another process's) and whenever the cache pauses. Counted here as the selects the
 * scheduler makes on an embedded database.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct } from '../../../test/factories.js';
import type { Db } from '../../db/client.js';
import { products, rateChanges } from '../../db/schema.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { ResponseCache } from '../../lib/response-cache.js';
import { createUnitOfWork } from '../../platform/unit-of-work.js';
import { createRateScheduler, type RateScheduler } from './rates.scheduler.js';

const NOW = new Date('2026-11-26T04:30:00Z');
const HOUR = 3_600_000;
const quietLog = { error: () => {} } as unknown as FastifyBaseLogger;

let t: TestApp;
let clock = NOW;
let selects = 0;
/** Runs once inside the next select, as a write heard from another process while a look is out. */
let duringNextSelect: (() => void) | null = null;
let cache: ResponseCache;
let scheduler: RateScheduler;

beforeAll(async () => {
  // The app runs a scheduler of its own: on the real clock the change below (dated in the past)
  // would be due to it, and its start-up look could apply the change before this test's scheduler.
  t = await buildTestApp({}, { now: () => NOW });
  const countingDb = new Proxy(t.db, {
    get(target, property, receiver) {
      if (property === 'select') {
        selects += 1;
        duringNextSelect?.();
        duringNextSelect = null;
      }
      return Reflect.get(target, property, receiver);
    },
  }) as Db;
  cache = new ResponseCache({ maxAgeMs: HOUR });
  scheduler = createRateScheduler({
    work: createUnitOfWork(countingDb, cache),
    cache,
    now: () => clock,
    log: quietLog,
  });
});
afterAll(() => t.close());

describe('the rate reads’ look for a due change', () => {
  it('is made once until a catalogue write or a pause, and a due change still applies before the read', async () => {
    const product = await createProduct(t.db, { name: 'Desi Tomato', rate: 40 });
    await t.db
      .insert(rateChanges)
      .values({ productId: product.id, newRatePaise: 3600, effectiveAt: new Date(NOW.getTime() + HOUR) });

    const looks = async (reads: number) => {
      const before = selects;
      for (let i = 0; i < reads; i++) expect(await scheduler.applyDue()).toBe(0);
      return selects - before;
    };
    expect(await looks(3)).toBe(1);
    // A write to the stock only: not the catalogue, the next due moment stands.
    cache.invalidate([CACHE_TAGS.stock]);
    expect(await looks(2)).toBe(0);
    // A catalogue write (a schedule published here or on another process) makes it look again.
    cache.invalidate([CACHE_TAGS.catalogue]);
    expect(await looks(2)).toBe(1);
    // Paused (the bus reconnecting): every read looks.
    cache.setEnabled(false);
    expect(await looks(2)).toBe(2);
    cache.setEnabled(true);
    // A write heard while a look is out: that look's answer may be old, so it is not kept.
    duringNextSelect = () => cache.invalidate([CACHE_TAGS.catalogue]);
    expect(await looks(1)).toBe(1);
    expect(await looks(2)).toBe(1);

    // The remembered moment comes: the read applies the change before it answers.
    clock = new Date(NOW.getTime() + HOUR);
    expect(await scheduler.applyDue()).toBe(1);
    const [row] = await t.db
      .select({ ratePaise: products.ratePaise })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.ratePaise).toBe(3600);
    // Nothing pending: remembered as such until the next catalogue write.
    expect(await looks(1)).toBe(1);
    expect(await looks(3)).toBe(0);
  });
});
