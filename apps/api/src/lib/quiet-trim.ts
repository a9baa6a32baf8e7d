/**
 * Memory given back when the server falls quiet (issue 47). A busy hour leaves every thread's V8
 * heap at its peak size, garbage included: on the embedded server 400-500 MB resident 20 s after
 * the morning peak, of which a full collection of each heap frees more than 100 MB. V8 collects on
 * its own only once allocation has stopped for a while, and a minute and more passed before it did.
 * So after `quietMs` without a request (none began or ended), the server runs `trim` once: it
 * stops the bill workers with nothing to draw, lets the response cache keep a sixth of its bound
 * (the most asked-for answers) and collects every heap. The next request starts the
 * watch again; a busy server never falls quiet, so it never pays for a collection it does not need.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** When a quiet spell is due, from the moments requests began and ended. */
export class QuietWatch {
  private lastActivity: number;
  /** Trimmed since the last request (nothing more to give back until the next). */
  private isTrimmed = false;

  constructor(
    private readonly quietMs: number,
    now: number,
  ) {
    // The start itself (migrations, the reads made ahead) is the first busy spell.
    this.lastActivity = now;
  }

  /** A request began or ended at `now`. */
  activity(now: number): void {
    this.lastActivity = now;
    this.isTrimmed = false;
  }

  /** True once per quiet spell: when `quietMs` have passed since the last activity. */
  takeDue(now: number): boolean {
    if (this.isTrimmed || now - this.lastActivity < this.quietMs) return false;
    this.isTrimmed = true;
    return true;
  }
}

const rssMb = () => Math.round(process.memoryUsage.rss() / 1048576);

/** Watches the app's requests and runs `trim` after each quiet spell of `quietMs`. */
export function trimWhenQuiet(
  app: FastifyInstance,
  options: { quietMs: number; trim: () => Promise<void>; log: FastifyBaseLogger },
): void {
  const watch = new QuietWatch(options.quietMs, performance.now());
  const active = (_request: unknown, _reply: unknown, done: () => void) => {
    watch.activity(performance.now());
    done();
  };
  app.addHook('onRequest', active);
  app.addHook('onResponse', active);
  let isTrimming = false;
  // Looked at twice per quiet spell, so a trim comes between 1 and 1.5 quiet spells after the last request.
  const timer = setInterval(
    () => {
      if (isTrimming || !watch.takeDue(performance.now())) return;
      isTrimming = true;
      const before = rssMb();
      options
        .trim()
        .then(() => options.log.debug({ rssMbBefore: before, rssMbAfter: rssMb() }, 'quiet: memory given back'))
        .catch((error: unknown) => options.log.warn({ err: error }, 'quiet: giving memory back failed'))
        .finally(() => {
          isTrimming = false;
        });
    },
    Math.max(100, options.quietMs / 2),
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
