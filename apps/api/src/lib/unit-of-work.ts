/**
 * The one way a write clears cached reads: the write names the cache tags it touched while it
 * runs, and they are cleared (here and, through the bus, in every other process) once its
 * transaction has ended. They are cleared after a failure too: a failed COMMIT may still have
 * saved, and dropping a cached read is always safe, keeping a stale one never is.
 */
import type { Db, Tx } from '../db/client.js';
import type { CacheTag, ResponseCache } from './response-cache.js';

/** Records cache tags touched by the write in progress. */
export type Touch = (...tags: CacheTag[]) => void;

export interface UnitOfWork {
  readonly db: Db;
  /** `work` in one transaction; the tags it touched are cleared when the transaction has ended. */
  transaction<T>(work: (tx: Tx, touch: Touch) => Promise<T>): Promise<T>;
  /** For a write that is not one transaction (or whose transaction runs elsewhere). */
  run<T>(work: (touch: Touch) => Promise<T>): Promise<T>;
}

export function createUnitOfWork(db: Db, cache: ResponseCache): UnitOfWork {
  async function run<T>(work: (touch: Touch) => Promise<T>): Promise<T> {
    const touched = new Set<CacheTag>();
    try {
      return await work((...tags) => {
        for (const tag of tags) touched.add(tag);
      });
    } finally {
      if (touched.size > 0) cache.invalidate(...touched);
    }
  }
  return {
    db,
    run,
    transaction: (work) => run((touch) => db.transaction((tx) => work(tx, touch))),
  };
}
