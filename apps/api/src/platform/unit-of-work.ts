/**
 * The one way a write clears cached reads (docs/decisions/0016-cache-declarations.md): the write
 * names, through its module's cache declaration, the tags it touched while it runs. Before its
 * transaction commits, one statement in it tells the other processes (the bus, on PostgreSQL):
 * they hear it on commit and never on rollback. Once the transaction has ended the tags are
 * dropped here, after a failure too: a failed COMMIT may still have saved, and dropping a cached
 * read is always safe, keeping a stale one never is.
 */
import type { Db, Tx } from '../db/client.js';
import type { InvalidationChannel } from '../lib/cache-bus.js';
import type { CacheTag, ResponseCache } from '../lib/response-cache.js';

/** Records cache tags touched by the write in progress: `touch(...module.cache.writes.x.tags(...))`. */
export type Touch = (...tags: readonly CacheTag[]) => void;

export interface UnitOfWork {
  readonly db: Db;
  /** `work` in one transaction; the tags it touched are announced in it and cleared when it has ended. */
  transaction<T>(work: (tx: Tx, touch: Touch) => Promise<T>): Promise<T>;
}

/** Thrown by a write whose notification could not be sent (its transaction is rolled back with it). */
class NotificationFailed extends Error {}

/** `channel`: how the other processes hear of a write; none on the embedded database (one process). */
export function createUnitOfWork(db: Db, cache: ResponseCache, channel: InvalidationChannel | null = null): UnitOfWork {
  return {
    db,
    async transaction(work) {
      const touched = new Set<CacheTag>();
      const touch: Touch = (...tags) => {
        for (const tag of tags) touched.add(tag);
      };
      try {
        return await db.transaction(async (tx) => {
          const result = await work(tx, touch);
          if (channel && touched.size > 0) {
            // The last statement of the transaction: one round trip, however many writes a batch holds.
            await tx.execute(channel.statement([...touched])).catch((error: unknown) => {
              throw new NotificationFailed('the other processes could not be told about this write', { cause: error });
            });
          }
          return result;
        });
      } catch (error) {
        // PostgreSQL has rolled the write back with its notification. This process cannot tell what
        // else the channel may have lost, so it keeps nothing; the safety lifetime bounds the rest.
        if (error instanceof NotificationFailed) cache.clear();
        throw error;
      } finally {
        if (touched.size > 0) cache.invalidate(touched);
      }
    },
  };
}
