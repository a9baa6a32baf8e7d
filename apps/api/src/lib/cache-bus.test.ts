/**
 * The cache bus: payload packing, and (on PostgreSQL) what happens when its listening connection
 * is lost: nothing is kept while it is down, and invalidations from other processes flow again
 * once it has reconnected.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgresRun } from '../../test/build-test-app.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/postgres-database.js';
import { CACHE_CHANNEL, type PostgresCacheBus, packTags, startPostgresCacheBus } from './cache-bus.js';
import { CACHE_TAGS } from './cache-tags.js';
import { type CachedRead, ResponseCache } from './response-cache.js';

/** Longer than any test runs: no entry ages out unless a test moves the clock. */
const HOUR = 3_600_000;

describe('packTags', () => {
  it('sends a few tags as one payload', () => {
    expect(packTags(['catalogue', 'orders'], 'abc|')).toEqual(['abc|catalogue,orders']);
  });

  it('splits many tags into payloads PostgreSQL accepts, losing none', () => {
    const tags = Array.from(
      { length: 500 },
      (_, i) => `orders-of:00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
    );
    const payloads = packTags(tags, 'sender|');
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) {
      expect(payload.startsWith('sender|')).toBe(true);
      expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    }
    expect(payloads.flatMap((payload) => payload.slice('sender|'.length).split(','))).toEqual(tags);
  });
});

describe.skipIf(!isPostgresRun)('the bus losing and regaining its connection', () => {
  let database: ThrowawayDatabase;
  let pool: pg.Pool;
  let bus: PostgresCacheBus;
  const cache = new ResponseCache({ maxAgeMs: HOUR });
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;

  const products: CachedRead<string> = {
    name: 'products',
    route: 'GET /products',
    key: (key) => key,
    tags: () => [CACHE_TAGS.catalogue],
  };

  /** How many of `times` reads of one key went to the database. */
  async function loadsOf(key: string, times = 2): Promise<number> {
    let loads = 0;
    for (let i = 0; i < times; i++) {
      await cache.json(products, key, async () => {
        loads += 1;
        return { loads };
      });
    }
    return loads;
  }
  async function eventually(check: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  /** Another process's write, as it reaches this database. */
  const notifyFromElsewhere = () => pool.query('select pg_notify($1, $2)', [CACHE_CHANNEL, 'elsewhere|catalogue']);

  beforeAll(async () => {
    database = await createThrowawayDatabase('mandi_bus');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    bus = startPostgresCacheBus({ cache, databaseUrl: database.url, log });
  });
  afterAll(async () => {
    await bus?.close();
    await pool?.end();
    await database?.drop();
  });

  it('keeps nothing while down, and hears other processes again after reconnecting', async () => {
    // Listening: a read is kept, and another process's write drops it.
    await eventually(async () => (await loadsOf('before')) === 1);
    await notifyFromElsewhere();
    await eventually(async () => (await loadsOf('before', 1)) === 1);

    // The listening connection is cut (a restart, a network fault).
    await eventually(async () => {
      const { rowCount } = await pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'`,
      );
      return (rowCount ?? 0) > 0;
    });
    await eventually(async () => warnings.length > 0);
    // Down: it cannot hear other processes, so every read goes to the database.
    expect(await loadsOf('while-down', 3)).toBe(3);

    // Back (it retries after a second): reads are kept again, and invalidations flow again.
    await eventually(async () => (await loadsOf('after')) === 1);
    expect(await loadsOf('after', 1)).toBe(0);
    await notifyFromElsewhere();
    await eventually(async () => (await loadsOf('after', 1)) === 1);
  });
});
