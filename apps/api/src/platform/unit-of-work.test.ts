/**
 * The unit of work: the tags a write touched are dropped once its transaction has ended (after a
 * failure too), and a notification that cannot be sent rolls the write back and leaves this
 * process with nothing kept. On PostgreSQL: another process hears a write when it commits, and
 * never when its commit fails, although the notification was sent inside the transaction.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPostgresRun } from '../../test/build-test-app.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/postgres-database.js';
import { type Database, openDatabase } from '../db/client.js';
import {
  CACHE_CHANNEL,
  type InvalidationChannel,
  type PostgresCacheBus,
  startPostgresCacheBus,
} from '../lib/cache-bus.js';
import { CACHE_TAGS } from '../lib/cache-tags.js';
import { type CachedRead, type CacheTag, ResponseCache } from '../lib/response-cache.js';
import { createUnitOfWork } from './unit-of-work.js';

/** Longer than any test runs: no entry ages out unless a test moves the clock. */
const HOUR = 3_600_000;

const { catalogue, orders, users } = CACHE_TAGS;
const read = (name: string, tag: CacheTag): CachedRead => ({
  name,
  route: `GET /${name}`,
  key: () => '',
  tags: () => [tag],
});
const products = read('products', catalogue);
const stats = read('stats', orders);
const userList = read('users', users);

const warm = (cache: ResponseCache, ...reads: CachedRead[]) =>
  Promise.all(reads.map((of) => cache.json(of, undefined, async () => of.name)));
/** Whether `cache` holds an answer of `of`. */
const holds = (cache: ResponseCache, of: CachedRead) => cache.storedReads().has(of.name);
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the unit of work', () => {
  let postgres: ThrowawayDatabase | null = null;
  let database: Database;

  beforeAll(async () => {
    postgres = isPostgresRun ? await createThrowawayDatabase('mandi_uow') : null;
    database = await openDatabase({ databaseUrl: postgres?.url, pgliteDir: 'memory://' });
    await database.db.execute(sql`create table probe (id int primary key)`);
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it('drops what a write touched once it has committed, and after a failure too', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const work = createUnitOfWork(database.db, cache);
    await warm(cache, products, stats);
    await work.transaction(async (tx, touch) => {
      touch(catalogue);
      await tx.execute(sql`insert into probe values (1)`);
      // Still kept while the transaction runs: its change is not visible yet.
      expect(holds(cache, products)).toBe(true);
    });
    expect(cache.storedReads()).toEqual(new Set(['stats']));

    await warm(cache, products);
    await expect(
      work.transaction(async (tx, touch) => {
        touch(catalogue);
        await tx.execute(sql`insert into probe values (1)`);
      }),
    ).rejects.toThrow();
    expect(cache.storedReads()).toEqual(new Set(['stats']));
  });

  it('a notification that fails rolls the write back and drops everything this process kept', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    // PostgreSQL refuses a payload of 8000 bytes or more: a notification that cannot be sent.
    const failing: InvalidationChannel = {
      statement: () => sql`select pg_notify(${CACHE_CHANNEL}, repeat('x', 9000))`,
    };
    const work = createUnitOfWork(database.db, cache, failing);
    await warm(cache, products, userList);
    await expect(
      work.transaction(async (tx, touch) => {
        touch(catalogue);
        await tx.execute(sql`insert into probe values (2)`);
      }),
    ).rejects.toThrow('the other processes could not be told about this write');
    expect(cache.size).toBe(0);
    const rows = await database.db.execute(sql`select id from probe where id = 2`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);

    // A write that touches nothing sends nothing, so it cannot fail that way.
    await warm(cache, userList);
    await work.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (3)`);
    });
    expect(holds(cache, userList)).toBe(true);
  });

  it('sends one notification statement per transaction, however many tags it touched', async () => {
    const statement = vi.fn((_tags: readonly CacheTag[]) => sql`select 1`);
    const work = createUnitOfWork(database.db, new ResponseCache({ maxAgeMs: HOUR }), { statement });
    await work.transaction(async (_tx, touch) => {
      touch(catalogue, orders);
      touch(orders, users);
    });
    expect(statement).toHaveBeenCalledTimes(1);
    expect(statement.mock.calls[0]?.[0]).toEqual([catalogue, orders, users]);
  });
});

describe.skipIf(!isPostgresRun)('two processes on one PostgreSQL database', () => {
  let postgres: ThrowawayDatabase;
  const processes: { database: Database; cache: ResponseCache; bus: PostgresCacheBus }[] = [];
  const log = { warn: () => {} } as unknown as FastifyBaseLogger;

  beforeAll(async () => {
    postgres = await createThrowawayDatabase('mandi_uow_bus');
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: postgres.url });
      const cache = new ResponseCache({ maxAgeMs: HOUR });
      processes.push({ database, cache, bus: startPostgresCacheBus({ cache, databaseUrl: postgres.url, log }) });
    }
    await processes[0]?.database.db.execute(
      sql`create table probe (id int, constraint probe_once unique (id) deferrable initially deferred)`,
    );
    // Each keeps nothing until it listens.
    for (const { cache } of processes) {
      await eventually(async () => {
        await warm(cache, products, stats, userList);
        return holds(cache, products);
      });
    }
  });
  afterAll(async () => {
    for (const { bus, database } of processes) {
      await bus.close();
      await database.close();
    }
    await postgres?.drop();
  });

  it('each hears the other’s committed writes, and never a write whose commit failed', async () => {
    const [a, b] = processes as [(typeof processes)[0], (typeof processes)[0]];
    const workA = createUnitOfWork(a.database.db, a.cache, a.bus);
    const workB = createUnitOfWork(b.database.db, b.cache, b.bus);

    expect(holds(b.cache, products)).toBe(true);
    await workA.transaction(async (tx, touch) => {
      touch(catalogue);
      await tx.execute(sql`insert into probe values (1)`);
    });
    await eventually(async () => !holds(b.cache, products));

    // The unique check is deferred to COMMIT, so the notification is already sent when it fails.
    await warm(b.cache, products);
    await expect(
      workA.transaction(async (tx, touch) => {
        touch(catalogue);
        await tx.execute(sql`insert into probe values (2), (2)`);
      }),
    ).rejects.toThrow();
    // A later committed write from the same process arrives after it would have.
    expect(holds(b.cache, stats)).toBe(true);
    await workA.transaction(async (_tx, touch) => touch(orders));
    await eventually(async () => !holds(b.cache, stats));
    expect(holds(b.cache, products)).toBe(true);

    // And the other way round.
    expect(holds(a.cache, userList)).toBe(true);
    await workB.transaction(async (_tx, touch) => touch(users));
    await eventually(async () => !holds(a.cache, userList));
  });
});
