/**
 * When an outbox's dispatcher runs (the order events' of decision 0017, the WhatsApp messages' of
 * decision 0045): soon after a write, on the after-answer queue and never on a request's path; at
 * the next due row after a run; at least once a minute with nothing due, since another process may
 * have died holding rows; and soon again (0.5 s, doubling) after a run the database cut short, so
 * the shop is back within seconds of it. What a run does is the dispatcher's own.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AfterAnswerQueue } from './after-answer.js';

/** Even with nothing due, look again this often. */
export const OUTBOX_IDLE_POLL_MS = 60_000;
/** After the `failures`-th run in a row that failed: 0.5 s, doubling, at most the idle poll. */
export const outageRetryMs = (failures: number) => Math.min(OUTBOX_IDLE_POLL_MS, 500 * 2 ** Math.max(0, failures - 1));

export interface OutboxLoop {
  /** Run soon, after the current answer (a run already asked for is not asked for twice). */
  dispatchSoon(): void;
  /** No more runs; waits for the one in progress. */
  close(): Promise<void>;
  isClosed(): boolean;
}

export interface OutboxLoopOptions {
  afterAnswer: AfterAnswerQueue;
  log: FastifyBaseLogger;
  /** What the log says when a run fails. */
  failure: string;
  /** One run: delivers what is due and answers the seconds until the next due row (null: none). */
  runOnce: () => Promise<number | null>;
}

export function createOutboxLoop({ afterAnswer, log, failure, runOnce }: OutboxLoopOptions): OutboxLoop {
  let isQueued = false;
  let isClosed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let failedRuns = 0;

  function schedule(ms: number) {
    if (isClosed) return;
    clearTimeout(timer);
    timer = setTimeout(dispatchSoon, ms);
    timer.unref();
  }

  const run = async () => {
    isQueued = false;
    if (isClosed) return;
    try {
      const wait = await runOnce();
      failedRuns = 0;
      schedule(wait === null ? OUTBOX_IDLE_POLL_MS : Math.min(OUTBOX_IDLE_POLL_MS, Math.ceil(wait * 1000) + 50));
    } catch (error) {
      // The database was away: look again soon rather than never.
      failedRuns += 1;
      schedule(outageRetryMs(failedRuns));
      throw error;
    }
  };

  function dispatchSoon() {
    if (isQueued || isClosed) return;
    isQueued = true;
    afterAnswer.push(
      () => {
        running = run();
        return running;
      },
      log,
      failure,
    );
  }

  return {
    dispatchSoon,
    isClosed: () => isClosed,
    async close() {
      isClosed = true;
      clearTimeout(timer);
      await running.catch(() => {});
    },
  };
}
