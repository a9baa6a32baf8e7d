/**
 * The order event outbox and its dispatcher, one per process (decision 0017). A moment writes its
 * events with `write(tx, events)` inside its transaction; after the commit its caller asks for a
 * run with `dispatchSoon()`, which happens after the answer (on the after-answer queue), never on
 * the request's path. A run claims due rows (`FOR UPDATE SKIP LOCKED`), hands each to its
 * subscriber and removes it, or counts the failure and tries again later (backoff). On start it
 * delivers what is pending, so a process killed between a commit and its mail sends that mail
 * after restart; a timer picks up retries and rows another process left behind.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { AfterAnswerQueue } from '../../lib/after-answer.js';
import { createOutboxLoop } from '../../lib/outbox-loop.js';
import type { DeliveredOrderEvent, DeliveryRun, OrderEvent, OrderEventRegistry } from './order-events.js';
import * as repo from './order-events.repository.js';

/** Rows claimed per statement; a run claims again until none is due. */
const CLAIM_BATCH = 100;
/** How long a claimed row is left to this process before another may take it (a dead process's rows). */
const LEASE_SECONDS = 300;
/**
 * A row's lease is renewed before its subscriber runs only when this much of it is gone: a run of a
 * few rows delivers them in milliseconds, and renewing each was a statement per event.
 */
const RENEW_AFTER_MS = 60_000;
/** The first retry after 10 s, doubling, at most an hour apart. */
const retryDelaySeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
/**
 * Attempts before a row is parked (decision 0055): about 16 hours of retries. A subscriber that
 * fails this long fails for a reason a retry will not mend; the row stays, with its last error,
 * for whoever looks, and the outbox stops spending runs on it.
 */
export const MAX_DELIVERY_ATTEMPTS = 24;

export interface OrderEventOutbox {
  /** Inside the moment's transaction: one row per event and subscriber, one statement; the rows written. */
  write(tx: Tx, events: readonly OrderEvent[]): Promise<number>;
  /** After the commit: deliver soon, after the current answer. */
  dispatchSoon(): void;
  /** Start delivering what is pending (at server start). */
  start(): void;
  /** Stop the timer and wait for a run in progress (before the database closes). */
  close(): Promise<void>;
}

export interface OrderEventOutboxOptions {
  db: Db;
  registry: OrderEventRegistry;
  afterAnswer: AfterAnswerQueue;
  log: FastifyBaseLogger;
  /**
   * Tests of a crash only (`TEST_KILL_BEFORE_ORDER_EVENTS`, honoured with NODE_ENV=test): the
   * process kills itself when a run finds events due, after their moment committed and before any
   * subscriber ran, as a machine that dies there would.
   */
  killBeforeDelivery?: boolean;
  /** Attempts before a failing row is parked (tests give fewer). */
  maxAttempts?: number;
}

export function createOrderEventOutbox({
  db,
  registry,
  afterAnswer,
  log,
  killBeforeDelivery = false,
  maxAttempts = MAX_DELIVERY_ATTEMPTS,
}: OrderEventOutboxOptions): OrderEventOutbox {
  /**
   * Rows this process has claimed and not yet settled (deleted or postponed), with whether their
   * subscriber already ran. When the database goes away mid-run they are still leased to this
   * process: the next run deletes the delivered ones and takes the others back at once, instead of
   * leaving them to wait out the lease (5 minutes of a shopper's mails after a failover).
   */
  const unsettled = new Map<number, { row: repo.OutboxRow; isDelivered: boolean; leasedAt: number }>();

  const eventOf = (row: repo.OutboxRow): DeliveredOrderEvent => ({
    id: row.id,
    type: row.type as OrderEvent['type'],
    orderId: row.orderId,
    payload: (row.payload ?? {}) as Record<string, unknown>,
    attempt: row.attempts,
    createdAt: row.createdAt,
  });

  /** `load()` once per key of `loaded`: a failed load is not kept, so the next event tries again. */
  const onceIn =
    (loaded: Map<string, Promise<unknown>>) =>
    <T>(key: string, load: () => Promise<T>): Promise<T> => {
      let value = loaded.get(key) as Promise<T> | undefined;
      if (!value) {
        value = load();
        loaded.set(key, value);
        value.catch(() => loaded.delete(key));
      }
      return value;
    };

  /** One claim's rows, grouped by subscriber: each group shares a DeliveryRun, all of them the claim's loads. */
  const runsOf = (rows: repo.OutboxRow[]) => {
    const bySubscriber = new Map<string, DeliveredOrderEvent[]>();
    for (const row of rows) {
      const list = bySubscriber.get(row.subscriber);
      if (list) list.push(eventOf(row));
      else bySubscriber.set(row.subscriber, [eventOf(row)]);
    }
    const orderIds = [...new Set(rows.map((row) => row.orderId))];
    const claimOnce = onceIn(new Map());
    const claim: DeliveryRun['claim'] = {
      orderIds,
      once: (key, load) => claimOnce(key, () => load(orderIds)),
    };
    const runs = new Map<string, DeliveryRun>();
    for (const [subscriber, events] of bySubscriber) {
      runs.set(subscriber, { events, once: onceIn(new Map()), claim });
    }
    return runs;
  };

  const deliver = async (row: repo.OutboxRow, run: DeliveryRun) => {
    const handler = registry.handlerOf(row.subscriber);
    if (!handler) {
      // A subscriber removed from the code: nobody is left to deliver to.
      log.warn({ event: row.id, subscriber: row.subscriber }, 'order event for an unknown subscriber dropped');
      await repo.deleteRow(db, row);
      unsettled.delete(row.id);
      return;
    }
    // The rows before this one may have used up much of the claim's lease (a slow mail server).
    const held = unsettled.get(row.id);
    if (held && Date.now() - held.leasedAt > RENEW_AFTER_MS) {
      if (!(await repo.renewLease(db, row, LEASE_SECONDS))) {
        unsettled.delete(row.id);
        return;
      }
      held.leasedAt = Date.now();
    }
    try {
      await handler(eventOf(row), run);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const context = { err: error, event: row.id, type: row.type, subscriber: row.subscriber, attempt: row.attempts };
      if (row.attempts >= maxAttempts) {
        log.error(context, `order event not delivered after ${row.attempts} attempts; parked`);
        await repo.parkRow(db, row, message);
      } else {
        const delay = retryDelaySeconds(row.attempts);
        log.error(context, `order event not delivered; trying again in ${delay} s`);
        await repo.postponeRow(db, row, delay, message);
      }
      unsettled.delete(row.id);
      return;
    }
    if (held) held.isDelivered = true;
    await repo.deleteRow(db, row);
    unsettled.delete(row.id);
  };

  /** Delivers claimed rows one at a time, in the order they were written: a shopper's mails keep their order. */
  const deliverAll = async (rows: repo.OutboxRow[]) => {
    // Their lease began with the claim that returned them, a moment ago.
    const leasedAt = Date.now();
    for (const row of rows) unsettled.set(row.id, { row, isDelivered: false, leasedAt });
    const runs = runsOf(rows);
    for (const row of rows) {
      if (loop.isClosed()) return;
      await deliver(row, runs.get(row.subscriber) as DeliveryRun);
    }
  };

  /** What a run cut short left: delivered rows are deleted, the rest taken back and delivered. */
  const settleUnsettled = async () => {
    if (!unsettled.size) return;
    for (const { row, isDelivered } of [...unsettled.values()]) {
      if (!isDelivered) continue;
      await repo.deleteRow(db, row);
      unsettled.delete(row.id);
    }
    const retaken = await repo.reclaimHeldRows(
      db,
      [...unsettled.values()].map(({ row }) => row),
      LEASE_SECONDS,
    );
    unsettled.clear();
    await deliverAll(retaken);
  };

  /** One run: what a cut-short run left, then every due row; the seconds to the next due row. */
  const runOnce = async () => {
    if (killBeforeDelivery && (await repo.hasDueRows(db))) {
      process.kill(process.pid, 'SIGKILL');
      return null;
    }
    await settleUnsettled();
    for (;;) {
      const rows = await repo.claimDueRows(db, CLAIM_BATCH, LEASE_SECONDS);
      await deliverAll(rows);
      if (rows.length < CLAIM_BATCH || loop.isClosed()) break;
    }
    return repo.secondsToNextDue(db);
  };
  const loop = createOutboxLoop({ afterAnswer, log, failure: 'order events could not be delivered', runOnce });

  return {
    async write(tx, events) {
      const rows: repo.NewOutboxRow[] = [];
      for (const event of events) {
        for (const subscriber of registry.subscribersOf(event.type, event.channel)) {
          rows.push({ orderId: event.orderId, type: event.type, subscriber, payload: event.payload ?? {} });
        }
      }
      await repo.insertOutboxRows(tx, rows);
      return rows.length;
    },
    dispatchSoon: loop.dispatchSoon,
    start: loop.dispatchSoon,
    async close() {
      await loop.close();
      // Rows claimed and not delivered are due again now, for another process (or the next start).
      const undelivered = [...unsettled.values()].filter(({ isDelivered }) => !isDelivered).map(({ row }) => row);
      if (undelivered.length) await repo.releaseRows(db, undelivered).catch(() => {});
    },
  };
}
