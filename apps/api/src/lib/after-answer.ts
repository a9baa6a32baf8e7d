/**
 * Work done after the answer has gone out: a small in-process queue, one job at a time. A request
 * whose answer must not reveal how much work it caused (the reset mail: known and unknown emails
 * answer alike, in the same time) hands that work here. Failures are logged, never thrown.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface AfterAnswerQueue {
  /** Runs `job` after the current request's answer; it never delays or fails that answer. */
  push(job: () => Promise<void>, log: FastifyBaseLogger, failure: string): void;
  /** Resolves when every queued job has finished (shutdown, tests). */
  idle(): Promise<void>;
}

export function createAfterAnswerQueue(): AfterAnswerQueue {
  let tail: Promise<void> = Promise.resolve();
  return {
    push(job, log, failure) {
      tail = tail
        // setImmediate: after the reply has been written, not merely after the handler returned.
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(job)
        .catch((error: unknown) => log.error({ err: error }, failure));
    },
    idle() {
      return tail;
    },
  };
}
