/**
 * Each process's watch over scheduled rate changes (decision 0036): a timer aimed at the next
 * pending change and never more than a minute away, aimed again whenever a catalogue write here or
 * on another process is heard of, so a change scheduled on any process applies on time without a
 * restart; the rate reads also apply what is due before they answer. Whichever
 * process gets there first applies a change (the others skip it); the cache bus tells the rest.
 *
 * A read asks the database only when it must: each process remembers when the next pending change
 * is due, and forgets it with every catalogue write any process makes (a schedule published, a
 * change applied: the cache's drops), or whenever the cache pauses, so a read between two such
 * writes, before the remembered moment, answers without a look.
 */
import type { FastifyBaseLogger } from 'fastify';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { ResponseCache } from '../../lib/response-cache.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import * as repo from './rates.repository.js';
import { nextCheckDelayMs } from './rates.rules.js';
import { applyDueChanges } from './rates.service.js';

/** After a failed look (the database away for a moment), the next one waits this long. */
const RETRY_AFTER_FAILURE_MS = 5_000;

export interface RateScheduler {
  /** Applies what is due now, waiting for a process applying it already: before a rate read answers. */
  applyDue(): Promise<number>;
  /** Looks again for the next pending change (after a schedule was published here). */
  reaim(): void;
  start(): void;
  close(): Promise<void>;
}

export function createRateScheduler(deps: {
  work: UnitOfWork;
  cache: ResponseCache;
  now: () => Date;
  log: FastifyBaseLogger;
}): RateScheduler {
  const { work, cache, now, log } = deps;
  /** When the next pending change is due (ms; null: none pending), while nothing has changed it. */
  let known: { nextDueMs: number | null } | null = null;
  /** Counts the forgettings, so a look that overlapped one is not remembered. */
  let forgotten = 0;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let closed = false;
  cache.onDrop((dropped) => {
    if (dropped !== 'everything' && !dropped.has(CACHE_TAGS.catalogue)) return;
    known = null;
    forgotten += 1;
    // A catalogue write here or on another process (a schedule published there) may bring the next
    // change before this timer: look again now, so it applies on time even when the process that
    // scheduled it is gone (a catalogue write is an admin's, a few a minute at most).
    if (dropped !== 'everything' && started) lookNow();
  });
  let running: Promise<void> | null = null;
  /** A look was asked for while one was running: another follows it at once. */
  let again = false;

  const arm = (delayMs: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  };

  function lookNow() {
    if (running) again = true;
    else arm(0);
  }

  function tick() {
    timer = null;
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let delay = RETRY_AFTER_FAILURE_MS;
      try {
        await applyDueChanges(work, now());
        delay = nextCheckDelayMs(await repo.nextPendingAt(work.db), now());
      } catch (error) {
        if (!closed) log.error({ err: error }, 'applying the scheduled rate changes failed; trying again shortly');
      } finally {
        running = null;
        arm(again ? 0 : delay);
        again = false;
      }
    })();
  }

  return {
    async applyDue() {
      const at = now();
      if (known && (known.nextDueMs === null || known.nextDueMs > at.getTime())) return 0;
      const before = forgotten;
      const nextDue = await repo.nextPendingAt(work.db);
      if (nextDue && nextDue.getTime() <= at.getTime()) return applyDueChanges(work, at, { skipLocked: false });
      if (before === forgotten && cache.isKeeping) known = { nextDueMs: nextDue?.getTime() ?? null };
      return 0;
    },
    reaim: () => arm(0),
    start: () => {
      started = true;
      arm(0);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
