/**
 * Each process's watch over scheduled rate changes (decision 0036): a timer aimed at the next
 * pending change and never more than a minute away, so a change scheduled on any process applies
 * on time without a restart; the rate reads also apply what is due before they answer. Whichever
 * process gets there first applies a change (the others skip it); the cache bus tells the rest.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
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
  now: () => Date;
  log: FastifyBaseLogger;
}): RateScheduler {
  const { work, now, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let running: Promise<void> | null = null;
  /** A look was asked for while one was running: another follows it at once. */
  let again = false;

  const arm = (delayMs: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  };

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
    applyDue: () => applyDueChanges(work, now(), { skipLocked: false }),
    reaim: () => arm(0),
    start: () => arm(0),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
