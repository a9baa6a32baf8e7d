/**
 * Serves the calls made in one turn of the event loop with one run: under load a server parses
 * many requests per turn, and one query (or one transaction) for all of them costs the database
 * and the driver little more than one for each. Idle, a call waits only for the end of its own
 * turn (`setImmediate`), so a lone request is not slowed.
 *
 * A run starts only after every call in it was made, so whatever it reads is at least as new as
 * each caller's arrival: batching never serves older data than one query per call would.
 */

/** One call's outcome: a run decides each call on its own. */
export type Outcome<T> = { isOk: true; value: T } | { isOk: false; error: unknown };

export const ok = <T>(value: T): Outcome<T> => ({ isOk: true, value });
export const failed = <T = never>(error: unknown): Outcome<T> => ({ isOk: false, error });

export interface TurnBatcherOptions {
  /** At most this many calls in one run; the rest wait for the next. */
  maxBatch: number;
  /** At most this many runs at once; calls made meanwhile gather for the next. */
  maxRunning: number;
}

interface Waiting<I, O> {
  input: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export class TurnBatcher<I, O> {
  private queue: Waiting<I, O>[] = [];
  private isScheduled = false;
  private running = 0;

  /** `run` answers every input, in order; if it throws, every call of that run fails with it. */
  constructor(
    private readonly run: (inputs: I[]) => Promise<Outcome<O>[]>,
    private readonly options: TurnBatcherOptions,
  ) {}

  call(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.isScheduled || this.running >= this.options.maxRunning || this.queue.length === 0) return;
    this.isScheduled = true;
    setImmediate(() => {
      this.isScheduled = false;
      this.start();
    });
  }

  private start(): void {
    while (this.queue.length > 0 && this.running < this.options.maxRunning) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.running += 1;
      void this.settle(batch).finally(() => {
        this.running -= 1;
        this.schedule();
      });
    }
  }

  private async settle(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const outcomes = await this.run(batch.map((waiting) => waiting.input));
      batch.forEach((waiting, index) => {
        const outcome = outcomes[index];
        if (!outcome) waiting.reject(new Error('batch run gave no answer for a call'));
        else if (outcome.isOk) waiting.resolve(outcome.value);
        else waiting.reject(outcome.error);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
