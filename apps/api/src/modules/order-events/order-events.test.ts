/**
 * The order event outbox (decision 0017): events are written in their moment's transaction (none
 * when it rolls back), delivered after the commit to every subscriber, tried again after a
 * failure with the attempt counted, removed once delivered, and claimed by one dispatcher at a
 * time when two share the database. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, buildTestApp, isPostgresRun, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { createMigratedPostgresDatabase, openMigratedPglite } from '../../../test/migrated-database.js';
import type { ThrowawayDatabase } from '../../../test/postgres-database.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { type Database, openDatabase } from '../../db/client.js';
import { orderEventsOutbox } from '../../db/schema.js';
import { createAfterAnswerQueue } from '../../lib/after-answer.js';
import { createOrderEventOutbox } from './order-events.dispatcher.js';
import { type DeliveredOrderEvent, type DeliveryRun, OrderEventRegistry } from './order-events.js';
import * as repo from './order-events.repository.js';

const silent = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

describe('order events through the shop', () => {
  let t: TestApp;
  let shopperCookie: string;
  let adminCookie: string;
  let productId: string;
  const heard: DeliveredOrderEvent[] = [];
  let failNext = 0;
  /** What two subscribers read through the claim's shared loads, by subscriber and order. */
  const claimReads = new Map<string, { orderIds: readonly string[] }>();
  let claimLoads = 0;
  const claimProbe = (name: string) => ({
    name,
    types: ['placed' as const],
    async handler(event: DeliveredOrderEvent, run: DeliveryRun) {
      const read = await run.claim.once('probe', async (orderIds) => {
        claimLoads += 1;
        return { orderIds };
      });
      claimReads.set(`${name}|${event.orderId}`, read);
    },
  });

  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        orderEventSubscribers: [
          {
            name: 'test-listener',
            types: ['placed', 'packed', 'shipped', 'delivered', 'cancelled', 'paid'],
            async handler(event) {
              if (failNext > 0) {
                failNext -= 1;
                throw new Error('listener down');
              }
              heard.push(event);
            },
          },
          claimProbe('claim-probe-a'),
          claimProbe('claim-probe-b'),
        ],
      },
    );
    const shopper = await createUser(t.db, { firstName: 'Asha' });
    const admin = await createUser(t.db, { firstName: 'Meera', role: 'Admin' });
    shopperCookie = await sessionCookie(t.db, shopper.id);
    adminCookie = await sessionCookie(t.db, admin.id);
    productId = (await createProduct(t.db, { name: 'Okra', rate: 40, stockKg: 100, weightsKg: [1] })).id;
  });
  afterAll(() => t.close());

  const place = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie: shopperCookie },
      payload: {
        cartItems: [{ id: productId, quantity: 1 }],
        shippingInfo: { address: '1 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return body<{ order: { _id: string } }>(response).order._id;
  };
  const admin = (method: 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { cookie: adminCookie } });
  const pending = () => t.db.select().from(orderEventsOutbox);

  it('tells every subscriber of each moment once, after the commit, and leaves nothing pending', async () => {
    heard.length = 0;
    t.mails.length = 0;
    // Checkouts of one turn share a transaction (group commit): each still gets its own event.
    const ids = await Promise.all([place(), place(), place()]);
    await t.settle();
    expect(heard.filter((e) => e.type === 'placed').map((e) => e.orderId)).toEqual(expect.arrayContaining(ids));
    expect(heard).toHaveLength(3);
    // The confirmation mails are a subscriber too.
    expect(t.mails.filter((mail) => mail.subject.startsWith('Your Mandi order'))).toHaveLength(3);

    const [first, second] = ids as [string, string, string];
    expect((await admin('PUT', `/api/user/update/order/${first}`, { oStatus: 'Shipped' })).statusCode).toBe(200);
    expect((await admin('PUT', `/api/user/update/order/${first}`, { oStatus: 'Delivered' })).statusCode).toBe(200);
    expect(
      (await admin('PUT', `/api/admin/orders/${first}/payment`, { method: 'Cash', reference: '' })).statusCode,
    ).toBe(200);
    expect((await admin('PUT', `/api/user/update/order/${second}`, { oStatus: 'Cancelled' })).statusCode).toBe(200);
    await t.settle();
    expect(heard.slice(3).map((e) => [e.type, e.orderId === first ? 'first' : 'second'])).toEqual([
      ['packed', 'first'], // shipped unpacked: packed at the ordered weights first
      ['shipped', 'first'],
      ['delivered', 'first'],
      ['paid', 'first'],
      ['cancelled', 'second'],
    ]);
    expect(heard.find((e) => e.type === 'paid')?.payload).toEqual({ method: 'Cash' });
    expect(await pending()).toEqual([]);
  });

  it('reads what subscribers share of a claim once for all of them', async () => {
    claimReads.clear();
    claimLoads = 0;
    const ids = await Promise.all([place(), place(), place()]);
    await t.settle();
    for (const id of ids) {
      const read = claimReads.get(`claim-probe-a|${id}`);
      expect(read?.orderIds).toContain(id);
      // The very answer the other subscriber got: loaded once for the claim, not once each.
      expect(claimReads.get(`claim-probe-b|${id}`)).toBe(read);
    }
    expect(claimLoads).toBe(new Set(claimReads.values()).size);
    expect(claimLoads).toBeLessThanOrEqual(ids.length);
  });

  it('writes nothing for a moment that is refused', async () => {
    heard.length = 0;
    const id = await place();
    await t.settle();
    heard.length = 0;
    // Delivered before Shipped: refused, rolled back, no event.
    expect((await admin('PUT', `/api/user/update/order/${id}`, { oStatus: 'Delivered' })).statusCode).toBe(409);
    await t.settle();
    expect(heard).toEqual([]);
    expect(await pending()).toEqual([]);
  });

  it('keeps a failed event with its attempt counted and delivers it on a later run', async () => {
    heard.length = 0;
    failNext = 1;
    const id = await place();
    await t.settle();
    expect(heard).toEqual([]);
    const [row] = await pending();
    expect(row).toMatchObject({ orderId: id, type: 'placed', subscriber: 'test-listener', attempts: 1 });
    expect(row?.lastError).toBe('listener down');
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Only the failed subscriber is tried again: the confirmation mail went once.
    expect(t.mails.filter((mail) => mail.text.includes(id))).toHaveLength(1);

    // Due now (instead of in 10 s): the next run delivers it, as attempt 2, and removes it.
    await t.db.update(orderEventsOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await place();
    await t.settle();
    expect(heard.find((e) => e.orderId === id)).toMatchObject({ type: 'placed', attempt: 2, id: row?.id });
    expect(await pending()).toEqual([]);
    expect(t.mails.filter((mail) => mail.text.includes(id))).toHaveLength(1);
  });
});

describe('two dispatchers on one database', () => {
  let first: Database;
  let second: Database;
  let postgres: ThrowawayDatabase | null = null;

  beforeAll(async () => {
    postgres = isPostgresRun ? await createMigratedPostgresDatabase('mandi_outbox') : null;
    first = postgres ? await openDatabase({ databaseUrl: postgres.url }) : await openMigratedPglite();
    // PGlite is one process's database: there the second dispatcher shares the handle.
    second = postgres ? await openDatabase({ databaseUrl: postgres.url }) : first;
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
    await postgres?.drop();
  });

  it('deliver each event exactly once between them', async () => {
    const seen = new Map<number, number>();
    const registry = new OrderEventRegistry().subscribe('counter', ['placed'], async (event) => {
      seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
      // A little I/O, so that the two runs interleave.
      await new Promise((resolve) => setTimeout(resolve, 1));
    });
    const make = (database: Database) => {
      const afterAnswer = createAfterAnswerQueue();
      const outbox = createOrderEventOutbox({ db: database.db, registry, afterAnswer, log: silent });
      return { outbox, afterAnswer };
    };
    const a = make(first);
    const b = make(second);
    const events = Array.from({ length: 250 }, (_, i) => ({
      type: 'placed' as const,
      orderId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    }));
    await first.db.transaction((tx) => a.outbox.write(tx, events));
    a.outbox.dispatchSoon();
    b.outbox.dispatchSoon();
    await Promise.all([a.afterAnswer.idle(), b.afterAnswer.idle()]);
    await Promise.all([a.outbox.close(), b.outbox.close()]);
    expect(seen.size).toBe(250);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    expect(await first.db.select().from(orderEventsOutbox).where(eq(orderEventsOutbox.type, 'placed'))).toEqual([]);
  });
  it('parks an event that failed its last allowed attempt: kept with its error, never claimed again', async () => {
    const registry = new OrderEventRegistry().subscribe('always-fails', ['delivered'], async () => {
      throw new Error('the mail server refuses this address');
    });
    const afterAnswer = createAfterAnswerQueue();
    const outbox = createOrderEventOutbox({ db: first.db, registry, afterAnswer, log: silent, maxAttempts: 2 });
    const orderId = '00000000-0000-4000-8000-00000000beef';
    await first.db.transaction((tx) => outbox.write(tx, [{ type: 'delivered', orderId }]));
    const rowOf = async () =>
      (await first.db.select().from(orderEventsOutbox).where(eq(orderEventsOutbox.orderId, orderId)))[0];
    for (let attempt = 1; attempt <= 2; attempt++) {
      // Due now (the backoff would wait 10 s).
      await first.db
        .update(orderEventsOutbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(orderEventsOutbox.orderId, orderId));
      outbox.dispatchSoon();
      await afterAnswer.idle();
      expect((await rowOf())?.attempts).toBe(attempt);
    }
    await outbox.close();
    const parked = await rowOf();
    expect(parked?.parkedAt).toBeInstanceOf(Date);
    expect(parked?.lastError).toBe('the mail server refuses this address');
    await first.db
      .update(orderEventsOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(orderEventsOutbox.orderId, orderId));
    expect(await repo.hasDueRows(first.db)).toBe(false);
    expect((await repo.claimDueRows(first.db, 100, 300)).map((row) => row.orderId)).not.toContain(orderId);
    await first.db.delete(orderEventsOutbox).where(eq(orderEventsOutbox.orderId, orderId));
  });

  it('a process whose lease ran out leaves the row to the one that took it since', async () => {
    await first.db.transaction((tx) =>
      repo.insertOutboxRows(tx, [
        { orderId: '00000000-0000-4000-8000-00000000abcd', type: 'packed', subscriber: 'slow', payload: {} },
      ]),
    );
    const [mine] = await repo.claimDueRows(first.db, 10, 0);
    // The lease (0 s here) is over: another process claims the row, counting its own attempt.
    const [theirs] = await repo.claimDueRows(second.db, 10, 300);
    expect(mine && theirs && theirs.id === mine.id && theirs.attempts === mine.attempts + 1).toBe(true);
    const held = mine as repo.OutboxRow;
    // The first process, late, neither delivers, nor deletes, nor reschedules the other's row.
    expect(await repo.renewLease(first.db, held, 300)).toBe(false);
    await repo.deleteRow(first.db, held);
    await repo.postponeRow(first.db, held, 5, 'late');
    const [row] = await first.db.select().from(orderEventsOutbox).where(eq(orderEventsOutbox.id, held.id));
    expect(row?.attempts).toBe(held.attempts + 1);
    expect(row?.lastError).toBeNull();
    expect(await repo.renewLease(second.db, theirs as repo.OutboxRow, 300)).toBe(true);
    await repo.deleteRow(second.db, theirs as repo.OutboxRow);
    expect(await first.db.select().from(orderEventsOutbox).where(eq(orderEventsOutbox.id, held.id))).toEqual([]);
  });

  it('a run the database cut short takes its rows back at once, without waiting out the lease', async () => {
    const seen: number[] = [];
    const registry = new OrderEventRegistry().subscribe('cut', ['delivered'], async (event) => {
      seen.push(event.id);
    });
    // The database goes away after the first row's subscriber ran: deleting that row fails, and so
    // would everything after it, as on a failover. One failure is enough to cut the run short.
    let failNextDelete = true;
    const cutDb = new Proxy(first.db, {
      get(target, key) {
        if (key === 'delete' && failNextDelete) {
          failNextDelete = false;
          return () => {
            throw new Error('terminating connection due to administrator command');
          };
        }
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as typeof first.db;
    const afterAnswer = createAfterAnswerQueue();
    const outbox = createOrderEventOutbox({ db: cutDb, registry, afterAnswer, log: silent });
    await first.db.transaction((tx) =>
      outbox.write(
        tx,
        ['00000000-0000-4000-8000-0000000c0001', '00000000-0000-4000-8000-0000000c0002'].map((orderId) => ({
          type: 'delivered' as const,
          orderId,
        })),
      ),
    );
    outbox.dispatchSoon();
    await afterAnswer.idle();
    // The cut run delivered the first row and left both claimed (leased for 300 s).
    expect(seen).toHaveLength(1);
    const rows = () => first.db.select().from(orderEventsOutbox).where(eq(orderEventsOutbox.type, 'delivered'));
    expect(await rows()).toHaveLength(2);
    // Well before the 300 s lease runs out: the delivered row is deleted (not sent again), the other
    // delivered once. (The wait's bound is a guard against a hang, far from the lease; decision 0054.)
    await expect.poll(async () => (await rows()).length, { timeout: 60_000, interval: 100 }).toBe(0);
    await afterAnswer.idle();
    expect(seen).toHaveLength(2);
    expect(new Set(seen).size).toBe(2);
    await outbox.close();
  });

  it('renews a lease only when a run has held its rows for over a minute', async () => {
    // Counts the single-row writes (renewals are updates; claims and deletes are not).
    let updates = 0;
    const counting = new Proxy(first.db, {
      get(target, key) {
        if (key === 'update') updates += 1;
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as typeof first.db;
    let slowFirst = false;
    const seen: string[] = [];
    const registry = new OrderEventRegistry().subscribe('lease', ['shipped'], async (event) => {
      seen.push(event.orderId);
      // A subscriber that takes over a minute (a slow mail server): the clock moves on.
      if (slowFirst && seen.length === 1) vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    });
    const run = async (orderIds: string[]) => {
      const afterAnswer = createAfterAnswerQueue();
      const outbox = createOrderEventOutbox({ db: counting, registry, afterAnswer, log: silent });
      await first.db.transaction((tx) =>
        outbox.write(
          tx,
          orderIds.map((orderId) => ({ type: 'shipped', orderId })),
        ),
      );
      outbox.dispatchSoon();
      await afterAnswer.idle();
      await outbox.close();
    };
    try {
      await run(['00000000-0000-4000-8000-0000000d0001', '00000000-0000-4000-8000-0000000d0002']);
      expect(seen).toHaveLength(2);
      expect(updates).toBe(0);
      slowFirst = true;
      seen.length = 0;
      await run(['00000000-0000-4000-8000-0000000d0003', '00000000-0000-4000-8000-0000000d0004']);
      expect(seen).toHaveLength(2);
      expect(updates).toBe(1);
    } finally {
      vi.restoreAllMocks();
    }
    expect(await first.db.select().from(orderEventsOutbox).where(eq(orderEventsOutbox.type, 'shipped'))).toEqual([]);
  });

  it('a closing process hands back the rows it claimed and did not deliver', async () => {
    await first.db.transaction((tx) =>
      repo.insertOutboxRows(tx, [
        { orderId: '00000000-0000-4000-8000-0000000d0001', type: 'shipped', subscriber: 'slow-close', payload: {} },
        { orderId: '00000000-0000-4000-8000-0000000d0002', type: 'shipped', subscriber: 'slow-close', payload: {} },
      ]),
    );
    let closing: Promise<void> | undefined;
    const delivered: string[] = [];
    const registry = new OrderEventRegistry().subscribe('slow-close', ['shipped'], async (event) => {
      delivered.push(event.orderId);
      // The server is told to stop while the first row is being delivered.
      closing ??= outbox.close();
    });
    const afterAnswer = createAfterAnswerQueue();
    const outbox = createOrderEventOutbox({ db: first.db, registry, afterAnswer, log: silent });
    outbox.dispatchSoon();
    await afterAnswer.idle();
    await closing;
    expect(delivered).toHaveLength(1);
    const [left] = await first.db.select().from(orderEventsOutbox).where(eq(orderEventsOutbox.type, 'shipped'));
    expect(left?.orderId).toBe('00000000-0000-4000-8000-0000000d0002');
    // Due now, not after the lease: another process takes it at its next run.
    expect(left?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    await first.db.delete(orderEventsOutbox).where(eq(orderEventsOutbox.type, 'shipped'));
  });
});
